package org.netarchive.ee.web.interfaces.definitions.rest;

import static org.netarchive.ee.web.interfaces.rest.FieldProblem.required;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.netarchive.ee.scheduler.application.channel.ChannelService;
import org.netarchive.ee.scheduler.application.channel.ChannelView;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.Page;

/**
 * Harvest channels, the job queues harvests send their jobs to: {@code /api/channels}. Everyone
 * reads them; only admins create them, change their comments and choose the default of a kind. A
 * channel is read with the name of its {@code queue}, which harvester agents of the channel listen
 * on; creating a channel creates that queue on the broker at once.
 *
 * <ul>
 *   <li>{@code GET /api/channels?name=F*&page=0&size=50} — paged list, name glob filter; with
 *       {@code ?kind=SELECTIVE} (or {@code SNAPSHOT}) all channels of that kind, unpaged
 *   <li>{@code GET /api/channels/{name}} — one channel
 *   <li>{@code POST /api/channels} {@code {"name": "FOCUSED", "kind": "SELECTIVE", "comments":
 *       "..."}} — create (201); the name is 1 to 60 letters A-Z and digits, upper-cased
 *   <li>{@code PUT /api/channels/{name}} {@code {"comments": "...", "version": 0}} — change the
 *       comments (absent: kept; empty: removed); name and kind never change
 *   <li>{@code POST /api/channels/{name}/default} — make it the default of its kind
 * </ul>
 */
@Tag(name = "Harvest channels", description = "Harvest channels and their job queues.")
@Path("channels")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@RolesAllowed({"admin", "curator", "viewer"})
public class ChannelResource {

  @EJB private ChannelService channels;

  /** Create a channel. */
  public record NewChannel(String name, String kind, String comments) {}

  /** Change a channel's comments; {@code version} is the version the change was made on. */
  public record ChannelChange(String comments, Integer version) {}

  @Operation(
      summary = "List harvest channels",
      description =
          "Harvest channels, each with its job queue and whether it is its kind's default; kind lists all of one kind. The name filter is a glob (* and ?, any case). Paged (page from 0, size 1 to 1000, default 50).")
  @GET
  public Page<ChannelView> list(
      @QueryParam("kind") String kind,
      @QueryParam("name") String nameGlob,
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("50") int size) {
    HarvestKind harvestKind = Kinds.parse("kind", kind);
    if (harvestKind != null) {
      List<ChannelView> ofKind = channels.ofKind(harvestKind);
      return new Page<>(ofKind, ofKind.size(), 0, ofKind.size());
    }
    return channels.list(nameGlob, page, size);
  }

  @Operation(summary = "Read a harvest channel", description = "One channel with its job queue.")
  @GET
  @Path("{name}")
  public ChannelView get(@PathParam("name") String name) {
    return channels.get(name);
  }

  @Operation(
      summary = "Create a harvest channel",
      description =
          "A new channel (admin); its queue <ENV>_COMMON_ANY_<NAME>_HACO is created on the broker at once.")
  @APIResponseSchema(
      value = ChannelView.class,
      responseCode = "201",
      responseDescription = "The channel, created")
  @POST
  @RolesAllowed("admin")
  public Response create(NewChannel request, @Context UriInfo uri) {
    required("body", request);
    String name = required("name", request.name());
    HarvestKind kind = required("kind", Kinds.parse("kind", request.kind()));
    ChannelView created = channels.create(name, kind, request.comments());
    return Response.created(uri.getAbsolutePathBuilder().segment(created.name()).build())
        .entity(created)
        .build();
  }

  @Operation(
      summary = "Change a harvest channel",
      description =
          "Changes the comments (admin); name and kind never change. A stale version is 409.")
  @PUT
  @Path("{name}")
  @RolesAllowed("admin")
  public ChannelView update(@PathParam("name") String name, ChannelChange change) {
    required("body", change);
    int version = required("version", change.version());
    String comments = change.comments() == null ? channels.get(name).comments() : change.comments();
    return channels.update(name, version, comments);
  }

  @Operation(
      summary = "Make a channel its kind's default",
      description = "New harvests of its kind without a channel go to it (admin).")
  @POST
  @Path("{name}/default")
  @RolesAllowed("admin")
  public ChannelView makeDefault(@PathParam("name") String name) {
    return channels.makeDefault(name);
  }
}
