package org.netarchive.ee.web.interfaces.web;

import jakarta.ejb.EJBAccessException;
import jakarta.ejb.EJBException;
import jakarta.faces.application.FacesMessage;
import jakarta.faces.context.FacesContext;
import jakarta.persistence.OptimisticLockException;
import jakarta.persistence.PersistenceException;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.scheduler.application.domain.StaleEditException;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;

/**
 * Runs service calls for a form and shows what the services refuse, with their whole message: next
 * to the field the refusal names (the input whose id is that field's name, inside the form), or
 * next to the form's main field for the call; a stale edit, a thing that is gone or a missing right
 * at the top of the page. The UI validates nothing itself that the services validate, so it refuses
 * exactly what the REST API refuses. What the services and the model say by key ({@link
 * org.netarchive.ee.scheduler.domain.model.Localizable}) is said in the page's language ({@link
 * Texts#failure(Throwable)}).
 */
public final class Refusals {

  private Refusals() {}

  /**
   * Runs {@code call}.
   *
   * @param form the id of the form whose inputs are named after the services' fields
   * @param mainField the input a refusal that names no field is shown next to; {@code null} for the
   *     top of the page
   * @return the call's result, or empty if it was refused (and the refusal is shown)
   * @throws RuntimeException anything that is not a refusal of the input, as it came
   */
  public static <T> Optional<T> attempt(String form, String mainField, Supplier<T> call) {
    return attempt(form, mainField, UnaryOperator.identity(), call);
  }

  /**
   * As {@link #attempt(String, String, Supplier)}, for a form whose inputs cannot be named exactly
   * as the services' fields (a field name with a dot is no valid component id).
   *
   * @param inputOf the id of the input a field of the services is typed into
   */
  public static <T> Optional<T> attempt(
      String form, String mainField, UnaryOperator<String> inputOf, Supplier<T> call) {
    try {
      return Optional.of(call.get());
    } catch (RuntimeException e) {
      FacesContext context = FacesContext.getCurrentInstance();
      switch (unwrap(e)) {
        case InvalidFieldException refused ->
            show(context, form, inputOf.apply(refused.field()), mainField, text(refused));
        case RuleViolation refused ->
            show(
                context,
                form,
                refused.field() == null ? null : inputOf.apply(refused.field()),
                mainField,
                text(refused));
        case StaleEditException stale -> show(context, null, null, null, Texts.failure(stale));
        case NotFoundException missing -> show(context, null, null, null, Texts.failure(missing));
        case IllegalArgumentException refused ->
            show(context, form, mainField, null, Texts.failure(refused));
        case EJBAccessException denied ->
            show(context, null, null, null, Texts.text("refusal.role"));
        case OptimisticLockException concurrent ->
            show(context, null, null, null, Texts.text("refusal.concurrentChange"));
        default -> throw e;
      }
      context.validationFailed();
      return Optional.empty();
    }
  }

  /** Shows an error next to an input of a form, or at the top if there is no such input. */
  public static void error(String form, String field, String text) {
    show(FacesContext.getCurrentInstance(), form, field, null, text);
  }

  /**
   * Whether the user is a curator or an admin, who may start what a page offers them; if not, shows
   * the refusal of the role at the top of the page.
   */
  public static boolean curatorOrAdmin(FacesContext context) {
    if (context.getExternalContext().isUserInRole("admin")
        || context.getExternalContext().isUserInRole("curator")) {
      return true;
    }
    error(null, null, Texts.text("refusal.role"));
    return false;
  }

  /** Shows a piece of news at the top of the page. */
  public static void info(String text) {
    FacesContext.getCurrentInstance()
        .addMessage(null, new FacesMessage(FacesMessage.SEVERITY_INFO, text, text));
  }

  /** Shows a piece of news at the top of the page the browser is redirected to. */
  public static void infoAfterRedirect(String text) {
    FacesContext.getCurrentInstance().getExternalContext().getFlash().setKeepMessages(true);
    info(text);
  }

  /** The refusal's text, in the page's language where the service or the model says it by key. */
  private static String text(IllegalArgumentException refused) {
    return Texts.failure(refused);
  }

  private static void show(
      FacesContext context, String form, String field, String fallbackField, String text) {
    String clientId = clientId(context, form, field);
    if (clientId == null) {
      clientId = clientId(context, form, fallbackField);
    }
    context.addMessage(clientId, new FacesMessage(FacesMessage.SEVERITY_ERROR, text, text));
  }

  private static String clientId(FacesContext context, String form, String field) {
    if (form == null || field == null || context.getViewRoot() == null) {
      return null;
    }
    String id = form + jakarta.faces.component.UINamingContainer.getSeparatorChar(context) + field;
    return context.getViewRoot().findComponent(id) == null ? null : id;
  }

  private static Throwable unwrap(Throwable thrown) {
    Throwable e = thrown;
    while (e.getCause() != null
        && (e instanceof EJBException && !(e instanceof EJBAccessException)
            || e instanceof jakarta.transaction.RollbackException
            || e instanceof PersistenceException && !(e instanceof OptimisticLockException))) {
      e = e.getCause();
    }
    return e;
  }
}
