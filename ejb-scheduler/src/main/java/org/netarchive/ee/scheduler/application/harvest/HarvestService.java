package org.netarchive.ee.scheduler.application.harvest;

import static org.netarchive.ee.scheduler.application.Fields.check;
import static org.netarchive.ee.scheduler.application.Fields.checked;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.application.PageRequest;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.scheduler.application.domain.StaleEditException;
import org.netarchive.ee.scheduler.application.harvest.HarvestViews.HarvestView;
import org.netarchive.ee.scheduler.application.harvest.HarvestViews.RefusedSeedView;
import org.netarchive.ee.scheduler.application.harvest.HarvestViews.SeedsAdded;
import org.netarchive.ee.scheduler.application.template.DefaultTemplate;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannel;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannelRepository;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.Domain;
import org.netarchive.ee.scheduler.domain.model.domain.DomainConfiguration;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.domain.DomainRepository;
import org.netarchive.ee.scheduler.domain.model.harvest.ChosenConfiguration;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestDefinition;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestDefinitionRepository;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestSeedRows;
import org.netarchive.ee.scheduler.domain.model.harvest.SeedsByDomain;
import org.netarchive.ee.scheduler.domain.model.harvest.SelectiveHarvest;
import org.netarchive.ee.scheduler.domain.model.harvest.SnapshotHarvest;
import org.netarchive.ee.scheduler.domain.model.harvest.SnapshotLimits;
import org.netarchive.ee.scheduler.domain.model.schedule.Schedule;
import org.netarchive.ee.scheduler.domain.model.schedule.ScheduleRepository;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplate;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplateRepository;

/**
 * Harvest definitions: selective harvests (chosen domain configurations on a schedule) and snapshot
 * harvests (every domain, once, within limits). Viewers read; curators and admins create, change,
 * activate and deactivate them. Refused input names the field at fault ({@link
 * InvalidFieldException}); a change made on an older version than the stored one is refused ({@link
 * StaleEditException}).
 *
 * <p>Seeds added to a selective harvest are sorted by domain ({@link SeedsByDomain}); domains that
 * do not exist are created, and every domain gets a seed list and a configuration named after the
 * harvest ({@link SeedsByDomain#configurationName}), which the harvest then harvests. Seeds that
 * are no usable URL are reported with their line and the reason; the others are still added.
 */
@Stateless
@RolesAllowed({"admin", "curator", "viewer"})
public class HarvestService {

  /** How many configurations a harvest is read or changed with, unless a page is asked for. */
  public static final int CONFIGURATIONS_PAGE_SIZE = 50;

  @Inject private HarvestDefinitionRepository harvests;
  @Inject private HarvestChannelRepository channels;
  @Inject private ScheduleRepository schedules;
  @Inject private DomainRepository domains;
  @Inject private HarvestTemplateRepository templates;
  @Inject private HarvestSeeding seeding;

  private Clock clock = Clock.systemUTC();

  public HarvestService() {}

  /** A service outside the container, e.g. in a test. */
  HarvestService(
      HarvestDefinitionRepository harvests,
      HarvestChannelRepository channels,
      ScheduleRepository schedules,
      DomainRepository domains,
      HarvestTemplateRepository templates,
      HarvestSeedRows seedRows,
      Clock clock) {
    this.harvests = harvests;
    this.channels = channels;
    this.schedules = schedules;
    this.domains = domains;
    this.templates = templates;
    this.seeding = new HarvestSeeding(domains, harvests, seedRows);
    this.clock = clock;
  }

  /**
   * One page of the harvests whose names match a glob ({@code *}, {@code ?}), by name.
   *
   * @param kind only harvests of this kind; {@code null} for both
   */
  public Page<HarvestView> list(HarvestKind kind, String nameGlob, int page, int size) {
    PageRequest request = new PageRequest(page, size);
    Page<HarvestDefinition> found = harvests.list(kind, nameGlob, request.page(), request.size());
    Map<Long, Long> counts =
        harvests.configurationCounts(
            found.items().stream()
                .filter(h -> h.kind() == HarvestKind.SELECTIVE)
                .map(HarvestDefinition::id)
                .toList());
    return found.map(h -> HarvestViews.summary(h, counts.getOrDefault(h.id(), 0L)));
  }

  /** A harvest with the first page of its configurations. */
  public HarvestView get(String name) {
    return get(name, 0, CONFIGURATIONS_PAGE_SIZE);
  }

