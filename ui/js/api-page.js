// Renders /openapi.yaml with Swagger UI (loaded from its WebJar before this script).
window.addEventListener('DOMContentLoaded', () => {
  window.SwaggerUIBundle({
    url: '/openapi.yaml',
    dom_id: '#api-description',
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
  });
});
