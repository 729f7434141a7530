package org.netarchive.ee.scheduler.application.job;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Something the operators are told about: what kind of event it is, one line and the details for a
 * person, and the event's facts (for a webhook: replica, run, counts).
 *
 * @param kind what happened, e.g. {@code AUDIT_FINDINGS}, {@code AUDIT_FAILED}, {@code JOB_FAILED}
 * @param subject one line saying what happened
 * @param text the details, for a person
 * @param facts the event's facts by name: strings, numbers, booleans, or maps of those (counts)
 * @param at when it happened
 */
public record Notification(
    String kind, String subject, String text, Map<String, Object> facts, Instant at) {

  /** The kind of a notification given only as a subject and text. */
  public static final String NOTICE = "NOTICE";

  public Notification {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(subject, "subject");
    text = text == null ? "" : text;
    facts = Map.copyOf(new LinkedHashMap<>(facts));
    Objects.requireNonNull(at, "at");
  }

  /** A notification without facts, now. */
  public static Notification of(String kind, String subject, String text) {
    return new Notification(kind, subject, text, Map.of(), Instant.now());
  }

  /** This notification with one more fact. */
  public Notification with(String fact, Object value) {
    Map<String, Object> more = new LinkedHashMap<>(facts);
    more.put(fact, value);
    return new Notification(kind, subject, text, more, at);
  }

  /**
   * The event as a webhook receives it: {@code kind}, {@code time} (ISO-8601 UTC), {@code subject},
   * {@code text} and every fact by its name.
   */
  public JsonObject toJson() {
    JsonObjectBuilder json =
        Json.createObjectBuilder()
            .add("kind", kind)
            .add("time", at.toString())
            .add("subject", subject)
            .add("text", text);
    facts.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .forEach(fact -> json.add(fact.getKey(), value(fact.getValue())));
    return json.build();
  }

  private static jakarta.json.JsonValue value(Object value) {
    return switch (value) {
      case null -> jakarta.json.JsonValue.NULL;
      case Integer i -> Json.createValue(i);
      case Long l -> Json.createValue(l);
      case Number n -> Json.createValue(n.doubleValue());
      case Boolean b -> b ? jakarta.json.JsonValue.TRUE : jakarta.json.JsonValue.FALSE;
      case Map<?, ?> map -> {
        JsonObjectBuilder object = Json.createObjectBuilder();
        map.forEach((k, v) -> object.add(String.valueOf(k), value(v)));
        yield object.build();
      }
      default -> Json.createValue(value.toString());
    };
  }
}
