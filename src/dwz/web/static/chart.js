/* The scenario chart as inline SVG: the twin of dwz/web/chart.py (same geometry, same classes). */
(function () {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg';
  var W = 640, H = 280, LEFT = 56, RIGHT = 16, TOP = 16, BOTTOM = 40;

  function niceStep(span) {
    var raw = Math.max(span, 1) / 5;
    var mag = Math.pow(10, Math.floor(Math.log10(raw)));
    var ms = [1, 2, 5, 10];
    for (var i = 0; i < ms.length; i++) if (raw <= ms[i] * mag) return ms[i] * mag;
    return 10 * mag;
  }

  function s(tag, attrs, text) {
    var e = document.createElementNS(NS, tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, String(attrs[k])); });
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function svg(rows, old) {
    var D = window.DWZ;
    var pts = rows.filter(function (r) { return r.new_rating !== null && r.new_rating !== undefined; })
      .map(function (r) { return [r.W, r.new_rating]; });
    if (!pts.length) return null;
    var xs = pts.map(function (p) { return p[0]; });
    var ys = pts.map(function (p) { return p[1]; });
    if (old !== null && old !== undefined) ys.push(old);
    var x0 = Math.min.apply(null, xs), x1 = Math.max.apply(null, xs);
    if (x1 === x0) x1 = x0 + 1;
    var step = niceStep(Math.max.apply(null, ys) - Math.min.apply(null, ys));
    var y0 = Math.floor(Math.min.apply(null, ys) / step) * step;
    var y1 = Math.ceil(Math.max.apply(null, ys) / step) * step;
    if (y1 === y0) y1 = y0 + step;
    var px = function (x) { return Math.round((LEFT + (x - x0) / (x1 - x0) * (W - LEFT - RIGHT)) * 10) / 10; };
    var py = function (y) { return Math.round((H - BOTTOM - (y - y0) / (y1 - y0) * (H - TOP - BOTTOM)) * 10) / 10; };

    var root = s('svg', { 'class': 'chart', viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'aria-labelledby': 'chart-title chart-desc' });
    root.appendChild(s('title', { id: 'chart-title' }, D.t('web.chart_title')));
    root.appendChild(s('desc', { id: 'chart-desc' }, D.t('web.chart_desc')));
    for (var y = y0; y <= y1 + 1e-9; y += step) {
      root.appendChild(s('line', { 'class': 'grid', x1: LEFT, x2: W - RIGHT, y1: py(y), y2: py(y) }));
      root.appendChild(s('text', { 'class': 'tick', x: LEFT - 6, y: py(y) + 4, 'text-anchor': 'end' }, D.num(Math.round(y))));
    }
    var xstep = x1 - x0 <= 6 ? 0.5 : (x1 - x0 <= 14 ? 1 : 2);
    for (var x = x0; x <= x1 + 1e-9; x += xstep) {
      root.appendChild(s('text', { 'class': 'tick', x: px(x), y: H - BOTTOM + 18, 'text-anchor': 'middle' }, D.num(x, 1)));
    }
    root.appendChild(s('text', { 'class': 'axis-label', x: (LEFT + W - RIGHT) / 2, y: H - 4, 'text-anchor': 'middle' }, D.t('web.scen_points')));
    if (old !== null && old !== undefined) {
      root.appendChild(s('line', { 'class': 'old', x1: LEFT, x2: W - RIGHT, y1: py(old), y2: py(old) }));
      root.appendChild(s('text', { 'class': 'old-label', x: W - RIGHT - 4, y: py(old) - 6, 'text-anchor': 'end' }, D.t('web.chart_old') + ' ' + old));
    }
    root.appendChild(s('polyline', { 'class': 'curve', points: pts.map(function (p) { return px(p[0]) + ',' + py(p[1]); }).join(' ') }));
    pts.forEach(function (p) {
      var c = s('circle', { 'class': 'dot', cx: px(p[0]), cy: py(p[1]), r: 4 });
      c.appendChild(s('title', {}, 'W = ' + D.num(p[0], 1) + ' → ' + p[1]));
      root.appendChild(c);
    });
    return root;
  }

  window.DWZChart = { svg: svg };
})();
