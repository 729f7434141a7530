package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.ServerUnderTest.HTTP;
import static org.netarchive.ee.it.ServerUnderTest.request;
import static org.netarchive.ee.it.ServerUnderTest.send;

import java.io.StringReader;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The application's transfer endpoint ({@code /api/transfers}), through which the bitarchives fetch
 * what the admin UI and repairs store and deliver what they fetch: it answers only requests with
 * the transfer's own bearer token (everything else gets the same 404, never a login prompt), is not
 * part of the public API document. That it takes a delivery larger than the listener's request
 * limit while a UI upload of the same size is refused is proven on a server of its own, whose limit
 * is set low at its start ({@link MultiHostIT}): changing the limit here would mean reloading the
 * server the other tests share. Deliveries with a valid token but a wrong length or checksum are
 * refused by the same code the unit tests (TransfersResourceTest) exercise.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class TransfersIT {

  @Test
  void givenUnknownIdOrWrongToken_whenTransferring_then404WithoutALoginPrompt() throws Exception {
    HttpResponse<String> delivery =
        send(
            request(HTTP + "/api/transfers/deliveries/no-such-delivery")
                .header("Authorization", "Bearer forged")
                .header("X-Content-Length", "5")
                .header("X-Content-SHA512", "0".repeat(128))
                .PUT(HttpRequest.BodyPublishers.ofString("hello"))
                .build());
    HttpResponse<String> anonymous =
        send(
            request(HTTP + "/api/transfers/deliveries/no-such-delivery")
                .PUT(HttpRequest.BodyPublishers.ofString("hello"))
                .build());
    HttpResponse<String> offer =
        send(
            request(HTTP + "/api/transfers/offers/no-such-offer")
                .header("Authorization", "Bearer forged")
                .GET()
                .build());
    HttpResponse<String> basic =
        send(
            ServerUnderTest.asUser(
                    request(HTTP + "/api/transfers/offers/no-such-offer"),
                    ServerUnderTest.ADMIN,
                    ServerUnderTest.adminPassword())
                .GET()
                .build());

    assertThat(delivery.statusCode()).isEqualTo(404);
    assertThat(delivery.body()).isEqualTo("No such transfer, or not authorised");
    assertThat(anonymous.statusCode()).isEqualTo(404);
    assertThat(offer.statusCode()).isEqualTo(404);
    assertThat(basic.statusCode()).as("an account's password is no transfer token").isEqualTo(404);
  }

  @Test
  void givenTheApiDocument_whenReadingItsPaths_thenTheTransfersAreNotInIt() throws Exception {
    HttpResponse<String> response = send(request(HTTP + "/openapi?format=JSON").GET().build());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(
            jakarta.json.Json.createReader(new StringReader(response.body()))
                .readObject()
                .getJsonObject("paths")
                .keySet())
        .isNotEmpty()
        .noneMatch(path -> path.startsWith("/api/transfers"));
  }
}
