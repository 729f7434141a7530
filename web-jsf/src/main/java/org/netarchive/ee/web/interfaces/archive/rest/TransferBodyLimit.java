package org.netarchive.ee.web.interfaces.archive.rest;

import io.undertow.server.HttpServerExchange;
import io.undertow.servlet.ServletExtension;
import io.undertow.servlet.api.DeploymentInfo;
import io.undertow.util.CanonicalPathUtils;
import io.undertow.util.Methods;
import jakarta.servlet.ServletContext;

/**
 * Lifts the HTTP listener's request size limit ({@code max-post-size}, {@code
 * NAS_MAX_UPLOAD_BYTES}) for deliveries from the bitarchives ({@code PUT
 * /api/transfers/deliveries/...}, {@link TransfersResource}) and the agents' uploads ({@code PUT
 * /api/transfers/uploads/...}) alone: a whole WARC file may be larger than any upload of the UI.
 * The limit is raised on the exchange before its body is read; every other request keeps the
 * listener's. Deliveries come chunked (RemoteFiles): Undertow refuses a request whose
 * Content-Length is above the listener's limit while it parses it, before any handler, and measures
 * a chunked body only as it is read. A delivery's length is bounded by what its headers announce,
 * and only a request presenting the delivery's token is read at all; an upload's is bounded by its
 * headers too, and only a logged-in agent's is read.
 */
public class TransferBodyLimit implements ServletExtension {

  @Override
  public void handleDeployment(DeploymentInfo deployment, ServletContext context) {
    deployment.addInitialHandlerChainWrapper(
        next ->
            exchange -> {
              if (isDelivery(exchange)) {
                // 0: no limit. The resource stops reading beyond the announced length.
                exchange.setMaxEntitySize(0);
              }
              next.handleRequest(exchange);
            });
  }

  private static boolean isDelivery(HttpServerExchange exchange) {
    // Canonical, as the servlet path it is dispatched by: "/transfers/deliveries/../x" is not one.
    if (!Methods.PUT.equals(exchange.getRequestMethod())) {
      return false;
    }
    String path = CanonicalPathUtils.canonicalize(exchange.getRelativePath());
    return path.startsWith(TransfersResource.DELIVERIES)
        || path.startsWith(TransfersResource.UPLOADS);
  }
}
