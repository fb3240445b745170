/* The Elo page: inputs kept in this browser, result as you type via POST /api/elo and /api/elo/initial. */
(function () {
  'use strict';
  var D = window.DWZ;
  var el = D.el, t = D.t;
  var KEY = 'dwz.elo.v1';
  var form = document.getElementById('elo-form');
  if (!form) return;
  var $ = function (id) { return document.getElementById(id); };
  var FIELDS = ['e-rating', 'k_mode', 'k_custom', 'e-birth', 'games_played', 'period', 'e-games', 'expectation', 'i_games', 'i_period'];

  function radio(name) {
    var c = form.querySelector('input[name="' + name + '"]:checked');
    return c ? c.value : '';
  }

  function state() {
    var s = {};
    FIELDS.forEach(function (id) { s[id] = $(id).value; });
    s.reached_2400 = $('reached_2400').checked;
    s.reached_2300 = $('reached_2300').checked;
    s.no_400 = $('no_400').checked;
    s.mode = radio('mode') || 'period';
    return s;
  }

  function apply(s) {
    FIELDS.forEach(function (id) {
      if (s[id] !== undefined) $(id).value = s[id];
      else if (id === 'period' || id === 'i_period') $(id).value = D.today();
      else if (id === 'k_mode') $(id).value = 'fide';
      else if (id === 'expectation') $(id).value = 'table';
      else $(id).value = '';
    });
    $('reached_2400').checked = !!s.reached_2400;
    $('reached_2300').checked = !!s.reached_2300;
    $('no_400').checked = !!s.no_400;
    var m = form.querySelector('input[name="mode"][value="' + (s.mode === 'game' ? 'game' : 'period') + '"]');
    if (m) m.checked = true;
    toggleK();
  }

  function toggleK() {
    var mode = $('k_mode').value;
    $('k-custom-field').hidden = mode !== 'custom';
    $('k-fide-fields').hidden = mode !== 'fide';
  }

  function save() { D.store(KEY, state()); }

  /* Textarea → one game per non-empty line, remembering each line's number for messages. */
  function lines(text) {
    var games = [], numbers = [];
    text.split('\n').forEach(function (line, i) {
      if (line.trim()) { games.push(line.trim()); numbers.push(i + 1); }
    });
    return { games: games, numbers: numbers };
  }

  function intOrText(v) {
    v = String(v).trim();
    if (!v) return null;
    return /^-?\d+$/.test(v) ? parseInt(v, 10) : v;
  }

  var status = $('result-status'), body = $('result-body'), errors = $('result-errors');
  var ERR = { rating: 'e-rating-err', k: 'k-err', birth_year: 'e-birth-err', games_played: 'gp-err', period: 'period-err', games: 'e-games-err' };
  var INPUT = { rating: 'e-rating', birth_year: 'e-birth', games_played: 'games_played', period: 'period', games: 'e-games', k: 'k_custom' };

  function clearErrors() {
    Object.keys(ERR).forEach(function (k) { D.clear($(ERR[k])); });
    D.clear($('i-games-err'));
    Array.prototype.forEach.call(document.querySelectorAll('[aria-invalid]'), function (e) { e.removeAttribute('aria-invalid'); });
  }

  function showErrors(detail, numbers, errId, gamesKey) {
    var general = [];
    detail.forEach(function (d) {
      var loc = (d.loc || []).slice(1);
      var head = loc[0];
      if ((head === 'games' || head === 'events') && typeof loc[1] === 'number' && numbers[loc[1]] !== undefined) {
        $(errId).appendChild(D.messages([t('web.line', { line: numbers[loc[1]] }) + ': ' + d.msg]));
        $(gamesKey).setAttribute('aria-invalid', 'true');
        return;
      }
      if (errId === 'e-games-err' && ERR[head]) {
        $(ERR[head]).appendChild(D.messages([d.msg]));
        if (INPUT[head]) $(INPUT[head]).setAttribute('aria-invalid', 'true');
        return;
      }
      general.push((loc.length ? loc.join('.') + ': ' : '') + d.msg);
    });
    return general;
  }

  function render(r) {
    D.clear(body);
    D.clear(errors);
    status.textContent = t('new_elo') + ': ' + r.new_rating + ' (' + D.signed(r.rounded_change) + ')';
    var game = r.mode === 'game';
    var head = [t('web.col_no'), t('opponent'), t('result'), t('web.col_expected'), t('change')].concat(game ? [t('web.running')] : []).concat([t('web.col_status')]);
    var table = el('table', { 'class': 'games' }, [
      el('caption', { text: t('per_game') }),
      el('thead', null, [el('tr', null, head.map(function (h, i) {
        return el('th', { scope: 'col', 'class': i >= 3 && i < head.length - 1 ? 'num' : null, text: h });
      }))]),
      el('tbody', null, r.games.map(function (g, i) {
        var st = g.counted ? [t('web.counted')] : [t('web.not_counted_because', { reason: D.term(g.reason) })];
        if (g.capped) { st.push(', '); st.push(el('span', { 'class': 'badge', text: t('web.rule400_capped') })); }
        var cells = [el('td', { text: i + 1 }),
          el('td', { text: (g.opponent === null ? '–' : g.opponent) + (g.capped ? ' (' + t('web.col_used') + ' ' + g.opponent_used + ')' : '') }),
          el('td', { text: g.result }),
          el('td', { 'class': 'num', text: g.expected === null ? '–' : D.num(g.expected, 2) }),
          el('td', { 'class': 'num', text: g.change === null ? '–' : D.signed(g.change, 1) })];
        if (game) cells.push(el('td', { 'class': 'num', text: g.rating_before === null ? '–' : D.num(g.rating_before, 1) }));
        cells.push(el('td', null, st));
        return el('tr', { 'class': g.counted ? null : 'not-counted' }, cells);
      }))]);
    var k = 'K = ' + r.K + (r.K !== r.K_base ? ' (' + r.K_base + ' → K·n ≤ 700)' : '') + ' – ' + D.term(r.K_reason);
    body.appendChild(el('div', { 'class': 'headline' }, [
      el('div', { 'class': 'big' }, [el('span', { 'class': 'label', text: t('new_elo') }), ' ', el('span', { 'class': 'value', id: 'new-elo', text: r.new_rating })]),
      el('div', { 'class': 'change' + (r.change > 0 ? ' up' : r.change < 0 ? ' down' : '') }, [
        el('span', { 'class': 'label', text: t('change') }), ' ', el('span', { 'class': 'value', text: D.signed(r.change, 1) })]),
      el('div', { 'class': 'meta', id: 'elo-rules', text: t('rules') + ': ' + r.rules_text })]));
    body.appendChild(el('dl', { 'class': 'facts' }, [
      D.fact(t('web.change_unrounded'), D.signed(r.change, 2) + (r.new_rating_exact !== null ? ' (' + D.num(r.new_rating_exact, 1) + ')' : '')),
      D.fact(t('web.change_rounded'), D.signed(r.rounded_change)),
      D.fact(t('k_factor'), k),
      D.fact(t('expected_pct'), r.expected_pct === null ? '–' : D.num(r.expected_pct, 2) + ' %'),
      D.fact(t('points'), t('web.elo_points', { W: D.num(r.W, 1), n: r.n, We: D.num(r.We, 2) })),
      D.fact(t('performance'), D.num(r.performance)),
      D.fact(t('niveau'), D.num(r.Rc))]));
    body.appendChild(el('div', { 'class': 'table-wrap' }, [table]));
    body.appendChild(D.warnings(r));
    var open = $('rechenweg') && $('rechenweg').open;
    var rw = D.steps(r.steps);
    if (open) rw.open = true;
    body.appendChild(rw);
  }

  function renderInitial(r) {
    var box = $('initial-result');
    D.clear(box);
    if (!r) return;
    box.appendChild(el('div', { 'class': 'headline' }, [
      el('div', { 'class': 'big' }, [el('span', { 'class': 'label', text: r.eligible ? t('initial_rating') : t('web.initial_none') }), ' ',
        el('span', { 'class': 'value', id: 'initial-value', text: r.new_rating === null ? '–' : r.new_rating })]),
      el('div', { 'class': 'meta', text: D.term(r.rules) + (r.eligible ? ' · ' + t('published') + ': ' + (r.published ? t('yes') : t('no')) : '') })]));
    var m = D.messages(r.reasons.map(function (p) { return p.message; }), 'info');
    if (m) box.appendChild(m);
    box.appendChild(el('dl', { 'class': 'facts' }, [D.fact(t('points'), D.num(r.W, 1) + ' / ' + r.n),
      r.Ra !== null ? D.fact('Ra', D.num(r.Ra, 2)) : null]));
    box.appendChild(D.steps(r.steps));
  }

  var seq = 0, iseq = 0;

  function compute() {
    var s = state();
    toggleK();
    clearErrors();
    var g = lines(s['e-games']);
    var my = ++seq;
    if (!s['e-rating'].trim() && !g.games.length) {
      D.clear(body); D.clear(errors);
      status.textContent = t('web.elo_no_input');
      return;
    }
    var fide = s.k_mode === 'fide';
    var k = s.k_mode === 'custom' ? intOrText(s.k_custom) : (fide ? null : parseInt(s.k_mode, 10));
    var req = {
      rating: intOrText(s['e-rating']) === null ? '' : intOrText(s['e-rating']), games: g.games,
      k: typeof k === 'number' ? k : null, birth_year: fide ? intOrText(s['e-birth']) : null,
      games_played: fide ? intOrText(s.games_played) : null, reached_2400: fide && s.reached_2400,
      reached_2300: fide && s.reached_2300, mode: s.mode, expectation: s.expectation, rule_400: !s.no_400,
      period: s.period || null
    };
    if (typeof k === 'string') {
      $('k-err').appendChild(D.messages([t('web.v.int')]));
      return;
    }
    D.api('/api/elo', req).then(function (res) {
      if (my !== seq) return;
      if (res.status === 200) return render(res.data);
      D.clear(body);
      status.textContent = t('web.error_heading');
      var general = showErrors(res.data.detail || [], g.numbers, 'e-games-err', 'e-games');
      D.clear(errors);
      if (general.length) errors.appendChild(D.errorBox(general));
    }).catch(function () {
      if (my !== seq) return;
      D.clear(errors);
      errors.appendChild(D.errorBox([t('web.server_error')]));
    });
  }

  function initial() {
    var s = state();
    var g = lines(s.i_games);
    var my = ++iseq;
    D.clear($('i-games-err'));
    if (!g.games.length) { renderInitial(null); return; }
    D.api('/api/elo/initial', { games: g.games, period: s.i_period || null }).then(function (res) {
      if (my !== iseq) return;
      if (res.status === 200) return renderInitial(res.data);
      renderInitial(null);
      var general = showErrors(res.data.detail || [], g.numbers, 'i-games-err', 'i_games');
      if (general.length) $('initial-result').appendChild(D.messages(general));
    }).catch(function () { /* the main request reports connection problems */ });
  }

  var later = D.debounce(compute, 250), initialLater = D.debounce(initial, 250);

  function isInitial(target) { return target.id === 'i_games' || target.id === 'i_period'; }

  ['input', 'change'].forEach(function (type) {
    document.addEventListener(type, function (ev) {
      if (!form.contains(ev.target) && ev.target.form !== form) return;
      save();
      if (isInitial(ev.target)) initialLater(); else later();
    });
  });

  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    compute();
    initial();
  });

  $('clear').addEventListener('click', function (ev) {
    ev.preventDefault();
    D.store(KEY, null);
    apply({});
    D.clear(body); D.clear(errors); renderInitial(null);
    clearErrors();
    if (D.urlHasForm()) window.history.replaceState(null, '', window.location.pathname + (D.lang === 'de' ? '' : '?lang=' + D.lang));
    status.textContent = t('web.cleared');
    $('e-rating').focus();
  });

  if (D.urlHasForm()) {
    save();
  } else {
    var saved = D.store(KEY);
    if (saved) { apply(saved); compute(); initial(); }
  }
  toggleK();
})();
