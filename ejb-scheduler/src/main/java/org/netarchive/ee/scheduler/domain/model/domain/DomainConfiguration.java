package org.netarchive.ee.scheduler.domain.model.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.JoinTable;
import jakarta.persistence.ManyToMany;
import jakarta.persistence.OrderBy;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;

/**
 * How to harvest a domain: the crawl template, limits, seed lists and passwords. A domain has one
 * or more; harvests pick one per domain.
 */
@Entity
@Table(name = "domain_configuration")
public class DomainConfiguration extends DomainPart {

  /** Maximum objects or bytes: no limit. */
  public static final long UNLIMITED = -1;

  @Id
  @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "domain_configuration_seq")
  @SequenceGenerator(
      name = "domain_configuration_seq",
      sequenceName = "domain_configuration_seq",
      allocationSize = 50)
  private Long id;

  @Column(name = "template_id", nullable = false)
  private long templateId;

  @Column(name = "max_objects", nullable = false)
  private long maxObjects;

  @Column(name = "max_bytes", nullable = false)
  private long maxBytes;

  @Column(name = "max_request_rate", nullable = false)
  private int maxRequestRate;

  @Column(name = "max_hops", nullable = false)
  private int maxHops;

  @Column(name = "honor_robots", nullable = false)
  private boolean honorRobots;

  @Column(name = "extract_javascript", nullable = false)
  private boolean extractJavascript;

  @ManyToMany(fetch = FetchType.LAZY)
  @JoinTable(
      name = "configuration_seed_list",
      joinColumns = @JoinColumn(name = "configuration_id"),
      inverseJoinColumns = @JoinColumn(name = "seed_list_id"))
  @OrderBy("name")
  private Set<SeedList> seedLists = new LinkedHashSet<>();

  @ManyToMany(fetch = FetchType.LAZY)
  @JoinTable(
      name = "configuration_password",
      joinColumns = @JoinColumn(name = "configuration_id"),
      inverseJoinColumns = @JoinColumn(name = "password_id"))
  @OrderBy("name")
  private Set<DomainPassword> passwords = new LinkedHashSet<>();

  protected DomainConfiguration() {}

  DomainConfiguration(Domain domain, String name, long templateId, CrawlSettings settings) {
    super(domain, Text.of("noun.configuration"), name);
    this.templateId = templateId;
    apply(settings);
  }

  /** Changes limits and crawl attributes; they are validated first. */
  public void apply(CrawlSettings settings) {
    settings.validate(describe());
    this.maxObjects = settings.maxObjects();
    this.maxBytes = settings.maxBytes();
    this.maxRequestRate = settings.maxRequestRate();
    this.maxHops = settings.maxHops();
    this.honorRobots = settings.honorRobots();
    this.extractJavascript = settings.extractJavascript();
  }

  public void changeTemplate(long newTemplateId) {
    this.templateId = newTemplateId;
  }

  /** Uses exactly these seed lists, which must belong to the same domain; at least one. */
  public void useSeedLists(Collection<SeedList> lists) {
    if (lists.isEmpty()) {
      throw new RuleViolation(null, Text.of("configuration.noSeedList", describe()));
    }
    for (SeedList list : lists) {
      if (list.domain() != domain()) {
        throw new RuleViolation(
            null,
            Text.of(
                "configuration.foreignSeedList", list.name(), list.domain().name(), describe()));
      }
    }
    seedLists.clear();
    seedLists.addAll(lists);
  }

  /** Uses exactly these passwords, which must belong to the same domain. */
  public void usePasswords(Collection<DomainPassword> list) {
    passwords.clear();
    passwords.addAll(list);
  }

  @Override
  Text describe() {
    return Text.of("owner.configuration", name(), domain().name());
  }

  public Long id() {
    return id;
  }

  public long templateId() {
    return templateId;
  }

  public CrawlSettings settings() {
    return new CrawlSettings(
        maxObjects, maxBytes, maxRequestRate, maxHops, honorRobots, extractJavascript);
  }

  public List<SeedList> seedLists() {
    return new ArrayList<>(seedLists);
  }

  public List<DomainPassword> passwords() {
    return new ArrayList<>(passwords);
  }
}
