package org.netarchive.ee.scheduler.domain.model;

import java.util.Arrays;
import java.util.List;

/**
 * Input that breaks a rule of the domain model. Its message, in English, names the thing, the value
 * and the rule, as every refusal does. Besides, it says which part of the input is at fault ({@link
 * #field()}, as forms and requests name it, where the model knows) and which rule it breaks with
 * the values its message was made of ({@link #rule()}, {@link #values()}), so that a user interface
 * can say the same in its own language.
 */
public class RuleViolation extends IllegalArgumentException implements Localizable {
  private static final long serialVersionUID = 1L;

  private final String field;
  private final String rule;
  private final String[] values;
  private final Text text;

  /**
   * @param field the part of the input at fault, e.g. {@code "maxHops"}; {@code null} if the model
   *     cannot tell (the caller knows)
   * @param text the refusal: its key is the rule broken (e.g. {@code "configuration.maxHops"}), its
   *     English the message
   */
  public RuleViolation(String field, Text text) {
    super(text.english());
    this.field = field;
    this.rule = text.key();
    this.values = text.englishArguments().toArray(String[]::new);
    this.text = text;
  }

  /**
   * @param field the part of the input at fault, e.g. {@code "maxHops"}; {@code null} if the model
   *     cannot tell (the caller knows)
   * @param rule the rule broken, e.g. {@code "configuration.maxHops"}
   * @param message the refusal in English
   * @param values what the message was made of, in the order a translation refers to them
   * @see #RuleViolation(String, Text) for a refusal the UI says in its own language; this one it
   *     shows in English
   */
  public RuleViolation(String field, String rule, String message, Object... values) {
    super(message);
    this.field = field;
    this.rule = rule;
    this.values = Arrays.stream(values).map(String::valueOf).toArray(String[]::new);
    this.text = null;
  }

  /** The part of the input at fault, or {@code null} if the caller must say. */
  public String field() {
    return field;
  }

  /** The rule broken, a stable key such as {@code "seed.notHttp"}. */
  public String rule() {
    return rule;
  }

  @Override
  public Text text() {
    return text;
  }

  /** The values the message was made of, as (English) text. */
  public List<String> values() {
    return List.of(values);
  }
}
