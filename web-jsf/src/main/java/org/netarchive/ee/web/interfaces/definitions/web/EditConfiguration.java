package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.scheduler.application.domain.DomainViews.ConfigurationView;
import org.netarchive.ee.scheduler.application.domain.DomainViews.DomainView;
import org.netarchive.ee.scheduler.application.domain.DomainViews.PasswordView;
import org.netarchive.ee.scheduler.application.domain.DomainViews.SeedListView;
import org.netarchive.ee.scheduler.application.template.TemplateService;
import org.netarchive.ee.scheduler.application.template.TemplateViews.TemplateSummary;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs definitions/edit-configuration.xhtml?domain=kb.dk&amp;name=defaultconfig: a configuration's
 * crawl template, limits, seed lists and passwords; without a name it creates one, starting from
 * the defaults of a new configuration. A limit left blank takes that default, as in the REST API.
 * Saved, it returns to the domain.
 */
@Named
@ViewScoped
public class EditConfiguration extends DomainPartEdit {
  private static final long serialVersionUID = 1L;

  /** The form whose inputs are named after the service's fields. */
  static final String FORM = "configuration";

  @EJB private TemplateService templates;

  private String configurationName;
  private Long templateId;
  private Long maxObjects;
  private Long maxBytes;
  private Integer maxRequestRate;
  private Integer maxHops;
  private boolean honorRobots;
  private boolean extractJavascript;
  private List<String> seedLists = new ArrayList<>();
  private List<String> passwords = new ArrayList<>();
  private String comments;
  private int version;
  private Map<Long, String> templateChoices;

  public EditConfiguration() {
    super("editConfiguration.noSuchConfiguration", "editConfiguration.saved");
  }

  /** Reads the domain and the configuration, and the templates to choose from. */
  @Override
  public void load() {
    super.load();
    if (getDomain() != null) {
      templateChoices = templateChoices(templates, templateId);
    }
  }

  @Override
  protected void startNew(DomainView domain) {
    CrawlSettings defaults = CrawlSettings.defaults();
    domain.configurations().stream()
        .filter(c -> c.name().equals(domain.defaultConfiguration()))
        .findFirst()
        .ifPresent(c -> templateId = c.templateId());
    maxObjects = defaults.maxObjects();
    maxBytes = defaults.maxBytes();
    maxRequestRate = defaults.maxRequestRate();
    maxHops = defaults.maxHops();
    honorRobots = defaults.honorRobots();
    extractJavascript = defaults.extractJavascript();
  }

  @Override
  protected boolean loadPart(DomainView domain, String name) {
    ConfigurationView configuration =
        domain.configurations().stream()
            .filter(c -> c.name().equals(name))
            .findFirst()
            .orElse(null);
    if (configuration == null) {
      return false;
    }
    configurationName = configuration.name();
    templateId = configuration.templateId();
    maxObjects = configuration.maxObjects();
    maxBytes = configuration.maxBytes();
    maxRequestRate = configuration.maxRequestRate();
    maxHops = configuration.maxHops();
    honorRobots = configuration.honorRobots();
    extractJavascript = configuration.extractJavascript();
    seedLists = new ArrayList<>(configuration.seedLists());
    passwords = new ArrayList<>(configuration.passwords());
    comments = configuration.comments();
    version = configuration.version();
    return true;
  }

  /** Creates or changes the configuration; saved, returns to the domain. */
  public String save() {
    String owner = getDomain().name();
    if (templateId == null) {
      Refusals.error(FORM, "templateId", Texts.text("editConfiguration.templateRequired"));
      return null;
    }
    CrawlSettings defaults = CrawlSettings.defaults();
    ConfigurationView wanted =
        new ConfigurationView(
            configurationName,
            templateId,
            maxObjects == null ? defaults.maxObjects() : maxObjects,
            maxBytes == null ? defaults.maxBytes() : maxBytes,
            maxRequestRate == null ? defaults.maxRequestRate() : maxRequestRate,
            maxHops == null ? defaults.maxHops() : maxHops,
            honorRobots,
            extractJavascript,
            List.copyOf(seedLists),
            List.copyOf(passwords),
            comments,
            version);
    boolean done =
        isCreating()
            ? Refusals.attempt(FORM, "settings", () -> domains.addConfiguration(owner, wanted))
                .isPresent()
            : Refusals.attempt(
                    FORM,
                    "settings",
                    () -> domains.updateConfiguration(owner, configurationName, wanted))
                .isPresent();
    return done ? backToDomain(configurationName) : null;
  }

