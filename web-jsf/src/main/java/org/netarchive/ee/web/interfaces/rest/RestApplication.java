package org.netarchive.ee.web.interfaces.rest;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.Components;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;

/**
 * The REST API's root: {@code /api}. Its annotations head the OpenAPI document that the server's
 * microprofile-openapi layer serves at {@code /openapi}: the title, HTTP Basic as the one
 * authentication, and the error answers that the resources refer to by name.
 */
@ApplicationPath("api")
@OpenAPIDefinition(
    info =
        @Info(
            title = "Netarchive EE REST API",
            version = "1",
            description =
                "Harvest definitions, scheduling, crawl jobs and the archive of Netarchive EE."
                    + " JSON over HTTP Basic authentication; viewers read, curators and admins"
                    + " change definitions, only admins manage templates, channels, crawler traps"
                    + " and accounts. Lists are paged (page from 0, size 1 to 1000). A change"
                    + " (PUT) changes the members it gives and keeps the others; it carries the"
                    + " version it was made on, and a stale one is refused (409). Every error is a"
                    + " problem document (RFC 9457) naming the field and the value."),
    security = @SecurityRequirement(name = RestApplication.BASIC),
    components =
        @Components(
            responses = {
              @APIResponse(
                  name = "BadRequest",
                  responseCode = "400",
                  description = "The request is refused; field names the member at fault",
                  content =
                      @Content(
                          mediaType = Problem.MEDIA_TYPE,
                          schema = @Schema(implementation = Problem.class))),
              @APIResponse(
                  name = "Unauthorized",
                  responseCode = "401",
                  description = "No valid HTTP Basic credentials",
                  content =
                      @Content(
                          mediaType = Problem.MEDIA_TYPE,
                          schema = @Schema(implementation = Problem.class))),
              @APIResponse(
                  name = "Forbidden",
                  responseCode = "403",
                  description = "The account's roles do not allow this",
                  content =
                      @Content(
                          mediaType = Problem.MEDIA_TYPE,
                          schema = @Schema(implementation = Problem.class))),
              @APIResponse(
                  name = "NotFound",
                  responseCode = "404",
                  description = "No such thing; detail names it",
                  content =
                      @Content(
                          mediaType = Problem.MEDIA_TYPE,
                          schema = @Schema(implementation = Problem.class))),
              @APIResponse(
                  name = "Conflict",
                  responseCode = "409",
                  description =
                      "The thing exists already, the version is stale, or its state forbids this",
                  content =
                      @Content(
                          mediaType = Problem.MEDIA_TYPE,
                          schema = @Schema(implementation = Problem.class)))
            }))
@SecurityScheme(
    securitySchemeName = RestApplication.BASIC,
    type = SecuritySchemeType.HTTP,
    scheme = "basic",
    description = "The user name and password of a Netarchive EE account")
public class RestApplication extends Application {

  /** The name of the API's one security scheme in the OpenAPI document. */
  static final String BASIC = "basic";
}
