package org.netarchive.ee.web.interfaces.web;

import jakarta.faces.application.FacesMessage;
import jakarta.faces.component.UIComponent;
import jakarta.faces.context.FacesContext;
import jakarta.faces.convert.Converter;
import jakarta.faces.convert.ConverterException;
import jakarta.faces.convert.FacesConverter;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * Shows instants to the minute in UTC, the zone the server's records are in, saying so: {@code
 * 2026-03-01 02:00 UTC}.
 */
@FacesConverter(forClass = Instant.class)
public class InstantConverter implements Converter<Instant> {

  private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");
  private static final String SUFFIX = " UTC";

  @Override
  public String getAsString(FacesContext context, UIComponent component, Instant value) {
    return format(value);
  }

  @Override
  public Instant getAsObject(FacesContext context, UIComponent component, String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    String text = value.strip();
    if (text.endsWith(SUFFIX.strip())) {
      text = text.substring(0, text.length() - SUFFIX.strip().length()).strip();
    }
    try {
      return LocalDateTime.parse(text, FORMAT).toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      String refusal = Texts.text("converter.instant", value, format(Instant.now()));
      throw new ConverterException(
          new FacesMessage(FacesMessage.SEVERITY_ERROR, refusal, refusal), e);
    }
  }

  /** The text an instant is shown as; empty for none. */
  public static String format(Instant value) {
    return value == null ? "" : FORMAT.format(value.atOffset(ZoneOffset.UTC)) + SUFFIX;
  }
}