  /** A harvest with one page of its configurations, by domain name. */
  public HarvestView get(String name, int page, int size) {
    PageRequest request = new PageRequest(page, size);
    return view(find(name), request);
  }

  /**
   * Creates an inactive selective harvest.
   *
   * @param settings its name and, if wanted, channel (else the default selective channel),
   *     schedule, comments and audience
   */
  @RolesAllowed({"admin", "curator"})
  public HarvestView createSelective(HarvestSettings settings) {
    refuseSnapshotFields(settings, Text.of("subject.aSelectiveHarvest"));
    String name = newName(settings.name());
    HarvestChannel channel = channel(settings.channel(), HarvestKind.SELECTIVE);
    Instant now = clock.instant();
    SelectiveHarvest harvest = checked("channel", () -> new SelectiveHarvest(name, channel, now));
    check("comments", () -> harvest.changeComments(settings.comments()));
    check("audience", () -> harvest.changeAudience(settings.audience()));
    if (present(settings.schedule())) {
      Schedule schedule = schedule(settings.schedule());
      check("schedule", () -> harvest.useSchedule(schedule, now));
    }
    harvests.add(harvest);
    harvests.flush();
    return view(harvest, firstPage());
  }

  /**
   * Creates an inactive snapshot harvest.
   *
   * @param settings its name and, if wanted, channel (else the default snapshot channel), limits
   *     (else those of {@link SnapshotLimits#defaults()}), the snapshot it continues from, comments
   *     and audience
   */
  @RolesAllowed({"admin", "curator"})
  public HarvestView createSnapshot(HarvestSettings settings) {
    refuseSelectiveFields(settings, Text.of("subject.aSnapshotHarvest"));
    String name = newName(settings.name());
    HarvestChannel channel = channel(settings.channel(), HarvestKind.SNAPSHOT);
    SnapshotLimits limits = limits(settings, SnapshotLimits.defaults());
    SnapshotHarvest harvest =
        checked("channel", () -> new SnapshotHarvest(name, channel, limits, clock.instant()));
    check("comments", () -> harvest.changeComments(settings.comments()));
    check("audience", () -> harvest.changeAudience(settings.audience()));
    if (present(settings.continueFrom())) {
      SnapshotHarvest previous = previousSnapshot(settings.continueFrom());
      check("continueFrom", () -> harvest.continueFrom(previous));
    }
    harvests.add(harvest);
    harvests.flush();
    return view(harvest, firstPage());
  }

  /**
   * Changes a harvest's definition; whether it is active and its configurations are changed by
   * their own calls. An absent field keeps the harvest's value; an empty text removes comments,
   * audience, the schedule or the snapshot it continues from.
   *
   * @param name the harvest's current name
   * @param version the version the change was made on
   */
  @RolesAllowed({"admin", "curator"})
  public HarvestView update(String name, int version, HarvestSettings settings) {
    HarvestDefinition harvest = find(name);
    if (harvest.version() != version) {
      throw new StaleEditException(
          Text.of("subject.harvest", harvest.name()), harvest.version(), version);
    }
    // Checked and looked up before anything changes: a query after a change would flush it.
    String newName = null;
    if (present(settings.name())) {
      String wanted = checked("name", () -> HarvestDefinition.validName(settings.name()));
      if (!wanted.equals(harvest.name())) {
        newName = newName(wanted);
      }
    }
    HarvestChannel channel =
        present(settings.channel()) ? channel(settings.channel(), harvest.kind()) : null;
    Instant now = clock.instant();
    switch (harvest) {
      case SelectiveHarvest selective -> {
        refuseSnapshotFields(settings, HarvestKind.SELECTIVE.harvestSubject(selective.name()));
        Optional<Schedule> schedule =
            settings.schedule() == null
                ? selective.schedule()
                : present(settings.schedule())
                    ? Optional.of(schedule(settings.schedule()))
                    : Optional.empty();
        if (!schedule.equals(selective.schedule())) {
          check("schedule", () -> selective.useSchedule(schedule.orElse(null), now));
        }
      }
      case SnapshotHarvest snapshot -> {
        refuseSelectiveFields(settings, HarvestKind.SNAPSHOT.harvestSubject(snapshot.name()));
        SnapshotLimits limits = limits(settings, snapshot.limits());
        SnapshotHarvest previous =
            settings.continueFrom() == null
                ? snapshot.previousSnapshot().orElse(null)
                : present(settings.continueFrom())
                    ? previousSnapshot(settings.continueFrom())
                    : null;
        check("limits", () -> snapshot.changeLimits(limits));
        check("continueFrom", () -> snapshot.continueFrom(previous));
      }
      default -> throw new IllegalStateException("Unknown kind of harvest: " + harvest);
    }
    if (newName != null) {
      String renamed = newName;
      check("name", () -> harvest.rename(renamed));
    }
    if (channel != null) {
      check("channel", () -> harvest.useChannel(channel));
    }
    if (settings.comments() != null) {
      check("comments", () -> harvest.changeComments(settings.comments()));
    }
    if (settings.audience() != null) {
      check("audience", () -> harvest.changeAudience(settings.audience()));
    }
    harvests.flush();
    return view(harvest, firstPage());
  }

