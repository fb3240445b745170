/* The tournament page.  With JavaScript the upload is sent with fetch and only the result
   section is replaced, so the chosen files stay selected and the download buttons can send
   them again (CSV, JSON, HTML) — nothing is kept on the server.  Without JavaScript the form
   posts normally and the "Ausgabe" choice gives the same downloads. */
(function () {
  'use strict';
  var D = window.DWZ;
  var form = document.getElementById('turnier-form');
  if (!form) return;
  var max = parseInt(form.getAttribute('data-max-bytes'), 10);
  var box = document.getElementById('file-err');

  function check() {
    D.clear(box);
    var tooLarge = Array.prototype.filter.call(form.querySelectorAll('input[type=file]'), function (input) {
      return input.files && input.files[0] && input.files[0].size > max;
    });
    tooLarge.forEach(function (input) {
      box.appendChild(D.messages([D.t('web.file_too_large', { size: Math.ceil(input.files[0].size / 1024), max_kb: Math.floor(max / 1024) })]));
      input.setAttribute('aria-invalid', 'true');
    });
    return !tooLarge.length;
  }

  function post(output) {
    var data = new FormData(form);
    data.set('output', output);
    var sep = form.action.indexOf('?') < 0 ? '?' : '&';
    return fetch(form.action + (output === 'page' ? sep + 'partial=1' : ''), { method: 'POST', body: data });
  }

  function wire() {
    var dl = document.getElementById('downloads');
    if (dl) {
      dl.hidden = false;
      dl.addEventListener('click', function (ev) {
        var btn = ev.target.closest('button[data-output]');
        if (!btn) return;
        post(btn.getAttribute('data-output')).then(function (resp) {
          if (!resp.ok) return resp.text().then(function (html) { swap(html); });
          var name = (resp.headers.get('Content-Disposition') || '').replace(/.*filename="([^"]+)".*/, '$1') || 'auswertung';
          return resp.blob().then(function (blob) {
            var a = document.createElement('a');
            a.href = URL.createObjectURL(blob);
            a.download = name;
            document.body.appendChild(a);
            a.click();
            setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
          });
        });
      });
    }
    Array.prototype.forEach.call(document.querySelectorAll('a.rw-link'), function (a) {
      a.addEventListener('click', function () {
        var target = document.getElementById(a.getAttribute('href').slice(1));
        if (target) target.open = true;
      });
    });
  }

  function swap(html) {
    var old = document.getElementById('result');
    // DOMParser builds an inert document (no script runs); the section is then adopted
    var doc = new DOMParser().parseFromString(html, 'text/html');
    var fresh = doc.getElementById('result');
    if (old && fresh) old.replaceWith(document.adoptNode(fresh));
    wire();
    var status = document.getElementById('result-status');
    if (status) status.focus();
  }

  form.addEventListener('change', check);
  form.addEventListener('submit', function (ev) {
    if (!check()) { ev.preventDefault(); return; }
    var choice = form.querySelector('input[name=output]:checked');
    if (choice && choice.value !== 'page') return;  // a plain download: let the browser handle it
    ev.preventDefault();
    var btn = document.getElementById('upload');
    btn.disabled = true;
    post('page').then(function (resp) { return resp.text(); }).then(swap).catch(function () {
      box.appendChild(D.messages([D.t('web.network_error')]));
    }).then(function () { btn.disabled = false; });
  });
  wire();
})();
