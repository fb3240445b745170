/* The scenario chart as inline SVG: the twin of dwz/web/chart.py (same geometry, same classes,
   the same three widths — the stylesheet shows the one that fits its container). */
(function () {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg';
  var VARIANTS = [360, 480, 640], FONT = 13, RIGHT = 16, TOP = 16, BOTTOM = 44, MIN_LABEL_GAP = 36;

  function niceStep(span) {
    var raw = Math.max(span, 1) / 5;
    var mag = Math.pow(10, Math.floor(Math.log10(raw)));
    var ms = [1, 2, 5, 10];
    for (var i = 0; i < ms.length; i++) if (raw <= ms[i] * mag) return ms[i] * mag;
    return 10 * mag;
  }

  function xStep(span, plotWidth) {
    var steps = [0.5, 1, 2, 5, 10, 20, 50, 100];
    for (var i = 0; i < steps.length; i++) if (plotWidth * steps[i] / Math.max(span, 0.5) >= MIN_LABEL_GAP) return steps[i];
    return 200;
  }

  var LABEL_CHAR = 0.6;

  /* The twins of chart.py's _crosses and label_place: the old DWZ's label where the curve is not. */
  function crosses(points, box) {
    for (var i = 0; i + 1 < points.length; i++) {
      var xa = points[i][0], ya = points[i][1], xb = points[i + 1][0], yb = points[i + 1][1];
      var lo = Math.max(Math.min(xa, xb), box[0]), hi = Math.min(Math.max(xa, xb), box[1]);
      if (lo > hi) continue;
      var at = [lo, hi].map(function (x) { return xa === xb ? ya : ya + (yb - ya) * (x - xa) / (xb - xa); });
      if (Math.min(at[0], at[1]) - 4 <= box[3] && Math.max(at[0], at[1]) + 4 >= box[2]) return true;
    }
    return points.some(function (p) { return box[0] - 4 <= p[0] && p[0] <= box[1] + 4 && box[2] - 4 <= p[1] && p[1] <= box[3] + 4; });
  }

  function labelPlace(points, lineY, left, right, top, bottom, chars) {
    var w = chars * FONT * LABEL_CHAR, below = lineY + FONT + 4, above = lineY - 6;
    var places = [['end', right - 4, below], ['start', left + 4, above], ['end', right - 4, above], ['start', left + 4, below]];
    for (var i = 0; i < places.length; i++) {
      var x = places[i][1], base = places[i][2];
      var box = places[i][0] === 'end' ? [x - w, x, base - FONT, base + 3] : [x, x + w, base - FONT, base + 3];
      if (box[2] >= top && box[3] <= bottom && !crosses(points, box)) return places[i];
    }
    return ['end', right - 4, above];
  }

  function s(tag, attrs, text) {
    var e = document.createElementNS(NS, tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, String(attrs[k])); });
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function variant(sc, old, width) {
    var D = window.DWZ;
    var height = Math.round(width * 0.42) + 40;
    var longest = Math.max(D.num(Math.round(sc.y0)).length, D.num(Math.round(sc.y1)).length);
    var left = Math.floor(longest * FONT * 0.62) + 14;
    var px = function (x) { return Math.round((left + (x - sc.x0) / (sc.x1 - sc.x0) * (width - left - RIGHT)) * 10) / 10; };
    var py = function (y) { return Math.round((height - BOTTOM - (y - sc.y0) / (sc.y1 - sc.y0) * (height - TOP - BOTTOM)) * 10) / 10; };
    var root = s('svg', { 'class': 'chart chart-' + width, viewBox: '0 0 ' + width + ' ' + height, role: 'img',
      'aria-labelledby': 'chart-title-' + width + ' chart-desc-' + width, 'font-size': FONT });
    root.appendChild(s('title', { id: 'chart-title-' + width }, D.t('web.chart_title')));
    root.appendChild(s('desc', { id: 'chart-desc-' + width }, D.t('web.chart_desc')));
    for (var y = sc.y0; y <= sc.y1 + 1e-9; y += sc.step) {
      root.appendChild(s('line', { 'class': 'grid', x1: left, x2: width - RIGHT, y1: py(y), y2: py(y) }));
      root.appendChild(s('text', { 'class': 'tick', x: left - 6, y: py(y) + 4, 'text-anchor': 'end' }, D.num(Math.round(y))));
    }
    var xstep = xStep(sc.x1 - sc.x0, width - left - RIGHT);
    for (var x = Math.ceil(sc.x0 / xstep) * xstep; x <= sc.x1 + 1e-9; x += xstep) {
      root.appendChild(s('text', { 'class': 'tick', x: px(x), y: height - BOTTOM + 18, 'text-anchor': 'middle' }, D.num(x, 1)));
    }
    root.appendChild(s('text', { 'class': 'axis-label', x: (left + width - RIGHT) / 2, y: height - 6, 'text-anchor': 'middle' }, D.t('web.scen_points')));
    if (old !== null && old !== undefined) {
      var label = D.t('web.chart_old') + ' ' + old;
      var at = labelPlace(sc.pts.map(function (p) { return [px(p[0]), py(p[1])]; }), py(old), left, width - RIGHT, TOP, height - BOTTOM, label.length);
      root.appendChild(s('line', { 'class': 'old', x1: left, x2: width - RIGHT, y1: py(old), y2: py(old) }));
      root.appendChild(s('text', { 'class': 'old-label', x: Math.round(at[1] * 10) / 10, y: Math.round(at[2] * 10) / 10, 'text-anchor': at[0] }, label));
    }
    root.appendChild(s('polyline', { 'class': 'curve', points: sc.pts.map(function (p) { return px(p[0]) + ',' + py(p[1]); }).join(' ') }));
    sc.pts.forEach(function (p) {
      var c = s('circle', { 'class': 'dot', cx: px(p[0]), cy: py(p[1]), r: 4 });
      c.appendChild(s('title', {}, 'W = ' + D.num(p[0], 1) + ' → ' + p[1]));
      root.appendChild(c);
    });
    return root;
  }

  /* Every variant in one fragment (the page shows one), or null when there is nothing to draw. */
  function svg(rows, old) {
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
    var sc = { pts: pts, x0: x0, x1: x1, y0: y0, y1: y1, step: step };
    var frag = document.createDocumentFragment();
    VARIANTS.forEach(function (w) { frag.appendChild(variant(sc, old, w)); });
    return frag;
  }

  window.DWZChart = { svg: svg };
})();
