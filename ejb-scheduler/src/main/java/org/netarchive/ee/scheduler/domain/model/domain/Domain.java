package org.netarchive.ee.scheduler.domain.model.domain;

import jakarta.persistence.CascadeType;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OrderBy;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;

/**
 * A domain of the web archive: one label under a public suffix, or an IP address. It owns its
 * configurations, seed lists and passwords and has a default configuration. A new domain gets the
 * configuration {@value #DEFAULT_CONFIGURATION} with the seed list {@value #DEFAULT_SEED_LIST}
 * ({@code http://www.<domain>}) and the default byte limit.
 */
@Entity
@Table(name = "domain")
@NamedQuery(name = "Domain.findByName", query = "SELECT d FROM Domain d WHERE d.name = :name")
@NamedQuery(name = "Domain.findByNames", query = "SELECT d FROM Domain d WHERE d.name IN :names")
@NamedQuery(name = "Domain.count", query = "SELECT COUNT(d) FROM Domain d")
public class Domain {

  /** Name of the configuration every new domain gets. */
  public static final String DEFAULT_CONFIGURATION = "defaultconfig";

  /** Name of the seed list every new domain gets. */
  public static final String DEFAULT_SEED_LIST = "defaultseeds";

  @Id
  @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "domain_seq")
  @SequenceGenerator(name = "domain_seq", sequenceName = "domain_seq", allocationSize = 50)
  private Long id;

  /** The ASCII (punycode) form: the unique key. */
  @Column(name = "name", nullable = false, length = DomainName.MAX_LENGTH)
  private String name;

  @Column(name = "unicode_name", nullable = false, length = DomainName.MAX_LENGTH)
  private String unicodeName;

  @Column(name = "tld", nullable = false, length = 64)
  private String topLevelDomain;

  @Column(name = "comments", length = Comments.MAX_LENGTH)
  private String comments;

  @ElementCollection(fetch = FetchType.LAZY)
  @CollectionTable(name = "domain_crawler_trap", joinColumns = @JoinColumn(name = "domain_id"))
  @OrderColumn(name = "position")
  @Column(name = "expression", nullable = false, length = CrawlerTraps.MAX_LENGTH)
  private List<String> crawlerTraps = new ArrayList<>();

  @ManyToOne(fetch = FetchType.LAZY)
  @JoinColumn(name = "alias_of_id")
  private Domain aliasOf;

  @Column(name = "alias_set_at")
  private Instant aliasSetAt;

  @Column(name = "default_configuration_id")
  private Long defaultConfigurationId;

  @OneToMany(mappedBy = "domain", cascade = CascadeType.ALL, orphanRemoval = true)
  @OrderBy("name")
  private List<DomainConfiguration> configurations = new ArrayList<>();

  @OneToMany(mappedBy = "domain", cascade = CascadeType.ALL, orphanRemoval = true)
  @OrderBy("name")
  private List<SeedList> seedLists = new ArrayList<>();

  @OneToMany(mappedBy = "domain", cascade = CascadeType.ALL, orphanRemoval = true)
  @OrderBy("name")
  private List<DomainPassword> passwords = new ArrayList<>();

  @Column(name = "created_at", nullable = false)
  private Instant createdAt;

  @Version
  @Column(name = "version", nullable = false)
  private int version;

  protected Domain() {}

  private Domain(DomainName name, Instant createdAt) {
    this.name = name.ascii();
    this.unicodeName = name.unicode();
    this.topLevelDomain = name.topLevelDomain();
    this.createdAt = createdAt;
  }

  /**
   * A new domain with its default configuration and seed list. The caller persists the domain and
   * then calls {@link #markDefault(DomainConfiguration)} once ids are assigned, or uses the
   * configuration returned by {@link #defaultConfiguration()} before flushing.
   */
  public static Domain create(
      DomainName name, long templateId, CrawlSettings settings, Instant now) {
    Domain domain = new Domain(name, now);
    SeedList seeds = domain.addSeedList(DEFAULT_SEED_LIST, List.of(defaultSeed(name)), null);
    DomainConfiguration configuration =
        domain.addConfiguration(DEFAULT_CONFIGURATION, templateId, settings);
    configuration.useSeedLists(List.of(seeds));
    return domain;
  }

  /** The seed of a new domain: {@code http://www.<domain>}, or {@code http://<ip>/}. */
  public static String defaultSeed(DomainName name) {
    if (name.isIpAddress()) {
      return name.ascii().indexOf(':') >= 0
          ? "http://[" + name.ascii() + "]/"
          : "http://" + name.ascii() + "/";
    }
    return "http://www." + name.ascii();
  }

  public SeedList addSeedList(String listName, List<String> seeds, String listComments) {
    String checked = Names.check(Text.of("noun.seedList"), listName);
    if (findSeedList(checked).isPresent()) {
      throw new RuleViolation(null, Text.of("domain.seedListExists", name, checked));
    }
    SeedList list = new SeedList(this, checked, seeds, listComments);
    seedLists.add(list);
    return list;
  }

  public DomainConfiguration addConfiguration(
      String configurationName, long templateId, CrawlSettings settings) {
    String checked = Names.check(Text.of("noun.configuration"), configurationName);
    if (findConfiguration(checked).isPresent()) {
      throw new RuleViolation(null, Text.of("domain.configurationExists", name, checked));
    }
    DomainConfiguration configuration =
        new DomainConfiguration(this, checked, templateId, settings);
    configurations.add(configuration);
    return configuration;
  }

  /**
   * Adds a password entry.
   *
   * @param sealFor seals the password for the entry named by its argument ({@code domain/name}):
   *     the domain never holds the clear password
   */
  public DomainPassword addPassword(
      String passwordName,
      DomainPassword.Login login,
      java.util.function.UnaryOperator<String> sealFor,
      String passwordComments) {
    String checked = Names.check(Text.of("noun.password"), passwordName);
    if (passwords.stream().anyMatch(p -> p.name().equals(checked))) {
      throw new RuleViolation(null, Text.of("domain.passwordExists", name, checked));
    }
    DomainPassword entry =
        new DomainPassword(
            this, checked, login, sealFor.apply(name + "/" + checked), passwordComments);
    passwords.add(entry);
    return entry;
  }

  /**
   * Removes a password entry. One that a configuration uses is refused, naming the configurations,
   * so that no configuration silently loses its credentials.
   *
   * @throws IllegalArgumentException if there is no such password, or a configuration uses it
   */
  public void removePassword(String passwordName) {
    DomainPassword entry =
        findPassword(passwordName)
            .orElseThrow(
                () ->
                    new RuleViolation(null, Text.of("domain.noPasswordNamed", name, passwordName)));
    List<String> users =
        configurations.stream()
            .filter(c -> c.passwords().contains(entry))
            .map(c -> "'" + c.name() + "'")
            .toList();
    if (!users.isEmpty()) {
      String names = String.join(", ", users);
      throw new RuleViolation(
          null,
          users.size() == 1
              ? Text.of("password.usedByOne", entry.name(), name, names)
              : Text.of("password.usedByMany", entry.name(), name, names));
    }
    passwords.remove(entry);
  }

  /** Makes {@code configuration} (one of this domain's, already persisted) the default. */
  public void markDefault(DomainConfiguration configuration) {
    if (configuration.domain() != this) {
      throw new RuleViolation(
          null, Text.of("domain.foreignConfiguration", configuration.name(), name));
    }
    if (configuration.id() == null) {
      throw new IllegalStateException(
          "Configuration '" + configuration.name() + "' is not saved yet");
    }
    this.defaultConfigurationId = configuration.id();
  }

  /** Replaces the crawler traps; each is validated. */
  public void changeCrawlerTraps(List<String> traps) {
    List<String> valid = CrawlerTraps.validate(Text.of("owner.domain", name), traps);
    crawlerTraps.clear();
    crawlerTraps.addAll(valid);
  }

  public void changeComments(String newComments) {
    this.comments = Comments.checked(Text.of("owner.domain", name), newComments);
  }

  /**
   * Marks this domain as an alias of another (the same site under another name), or clears it with
   * {@code null}. Aliases do not chain: the target must not be an alias itself, and a domain others
   * are aliases of cannot become one.
   */
  public void makeAliasOf(Domain target, boolean hasAliases, Instant now) {
    if (target == null) {
      this.aliasOf = null;
      this.aliasSetAt = null;
      return;
    }
    if (target == this || target.name.equals(name)) {
      throw new RuleViolation(null, Text.of("alias.ofItself", name));
    }
    if (target.aliasOf != null) {
      throw new RuleViolation(
          null, Text.of("alias.chained", target.name, target.aliasOf.name, name));
    }
    if (hasAliases) {
      throw new RuleViolation(null, Text.of("alias.hasAliases", name, target.name));
    }
    this.aliasOf = target;
    this.aliasSetAt = now;
  }

  public Optional<DomainConfiguration> findConfiguration(String configurationName) {
    return configurations.stream().filter(c -> c.name().equals(configurationName)).findFirst();
  }

  public Optional<SeedList> findSeedList(String listName) {
    return seedLists.stream().filter(s -> s.name().equals(listName)).findFirst();
  }

  public Optional<DomainPassword> findPassword(String passwordName) {
    return passwords.stream().filter(p -> p.name().equals(passwordName)).findFirst();
  }

  /** The default configuration: the marked one, or before that the only one. */
  public DomainConfiguration defaultConfiguration() {
    return configurations.stream()
        .filter(c -> defaultConfigurationId != null && defaultConfigurationId.equals(c.id()))
        .findFirst()
        .orElseGet(
            () -> findConfiguration(DEFAULT_CONFIGURATION).orElseGet(() -> configurations.get(0)));
  }

  public Long id() {
    return id;
  }

  /** The ASCII form of the name, e.g. {@code xn--kbenhavn-54a.dk}. */
  public String name() {
    return name;
  }

  /** The name as people write it, e.g. {@code københavn.dk}. */
  public String unicodeName() {
    return unicodeName;
  }

  public String topLevelDomain() {
    return topLevelDomain;
  }

  public String comments() {
    return comments;
  }

  public List<String> crawlerTraps() {
    return List.copyOf(crawlerTraps);
  }

  public Optional<Domain> aliasOf() {
    return Optional.ofNullable(aliasOf);
  }

  public Optional<Instant> aliasSetAt() {
    return Optional.ofNullable(aliasSetAt);
  }

  public List<DomainConfiguration> configurations() {
    return List.copyOf(configurations);
  }

  public List<SeedList> seedLists() {
    return List.copyOf(seedLists);
  }

  public List<DomainPassword> passwords() {
    return List.copyOf(passwords);
  }

  public Instant createdAt() {
    return createdAt;
  }

  public int version() {
    return version;
  }
}
