package org.netarchive.ee.common.template;

import java.util.List;
import java.util.Objects;

/**
 * The result of converting a template text before it is checked: the text to check and store, and
 * what was changed in it, one sentence each (empty if the text is unchanged).
 *
 * @param text the converted text, or the text as given if nothing was converted
 * @param changes each setting mapped, each setting dropped (with the reason) and each edit made, in
 *     the order they were made
 */
public record TemplateConversion(String text, List<String> changes) {

  /** Copies the changes. */
  public TemplateConversion {
    Objects.requireNonNull(text, "text");
    changes = List.copyOf(changes);
  }

  /**
   * Whether the text was changed.
   *
   * @return {@code true} if there is at least one change
   */
  public boolean converted() {
    return !changes.isEmpty();
  }
}
