/* Starts the vendored Swagger UI on /openapi.json (no CDN, no inline script, no validator call). */
window.addEventListener('DOMContentLoaded', function () {
  'use strict';
  var node = document.getElementById('swagger-ui');
  window.ui = window.SwaggerUIBundle({
    url: node.getAttribute('data-url'),
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout'
  });
});
