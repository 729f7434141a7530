package org.netarchive.ee.web.interfaces.archive.rest;

import jakarta.annotation.security.PermitAll;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.netarchive.ee.archive.application.ArchiveTransfers;
import org.netarchive.ee.archive.application.ArchiveUploads;
import org.netarchive.ee.archive.application.StagingArea;
import org.netarchive.ee.common.archive.Delivery;
import org.netarchive.ee.common.message.RemoteFileRef;

/**
 * The bitarchives' way to the server application's own archive clients ({@link ArchiveTransfers}):
 * {@code GET /api/transfers/offers/{id}} serves a file offered for a store, {@code PUT
 * /api/transfers/deliveries/{id}} receives a file, record or batch result the archive delivers,
 * verified against the length and SHA-512 its headers announce ({@link Delivery}). And the
 * harvester agents' way to the archive: {@code PUT /api/transfers/uploads/{fileName}} stages a file
 * for storing ({@link ArchiveUploads}), authenticated as the agents' account, so that nothing
 * connects into an agent.
 *
 * <p>Not for people and not in the OpenAPI document: each id is good for one transfer, and the
 * request must present its bearer token (no HTTP Basic; ApiAuthentication lets these paths through,
 * all but the uploads). An unknown id and a wrong or missing token get the same 404, before any of
 * the body is read, so nothing tells which transfers exist. A delivery may be larger than the
 * listener's request limit for the UI ({@code NAS_MAX_UPLOAD_BYTES}): {@link TransferBodyLimit}
 * lifts it for these PUTs alone.
 */
@Path("transfers")
@RequestScoped
@PermitAll
public class TransfersResource {

  /** The path prefix of deliveries under the application's root. */
  static final String DELIVERIES = ArchiveTransfers.PATH + "/deliveries/";

  /** The path prefix of the agents' uploads under the application's root. */
  public static final String UPLOADS = ArchiveTransfers.PATH + "/uploads/";

  /** The role that may upload: the harvester agents' account. */
  static final String AGENT_ROLE = "agent";

  private static final String NOT_FOUND = "No such transfer, or not authorised";

  @EJB private ArchiveTransfers transfers;
  @EJB private ArchiveUploads uploads;
  @Context private SecurityContext security;

  /** The container's constructor. */
  public TransfersResource() {}

  TransfersResource(ArchiveTransfers transfers) {
    this.transfers = transfers;
  }

  /** The status and text of an answer to a delivery. */
  record Answer(int status, String text) {}

  /**
   * Serves an offered file.
   *
   * @param id the offer's id
   * @param authorization {@code Bearer} and the offer's token
   */
  @GET
  @Path("offers/{id}")
  @Produces(MediaType.APPLICATION_OCTET_STREAM)
  @Operation(hidden = true)
  public Response offer(
      @PathParam("id") String id, @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization)
      throws IOException {
    Optional<java.nio.file.Path> file = offered(id, authorization);
    if (file.isEmpty()) {
      return text(new Answer(404, NOT_FOUND));
    }
    StreamingOutput bytes =
        out -> {
          try (InputStream in = Files.newInputStream(file.get())) {
            in.transferTo(out);
          }
        };
    return Response.ok(bytes, MediaType.APPLICATION_OCTET_STREAM_TYPE)
        .header(HttpHeaders.CONTENT_LENGTH, Files.size(file.get()))
        .build();
  }

  /** The file offered under an id to a request presenting its token, if it still is. */
  Optional<java.nio.file.Path> offered(String id, String authorization) {
    return transfers
        .offered(id)
        .filter(o -> o.accepts(authorization))
        .map(ArchiveTransfers.Offer::file)
        .filter(Files::isRegularFile);
  }

  /**
   * Receives a delivery: 201 when it arrived intact, 400 naming what did not match (no file is left
   * then), 404 for an unknown id, a wrong token or a delivery already complete.
   *
   * @param id the delivery's id
   * @param authorization {@code Bearer} and the delivery's token
   * @param length the announced length
   * @param sha512 the announced SHA-512
   * @param body the bytes
   */
  @PUT
  @Path("deliveries/{id}")
  @Consumes(MediaType.WILDCARD)
  @Produces(MediaType.TEXT_PLAIN)
  @Operation(hidden = true)
  public Response deliver(
      @PathParam("id") String id,
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
      @HeaderParam(Delivery.LENGTH_HEADER) String length,
      @HeaderParam(Delivery.SHA512_HEADER) String sha512,
      InputStream body)
      throws IOException {
    return text(receive(id, authorization, length, sha512, body));
  }

  /** Receives a delivery, the body read only for a request presenting the delivery's token. */
  Answer receive(String id, String authorization, String length, String sha512, InputStream body)
      throws IOException {
    Delivery delivery = transfers.awaited(id).filter(d -> d.accepts(authorization)).orElse(null);
    if (delivery == null) {
      return new Answer(404, NOT_FOUND);
    }
    String problem = delivery.receive(body, length, sha512);
    return problem == null ? new Answer(201, "stored") : new Answer(400, problem);
  }

