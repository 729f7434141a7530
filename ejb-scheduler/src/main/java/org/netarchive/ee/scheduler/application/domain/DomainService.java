package org.netarchive.ee.scheduler.application.domain;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.netarchive.ee.scheduler.application.Fields;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.application.domain.DomainViews.ConfigurationView;
import org.netarchive.ee.scheduler.application.domain.DomainViews.DomainView;
import org.netarchive.ee.scheduler.application.domain.DomainViews.SeedListView;
import org.netarchive.ee.scheduler.application.template.DefaultTemplate;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.Domain;
import org.netarchive.ee.scheduler.domain.model.domain.DomainAlias;
import org.netarchive.ee.scheduler.domain.model.domain.DomainConfiguration;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.domain.DomainPassword;
import org.netarchive.ee.scheduler.domain.model.domain.DomainRepository;
import org.netarchive.ee.scheduler.domain.model.domain.DomainSummary;
import org.netarchive.ee.scheduler.domain.model.domain.SeedList;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplate;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplateRepository;
import org.netarchive.ee.scheduler.infrastructure.secrets.PasswordSeal;

/**
 * Domains, their configurations, seed lists and passwords. Viewers read; curators and admins
 * change. Every change names the version it was made on, and is refused if the stored one is newer.
 */
@Stateless
@RolesAllowed({"admin", "curator", "viewer"})
public class DomainService {

  @Inject private DomainRepository domains;
  @Inject private PasswordSeal seal;
  @Inject private DefaultTemplate defaultTemplate;
  @Inject private HarvestTemplateRepository templates;

  private final Clock clock = Clock.systemUTC();

  public Page<DomainSummary> list(String nameGlob, int page, int size) {
    return domains.list(nameGlob, page, size);
  }

  /** One page of the domains that are aliases of another; the glob matches either name. */
  public Page<DomainAlias> aliases(String nameGlob, int page, int size) {
    return domains.listAliases(nameGlob, page, size);
  }

  public long count() {
    return domains.count();
  }

  public Map<String, Long> countByTopLevelDomain() {
    return domains.countByTopLevelDomain();
  }

  public DomainView get(String name) {
    return DomainViews.of(find(name));
  }

  /** Creates a domain with its default configuration and seed list. */
  @RolesAllowed({"admin", "curator"})
  public DomainView create(String name, String comments) {
    DomainName domainName = DomainName.of(name);
    if (domains.findByName(domainName).isPresent()) {
      throw new RuleViolation(null, Text.of("domain.exists", domainName));
    }
    Domain domain =
        Domain.create(domainName, defaultTemplate.id(), CrawlSettings.defaults(), clock.instant());
    domain.changeComments(comments);
    domains.add(domain);
    return DomainViews.of(domain);
  }

  /**
   * Changes a domain's own fields. A refused value is reported for its field ({@code crawlerTraps},
   * {@code aliasOf}, {@code defaultConfiguration}), so that a form can show it next to that field.
   *
   * @param aliasOf the domain this one is an alias of, or null/blank for none
   * @param defaultConfiguration the name of the configuration to make the default
   */
  @RolesAllowed({"admin", "curator"})
  public DomainView update(
      String name,
      int version,
      String comments,
      List<String> crawlerTraps,
      String aliasOf,
      String defaultConfiguration) {
    Domain domain = find(name);
    checkVersion(Text.of("subject.domain", domain.name()), domain.version(), version);
    domain.changeComments(comments);
    field(
        "crawlerTraps",
        () -> domain.changeCrawlerTraps(crawlerTraps == null ? List.of() : crawlerTraps));
    String currentAlias = domain.aliasOf().map(Domain::name).orElse(null);
    if (aliasOf == null || aliasOf.isBlank()) {
      domain.makeAliasOf(null, false, clock.instant());
    } else {
      DomainName wanted = field("aliasOf", () -> DomainName.of(aliasOf));
      if (!wanted.ascii().equals(currentAlias)) {
        Domain target =
            domains
                .findByName(wanted)
                .orElseThrow(
                    () ->
                        new InvalidFieldException(
                            "aliasOf",
                            Text.of("alias.noSuchDomain", domain.name(), aliasOf.strip())));
        boolean hasAliases = domains.hasAliases(domain);
        field("aliasOf", () -> domain.makeAliasOf(target, hasAliases, clock.instant()));
      }
    }
    if (defaultConfiguration != null && !defaultConfiguration.isBlank()) {
      DomainConfiguration configuration =
          domain
              .findConfiguration(defaultConfiguration)
              .orElseThrow(
                  () ->
                      new InvalidFieldException(
                          "defaultConfiguration",
                          Text.of(
                              "domain.noDefaultConfiguration",
                              domain.name(),
                              defaultConfiguration)));
      domain.markDefault(configuration);
    }
    domains.flush();
    return DomainViews.of(domain);
  }

