package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.scheduler.application.domain.DomainService;
import org.netarchive.ee.scheduler.application.domain.DomainViews.DomainView;
import org.netarchive.ee.scheduler.application.template.TemplateService;
import org.netarchive.ee.scheduler.domain.model.domain.DomainSummary;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs definitions/edit-domain.xhtml?domain=kb.dk: a domain's comments, crawler traps, alias and
 * default configuration, and its configurations, seed lists and passwords. The version the page was
 * loaded with is kept in the view and sent with the change, so a change someone else made meanwhile
 * is not overwritten: the save is refused and the page says so.
 *
 * <p>Password entries are added and removed here. A password typed in is sent to the service once
 * and forgotten; the page never shows one back, nor does the service ever return one.
 */
@Named
@ViewScoped
public class EditDomain implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The form whose inputs are named after the service's fields. */
  static final String FORM = "domain";

  /** The form adding a password entry, whose inputs are named after the service's fields. */
  static final String PASSWORD_FORM = "newPassword";

  @EJB private DomainService domains;
  @EJB private TemplateService templates;

  private String name;
  private DomainView domain;
  private String comments;
  private String crawlerTraps;
  private String aliasOf;
  private String defaultConfiguration;
  private int version;
  private Map<Long, String> templateNames;
  private String passwordName;
  private String passwordUrl;
  private String passwordRealm;
  private String passwordUsername;
  // Never kept beyond the request that adds it, nor written out with the view.
  private transient String passwordValue;
  private String passwordComments;
  private String passwordUserField;
  private String passwordPasswordField;

  /** Loads the domain of the address. */
  public void load() {
    if (name == null || name.isBlank()) {
      Refusals.error(null, null, Texts.text("editDomain.noDomain"));
      return;
    }
    Refusals.attempt(null, null, () -> domains.get(name)).ifPresent(this::show);
  }

  /** Saves the domain's own fields, on the version it was loaded with. */
  public void save() {
    Refusals.attempt(
            FORM,
            null,
            () ->
                domains.update(
                    domain.name(),
                    version,
                    comments,
                    lines(crawlerTraps),
                    aliasOf,
                    defaultConfiguration))
        .ifPresent(
            saved -> {
              show(saved);
              Refusals.info(Texts.text("editDomain.saved", saved.unicodeName()));
            });
  }

  /** Adds the password entry of the password form; added, the form is emptied. */
  public void addPassword() {
    String owner = domain.name();
    String typed = passwordValue;
    passwordValue = null;
    Refusals.attempt(
            PASSWORD_FORM,
            "name",
            () ->
                domains.addPassword(
                    owner,
                    passwordName,
                    passwordUrl,
                    passwordRealm,
                    passwordUsername,
                    typed,
                    passwordUserField,
                    passwordPasswordField,
                    passwordComments))
        .ifPresent(
            added -> {
              passwordName = null;
              passwordUrl = null;
              passwordRealm = null;
              passwordUsername = null;
              passwordComments = null;
              passwordUserField = null;
              passwordPasswordField = null;
              refresh();
              Refusals.info(Texts.text("editDomain.passwordAdded", added.name(), owner));
            });
  }

  /** Removes a password entry; one a configuration uses is refused, naming the configurations. */
  public void removePassword(String password) {
    String owner = domain.name();
    Refusals.attempt(
            null,
            null,
            () -> {
              domains.removePassword(owner, password);
              return password;
            })
        .ifPresent(
            removed -> {
              refresh();
              Refusals.info(Texts.text("editDomain.passwordRemoved", removed, owner));
            });
  }

  /**
   * Shows the domain as it is now, keeping what was typed into its own fields (they are saved with
   * the version read here).
   */
  private void refresh() {
    Refusals.attempt(null, null, () -> domains.get(domain.name()))
        .ifPresent(
            view -> {
              domain = view;
              version = view.version();
            });
  }

  /** Names of domains starting with what was typed, for the alias field. */
  public List<String> completeDomain(String typed) {
    if (typed == null || typed.isBlank()) {
      return List.of();
    }
    return domains.list(typed.strip() + "*", 0, 10).items().stream()
        .map(DomainSummary::unicodeName)
        .toList();
  }

  /** The name of a crawl template, by its id. */
  public String templateName(long id) {
    if (templateNames == null) {
      templateNames = EditConfiguration.templateNames(templates);
    }
    return templateNames.getOrDefault(id, "#" + id);
  }

  /** The seeds a list of seed lists shows of each. */
  public static final int SEEDS_SHOWN = 3;

  /** The first seeds of a list, those the page shows. */
  public List<String> first(List<String> seeds) {
    return seeds.subList(0, Math.min(SEEDS_SHOWN, seeds.size()));
  }

  /** Names as a list in a sentence: "a, b, c". */
  public String joined(List<String> names) {
    return String.join(", ", names);
  }

  private void show(DomainView view) {
    domain = view;
    name = view.name();
    comments = view.comments();
    crawlerTraps = String.join("\n", view.crawlerTraps());
    aliasOf = view.aliasOf();
    defaultConfiguration = view.defaultConfiguration();
    version = view.version();
  }

  static List<String> lines(String text) {
    return text == null ? List.of() : text.lines().toList();
  }

  public DomainView getDomain() {
    return domain;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public String getComments() {
    return comments;
  }

  public void setComments(String comments) {
    this.comments = comments;
  }

  public String getCrawlerTraps() {
    return crawlerTraps;
  }

  public void setCrawlerTraps(String crawlerTraps) {
    this.crawlerTraps = crawlerTraps;
  }

  public String getAliasOf() {
    return aliasOf;
  }

  public void setAliasOf(String aliasOf) {
    this.aliasOf = aliasOf;
  }

  public String getDefaultConfiguration() {
    return defaultConfiguration;
  }

  public void setDefaultConfiguration(String defaultConfiguration) {
    this.defaultConfiguration = defaultConfiguration;
  }

  public int getVersion() {
    return version;
  }

  public String getPasswordName() {
    return passwordName;
  }

  public void setPasswordName(String passwordName) {
    this.passwordName = passwordName;
  }

  public String getPasswordUrl() {
    return passwordUrl;
  }

  public void setPasswordUrl(String passwordUrl) {
    this.passwordUrl = passwordUrl;
  }

  public String getPasswordRealm() {
    return passwordRealm;
  }

  public void setPasswordRealm(String passwordRealm) {
    this.passwordRealm = passwordRealm;
  }

  public String getPasswordUsername() {
    return passwordUsername;
  }

  public void setPasswordUsername(String passwordUsername) {
    this.passwordUsername = passwordUsername;
  }

  /** Always empty: a password is never shown back. */
  public String getPasswordValue() {
    return null;
  }

  public void setPasswordValue(String passwordValue) {
    this.passwordValue = passwordValue;
  }

  public String getPasswordComments() {
    return passwordComments;
  }

  public void setPasswordComments(String passwordComments) {
    this.passwordComments = passwordComments;
  }

  public String getPasswordUserField() {
    return passwordUserField;
  }

  public void setPasswordUserField(String passwordUserField) {
    this.passwordUserField = passwordUserField;
  }

  public String getPasswordPasswordField() {
    return passwordPasswordField;
  }

  public void setPasswordPasswordField(String passwordPasswordField) {
    this.passwordPasswordField = passwordPasswordField;
  }
}