  /**
   * Receives a file a harvester agent uploads for storing (HTTP Basic as the agents' account, role
   * {@value #AGENT_ROLE}; ApiAuthentication answers 401 without it): 201 with the offer to name in
   * the store request (JSON: uri, size, sha512, token), 200 with a new offer when the same file is
   * staged already, 400 for a malformed name or header, 403 for another account, 409 when another
   * file of that name is staged, 422 naming the file when the body is not what the headers announce
   * (nothing is left of it then).
   *
   * <p>Without {@value Delivery#SHA512_HEADER} the sender computes the checksum while sending: the
   * upload is received (202, JSON: id, size that arrived) and staged when the sender names its
   * checksum ({@link #confirm}), so that it reads the file once; the replicas verify their copies
   * against that checksum.
   *
   * @param fileName the file's name
   * @param length the announced length ({@value Delivery#LENGTH_HEADER})
   * @param sha512 the announced SHA-512 ({@value Delivery#SHA512_HEADER})
   * @param body the bytes
   */
  @PUT
  @Path("uploads/{fileName}")
  @Consumes(MediaType.WILDCARD)
  @Produces({MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN})
  @Operation(hidden = true)
  public Response upload(
      @PathParam("fileName") String fileName,
      @HeaderParam(Delivery.LENGTH_HEADER) String length,
      @HeaderParam(Delivery.SHA512_HEADER) String sha512,
      @Context HttpServletRequest request,
      InputStream body)
      throws IOException {
    Optional<Answer> refused = refusedUploader();
    if (refused.isPresent()) {
      return text(refused.get());
    }
    try {
      if (sha512 == null) {
        StagingArea.Pending received =
            uploads.receive(fileName, body, length, request.getRemoteAddr());
        return json(
            202, Json.createObjectBuilder().add("id", received.id()).add("size", received.size()));
      }
      return offer(uploads.upload(fileName, body, length, sha512, request.getRemoteAddr()));
    } catch (StagingArea.Refusal refusal) {
      return text(new Answer(refusal.status(), refusal.getMessage()));
    }
  }

  /**
   * Stages an upload received without its checksum ({@link #upload}) under the SHA-512 its sender
   * computed while sending: 201 with the offer, as an upload with the checksum announced gets; 404
   * when no such upload of that file waits (confirmed already, older than an hour, or the server
   * restarted: upload again); 409 when a store of another file of that name is under way (the
   * upload is deleted); 400, 401, 403 as for an upload.
   *
   * @param fileName the file's name
   * @param id the id of the received upload
   * @param sha512 the SHA-512 the sender computed ({@value Delivery#SHA512_HEADER})
   */
  @POST
  @Path("uploads/{fileName}/received/{id}")
  @Produces({MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN})
  @Operation(hidden = true)
  public Response confirm(
      @PathParam("fileName") String fileName,
      @PathParam("id") String id,
      @HeaderParam(Delivery.SHA512_HEADER) String sha512,
      @Context HttpServletRequest request)
      throws IOException {
    Optional<Answer> refused = refusedUploader();
    if (refused.isPresent()) {
      return text(refused.get());
    }
    try {
      return offer(uploads.confirm(fileName, id, sha512, request.getRemoteAddr()));
    } catch (StagingArea.Refusal refusal) {
      return text(new Answer(refusal.status(), refusal.getMessage()));
    }
  }

  /** Why the caller may not upload for storing, if it may not: only the agents' account may. */
  private Optional<Answer> refusedUploader() {
    if (security == null || security.getUserPrincipal() == null) {
      return Optional.of(
          new Answer(401, "Uploads need the harvester agents' account (HTTP Basic)"));
    }
    if (!security.isUserInRole(AGENT_ROLE)) {
      return Optional.of(
          new Answer(
              403,
              "Account '"
                  + security.getUserPrincipal().getName()
                  + "' may not upload files for storing: that is the harvester agents' account"));
    }
    return Optional.empty();
  }

  private static Response offer(RemoteFileRef offer) {
    return json(
        201,
        Json.createObjectBuilder()
            .add("uri", offer.uri())
            .add("size", offer.size())
            .add("sha512", offer.sha512())
            .add("token", offer.token()));
  }

  private static Response json(int status, JsonObjectBuilder json) {
    return Response.status(status)
        .entity(json.build().toString())
        .type(MediaType.APPLICATION_JSON_TYPE)
        .build();
  }

  private static Response text(Answer answer) {
    return Response.status(answer.status())
        .entity(answer.text())
        .type(MediaType.TEXT_PLAIN_TYPE.withCharset(StandardCharsets.UTF_8.name()))
        .build();
  }
}
