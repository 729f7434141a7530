package org.netarchive.ee.web.interfaces.rest;

import jakarta.ejb.EJBAccessException;
import jakarta.ejb.EJBException;
import jakarta.json.bind.JsonbException;
import jakarta.persistence.OptimisticLockException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.application.domain.StaleEditException;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.web.interfaces.archive.ArchiveUnavailableException;

/**
 * Turns every failure of a REST call into a problem document (RFC 9457): invalid input 400 with the
 * field, unknown things 404, stale edits 409, missing rights 403; anything unexpected 500, logged
 * once with its stack trace under an incident id the answer gives. No answer quotes the exception
 * of a library (RESTEasy, JSON-B, JPA, the database): their words name internals, not the input.
 */
@Provider
public class ProblemMappers implements ExceptionMapper<Throwable> {

  private static final Logger LOG = Logger.getLogger(ProblemMappers.class.getName());

  @Override
  public Response toResponse(Throwable thrown) {
    Throwable e = unwrap(thrown);
    return switch (e) {
      case FieldProblem p ->
          Problem.response(Response.Status.BAD_REQUEST, p.getMessage(), p.field());
      case InvalidFieldException p ->
          Problem.response(Response.Status.BAD_REQUEST, p.getMessage(), p.field());
      case org.netarchive.ee.scheduler.application.fleet.CommandRefusedException p ->
          Problem.response(Response.Status.CONFLICT, p.getMessage());
      case org.netarchive.ee.scheduler.domain.model.StateConflict p ->
          Problem.response(Response.Status.CONFLICT, p.getMessage());
      case RuleViolation p when p.field() != null ->
          Problem.response(Response.Status.BAD_REQUEST, p.getMessage(), p.field());
      case IllegalArgumentException p ->
          Problem.response(Response.Status.BAD_REQUEST, p.getMessage());
      case org.netarchive.ee.scheduler.application.domain.NotFoundException p ->
          Problem.response(Response.Status.NOT_FOUND, p.getMessage());
      case StaleEditException p -> Problem.response(Response.Status.CONFLICT, p.getMessage());
      case org.netarchive.ee.archive.application.preservation.PreservationConflict p ->
          Problem.response(Response.Status.CONFLICT, p.getMessage());
      case org.netarchive.ee.web.interfaces.replay.WaczConflict p ->
          Problem.response(Response.Status.CONFLICT, p.getMessage());
      case ArchiveUnavailableException p ->
          Problem.response(Response.Status.SERVICE_UNAVAILABLE, p.getMessage());
      case OptimisticLockException p ->
          Problem.response(
              Response.Status.CONFLICT,
              "Someone else changed this at the same time; reload it and make the change again");
      case EJBAccessException p ->
          Problem.response(Response.Status.FORBIDDEN, "Your role does not allow this operation");
      case JsonbException p ->
          Problem.response(
              Response.Status.BAD_REQUEST,
              "The request body is not valid JSON for this operation",
              "body");
      case ProcessingException p ->
          Problem.response(
              Response.Status.BAD_REQUEST, "The request body could not be read", "body");
      case NotFoundException p -> Problem.response(Response.Status.NOT_FOUND, "No such resource");
      case NotAllowedException p ->
          Problem.response(
              Response.Status.METHOD_NOT_ALLOWED,
              "This resource does not take that method; it takes "
                  + String.join(", ", p.getResponse().getAllowedMethods()));
      case NotSupportedException p ->
          Problem.response(
              Response.Status.UNSUPPORTED_MEDIA_TYPE,
              "This operation does not take a body of that media type (Content-Type)");
      case WebApplicationException p -> {
        // RESTEasy's own messages name its internals; the status says what went wrong.
        Response.StatusType status = p.getResponse().getStatusInfo();
        Response.Status known = Response.Status.fromStatusCode(status.getStatusCode());
        yield known == null
            ? Problem.response(Response.Status.BAD_REQUEST, status.getReasonPhrase())
            : Problem.response(known, known.getReasonPhrase());
      }
      default -> {
        String incident = UUID.randomUUID().toString();
        LOG.log(Level.SEVERE, "REST call failed unexpectedly, incident " + incident, e);
        yield Problem.response(
            Response.Status.INTERNAL_SERVER_ERROR,
            "Internal error, logged on the server as incident " + incident);
      }
    };
  }

  private static Throwable unwrap(Throwable thrown) {
    Throwable e = thrown;
    while (e instanceof EJBException
        && !(e instanceof EJBAccessException)
        && e.getCause() != null) {
      e = e.getCause();
    }
    if (e instanceof jakarta.transaction.RollbackException && e.getCause() != null) {
      e = e.getCause();
    }
    if (e instanceof jakarta.persistence.PersistenceException
        && e.getCause() instanceof OptimisticLockException ole) {
      e = ole;
    }
    return e;
  }
}
