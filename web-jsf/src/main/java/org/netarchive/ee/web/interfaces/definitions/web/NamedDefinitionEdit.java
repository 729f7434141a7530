package org.netarchive.ee.web.interfaces.definitions.web;

import java.io.Serializable;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.netarchive.ee.web.interfaces.web.Refusals;

/**
 * Backs the edit page of a definition known by its name (a channel, a crawler trap list, a
 * schedule): the page's {@code name} parameter names the definition shown, and without one the page
 * creates a definition. A subclass reads its definition and fills its form from it.
 *
 * @param <V> the service's view of the definition
 */
public abstract class NamedDefinitionEdit<V> implements Serializable {
  private static final long serialVersionUID = 1L;

  private String name;
  private boolean creating = true;
  private V shown;

  /** Reads the named definition, unless one is created, and shows it. */
  public void load() {
    creating = name == null || name.isBlank();
    if (!creating) {
      Refusals.attempt(null, null, () -> find(name)).ifPresent(this::show);
    }
  }

  /** The definition of this name, as the service reads it (a refusal if there is none). */
  protected abstract V find(String name);

  /** Fills the form from a definition read. */
  protected abstract void fill(V view);

  /** Shows a definition: the one the page is about from now on. */
  protected void show(V view) {
    shown = view;
    fill(view);
  }

  /** The definition shown; {@code null} while one is created or if it was not found. */
  protected V shown() {
    return shown;
  }

  /** Goes on showing the definition of this name, read again (it exists now). */
  protected void reload(String savedName) {
    name = savedName;
    load();
  }

  /**
   * The navigation outcome that shows a saved definition on its page again.
   *
   * @param page the page's address without parameters, e.g. {@code edit-channel}
   */
  protected static String showAgain(String page, String savedName) {
    return page
        + "?faces-redirect=true&name="
        + URLEncoder.encode(savedName, StandardCharsets.UTF_8);
  }

  /** Whether the page shows a definition: one being created, or one that exists. */
  public boolean isFound() {
    return creating || shown != null;
  }

  public boolean isCreating() {
    return creating;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }
}
