package org.netarchive.ee.web.interfaces.web;

import jakarta.faces.component.UIComponent;
import jakarta.faces.context.FacesContext;
import jakarta.faces.convert.Converter;
import jakarta.faces.convert.FacesConverter;
import java.text.NumberFormat;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * Shows a limit of objects or bytes: a negative one (stored as -1) as "no limit" in the view's
 * language, any other with digit grouping, as {@code 5,000,000}. For output only: the forms that
 * edit limits take the number itself.
 */
@FacesConverter("nas.limit")
public class LimitConverter implements Converter<Number> {

  @Override
  public String getAsString(FacesContext context, UIComponent component, Number value) {
    Locale locale = Texts.locale(context);
    return format(value, ResourceBundle.getBundle(Texts.BUNDLE, locale), locale);
  }

  @Override
  public Number getAsObject(FacesContext context, UIComponent component, String value) {
    throw new UnsupportedOperationException("Limits are shown with this converter, not read");
  }

  /** A limit's text: empty for none, "no limit" for a negative one, else the grouped number. */
  static String format(Number value, ResourceBundle bundle, Locale locale) {
    if (value == null) {
      return "";
    }
    if (value.longValue() < 0) {
      return bundle.getString("configuration.unlimited");
    }
    return NumberFormat.getIntegerInstance(locale).format(value.longValue());
  }
}
