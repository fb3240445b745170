/* Shared helpers of the pages: texts, number format, DOM building, API calls, storage.
   No inline script anywhere (CSP script-src 'self'); user data only ever goes into textContent. */
(function () {
  'use strict';
  var root = document.documentElement;
  root.classList.remove('no-js');
  root.classList.add('js');

  var node = document.getElementById('i18n-data');
  var data = node ? JSON.parse(node.textContent) : { lang: 'de', ui: {}, terms: {} };
  var LANG = data.lang === 'en' ? 'en' : 'de';  // chosen by the server: ?lang=, the cookie dwz_lang, Accept-Language

  function store(key, value) {
    try {
      if (value === undefined) return JSON.parse(window.localStorage.getItem(key) || 'null');
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, JSON.stringify(value));
    } catch (e) { /* storage disabled: the calculator still works, it just forgets */ }
    return null;
  }

  /* A catalog text filled as dwz.i18n.text fills it: a number under a spec like {b:.4f} or {x:+.1f}
     gets that many decimals in the page's number format (num, signed); other values as they are. */
  function t(key, values) {
    var tpl = data.ui[key];
    if (tpl === undefined) return key;
    return tpl.replace(/\{(\w+)(?:![a-z])?(?::([^}]*))?\}/g, function (m, name, spec) {
      var v = values ? values[name] : undefined;
      if (v === undefined || v === null) return '–';
      var fixed = typeof v === 'number' && spec ? /^(\+?)\.(\d+)f$/.exec(spec) : null;
      if (fixed) return (fixed[1] ? (v < 0 ? '−' : '+') : '') + num(fixed[1] ? Math.abs(v) : v, Number(fixed[2]));
      return String(v);
    });
  }

  function term(key) {
    var v = data.terms[key];
    return v === undefined ? String(key) : v;
  }

  /* A step's rule citation; the few given in words are translated ("Inkrafttreten WO 2026"). */
  function ruleLabel(rule) {
    var v = data.terms['rule.' + rule];
    return v === undefined ? rule : v;
  }

  /* Same output as dwz.i18n.fmt_num: decimal comma in German, a real minus sign. */
  function num(value, decimals) {
    if (value === null || value === undefined) return '–';
    var s = decimals === undefined ? String(value) : Number(value).toFixed(decimals);
    if (LANG === 'de') s = s.replace('.', ',');
    return s.charAt(0) === '-' ? '−' + s.slice(1) : s;
  }

  function signed(value, decimals) {
    if (value === null || value === undefined) return '–';
    var s = num(Math.abs(value), decimals);
    return (value > 0 ? '+' : value < 0 ? '−' : '±') + s;
  }

  function rating(value, index) {
    if (value === null || value === undefined) return '–';
    return index === null || index === undefined ? String(value) : value + '-' + index;
  }

  /* el('p', {class: 'x', text: 'y'}, [children]) — attributes via setAttribute, text via textContent. */
  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        var v = attrs[k];
        if (v === null || v === undefined || v === false) return;
        if (k === 'text') e.textContent = String(v);
        else e.setAttribute(k, v === true ? '' : String(v));
      });
    }
    (children || []).forEach(function (c) {
      if (c === null || c === undefined || c === false) return;
      e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    });
    return e;
  }

  function clear(e) { while (e && e.firstChild) e.removeChild(e.firstChild); }

  function debounce(fn, ms) {
    var timer = null;
    return function () {
      var args = arguments;
      window.clearTimeout(timer);
      timer = window.setTimeout(function () { fn.apply(null, args); }, ms);
    };
  }

  /* POST (or GET without body) to the JSON API in the page's language; resolves {status, data}. */
  function api(path, body, signal) {
    var url = path + (path.indexOf('?') < 0 ? '?' : '&') + 'lang=' + LANG;
    var opts = { method: body === undefined ? 'GET' : 'POST', signal: signal, headers: { 'Accept': 'application/json' } };
    if (body !== undefined) {
      opts.headers['Content-Type'] = 'application/json';
      opts.body = JSON.stringify(body);
    }
    return window.fetch(url, opts).then(function (r) {
      return r.json().then(function (d) { return { status: r.status, data: d }; });
    });
  }

  function messages(items, cls) {
    if (!items || !items.length) return null;
    return el('ul', { class: 'msgs ' + (cls || 'error') }, items.map(function (m) { return el('li', { text: m }); }));
  }

  /* The Rechenweg: the twin of the Jinja macro "steps". */
  function steps(items) {
    var list = el('ol', { class: 'steps' });
    items.forEach(function (s) {
      var head = el('div', { class: 'step-head' }, [el('strong', { text: s.title }), ' ', el('span', { class: 'rule', text: ruleLabel(s.rule) })]);
      if (s.assumption) head.appendChild(el('span', { class: 'badge', text: t('web.assumption') }));
      list.appendChild(el('li', { class: 'step' + (s.assumption ? ' assumption' : '') }, [
        head,
        s.formula ? el('div', { class: 'formula', text: s.formula }) : null,
        s.calculation ? el('div', { class: 'calc', text: '= ' + s.calculation }) : null,
        s.note ? el('div', { class: 'note', text: s.note }) : null
      ]));
    });
    return el('details', { class: 'rechenweg', id: 'rechenweg' }, [
      el('summary', { text: t('web.rechenweg_summary', { n: items.length }) }), list]);
  }

  function warnings(res) {
    var box = document.createDocumentFragment();
    if (res.warnings && res.warnings.length) {
      box.appendChild(el('div', { class: 'warnings' }, [el('h3', { text: t('warnings') }),
        el('ul', null, res.warnings.map(function (w) { return el('li', { text: w.message }); }))]));
    }
    if (res.assumptions && res.assumptions.length) {
      box.appendChild(el('div', { class: 'assumptions' }, [el('h3', { text: t('assumptions') }),
        el('ul', null, res.assumptions.map(function (s) {
          return el('li', null, [el('strong', { text: s.title }), ': ' + s.calculation + ' ', el('span', { class: 'rule', text: ruleLabel(s.rule) })]);
        }))]));
    }
    return box;
  }

  /* The twin of the macro short_head: "Differenz D" → [<span class="long">Differenz </span>, "D"]. */
  function shortHead(label) {
    var at = label.lastIndexOf(' ');
    if (at < 0 || label.length - at - 1 > 2) return [label];
    return [el('span', { 'class': 'long', text: label.slice(0, at + 1) }), label.slice(at + 1)];
  }

  var captions = 0;
  /* Tables scroll inside their box: above one that does not fit, a line says so, and the box takes
     the keyboard's focus (a named region), so that it scrolls with the arrow keys too (WCAG 2.1.1). */
  function scrollHints() {
    Array.prototype.forEach.call(document.querySelectorAll('.table-wrap'), function (wrap) {
      var hint = wrap.previousElementSibling;
      if (!hint || !hint.classList.contains('scroll-hint')) {
        hint = el('p', { 'class': 'scroll-hint', text: t('web.scroll_hint') });
        wrap.parentNode.insertBefore(hint, wrap);
      }
      var scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
      hint.hidden = !scrolls;
      if (scrolls && !wrap.hasAttribute('tabindex')) {
        var caption = wrap.querySelector('caption');
        wrap.setAttribute('tabindex', '0');
        wrap.setAttribute('role', 'region');
        if (caption && caption.textContent.trim()) {  // named by its table's caption (which may hold a tournament's name: referred to, not copied)
          if (!caption.id) caption.id = 'table-caption-' + (++captions);
          wrap.setAttribute('aria-labelledby', caption.id);
        } else {
          wrap.setAttribute('aria-label', t('web.scroll_hint'));
        }
        wrap.setAttribute('data-scroll-focus', '');
      } else if (!scrolls && wrap.hasAttribute('data-scroll-focus')) {
        ['tabindex', 'role', 'aria-label', 'aria-labelledby', 'data-scroll-focus'].forEach(function (a) { wrap.removeAttribute(a); });
      }
    });
  }
  var pending = false;
  function laterHints() {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(function () { pending = false; scrollHints(); });
  }
  window.addEventListener('resize', laterHints);
  document.addEventListener('DOMContentLoaded', function () {
    scrollHints();
    new MutationObserver(function (records) {
      if (records.some(function (r) { return r.target.nodeType === 1 && !r.target.classList.contains('scroll-hint'); })) laterHints();
    }).observe(document.body, { childList: true, subtree: true });
  });

  function fact(label, value) {
    return el('div', null, [el('dt', { text: label }), el('dd', { text: value })]);
  }

  function errorBox(items) {
    return el('div', { class: 'error-box' }, [el('h3', { text: t('web.error_heading') }), messages(items)]);
  }

  function today() {
    var d = new Date();
    var p = function (n) { return (n < 10 ? '0' : '') + n; };
    return d.getFullYear() + '-' + p(d.getMonth() + 1) + '-' + p(d.getDate());
  }

  /* True when the URL carries form values (a no-JS submit or a shared link): they win over storage. */
  function urlHasForm() {
    var found = false;
    new URLSearchParams(window.location.search).forEach(function (v, k) { if (k !== 'lang') found = true; });
    return found;
  }

  var closed = [];
  window.addEventListener('beforeprint', function () {
    closed = Array.prototype.filter.call(document.querySelectorAll('#result details:not([open])'), function (d) { d.open = true; return true; });
  });
  window.addEventListener('afterprint', function () { closed.forEach(function (d) { d.open = false; }); closed = []; });

  var printBtn = document.getElementById('print');
  if (printBtn) printBtn.addEventListener('click', function () { window.print(); });

  window.DWZ = {
    lang: LANG, t: t, term: term, num: num, signed: signed, rating: rating, el: el, clear: clear, debounce: debounce,
    api: api, messages: messages, steps: steps, warnings: warnings, fact: fact, errorBox: errorBox, store: store,
    today: today, urlHasForm: urlHasForm, shortHead: shortHead, scrollHints: scrollHints, ruleLabel: ruleLabel
  };
})();
