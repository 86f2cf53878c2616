// Draws /openapi.json with the Swagger UI served by this server (/docs-assets), so /docs works offline.
"use strict";
if (window.SwaggerUIBundle) {
  window.ui = window.SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true });
}
