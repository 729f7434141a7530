package org.netarchive.ee.web.interfaces.jobs.web;

import jakarta.ejb.EJB;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.scheduler.application.job.SchedulingSettings;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs status/settings.xhtml: the settings of scheduling and splitting with their values (defaults
 * included). Admins change them; a refused value is shown next to its setting.
 */
@Named
@ViewScoped
public class Settings implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The form whose inputs are the settings. */
  static final String FORM = "settings";

  @EJB private SchedulingSettings settings;

  private Map<String, String> stored;
  private List<Setting> rows;

  /** One setting as the form shows it. */
  public static final class Setting implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String name;
    private String value;

    Setting(String name, String value) {
      this.name = name;
      this.value = value;
    }

    /** The setting's name, e.g. {@code split.maxTotalSize}. */
    public String getName() {
      return name;
    }

    /** The id of the setting's input. */
    public String getInput() {
      return inputOf(name);
    }

    public String getValue() {
      return value;
    }

    public void setValue(String value) {
      this.value = value;
    }
  }

  public void load() {
    show(settings.all());
  }

  /** Stores the settings that were changed; all are checked before any is stored. */
  public void save() {
    Map<String, String> changes = new LinkedHashMap<>();
    for (Setting row : rows) {
      String value = row.getValue() == null ? "" : row.getValue().strip();
      if (!value.equals(stored.get(row.getName()))) {
        changes.put(row.getName(), value);
      }
    }
    if (changes.isEmpty()) {
      Refusals.info(Texts.text("settings.unchanged"));
      return;
    }
    String user = FacesContext.getCurrentInstance().getExternalContext().getRemoteUser();
    Refusals.attempt(FORM, null, Settings::inputOf, () -> settings.update(changes, user))
        .ifPresent(
            saved -> {
              show(saved);
              Refusals.info(Texts.text("settings.saved", String.join(", ", changes.keySet())));
            });
  }

  private void show(Map<String, String> values) {
    stored = new LinkedHashMap<>(values);
    rows = new ArrayList<>();
    values.forEach((name, value) -> rows.add(new Setting(name, value)));
  }

  /**
   * The id of a setting's input: its name with the dots, which component ids cannot have, as
   * dashes.
   */
  static String inputOf(String setting) {
    return setting.replace('.', '-');
  }

  public List<Setting> getRows() {
    if (rows == null) {
      load();
    }
    return rows;
  }
}
