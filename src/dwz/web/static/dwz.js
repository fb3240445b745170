/* The DWZ page: rows, storage, and the result as you type (debounced calls to the JSON API). */
(function () {
  'use strict';
  var D = window.DWZ;
  var el = D.el, t = D.t;
  var KEY = 'dwz.calc.v1';
  var form = document.getElementById('dwz-form');
  if (!form) return;
  var $ = function (id) { return document.getElementById(id); };
  var OPTIONS = ['1', '½', '0', '+', '-'];
  /* "Von vor der Umstufung stammen" → the request's fields (the twin of dwz.web.pages.ALT_CHOICES) */
  var ALT = { '': {}, own: { own_scale: 'old' }, opponents: { opponents_scale: 'old' }, all: { scale: 'old' } };
  var SCALE_CODES = ['rating_old_scale', 'rating_old_scale_more'];

  // ---- rows ----------------------------------------------------------------------------------

  function list(kind) { return $(kind + '-rows'); }

  function rowsOf(kind) {
    return Array.prototype.map.call(list(kind).children, function (li) {
      return { opp: li.querySelector('input').value.trim(), res: li.querySelector('select').value };
    });
  }

  function setResult(select, value) {
    Array.prototype.forEach.call(select.querySelectorAll('option.extra'), function (o) { o.remove(); });
    if (value && OPTIONS.indexOf(value) < 0) {
      select.appendChild(el('option', { value: value, 'class': 'extra', text: value }));
    }
    select.value = value || '';
  }

  /* Ids, labels and names of the rows after any change (numbers are 1-based for people). */
  function renumber(kind) {
    var rest = kind === 'rest';
    Array.prototype.forEach.call(list(kind).children, function (li, i) {
      var n = i + 1;
      var label = t(rest ? 'web.rest_n' : 'web.game_n', { n: n });
      var input = li.querySelector('input'), select = li.querySelector('select'), btn = li.querySelector('button.remove');
      var labels = li.querySelectorAll('label');
      var msg = li.querySelector('.row-msg');
      li.querySelector('.row-no').textContent = n + '.';
      input.id = kind + '-opp-' + i;
      select.id = kind + '-res-' + i;
      msg.id = kind + '-msg-' + i;
      labels[0].setAttribute('for', input.id);
      labels[0].textContent = label + ': ' + t('web.opp_rating');
      labels[1].setAttribute('for', select.id);
      labels[1].textContent = label + ': ' + t('result');
      input.setAttribute('aria-describedby', msg.id);
      select.setAttribute('aria-describedby', msg.id);
      btn.value = 'remove_' + kind + '-' + i;
      var name = t(rest ? 'web.remove_rest' : 'web.remove_game', { n: n });
      btn.setAttribute('aria-label', name);
      btn.setAttribute('title', name);
    });
  }

  function addRow(kind, opp, res) {
    var ul = list(kind);
    var li = ul.children[0].cloneNode(true);
    li.classList.remove('invalid');
    li.querySelector('input').value = opp || '';
    li.querySelector('input').removeAttribute('aria-invalid');
    setResult(li.querySelector('select'), res || '');
    D.clear(li.querySelector('.row-msg'));
    ul.appendChild(li);
    renumber(kind);
    return li;
  }

  function setRows(kind, rows) {
    var ul = list(kind);
    while (ul.children.length > 1) ul.removeChild(ul.lastElementChild);
    var first = ul.children[0];
    first.querySelector('input').value = rows.length ? rows[0].opp : '';
    setResult(first.querySelector('select'), rows.length ? rows[0].res : '');
    D.clear(first.querySelector('.row-msg'));
    rows.slice(1).forEach(function (r) { addRow(kind, r.opp, r.res); });
    renumber(kind);
  }

  function removeRow(li) {
    var ul = li.parentNode, kind = ul.getAttribute('data-kind');
    var idx = Array.prototype.indexOf.call(ul.children, li);
    if (ul.children.length === 1) {
      setRows(kind, []);
      ul.children[0].querySelector('input').focus();
    } else {
      ul.removeChild(li);
      renumber(kind);
      var next = ul.children[Math.min(idx, ul.children.length - 1)];
      next.querySelector('button.remove').focus();
    }
  }

  // ---- state ---------------------------------------------------------------------------------

  function radio(name) {
    var c = document.querySelector('input[name="' + name + '"]:checked');
    return c ? c.value : '';
  }

  function state() {
    return {
      rating: $('rating').value, birth_year: $('birth_year').value, end: $('end').value, alt: radio('alt'),
      rating_date: $('rating_date').value,
      games: rowsOf('game'), rest: rowsOf('rest'), u_rating: $('u_rating').value, u_dir: radio('u_dir') || 'forward'
    };
  }

  function apply(s) {
    $('rating').value = s.rating || '';
    $('birth_year').value = s.birth_year || '';
    $('end').value = s.end || D.today();
    var alt = ALT[s.alt] ? s.alt : (s.scale_old ? 'all' : '');  // a state saved with the former checkbox: all values
    $('alt-' + (alt || 'none')).checked = true;
    $('rating_date').value = s.rating_date || '';
    setRows('game', s.games || []);
    setRows('rest', s.rest || []);
    $('u_rating').value = s.u_rating || '';
    var dir = document.querySelector('input[name="u_dir"][value="' + (s.u_dir === 'inverse' ? 'inverse' : 'forward') + '"]');
    if (dir) dir.checked = true;
  }

  function save() { D.store(KEY, state()); }

  function isFirst(rating) { return /^\s*(0+\s*([-–/]\s*\S*\s*)?)?$/.test(rating); }

  // ---- rendering -----------------------------------------------------------------------------

  var status = $('result-status'), body = $('result-body'), errors = $('result-errors'), scen = $('scenarios');

  function clearFieldErrors() {
    ['rating-err', 'birth-err', 'end-err', 'alt-err', 'rating-date-err'].forEach(function (id) { D.clear($(id)); });
    Array.prototype.forEach.call(form.querySelectorAll('[aria-invalid]'), function (e) { e.removeAttribute('aria-invalid'); });
    Array.prototype.forEach.call(form.querySelectorAll('.row'), function (li) {
      li.classList.remove('invalid');
      D.clear(li.querySelector('.row-msg'));
    });
  }

  function fieldError(id, inputId, msg) {
    var box = $(id);
    box.appendChild(D.messages([msg]));
    if (inputId) $(inputId).setAttribute('aria-invalid', 'true');
  }

  function rowMessage(kind, idx, msg, cls) {
    var li = list(kind).children[idx];
    if (!li) return false;
    var m = li.querySelector('.row-msg');
    m.appendChild(el('span', { 'class': cls || 'error', text: msg }));
    m.appendChild(document.createTextNode(' '));
    if (!cls || cls === 'error') {
      li.classList.add('invalid');
      li.querySelector('input').setAttribute('aria-invalid', 'true');
    }
    return true;
  }

  /* 422 details → next to the field or row they name; the rest in the error box. */
  function showErrors(detail, where) {
    var general = [];
    detail.forEach(function (d) {
      var loc = (d.loc || []).slice(1);
      var head = loc[0];
      if ((head === 'games' || head === 'restpartien') && typeof loc[1] === 'number') {
        var map = head === 'games' ? where.game : where.rest;
        if (rowMessage(head === 'games' ? 'game' : 'rest', map[loc[1]], d.msg)) return;
      }
      if (head === 'rating' || head === 'index') return fieldError('rating-err', 'rating', d.msg);
      if (head === 'birth_year' || head === 'age_group') return fieldError('birth-err', 'birth_year', d.msg);
      if (head === 'end' || head === 'rules') return fieldError('end-err', 'end', d.msg);
      if (head === 'own_scale' || head === 'opponents_scale' || head === 'scale') return fieldError('alt-err', null, d.msg);
      if (head === 'rating_date') return fieldError('rating-date-err', 'rating_date', d.msg);
      general.push((loc.length ? loc.join('.') + ': ' : '') + d.msg);
    });
    D.clear(errors);
    if (general.length) errors.appendChild(D.errorBox(general));
  }

  function resultTable(r) {
    var first = r.kind === 'first';
    var head = [t('web.col_no'), t('opponent'), t('result')].concat(first ? [] : [t('web.col_d'), t('web.col_p')]).concat([t('web.col_status')]);
    var numeric = first ? [] : [3, 4];
    var thead = el('thead', null, [el('tr', null, head.map(function (h, i) {
      return el('th', { scope: 'col', 'class': numeric.indexOf(i) >= 0 ? 'num' : null }, D.shortHead(h));
    }))]);
    var tbody = el('tbody', null, r.games.map(function (g, i) {
      var statusText = (g.restpartie ? t('web.restpartie') + ', ' : '') +
        (g.counted ? t('web.counted') : t('web.not_counted_because', { reason: D.term(g.reason) }));
      var was = g.converted_from !== undefined ? ' (' + t('web.scale_was', { value: g.converted_from }) + ')' : '';
      var cells = [el('td', { text: i + 1 }), el('td', { text: (g.opponent === null ? '–' : g.opponent) + was + (g.name ? ' ' + g.name : '') }),
        el('td', { text: g.result })];
      if (!first) {
        cells.push(el('td', { 'class': 'num', text: D.num(g.D) }));
        cells.push(el('td', { 'class': 'num', text: g.P === null ? '–' : D.num(g.P, 3) }));
      }
      cells.push(el('td', { text: statusText }));
      return el('tr', { 'class': g.counted ? null : 'not-counted' }, cells);
    }));
    return el('div', { 'class': 'table-wrap' }, [el('table', { 'class': 'games' }, [el('caption', { text: t('per_game') }), thead, tbody])]);
  }

  /* Both readings of an own DWZ whose scale is unsaid, as the server words them (the twin of _dwz_result.html). */
  function readingsHeadline(r) {
    var rd = r.readings, x = rd.texts;
    function reading(v, id, label) {
      return el('span', { 'class': 'reading' }, [el('span', { 'class': 'value', id: id, text: D.rating(v.new_rating, v.new_index) }), ' ',
        el('span', { 'class': 'value-change', text: '(' + D.signed(v.change) + ')' }), ' ', el('span', { 'class': 'which', text: label })]);
    }
    return el('div', { 'class': 'headline readings', id: 'dwz-readings' }, [
      el('div', { 'class': 'big' }, [el('span', { 'class': 'label', text: t('new_dwz') }), ' ', reading(rd.new, 'new-dwz', x.label_new), ' ',
        el('span', { 'class': 'or', text: t('web.or') }), ' ', reading(rd.old, 'new-dwz-old', x.label_old)]),
      el('ul', { 'class': 'reading-notes' }, [el('li', { text: x.new }), el('li', { text: x.old })]),
      el('p', { 'class': 'settle', id: 'dwz-settle', text: x.settle }),
      el('div', { 'class': 'meta', text: t('rules') + ': ' + D.term(r.rules) + ' · ' + x.details })]);
  }

  function renderResult(r) {
    D.clear(body);
    D.clear(errors);
    var frag = document.createDocumentFragment();
    var facts = el('dl', { 'class': 'facts' });
    // values the 2026 scale cannot hold: read before the result, which rests on them (issue 15)
    var above = r.warnings.filter(function (w) { return SCALE_CODES.indexOf(w.code) >= 0; });
    if (above.length) {
      frag.appendChild(el('div', { 'class': 'warnings scale-warnings' }, [el('h3', { text: t('warnings') }),
        el('ul', null, above.map(function (w) { return el('li', { text: w.message }); }))]));
    }
    var own = r.conversions.filter(function (c) { return c.own; })[0];
    var converted = own ? t('web.converted_headline', { old: D.rating(own.old, own.old_index), new: D.rating(own.new, own.new_index) }) : '';
    if (r.kind === 'first') {
      frag.appendChild(el('div', { 'class': 'headline' }, [
        el('div', { 'class': 'big' }, [el('span', { 'class': 'label', text: r.eligible ? t('first_dwz') : t('no_first_dwz') }), ' ',
          el('span', { 'class': 'value', id: 'new-dwz', text: D.rating(r.new_rating, r.new_index) })]),
        el('div', { 'class': 'meta', text: t('rules') + ': ' + D.term(r.rules) })]));
      if (!r.eligible) {
        frag.appendChild(el('div', { 'class': 'reasons' }, [el('h3', { text: t('web.first_reasons') }),
          D.messages(r.reasons.map(function (p) { return p.message; }), 'info')]));
      }
      facts.appendChild(D.fact(t('points'), D.num(r.W, 1) + ' / ' + r.n));
      facts.appendChild(D.fact(t('web.n_tournament'), String(r.n_tournament)));
      facts.appendChild(D.fact(t('niveau'), D.num(r.Rc)));
      if (r.Ri !== null) facts.appendChild(D.fact(t('web.Ri'), D.num(r.Ri, 1)));
      if (r.We !== null) {
        facts.appendChild(D.fact(t('expected'), D.num(r.We, 3)));
        facts.appendChild(D.fact(t('w_minus_we'), D.signed(r.W_minus_We, 3)));
      }
      facts.appendChild(D.fact(t('performance'), D.num(r.performance)));
      facts.appendChild(D.fact(t('age_group'), D.term(r.age_group)));
      if (r.strength_class) facts.appendChild(D.fact(t('strength'), r.strength_class.label));
      status.textContent = r.eligible ? t('first_dwz') + ': ' + D.rating(r.new_rating, r.new_index) : t('no_first_dwz');
    } else {
      // the own DWZ could be on either scale: both readings are the headline, with what settles it (issue 22 §3)
      frag.appendChild(r.scale_doubtful ? readingsHeadline(r) : el('div', { 'class': 'headline' }, [
        converted ? el('p', { 'class': 'converted', id: 'own-converted', text: converted }) : null,
        el('div', { 'class': 'big' }, [el('span', { 'class': 'label', text: t('new_dwz') }), ' ',
          el('span', { 'class': 'value', id: 'new-dwz', text: D.rating(r.new_rating, r.new_index) })]),
        el('div', { 'class': 'change' + (r.change > 0 ? ' up' : r.change < 0 ? ' down' : '') }, [
          el('span', { 'class': 'label', text: t('change') }), ' ', el('span', { 'class': 'value', id: 'dwz-change', text: D.signed(r.change) })]),
        el('div', { 'class': 'meta', text: t('rules') + ': ' + D.term(r.rules) })]));
      if (!r.evaluated) frag.appendChild(el('p', { 'class': 'info', text: t('web.not_evaluated') }));
      facts.appendChild(D.fact(t('web.old_dwz'), D.rating(r.old_rating, r.old_index)));
      facts.appendChild(D.fact(t('points'), D.num(r.W, 1) + ' / ' + r.n));
      facts.appendChild(D.fact(t('niveau'), D.num(r.Rc)));
      facts.appendChild(D.fact(t('expected'), D.num(r.We, 3)));
      facts.appendChild(D.fact(t('w_minus_we'), D.signed(r.W_minus_We, 3)));
      facts.appendChild(D.fact(t('performance'), D.num(r.performance)));
      facts.appendChild(D.fact(t('age_group'), D.term(r.age_group) + (r.age !== null ? ', ' + t('web.age_value', { age: r.age }) : '')));
      if (r.coefficient === 'E') {
        // the parts as the edition names and formats them (coefficient_parts.*, made from its COMPONENTS like the CLI's and the server page's)
        facts.appendChild(D.fact(t('web.coefficient_E'), 'E = ' + D.num(r.E) + (r.E0 !== undefined ?
          ' (' + t('coefficient_parts.E', { E0: r.E0, fB: r.fB, SBr: r.SBr }) + ')' : '')));
      } else {
        facts.appendChild(D.fact(t('web.coefficient_K'), 'K = ' + D.num(r.K, 1) + (r.K0 !== undefined ?
          ' (' + t('coefficient_parts.K', { K0: r.K0, a: r.a, b: r.b }) + ')' : '')));
      }
      facts.appendChild(D.fact(t('strength'), r.strength_class.label));
      status.textContent = r.scale_doubtful ? r.readings.texts.head : own ? t('web.converted_status', { old: D.rating(own.old, own.old_index), converted: D.rating(own.new, own.new_index),
        new: D.rating(r.new_rating, r.new_index), change: D.signed(r.change) })
        : t('new_dwz') + ': ' + D.rating(r.new_rating, r.new_index) + ' (' + D.signed(r.change) + ')';
    }
    frag.appendChild(facts);
    if (r.games.length) frag.appendChild(resultTable(r));
    frag.appendChild(D.warnings({ warnings: r.warnings.filter(function (w) { return SCALE_CODES.indexOf(w.code) < 0; }),
      assumptions: r.assumptions }));
    var open = $('rechenweg') && $('rechenweg').open;
    var rw = D.steps(r.steps);
    if (open) rw.open = true;  // keep the Rechenweg open while typing
    frag.appendChild(rw);
    body.appendChild(frag);
  }

  function renderScenarios(s, current) {
    D.clear(scen);
    if (!s) return;
    var hasOld = s.old_rating !== null;
    var head = [t('web.scen_points'), t('new_dwz')].concat(hasOld ? [t('change')] : []);
    var table = el('table', { 'class': 'scen' }, [
      el('thead', null, [el('tr', null, head.map(function (h) { return el('th', { scope: 'col', 'class': 'num', text: h }); }))]),
      el('tbody', null, s.rows.map(function (row) {
        var cells = [el('td', { 'class': 'num', text: D.num(row.W, 1) }),
          el('td', { 'class': 'num', text: row.new_rating === null ? '–' : row.new_rating })];
        if (hasOld) cells.push(el('td', { 'class': 'num', text: D.signed(row.change) }));
        return el('tr', { 'class': row.W === current ? 'current' : null }, cells);
      }))]);
    var chart = window.DWZChart ? window.DWZChart.svg(s.rows, s.old_rating) : null;
    scen.appendChild(el('section', { 'class': 'scenarios', 'aria-labelledby': 'scen-heading' }, [
      el('h3', { id: 'scen-heading', text: t('scenario_title') }),
      el('p', { 'class': 'hint', text: t('web.scenario_hint') }),
      el('div', { 'class': 'chart-wrap' }, [chart]),
      el('div', { 'class': 'table-wrap' }, [table]),
      s.keep_score !== null ? el('p', { text: t('keep') + ': W ≥ ' + D.num(s.keep_score, 1) }) : null,
      s.raise_score !== null ? el('p', { text: t('raise') + ': W ≥ ' + D.num(s.raise_score, 1) }) : null
    ]));
  }

  function renderUmstufung(u) {
    var box = $('umst-result');
    D.clear(box);
    if (!u) return;
    var line;
    if (u.direction === 'forward') {
      line = el('p', { 'class': 'umst-line' }, [el('span', { text: D.rating(u.old_rating, u.old_index) }), ' (' + t('old_scale') + ') → ',
        el('strong', { id: 'umst-value', text: D.rating(u.new_rating, u.new_index) }), ' (' + t('new_scale') + ')']);
    } else {
      var value = u.unique ? D.rating(u.old_rating, u.old_index) : u.candidates.join(u.candidates_range ? ' … ' : ', ');
      line = el('p', { 'class': 'umst-line' }, [el('span', { text: D.rating(u.new_rating, u.new_index) }), ' (' + t('new_scale') + ') → ',
        el('strong', { id: 'umst-value', text: value }), ' (' + t('old_scale') + ') ',
        el('span', { 'class': u.unique ? 'badge' : 'badge warn', text: u.unique ? t('web.umst_unique') : t('not_unique') })]);
    }
    box.appendChild(line);
    box.appendChild(el('ul', { 'class': 'umst-steps' }, u.steps.map(function (s) {
      return el('li', null, [s.title + ': ' + s.calculation + ' ', el('span', { 'class': 'rule', text: D.ruleLabel(s.rule) })]);
    })));
  }

  // ---- calls ---------------------------------------------------------------------------------

  var seq = 0, ctxSeq = 0, umstSeq = 0;

  /* Rows → request games; blank rows are skipped, rows without a result are flagged, not sent. */
  function games(kind, where) {
    var out = [];
    rowsOf(kind).forEach(function (r, i) {
      if (!r.opp && !r.res) return;
      if (!r.res) { rowMessage(kind, i, t('web.row_incomplete'), 'hint'); return; }
      out.push({ opponent: r.opp === '' ? null : r.opp, result: r.res });
      where.push(i);
    });
    return out;
  }

  function context(s) {
    var my = ++ctxSeq;
    var q = '/api/dwz/context?end=' + encodeURIComponent(s.end) + (s.birth_year.trim() ? '&birth_year=' + encodeURIComponent(s.birth_year.trim()) : '');
    D.api(q).then(function (res) {
      if (my !== ctxSeq) return;
      if (res.status !== 200) { $('age-info').textContent = ''; $('rules-info').textContent = ''; return; }
      var c = res.data;
      $('age-info').textContent = t('web.age_group_is', { group: c.age_group_label });
      $('rules-info').textContent = t('web.rules_is', { rules: c.rules_label });
      var age = c.steps.filter(function (st) { return st.key.indexOf('core.age') === 0; })[0];
      $('age-detail').textContent = age ? age.calculation : '';
    }).catch(function () { /* the main request reports connection problems */ });
  }

  function compute() {
    var s = state();
    var first = isFirst(s.rating);
    $('rest-fs').hidden = !first;
    var own = $('alt-own');  // a first DWZ has no own DWZ to be from before the Umstufung: not offered (as `dwz first --help`)
    own.disabled = first && !own.checked;
    $('rating-mode').textContent = t(first ? 'web.mode_first' : 'web.mode_folge');
    clearFieldErrors();
    context(s);
    var where = { game: [], rest: [] };
    var scales = ALT[s.alt] || {};  // which values are from before the Umstufung: converted first (spec dwz-2026 §6)
    var body_ = {
      rating: s.rating.trim() || null, birth_year: s.birth_year.trim() || null, end: s.end || null,
      games: games('game', where.game), restpartien: first ? games('rest', where.rest) : [],
      scale: scales.scale || null, own_scale: scales.own_scale || null, opponents_scale: scales.opponents_scale || null,
      rating_date: s.rating_date || null
    };
    var my = ++seq;
    if (!body_.rating && !body_.games.length) {
      D.clear(body); D.clear(errors); D.clear(scen);
      status.textContent = t('web.no_input');
      return;
    }
    D.api('/api/dwz?wording=web', body_).then(function (res) {  // hints in the words of this page's controls
      if (my !== seq) return;
      if (res.status === 200) {
        renderResult(res.data);
        normalize(res.data, where);
        // the opponents as typed: a converted one with its old value (the scenarios convert it themselves)
        var opps = res.data.games.filter(function (g) { return g.counted && !g.restpartie; }).map(function (g) {
          return g.converted_from !== undefined ? g.converted_from : g.opponent;
        });
        if (!opps.length) { D.clear(scen); return; }
        return D.api('/api/dwz/scenarios?wording=web', {
          rating: body_.rating, birth_year: body_.birth_year, end: body_.end, opponents: opps, restpartien: body_.restpartien,
          scale: body_.scale, own_scale: body_.own_scale, opponents_scale: body_.opponents_scale, rating_date: body_.rating_date
        }).then(function (sres) {
          if (my !== seq) return;
          renderScenarios(sres.status === 200 ? sres.data : null, res.data.W);
        });
      }
      D.clear(body); D.clear(scen);
      status.textContent = t('web.error_heading');
      showErrors(res.data.detail || [], where);
    }).catch(function (e) {
      if (my !== seq || (e && e.name === 'AbortError')) return;
      D.clear(errors);
      errors.appendChild(D.errorBox([t('web.server_error')]));
    });
  }

  /* After a good answer the selects show the engine's result codes ("=" typed → "½"). */
  function normalize(r, where) {
    var rows = list('game').children;
    r.games.forEach(function (g, i) {
      if (g.restpartie || i >= where.game.length) return;
      var li = rows[where.game[i]];
      if (li && OPTIONS.indexOf(g.result) >= 0) setResult(li.querySelector('select'), g.result);
    });
  }

  function umstufung() {
    var s = state();
    var my = ++umstSeq;
    if (!s.u_rating.trim()) { renderUmstufung(null); return; }
    D.api('/api/umstufung', { rating: s.u_rating.trim(), inverse: s.u_dir === 'inverse' }).then(function (res) {
      if (my !== umstSeq) return;
      if (res.status === 200) return renderUmstufung(res.data);
      var box = $('umst-result');
      D.clear(box);
      box.appendChild(D.messages((res.data.detail || []).map(function (d) { return d.msg; })));
    }).catch(function () { /* shown by the main request */ });
  }

  var later = D.debounce(compute, 250);
  var umstLater = D.debounce(umstufung, 250);

  // ---- events --------------------------------------------------------------------------------

  function isUmst(target) { return target && (target.id === 'u_rating' || target.name === 'u_dir'); }

  document.addEventListener('input', function (ev) {
    if (!form.contains(ev.target) && ev.target.form !== form) return;
    if (ev.target.id === 'paste') return;
    save();
    if (isUmst(ev.target)) umstLater(); else later();
  });
  document.addEventListener('change', function (ev) {
    if (!form.contains(ev.target) && ev.target.form !== form) return;
    if (ev.target.id === 'paste') return;
    save();
    if (isUmst(ev.target)) umstLater(); else later();
  });

  /* The twin of dwz.web.pages.merge_paste: pasted games take the place of empty rows; a list
     pasted again (or extended) replaces the rows it starts with instead of being appended twice. */
  function mergePaste(rows, pasted) {
    var filled = rows.filter(function (r) { return r.opp || r.res; });
    var key = function (r) { return r.opp + ':' + r.res; };
    var starts = function (a, b) { return b.length <= a.length && b.every(function (r, i) { return key(r) === key(a[i]); }); };
    if (starts(pasted, filled)) return pasted;
    if (starts(filled, pasted)) return filled;
    return filled.concat(pasted);
  }

  /* Pasted games are read by the server (POST /api/dwz/games), as the form without script does: one
     reader.  A line that is no game takes nothing — the message names it, the text stays to be corrected. */
  function applyPaste() {
    var p = $('paste'), box = $('paste-err');
    if (!p.value.trim()) return;
    D.clear(box);
    p.removeAttribute('aria-invalid');
    D.api('/api/dwz/games', { text: p.value }).then(function (res) {
      if (res.status !== 200) {
        box.appendChild(D.messages((res.data.detail || []).map(function (d) { return d.msg; })));
        p.setAttribute('aria-invalid', 'true');
        return;
      }
      var extra = res.data.games.map(function (g) { return { opp: g.opponent, res: g.result }; });
      if (!extra.length) return;
      setRows('game', mergePaste(rowsOf('game'), extra));
      p.value = '';
      save();
      compute();
    }).catch(function () { box.appendChild(D.messages([t('web.network_error')])); });
  }

  form.addEventListener('click', function (ev) {
    var b = ev.target.closest('button');
    if (!b) return;
    if (b.id === 'add-game' || b.id === 'add-rest') {
      ev.preventDefault();
      var li = addRow(b.id === 'add-game' ? 'game' : 'rest');
      li.querySelector('input').focus();
      save();
    } else if (b.classList.contains('remove')) {
      ev.preventDefault();
      removeRow(b.closest('li'));
      save();
      compute();
    } else if (b.id === 'paste-apply') {
      ev.preventDefault();
      applyPaste();
    } else if (b.id === 'age-calc') {
      ev.preventDefault();
      var d = $('age-detail');
      d.hidden = !d.hidden;
      context(state());
    }
  });

  form.addEventListener('keydown', function (ev) {
    if (ev.key !== 'Enter') return;
    var tgt = ev.target;
    if (tgt.id === 'paste') { if (!ev.shiftKey) { ev.preventDefault(); applyPaste(); } return; }  // Shift+Enter: a new line
    var li = tgt.closest && tgt.closest('li.row');
    if (li && tgt.tagName === 'INPUT') {
      // Enter in a rating field: next row, or a new one at the end
      ev.preventDefault();
      var next = li.nextElementSibling || addRow(li.parentNode.getAttribute('data-kind'));
      next.querySelector('input').focus();
      save();
    }
  });

  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    var by = ev.submitter;
    if (by && by.value === 'umstufung') { umstufung(); return; }
    compute();
    umstufung();
  });

  $('clear').addEventListener('click', function (ev) {
    ev.preventDefault();
    D.store(KEY, null);
    apply({});
    D.clear(body); D.clear(errors); D.clear(scen); renderUmstufung(null);
    clearFieldErrors();
    status.textContent = t('web.cleared');
    if (D.urlHasForm()) window.history.replaceState(null, '', window.location.pathname + (D.lang === 'de' ? '' : '?lang=' + D.lang));
    compute();
    status.textContent = t('web.cleared');
    $('rating').focus();
  });

  // ---- the result bar (a phone: the headline in view while the form is edited) ---------------

  /* It mirrors the page's headline, #result-status — whatever that says (the server's first answer,
     every live result, an error) — and shows while that element is out of view (app.css: only where
     the result is below the form). */
  var bar = $('result-bar'), barText = $('result-bar-text'), headlineSeen = true;

  function syncBar() {
    var said = status.textContent.trim();
    barText.textContent = said;
    var show = !headlineSeen && !!said && (body.children.length > 0 || errors.children.length > 0);
    bar.hidden = !show;
    document.documentElement.classList.toggle('has-result-bar', show);
  }

  new MutationObserver(syncBar).observe(status, { childList: true, characterData: true, subtree: true });
  if (window.IntersectionObserver) {
    new IntersectionObserver(function (entries) {
      headlineSeen = entries[entries.length - 1].isIntersecting;
      syncBar();
    }).observe(status);
  }
  syncBar();

  // ---- the share link --------------------------------------------------------------------------

  /* The inputs as a link the page reads (dwz.web.pages.dwz_page): rating, birth_year, end, alt,
     rating_date, every row as the form sends it (opp=…&res=…, a game against an opponent without a
     DWZ too: nothing left out), Restpartien as rest_opp/rest_res, lang. */
  function shareLink() {
    var s = state(), q = [];
    var add = function (k, v, always) { if (v || always) q.push(k + '=' + encodeURIComponent(v)); };
    add('rating', s.rating.trim());
    add('birth_year', s.birth_year.trim());
    add('end', s.end);
    add('alt', s.alt);
    add('rating_date', s.rating_date);
    var rows = function (kind, prefix) {
      s[kind].filter(function (r) { return r.opp || r.res; }).forEach(function (r) { add(prefix + 'opp', r.opp, true); add(prefix + 'res', r.res, true); });
    };
    rows('games', '');
    if (isFirst(s.rating)) rows('rest', 'rest_');
    if (D.lang !== 'de') add('lang', D.lang);
    return window.location.origin + window.location.pathname + (q.length ? '?' + q.join('&') : '');
  }

  function showLink(link) {  // no clipboard (a page not served over https, a refusal): the link to copy by hand
    $('share').hidden = false;
    var input = $('share-link');
    input.value = link;
    input.focus();
    input.select();
  }

  $('copy-link').addEventListener('click', function () {
    var link = shareLink(), said = $('share-status');
    said.textContent = '';
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(link).then(function () {
        $('share').hidden = true;
        said.textContent = t('web.link_copied');
      }, function () { showLink(link); });
    } else {
      showLink(link);
    }
  });

  // ---- start ---------------------------------------------------------------------------------

  if (D.urlHasForm()) {
    save();  // values from a submitted form or a shared link are the current inputs
  } else {
    var saved = D.store(KEY);
    if (saved) { apply(saved); compute(); umstufung(); }
  }
})();