  /**
   * Adds a domain configuration to a selective harvest. Adding the one it has for the domain
   * already changes nothing.
   *
   * @param domainName the domain, in Unicode or ASCII form
   * @param configurationName one of the domain's configurations; {@code null} or blank for its
   *     default configuration
   * @throws InvalidFieldException for {@code domain} if there is no such domain, for {@code
   *     configuration} if it has no such configuration or the harvest has another one of the domain
   */
  @RolesAllowed({"admin", "curator"})
  public HarvestView addConfiguration(
      String harvestName, String domainName, String configurationName) {
    SelectiveHarvest harvest =
        selective(find(harvestName), Text.of("harvest.onlySelective.configurations"));
    if (!present(domainName)) {
      throw new InvalidFieldException("domain", Text.of("harvest.domainRequired"));
    }
    DomainName name = checked("domain", () -> DomainName.of(domainName));
    Domain domain =
        domains
            .findByName(name)
            .orElseThrow(
                () -> new InvalidFieldException("domain", Text.of("harvest.noSuchDomain", name)));
    DomainConfiguration configuration =
        present(configurationName)
            ? domain
                .findConfiguration(configurationName.strip())
                .orElseThrow(
                    () ->
                        new InvalidFieldException(
                            "configuration",
                            Text.of(
                                "domain.noConfiguration",
                                domain.name(),
                                configurationName.strip())))
            : domain.defaultConfiguration();
    check("configuration", () -> harvest.addConfiguration(ChosenConfiguration.of(configuration)));
    harvests.flush();
    return view(harvest, firstPage());
  }

  /**
   * Adds seeds to a selective harvest, as a curator does for an event harvest. The seeds are sorted
   * by domain; a domain that does not exist is created (with its default configuration and seed
   * list, as any new domain); every domain gets a seed list and a configuration named after the
   * harvest, holding its seeds (if they exist, from an earlier call, missing seeds are added to the
   * list), and the harvest harvests that configuration.
   *
   * @param seedText one seed per line; blank lines and lines starting with '#' are skipped
   * @param templateName the crawl template of the configurations made now; {@code null} for the
   *     default template
   * @param maxObjects their object limit, -1 for none; {@code null} for the default (none)
   * @param maxBytes their byte limit, -1 for none; {@code null} for the default
   * @return what was created and added, and what was refused and why
   * @throws InvalidFieldException for {@code seeds} if there is no seed at all, for {@code
   *     template}, {@code maxObjects} or {@code maxBytes} if they are not valid
   */
  @RolesAllowed({"admin", "curator"})
  public SeedsAdded addSeeds(
      String harvestName, String seedText, String templateName, Long maxObjects, Long maxBytes) {
    return addSeeds(seedTarget(harvestName, templateName, maxObjects, maxBytes, null), seedText);
  }

  /**
   * Adds seeds, one per line, where {@link #seedTarget} says, for a caller that has checked the
   * target before it had the seeds.
   */
  @RolesAllowed({"admin", "curator"})
  public SeedsAdded addSeeds(SeedTarget target, String seedText) {
    SeedsByDomain sorted = SeedsByDomain.of(seedText == null ? "" : seedText);
    if (sorted.domains().isEmpty() && sorted.refused().isEmpty()) {
      throw new InvalidFieldException("seeds", Text.of("harvest.noSeeds", target.harvest()));
    }
    HarvestSeeding.Outcome outcome =
        seeding.add(target.rows(), target.harvestDescription(), sorted.seeds(), clock.instant());
    // The harvest's configurations and version were written beside its entity.
    HarvestDefinition harvest =
        harvests
            .find(target.rows().harvestId())
            .orElseThrow(() -> new NotFoundException(target.harvestDescription() + " is gone"));
    harvests.refresh(harvest);
    return new SeedsAdded(
        target.rows().name(),
        outcome.seedsAccepted(),
        outcome.seedsAdded(),
        outcome.domainsCreated(),
        outcome.configurationsAdded(),
        sorted.refused().stream()
            .map(r -> new RefusedSeedView(r.lineNumber(), r.seed(), r.reason()))
            .toList(),
        outcome.refusedDomains(),
        view(harvest, firstPage()));
  }

