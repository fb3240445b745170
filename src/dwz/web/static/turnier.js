/* The tournament page.  With JavaScript the upload is sent with fetch and only the result
   section is replaced, so the chosen files stay selected and the download buttons can send
   them again (CSV, JSON, HTML, DSB-XML 2.5, DeWIS-XML, Restpartien) — nothing is kept on the
   server.  An invalid upload file is marked and downloaded only on a second click.  Without JavaScript the form posts normally and the "Ausgabe" choice gives the same
   downloads. */
(function () {
  'use strict';
  var D = window.DWZ;
  var form = document.getElementById('turnier-form');
  if (!form) return;
  var maxBody = parseInt(form.getAttribute('data-max-body'), 10);
  var inputs = Array.prototype.slice.call(form.querySelectorAll('input[type=file]'));

  function mb(bytes) { return D.num(Math.round(bytes / 104857.6) / 10); }

  function errBox(input) { return document.getElementById(input.name + '-err'); }

  /* Each file within its limit, all of them within the request's: said before anything is sent. */
  function check() {
    var ok = true, total = 0;
    inputs.forEach(function (input) {
      var box = errBox(input);
      D.clear(box);
      input.removeAttribute('aria-invalid');
      var f = input.files && input.files[0];
      if (!f) return;
      total += f.size;
      var max = parseInt(input.getAttribute('data-max'), 10);
      if (f.size > max) {
        box.appendChild(D.messages([D.t('web.file_too_large', { size: mb(f.size), max: mb(max) })]));
        input.setAttribute('aria-invalid', 'true');
        ok = false;
      }
    });
    if (ok && total > maxBody) {
      errBox(inputs[0]).appendChild(D.messages([D.t('web.upload_too_large', { size: mb(total), max: mb(maxBody) })]));
      ok = false;
    }
    return ok;
  }

  function post(output, anyway) {
    var data = new FormData(form);
    data.set('output', output);
    if (anyway) data.set('write_anyway', 'on');
    var sep = form.action.indexOf('?') < 0 ? '?' : '&';
    return fetch(form.action + (output === 'page' ? sep + 'partial=1' : ''), { method: 'POST', body: data });
  }

  /* Problems that belong to a form field (the end date, a list): marked there as well. */
  function markFields() {
    var box = document.getElementById('upload-errors');
    var fields = box ? (box.getAttribute('data-fields') || '').split(' ').filter(Boolean) : [];
    fields.forEach(function (name) {
      var el = form.elements[name];
      if (el && !el.setAttribute && el.length) el = el[el.length - 1];  /* a switch: its hidden field, then its checkbox */
      if (el && el.setAttribute) {
        el.setAttribute('aria-invalid', 'true');
        var folded = el.closest ? el.closest('details') : null;
        if (folded) folded.open = true;  /* a switch under "Regeln und Auslegungen" that the message names: shown */
      }
    });
    if (fields.indexOf('end') >= 0 && form.elements.end) form.elements.end.focus();
  }

  function wire() {
    var dl = document.getElementById('downloads');
    if (dl) {
      dl.hidden = false;
      dl.addEventListener('click', function (ev) {
        var btn = ev.target.closest('button[data-output]');
        if (!btn) return;
        /* An invalid upload file: the first click says what it is, only a second one downloads it. */
        var invalid = btn.hasAttribute('data-invalid');
        if (invalid && !btn.hasAttribute('data-armed')) {
          btn.setAttribute('data-armed', '1');
          btn.textContent = btn.getAttribute('data-armed-text');
          return;
        }
        post(btn.getAttribute('data-output'), invalid).then(function (resp) {
          if (!resp.ok) return resp.text().then(function (html) { swap(html); });
          var name = (resp.headers.get('Content-Disposition') || '').replace(/.*filename="([^"]+)".*/, '$1') || 'download';
          return resp.blob().then(function (blob) {
            var a = document.createElement('a');
            a.href = URL.createObjectURL(blob);
            a.download = name;
            document.body.appendChild(a);
            a.click();
            setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
          });
        }).catch(function () { errBox(inputs[0]).appendChild(D.messages([D.t('web.network_error')])); });
      });
    }
    Array.prototype.forEach.call(document.querySelectorAll('a.rw-link'), function (a) {
      a.addEventListener('click', function () {
        var target = document.getElementById(a.getAttribute('href').slice(1));
        if (target) target.open = true;
      });
    });
    markFields();
  }

  function swap(html) {
    var old = document.getElementById('result');
    // DOMParser builds an inert document (no script runs); the section is then adopted
    var doc = new DOMParser().parseFromString(html, 'text/html');
    var fresh = doc.getElementById('result');
    if (old && fresh) old.replaceWith(document.adoptNode(fresh));
    wire();
    var status = document.getElementById('result-status');
    if (status && !document.getElementById('upload-errors')) status.focus();
  }

  form.addEventListener('change', check);
  form.addEventListener('submit', function (ev) {
    if (!check()) { ev.preventDefault(); return; }
    var choice = form.querySelector('input[name=output]:checked');
    if (choice && choice.value !== 'page') return;  // a plain download: let the browser handle it
    ev.preventDefault();
    var btn = document.getElementById('upload');
    btn.disabled = true;
    inputs.forEach(function (input) { input.removeAttribute('aria-invalid'); });
    post('page').then(function (resp) { return resp.text(); }).then(swap).catch(function () {
      errBox(inputs[0]).appendChild(D.messages([D.t('web.network_error')]));
    }).then(function () { btn.disabled = false; });
  });
  wire();
})();