  @RolesAllowed({"admin", "curator"})
  public SeedListView addSeedList(
      String domainName, String listName, List<String> seeds, String comments) {
    Domain domain = find(domainName);
    return DomainViews.of(domain.addSeedList(listName, seeds, comments));
  }

  @RolesAllowed({"admin", "curator"})
  public SeedListView updateSeedList(
      String domainName, String listName, int version, List<String> seeds, String comments) {
    Domain domain = find(domainName);
    SeedList list =
        domain
            .findSeedList(listName)
            .orElseThrow(
                () -> new NotFoundException(Text.of("domain.noSeedList", domain.name(), listName)));
    checkVersion(Text.of("subject.seedList", listName, domain.name()), list.version(), version);
    list.changeSeeds(seeds);
    list.changeComments(comments);
    domains.flush();
    return DomainViews.of(list);
  }

  /**
   * Adds a configuration; unknown seed lists or passwords are refused by name, for the field {@code
   * seedLists} or {@code passwords}; a refused limit for its own field ({@code maxHops}, ...).
   */
  @RolesAllowed({"admin", "curator"})
  public ConfigurationView addConfiguration(String domainName, ConfigurationView wanted) {
    Domain domain = find(domainName);
    offeredTemplate(wanted.templateId());
    DomainConfiguration configuration =
        domain.addConfiguration(wanted.name(), wanted.templateId(), wanted.settings());
    wire(domain, configuration, wanted);
    return DomainViews.of(configuration);
  }

  @RolesAllowed({"admin", "curator"})
  public ConfigurationView updateConfiguration(
      String domainName, String configurationName, ConfigurationView wanted) {
    Domain domain = find(domainName);
    DomainConfiguration configuration = configuration(domain, configurationName);
    checkVersion(
        Text.of("subject.configuration", configurationName, domain.name()),
        configuration.version(),
        wanted.version());
    configuration.apply(wanted.settings());
    if (configuration.templateId() != wanted.templateId()) {
      offeredTemplate(wanted.templateId());
    }
    configuration.changeTemplate(wanted.templateId());
    wire(domain, configuration, wanted);
    domains.flush();
    return DomainViews.of(configuration);
  }

  private void wire(Domain domain, DomainConfiguration configuration, ConfigurationView wanted) {
    configuration.changeComments(wanted.comments());
    field(
        "seedLists",
        () ->
            configuration.useSeedLists(
                wanted.seedLists().stream()
                    .map(
                        n ->
                            domain
                                .findSeedList(n)
                                .orElseThrow(
                                    () ->
                                        new RuleViolation(
                                            null, Text.of("domain.noSeedList", domain.name(), n))))
                    .toList()));
    field(
        "passwords",
        () ->
            configuration.usePasswords(
                wanted.passwords().stream()
                    .map(
                        n ->
                            domain
                                .findPassword(n)
                                .orElseThrow(
                                    () ->
                                        new RuleViolation(
                                            null, Text.of("domain.noPassword", domain.name(), n))))
                    .toList()));
  }