  /**
   * Where seeds added to a selective harvest go, checked before any is added: the harvest, the
   * template and limits of the configurations made for it.
   *
   * @param templateName the crawl template of the configurations made; {@code null} for the default
   * @param maxObjects their object limit, -1 for none; {@code null} for the default (none)
   * @param maxBytes their byte limit, -1 for none; {@code null} for the default
   * @param maxRequestRate their most requests per minute to a domain; {@code null} for the default
   * @throws InvalidFieldException for {@code template}, {@code maxObjects}, {@code maxBytes} or
   *     {@code maxRequestRate} if they are not valid
   * @throws IllegalArgumentException if the harvest is a snapshot harvest
   */
  @RolesAllowed({"admin", "curator"})
  public SeedTarget seedTarget(
      String harvestName,
      String templateName,
      Long maxObjects,
      Long maxBytes,
      Integer maxRequestRate) {
    SelectiveHarvest harvest = selective(find(harvestName), Text.of("harvest.onlySelective.seeds"));
    HarvestTemplate template = template(templateName);
    HarvestTemplate defaultTemplate =
        templates
            .findByName(DefaultTemplate.NAME)
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "The default crawl template '" + DefaultTemplate.NAME + "' is missing"));
    CrawlSettings defaults = CrawlSettings.defaults();
    CrawlSettings limited =
        defaults.withLimits(
            limit("maxObjects", maxObjects, defaults.maxObjects()),
            limit("maxBytes", maxBytes, defaults.maxBytes()));
    CrawlSettings settings =
        maxRequestRate == null ? limited : limited.withRequestRate(maxRequestRate);
    check(
        "maxRequestRate",
        () -> settings.validate(Text.of("owner.configurationsMadeFor", harvest.named())));
    return new SeedTarget(
        new HarvestSeedRows.Target(
            harvest.id(),
            SeedsByDomain.configurationName(harvest.name()),
            template.id(),
            settings,
            defaultTemplate.id(),
            "Seeds of " + harvest.describe(),
            "Made for " + harvest.describe()),
        harvest.describe(),
        harvest.named());
  }

  /**
   * Where a selective harvest's added seeds go.
   *
   * @param rows the harvest, and the name and settings of the seed lists and configurations made
   * @param harvestDescription the harvest as refusals name it, in English (the seeding batch job
   *     gets it as a parameter)
   * @param harvest the harvest as refusals name it, in any language
   */
  public record SeedTarget(HarvestSeedRows.Target rows, String harvestDescription, Text harvest) {}

  /**
   * Starts a harvest: a selective harvest runs next at its schedule's first run from now, a
   * snapshot harvest as soon as the scheduler sees it.
   *
   * @throws InvalidFieldException for {@code configurations} if a selective harvest has none, for
   *     {@code schedule} if it has no schedule or the schedule has no run left
   */
  @RolesAllowed({"admin", "curator"})
  public HarvestView activate(String name) {
    HarvestDefinition harvest = find(name);
    String field =
        harvest instanceof SelectiveHarvest s && s.configurationCount() == 0
            ? "configurations"
            : "schedule";
    check(field, () -> harvest.activate(clock.instant()));
    harvests.flush();
    return view(harvest, firstPage());
  }

  /** Stops a harvest; it makes no jobs until it is activated again. */
  @RolesAllowed({"admin", "curator"})
  public HarvestView deactivate(String name) {
    HarvestDefinition harvest = find(name);
    harvest.deactivate();
    harvests.flush();
    return view(harvest, firstPage());
  }

  private HarvestView view(HarvestDefinition harvest, PageRequest configurations) {
    return HarvestViews.detail(
        harvest,
        harvest instanceof SelectiveHarvest
            ? harvests.configurations(harvest.id(), configurations.page(), configurations.size())
            : null);
  }

  private static PageRequest firstPage() {
    return new PageRequest(0, CONFIGURATIONS_PAGE_SIZE);
  }

  private HarvestDefinition find(String name) {
    return harvests
        .findByName(name)
        .orElseThrow(() -> new NotFoundException(Text.of("harvest.notFound", name)));
  }

  private static SelectiveHarvest selective(HarvestDefinition harvest, Text what) {
    if (harvest instanceof SelectiveHarvest selective) {
      return selective;
    }
    throw new RuleViolation(null, Text.of("harvest.onlySelective", harvest.named(), what));
  }

  /** A valid name that no harvest has. */
  private String newName(String name) {
    String wanted = checked("name", () -> HarvestDefinition.validName(name));
    if (harvests.findByName(wanted).isPresent()) {
      throw new InvalidFieldException("name", Text.of("harvest.exists", wanted));
    }
    return wanted;
  }

  /** The named channel, or the default one of the kind. */
  private HarvestChannel channel(String name, HarvestKind kind) {
    if (!present(name)) {
      return channels
          .findDefault(kind)
          .orElseThrow(
              () -> new IllegalStateException("There is no default " + kind.label() + " channel"));
    }
    return channels
        .findByName(name)
        .orElseThrow(
            () ->
                new InvalidFieldException(
                    "channel", Text.of("harvest.noSuchChannel", name.strip(), kind.channels())));
  }

  private Schedule schedule(String name) {
    return schedules
        .findByName(name.strip())
        .orElseThrow(
            () ->
                new InvalidFieldException(
                    "schedule", Text.of("harvest.noSuchSchedule", name.strip())));
  }

  private SnapshotHarvest previousSnapshot(String name) {
    HarvestDefinition previous =
        harvests
            .findByName(name.strip())
            .orElseThrow(
                () ->
                    new InvalidFieldException(
                        "continueFrom", Text.of("harvest.noSuchHarvest", name.strip())));
    if (previous instanceof SnapshotHarvest snapshot) {
      return snapshot;
    }
    throw new InvalidFieldException(
        "continueFrom", Text.of("snapshot.continuesSelective", previous.named()));
  }

  private HarvestTemplate template(String name) {
    String wanted = present(name) ? name.strip() : DefaultTemplate.NAME;
    HarvestTemplate template =
        templates
            .findByName(wanted)
            .orElseThrow(
                () ->
                    new InvalidFieldException(
                        "template", Text.of("harvest.noSuchTemplate", wanted)));
    if (!template.active()) {
      throw new InvalidFieldException("template", Text.of("harvest.templateInactive", wanted));
    }
    return template;
  }

  /** The limits a request gives, each absent one taken from {@code current}. */
  private static SnapshotLimits limits(HarvestSettings settings, SnapshotLimits current) {
    long objects =
        limit("maxObjectsPerDomain", settings.maxObjectsPerDomain(), current.maxObjectsPerDomain());
    long bytes =
        limit("maxBytesPerDomain", settings.maxBytesPerDomain(), current.maxBytesPerDomain());
    Long seconds = settings.maxJobRunningSeconds();
    if (seconds != null && seconds < 0) {
      throw new InvalidFieldException(
          "maxJobRunningSeconds", Text.of("harvest.maxJobRunningSeconds", seconds));
    }
    return new SnapshotLimits(
        objects,
        bytes,
        seconds == null ? current.maxJobRunningTime() : Duration.ofSeconds(seconds));
  }

  /** An object or byte limit: positive, or -1 for none. */
  private static long limit(String field, Long value, long absent) {
    if (value == null) {
      return absent;
    }
    if (value < -1 || value == 0) {
      throw new InvalidFieldException(field, Text.of("harvest.limit", field, value));
    }
    return value;
  }

  private static void refuseSnapshotFields(HarvestSettings settings, Text harvest) {
    Text limits = Text.of("harvest.without.domainLimits");
    refuse("maxObjectsPerDomain", settings.maxObjectsPerDomain(), harvest, limits);
    refuse("maxBytesPerDomain", settings.maxBytesPerDomain(), harvest, limits);
    refuse(
        "maxJobRunningSeconds",
        settings.maxJobRunningSeconds(),
        harvest,
        Text.of("harvest.without.timeLimit"));
    refuse(
        "continueFrom", settings.continueFrom(), harvest, Text.of("harvest.without.continueFrom"));
  }

  private static void refuseSelectiveFields(HarvestSettings settings, Text harvest) {
    refuse("schedule", settings.schedule(), harvest, Text.of("harvest.without.schedule"));
  }

  private static void refuse(String field, Object value, Text harvest, Text what) {
    if (value != null && !(value instanceof String s && s.isBlank())) {
      throw new InvalidFieldException(field, Text.of("harvest.hasNo", harvest, what, field));
    }
  }

  private static boolean present(String text) {
    return text != null && !text.isBlank();
  }
}
