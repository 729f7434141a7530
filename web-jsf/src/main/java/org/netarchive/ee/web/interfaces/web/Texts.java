package org.netarchive.ee.web.interfaces.web;

import jakarta.faces.context.FacesContext;
import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;
import org.netarchive.ee.scheduler.application.domain.StaleEditException;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;

/**
 * The UI's texts for backing beans, from the bundle pages know as {@code msg} ({@code
 * org.netarchive.ee.web.messages}), in the language of the current view.
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
   * A refusal of the domain model in the current view's language: the bundle's text {@code
   * rule.<rule>} with the refusal's values, or its own (English) message if the bundle has none.
   */
  public static String refusal(RuleViolation violation) {
    Locale locale = locale(FacesContext.getCurrentInstance());
    return refusal(violation, ResourceBundle.getBundle(BUNDLE, locale), locale);
  }

  /** As {@link #refusal(RuleViolation)}, from a given bundle. */
  static String refusal(RuleViolation violation, ResourceBundle bundle, Locale locale) {
    String key = "rule." + violation.rule();
    if (!bundle.containsKey(key)) {
      return violation.getMessage();
    }
    return new MessageFormat(bundle.getString(key), locale)
        .format(violation.values().toArray(Object[]::new));
  }

  /** An edit refused as stale, in the current view's language (text {@code refusal.staleEdit}). */
  public static String staleEdit(StaleEditException stale) {
    Locale locale = locale(FacesContext.getCurrentInstance());
    return staleEdit(stale, ResourceBundle.getBundle(BUNDLE, locale), locale);
  }

  /** As {@link #staleEdit(StaleEditException)}, from a given bundle. */
  static String staleEdit(StaleEditException stale, ResourceBundle bundle, Locale locale) {
    return new MessageFormat(bundle.getString("refusal.staleEdit"), locale)
        .format(
            new Object[] {
              stale.what(), String.valueOf(stale.stored()), String.valueOf(stale.edited())
            });
  }

  /** The current view's language. */
  public static Locale locale(FacesContext context) {
    if (context != null && context.getViewRoot() != null) {
      return context.getViewRoot().getLocale();
    }
    return Locale.ENGLISH;
  }
}
