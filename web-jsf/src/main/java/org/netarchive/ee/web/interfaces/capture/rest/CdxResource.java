package org.netarchive.ee.web.interfaces.capture.rest;

import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.charset.StandardCharsets;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.archive.application.CaptureSearch;
import org.netarchive.ee.archive.domain.model.capture.CaptureQuery;
import org.netarchive.ee.archive.domain.model.capture.CdxOutput;
import org.netarchive.ee.common.index.Capture;

/**
 * The CDX server API over the archive-wide capture index, as pywb and OutbackCDX serve it: {@code
 * GET /api/cdx?url=...} and, for clients configured with a collection's index URL, {@code GET
 * /api/cdx/{collection}?url=...} (the archive is one collection; its name is not checked).
 *
 * <p>Parameters: {@code url} (required; {@code example.com/*} means a prefix, {@code *.example.com}
 * a domain), {@code matchType} ({@code exact}, {@code prefix}, {@code host}, {@code domain}),
 * {@code from} and {@code to} (4 to 14 digits), {@code limit} (or {@code rows}), {@code sort}
 * ({@code default}, {@code reverse}, {@code closest}) with {@code closest} (a timestamp; alone it
 * means {@code sort=closest}), {@code filter} (repeatable, {@code [!][~|=]field:value}), {@code fl}
 * (fields separated by commas) and {@code output} ({@code cdx}, CDX11 text, the default; {@code
 * cdxj}; {@code json}, one object per line with the revisit's original). Results stream in SURT key
 * then time order. A bad parameter is answered 400 naming it and its value.
 */
@Tag(
    name = "CDX",
    description =
        "The CDX server API (pywb, OutbackCDX) over the archive-wide capture index: captures by URL.")
@Path("cdx")
@RequestScoped
@RolesAllowed({"admin", "curator", "viewer"})
public class CdxResource {

  @Inject private CaptureSearch search;

  /**
   * The 200 answer of both paths, which answer alike ({@link #collection} is {@link #query}):
   * written once for the OpenAPI document, which reads the {@link APIResponse} this annotation
   * carries as if it stood on the method.
   */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.METHOD)
  @APIResponse(
      responseCode = "200",
      description = "The captures, one per line, in the output asked for",
      content = {
        @Content(mediaType = "text/plain", schema = @Schema(type = SchemaType.STRING)),
        @Content(mediaType = "text/x-cdxj", schema = @Schema(type = SchemaType.STRING)),
        @Content(mediaType = "application/x-ndjson", schema = @Schema(type = SchemaType.STRING))
      })
  @interface CaptureLines {}

  @Operation(
      summary = "Find captures (CDX server API)",
      description =
          "Captures of a URL from the archive-wide capture index. url (required; example.com/* is a prefix, *.example.com a domain), matchType (exact, prefix, host, domain), from and to (4 to 14 digits, inclusive), limit (or rows), sort (default: SURT key then time; reverse; closest, with closest=<timestamp>; closest alone implies it), filter (repeatable: [!][~|=]field:value, a regular expression the whole field matches, ~ contains, = equals, ! negates; fields urlkey timestamp url mime status digest redirect length offset filename jobid), fl (fields), output (cdx: CDX11 text, the default; cdxj; json: one object per line with file, offset, length, timestamp, url, mime, status, digest and jobId, and original for a revisit). Streamed.")
  @CaptureLines
  @GET
  @Produces({"text/plain", "text/x-cdxj", "application/x-ndjson", "application/problem+json"})
  public Response query(@BeanParam CdxParameters parameters) {
    CdxParameters.Checked checked = parameters.checked();
    CaptureQuery query = checked.query();
    CdxOutput out = checked.output();
    boolean resolve = out.format() == CdxOutput.Format.JSON && out.fields().isEmpty();
    StreamingOutput body =
        stream -> {
          BufferedWriter writer =
              new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 64 * 1024);
          try {
            search.run(
                query,
                capture -> {
                  Capture original =
                      resolve && capture.isRevisit() ? search.original(capture).orElse(null) : null;
                  try {
                    writer.write(out.line(capture, original));
                  } catch (java.io.IOException e) {
                    throw new UncheckedIOException(e);
                  }
                  return true;
                });
          } catch (UncheckedIOException e) {
            throw e.getCause();
          }
          writer.flush();
        };
    return Response.ok(body)
        .type(out.format().mediaType() + ";charset=utf-8")
        .header("Cache-Control", "no-store")
        .build();
  }

  @Operation(
      summary = "Find captures in a collection (pywb / OutbackCDX path)",
      description =
          "The same as GET /api/cdx, at the path pywb and OutbackCDX clients use for a collection's index (index_paths: cdx+https://<server>/api/cdx/<collection>). The archive is one collection; any name is accepted.")
  @CaptureLines
  @GET
  @Path("{collection}")
  @Produces({"text/plain", "text/x-cdxj", "application/x-ndjson", "application/problem+json"})
  public Response collection(
      @PathParam("collection") String collection, @BeanParam CdxParameters parameters) {
    return query(parameters);
  }
}