  /**
   * Adds a password entry to a domain: HTTP authentication for a realm, or, when a login form field
   * is given, a login form posted to the URL. The password is sealed before it is stored. A refused
   * part is reported for its field: {@code name}, {@code url}, {@code realm}, {@code
   * usernameField}, {@code passwordField}, {@code username} or {@code password}.
   */
  @RolesAllowed({"admin", "curator"})
  public DomainViews.PasswordView addPassword(
      String domainName,
      String name,
      String url,
      String realm,
      String username,
      String password,
      String loginUserField,
      String loginPasswordField,
      String comments) {
    Domain domain = find(domainName);
    DomainPassword.Login login =
        new DomainPassword.Login(url, realm, username, loginUserField, loginPasswordField);
    // Each part is checked first on its own, so that a refusal names the field at fault.
    Text owner = DomainPassword.ownerText(domain.name(), name == null ? "" : name.strip());
    field(
        "url",
        () ->
            login.isForm()
                ? DomainPassword.validLoginFormUrl(domain.name(), owner, url)
                : DomainPassword.validUrl(owner, url));
    if (login.isForm()) {
      field(
          "usernameField",
          () -> DomainPassword.required(owner, Text.of("part.loginUserField"), loginUserField));
      field(
          "passwordField",
          () ->
              DomainPassword.required(
                  owner, Text.of("part.loginPasswordField"), loginPasswordField));
    } else {
      field("realm", () -> DomainPassword.required(owner, Text.of("part.realm"), realm));
    }
    field("username", () -> DomainPassword.required(owner, Text.of("part.username"), username));
    field("password", () -> DomainPassword.required(owner, Text.of("part.password"), password));
    return DomainViews.of(
        field(
            "name",
            () ->
                domain.addPassword(
                    name, login, sealOwner -> seal.seal(sealOwner, password), comments)));
  }

  /**
   * Removes a password entry of a domain.
   *
   * @throws NotFoundException if the domain or the password does not exist
   * @throws InvalidFieldException for {@code passwords} if a configuration uses it, naming them
   */
  @RolesAllowed({"admin", "curator"})
  public void removePassword(String domainName, String passwordName) {
    Domain domain = find(domainName);
    if (domain.findPassword(passwordName).isEmpty()) {
      throw new NotFoundException(Text.of("domain.noPassword", domain.name(), passwordName));
    }
    field("passwords", () -> domain.removePassword(passwordName));
    domains.flush();
  }

  private Domain find(String name) {
    DomainName domainName;
    try {
      domainName = DomainName.of(name);
    } catch (IllegalArgumentException e) {
      throw new NotFoundException(Text.of("domain.notFound", name));
    }
    return domains
        .findByName(domainName)
        .orElseThrow(() -> new NotFoundException(Text.of("domain.notFound", name)));
  }

  private static DomainConfiguration configuration(Domain domain, String name) {
    return domain
        .findConfiguration(name)
        .orElseThrow(
            () -> new NotFoundException(Text.of("domain.noConfiguration", domain.name(), name)));
  }

  /**
   * Refuses, for the field {@code templateId}, a template that does not exist or is deactivated:
   * deactivated templates are kept for the jobs that used them, not offered for new crawls.
   */
  private void offeredTemplate(long templateId) {
    HarvestTemplate template =
        templates
            .find(templateId)
            .orElseThrow(
                () ->
                    new InvalidFieldException(
                        "templateId", Text.of("template.noSuchId", templateId)));
    if (!template.active()) {
      throw new InvalidFieldException(
          "templateId", Text.of("template.deactivated", template.name(), templateId));
    }
  }

  /** Runs a change; what the domain model refuses is reported as a problem of {@code field}. */
  private static void field(String field, Runnable change) {
    Fields.check(field, change);
  }

  private static <T> T field(String field, Supplier<T> change) {
    return Fields.checked(field, change);
  }

  private static void checkVersion(Text what, int stored, int edited) {
    if (stored != edited) {
      throw new StaleEditException(what, stored, edited);
    }
  }
}
