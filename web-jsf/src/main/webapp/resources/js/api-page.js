// The API page: Swagger UI over the server's OpenAPI document. Only reading calls can be tried
// from the page; changes go through the admin UI's own pages or an API client.
window.addEventListener("load", function () {
  var element = document.getElementById("swagger-ui");
  window.apiPage = SwaggerUIBundle({
    url: element.getAttribute("data-document"),
    domNode: element,
    deepLinking: true,
    supportedSubmitMethods: ["get"],
    validatorUrl: null
  });
});
