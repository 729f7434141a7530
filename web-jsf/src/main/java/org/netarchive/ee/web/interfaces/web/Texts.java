package org.netarchive.ee.web.interfaces.web;

import jakarta.faces.context.FacesContext;
import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;
import org.netarchive.ee.scheduler.domain.model.Localizable;
import org.netarchive.ee.scheduler.domain.model.Text;

/**
 * The UI's texts for backing beans, from the bundle pages know as {@code msg} ({@code
 * org.netarchive.ee.web.messages}), in the language of the current view; and what the services say
 * ({@link #failure(Throwable)}), from their own bundle ({@link Text#BUNDLE}), in the same language.
 */
public final class Texts {

  /** The bundle's base name, as faces-config.xml registers it. */
  public static final String BUNDLE = "org.netarchive.ee.web.messages";

  private Texts() {}

  /**
   * The text of {@code key}; with arguments, the text is a {@link MessageFormat} pattern they are
   * put into.
   */
  public static String text(String key, Object... arguments) {
    FacesContext context = FacesContext.getCurrentInstance();
    Locale locale = locale(context);
    String pattern = ResourceBundle.getBundle(BUNDLE, locale).getString(key);
    return arguments.length == 0 ? pattern : new MessageFormat(pattern, locale).format(arguments);
  }

  /**
   * What a service or the domain model says when it refuses something, finds nothing or finds an
   * edit stale, in the current view's language: the {@link Text} the exception carries (or a cause
   * with the same English message does), from the services' bundle; the exception's own English
   * message where it has none. Beans show this instead of {@code getMessage()}.
   */
  public static String failure(Throwable failure) {
    return failure(failure, locale(FacesContext.getCurrentInstance()));
  }

  /** As {@link #failure(Throwable)}, in {@code locale}. */
  static String failure(Throwable failure, Locale locale) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof Localizable said
          && said.text() != null
          && (t == failure || said.text().english().equals(failure.getMessage()))) {
        return said.text().in(locale);
      }
    }
    return failure.getMessage();
  }

  /** The current view's language. */
  public static Locale locale(FacesContext context) {
    if (context != null && context.getViewRoot() != null) {
      return context.getViewRoot().getLocale();
    }
    return Locale.ENGLISH;
  }
}
