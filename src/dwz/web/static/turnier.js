/* The tournament page: a clear message before uploading a file that is too large. Nothing is stored. */
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

  form.addEventListener('change', check);
  form.addEventListener('submit', function (ev) { if (!check()) ev.preventDefault(); });
})();