  /** Ids and names of all crawl templates. */
  static Map<Long, String> templateNames(TemplateService templates) {
    Map<Long, String> names = new LinkedHashMap<>();
    Page<TemplateSummary> all = templates.list(null, 0, Page.MAX_SIZE);
    all.items().forEach(t -> names.put(t.id(), t.name()));
    return names;
  }

  /** The active templates, and the one in use even if it is no longer active. */
  private static Map<Long, String> templateChoices(TemplateService templates, Long inUse) {
    Map<Long, String> choices = new LinkedHashMap<>();
    templates.list(null, 0, Page.MAX_SIZE).items().stream()
        .filter(t -> t.active() || Long.valueOf(t.id()).equals(inUse))
        .forEach(
            t ->
                choices.put(
                    t.id(),
                    t.active()
                        ? t.name()
                        : t.name() + " (" + Texts.text("templates.inactive") + ")"));
    return choices;
  }

  /** Template choices for the select: label to id. */
  public Map<String, Long> getTemplateChoices() {
    Map<String, Long> byLabel = new LinkedHashMap<>();
    if (templateChoices != null) {
      templateChoices.forEach((id, label) -> byLabel.put(label, id));
    }
    return byLabel;
  }

  public List<String> getSeedListChoices() {
    return getDomain() == null
        ? List.of()
        : getDomain().seedLists().stream().map(SeedListView::name).toList();
  }

  public List<String> getPasswordChoices() {
    return getDomain() == null
        ? List.of()
        : getDomain().passwords().stream().map(PasswordView::name).toList();
  }

  public String getConfigurationName() {
    return configurationName;
  }

  public void setConfigurationName(String configurationName) {
    this.configurationName = configurationName;
  }

  public Long getTemplateId() {
    return templateId;
  }

  public void setTemplateId(Long templateId) {
    this.templateId = templateId;
  }

  public Long getMaxObjects() {
    return maxObjects;
  }

  public void setMaxObjects(Long maxObjects) {
    this.maxObjects = maxObjects;
  }

  public Long getMaxBytes() {
    return maxBytes;
  }

  public void setMaxBytes(Long maxBytes) {
    this.maxBytes = maxBytes;
  }

  public Integer getMaxRequestRate() {
    return maxRequestRate;
  }

  public void setMaxRequestRate(Integer maxRequestRate) {
    this.maxRequestRate = maxRequestRate;
  }

  public Integer getMaxHops() {
    return maxHops;
  }

  public void setMaxHops(Integer maxHops) {
    this.maxHops = maxHops;
  }

  public boolean isHonorRobots() {
    return honorRobots;
  }

  public void setHonorRobots(boolean honorRobots) {
    this.honorRobots = honorRobots;
  }

  public boolean isExtractJavascript() {
    return extractJavascript;
  }

  public void setExtractJavascript(boolean extractJavascript) {
    this.extractJavascript = extractJavascript;
  }

  public List<String> getSeedLists() {
    return seedLists;
  }

  public void setSeedLists(List<String> seedLists) {
    this.seedLists = seedLists == null ? new ArrayList<>() : new ArrayList<>(seedLists);
  }

  public List<String> getPasswords() {
    return passwords;
  }

  public void setPasswords(List<String> passwords) {
    this.passwords = passwords == null ? new ArrayList<>() : new ArrayList<>(passwords);
  }

  public String getComments() {
    return comments;
  }

  public void setComments(String comments) {
    this.comments = comments;
  }
}
