package org.netarchive.ee.scheduler.application.imports;

import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RunAs;
import jakarta.ejb.EJB;
import jakarta.ejb.EJBException;
import jakarta.ejb.Local;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.netarchive.ee.scheduler.application.channel.ChannelService;
import org.netarchive.ee.scheduler.application.channel.ChannelView;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.scheduler.application.harvest.HarvestService;
import org.netarchive.ee.scheduler.application.harvest.HarvestSettings;
import org.netarchive.ee.scheduler.application.schedule.ScheduleDefinition;
import org.netarchive.ee.scheduler.application.schedule.ScheduleService;
import org.netarchive.ee.scheduler.application.template.DefaultTemplate;
import org.netarchive.ee.scheduler.application.template.TemplateService;
import org.netarchive.ee.scheduler.application.trap.CrawlerTrapService;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannel;
import org.netarchive.ee.scheduler.domain.model.domain.Comments;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlerTraps;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.domain.DomainPassword;
import org.netarchive.ee.scheduler.domain.model.domain.Names;
import org.netarchive.ee.scheduler.domain.model.domain.Seeds;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestDefinition;
import org.netarchive.ee.scheduler.domain.model.history.HarvestHistory;
import org.netarchive.ee.scheduler.domain.model.history.HistoryImport;
import org.netarchive.ee.scheduler.domain.model.history.HistoryImport.ImportedKey;
import org.netarchive.ee.scheduler.domain.model.history.HistoryImport.KnownDomain;
import org.netarchive.ee.scheduler.domain.model.history.StopReason;
import org.netarchive.ee.scheduler.domain.model.schedule.FrequencyUnit;
import org.netarchive.ee.scheduler.domain.model.trap.GlobalCrawlerTrapList;
import org.netarchive.ee.scheduler.infrastructure.netarchivesuite.NasHarvestDatabase;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.NasDomainWrites;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.NasDomainWrites.AliasOutcome;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.NasDomainWrites.AliasToSet;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.NasDomainWrites.NewConfiguration;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.NasDomainWrites.NewDomain;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.NasDomainWrites.NewPassword;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.NasDomainWrites.NewSeedList;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.NasImportRuns;
import org.netarchive.ee.scheduler.infrastructure.secrets.PasswordSeal;

/**
 * Runs the steps of an import of a NetarchiveSuite harvest database for its batch job, in bounded
 * transactions: the few objects (channels, schedules, templates, trap lists, harvests) one by one
 * through the application services, so that they are checked as any other; the many (domains with
 * their parts, aliases, history) in chunks through the bulk JDBC writers, each chunk a transaction
 * of its own, recorded with its counts, problems and source position in another right after it.
 * Everything is matched by its NetarchiveSuite name, so a second import finds what the first made
 * and leaves it as it is.
 *
 * <p>The batch job may run on no caller's identity (it is resumed at start-up), so this bean runs
 * the services it calls as {@code admin}; only the import job calls it.
 */
@Stateless
@Local(NasImportSteps.class)
@PermitAll
@RunAs("admin")
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class NasImportRunner implements NasImportSteps {

  static final String CONFIGURATIONS = "configurations";
  static final String SEED_LISTS = "seed lists";
  static final String PASSWORDS = "passwords";
  static final String SELECTIVE = "selective harvests";
  static final String SNAPSHOT = "snapshot harvests";
  static final String HARVEST_CONFIGURATIONS = "harvest configurations";
  static final String NOT_IMPORTED = "not imported";

  /** The line before a domain's owner information in its comments. */
  static final String OWNER_INFORMATION = "Owner information from NetarchiveSuite:";

  /** Source rows per chunk (per transaction) of the chunked steps. */
  static final int DOMAIN_CHUNK = 1000;

  static final int ALIAS_CHUNK = 1000;
  static final int HISTORY_CHUNK = 5000;
  private static final String DESCRIPTION = "Imported from NetarchiveSuite";
  private static final Logger LOG = Logger.getLogger(NasImportRunner.class.getName());

  /** Tables of NetarchiveSuite that have no counterpart here, with why. */
  private static final Map<String, String> UNSUPPORTED =
      new LinkedHashMap<>(
          Map.of(
              "jobs",
              "NetarchiveSuite's jobs are not imported as jobs; what they harvested is imported"
                  + " from historyinfo as harvest history (by job number)",
              "job_configs",
              "belongs to NetarchiveSuite's jobs, which are not imported",
              "extendedfieldvalue",
              "extended fields have no counterpart here",
              "extendedfield",
              "extended fields have no counterpart here",
              "runningjobshistory",
              "progress of NetarchiveSuite's running jobs is not kept",
              "frontierreportmonitor",
              "frontier reports of NetarchiveSuite's running jobs are not kept"));

  @Inject private NasImportRuns runs;
  @Inject private NasDomainWrites writes;
  @Inject private HistoryImport.Target history;
  @Inject private PasswordSeal seal;
  @Inject private DefaultTemplate defaultTemplate;
  @EJB private TemplateService templates;
  @EJB private ScheduleService schedules;
  @EJB private ChannelService channels;
  @EJB private CrawlerTrapService trapLists;
  @EJB private HarvestService harvests;

  /** The owner the source's password is sealed for (see NetarchiveSuiteImports). */
  static String secretOwner(long runId) {
    return "netarchivesuite-import/" + runId;
  }

  @Override
  public NasImportSession open(long runId) {
    try {
      NasImportRuns.RunContext context =
          runs.context(runId)
              .orElseThrow(
                  () -> new IllegalStateException("No NetarchiveSuite import with id " + runId));
      if (!"RUNNING".equals(context.state())) {
        throw new IllegalStateException(
            "NetarchiveSuite import " + runId + " is " + context.state() + ", not RUNNING");
      }
      if (context.sealedSecret() == null) {
        throw new IllegalStateException(
            "NetarchiveSuite import " + runId + " has no source password stored");
      }
      String password =
          context.sealedSecret().isEmpty()
              ? null
              : seal.open(secretOwner(runId), context.sealedSecret());
      NasHarvestDatabase source =
          NasHarvestDatabase.open(
              context.sourceUrl(),
              context.sourceUser().isEmpty() ? null : context.sourceUser(),
              password);
      NasImportSession session = new NasImportSession(runId, context.dryRun());
      session.state = new Pass(context, source);
      return session;
    } catch (SQLException e) {
      throw new IllegalStateException(
          "Cannot read NetarchiveSuite import " + runId + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void runPhase(NasImportSession session, String phase) {
    Pass pass = pass(session);
    try {
      if (runs.step(pass.runId, phase).done()) {
        // done before a restart: only what later steps need of it is looked up again
        pass.load(phase);
        return;
      }
      if (pass.resumed) {
        runs.resumedFrom(pass.runId, phase + " from its start");
      }
      pass.phase(phase);
      if (phase.equals(CHANNELS)) {
        for (String kind :
            List.of(
                CHANNELS,
                SCHEDULES,
                TEMPLATES,
                TRAP_LISTS,
                DOMAINS,
                CONFIGURATIONS,
                SEED_LISTS,
                PASSWORDS,
                ALIASES,
                SELECTIVE,
                SNAPSHOT,
                HARVEST_CONFIGURATIONS,
                HISTORY)) {
          pass.tally.kind(kind);
        }
      }
      switch (phase) {
        case CHANNELS -> pass.importChannels();
        case SCHEDULES -> pass.importSchedules();
        case TEMPLATES -> pass.importTemplates();
        case TRAP_LISTS -> pass.importTrapLists();
        case HARVESTS -> {
          pass.load(CHANNELS);
          pass.load(SCHEDULES);
          pass.importHarvests();
        }
        default -> throw new IllegalArgumentException("Not a phase of the import: '" + phase + "'");
      }
      pass.loaded.add(phase);
      pass.record(phase, 0, true);
    } catch (SQLException e) {
      throw new IllegalStateException(phase + ": " + e.getMessage(), e);
    }
  }

  @Override
  public long resumePosition(NasImportSession session, String step) {
    Pass pass = pass(session);
    try {
      NasImportRuns.StepPosition position = runs.step(pass.runId, step);
      if (pass.resumed && !position.done()) {
        String where =
            step
                + (position.position() == Long.MIN_VALUE
                    ? " from its start"
                    : switch (step) {
                      case DOMAINS -> " after domain_id " + position.position();
                      case HISTORY -> " after historyinfo_id " + position.position();
                      default -> " after the first " + position.position();
                    });
        if (position.begun()) {
          LOG.info(() -> "NetarchiveSuite import " + pass.runId + " goes on with " + where);
        }
        // the first step that goes on after the resumption says where
        runs.resumedFrom(pass.runId, where);
      }
      if (pass.resumed) {
        // the first chunk may have been written before the crash, its record lost
        pass.redo.add(step);
      }
      return position.position();
    } catch (SQLException e) {
      throw new IllegalStateException(step + ": " + e.getMessage(), e);
    }
  }

  @Override
  public boolean done(NasImportSession session, String step) {
    try {
      return runs.step(session.runId(), step).done();
    } catch (SQLException e) {
      throw new IllegalStateException(step + ": " + e.getMessage(), e);
    }
  }

  @Override
  public NasImportPage read(NasImportSession session, String step, long position) {
    Pass pass = pass(session);
    try {
      List<?> rows;
      long reached;
      switch (step) {
        case DOMAINS -> {
          List<NasHarvestDatabase.Domain> domains = pass.source.domains(position, DOMAIN_CHUNK);
          rows = domains;
          reached = domains.isEmpty() ? position : domains.get(domains.size() - 1).id();
        }
        case HISTORY -> {
          List<NasHarvestDatabase.History> entries = pass.source.history(position, HISTORY_CHUNK);
          rows = entries;
          reached = entries.isEmpty() ? position : entries.get(entries.size() - 1).id();
        }
        case ALIASES -> {
          List<NasHarvestDatabase.Alias> all = pass.aliases();
          int from = (int) Math.max(0, position);
          int to = Math.min(all.size(), from + ALIAS_CHUNK);
          rows = from >= to ? List.of() : List.copyOf(all.subList(from, to));
          reached = to;
        }
        default -> throw new IllegalArgumentException("Not a chunked step: '" + step + "'");
      }
      return rows.isEmpty() ? null : new NasImportPage(session, step, reached, rows);
    } catch (SQLException e) {
      throw new IllegalStateException(step + ": " + e.getMessage(), e);
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  public void write(NasImportPage page) {
    Pass pass = pass(page.session());
    try {
      switch (page.step()) {
        case DOMAINS -> {
          pass.load(TEMPLATES);
          pass.importDomains((List<NasHarvestDatabase.Domain>) page.rows());
        }
        case ALIASES -> pass.importAliases((List<NasHarvestDatabase.Alias>) page.rows());
        case HISTORY -> pass.importHistory((List<NasHarvestDatabase.History>) page.rows());
        default -> throw new IllegalArgumentException("Not a chunked step: '" + page.step() + "'");
      }
      pass.redo.remove(page.step());
      pass.record(page.step(), page.position(), false);
    } catch (SQLException e) {
      throw new IllegalStateException(page.step() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void endStep(NasImportSession session, String step) {
    Pass pass = pass(session);
    try {
      pass.record(step, runs.step(pass.runId, step).position(), true);
    } catch (SQLException e) {
      throw new IllegalStateException(step + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void finish(long runId) {
    try (NasImportSession session = open(runId)) {
      Pass pass = pass(session);
      pass.phase("unsupported tables");
      runs.fallbacks(runId)
          .forEach(
              (template, count) ->
                  pass.tally.note(
                      "ordertemplates",
                      template,
                      count
                          + " configurations use this template, which was not imported; they use '"
                          + DefaultTemplate.NAME
                          + "' instead until they are changed"));
      pass.reportUnsupported();
      pass.record("finish", 0, true);
      runs.finish(runId, false, null, Instant.now());
    } catch (SQLException e) {
      throw new IllegalStateException("finish: " + e.getMessage(), e);
    }
  }

  @Override
  public void fail(long runId, String reason) {
    String failure = "The import stopped: " + reason;
    LOG.warning(() -> "NetarchiveSuite import " + runId + " failed: " + failure);
    try {
      runs.finish(runId, true, failure, Instant.now());
    } catch (SQLException e) {
      LOG.log(Level.SEVERE, "Cannot record the end of NetarchiveSuite import " + runId, e);
    }
  }

  private static Pass pass(NasImportSession session) {
    if (!(session.state instanceof Pass pass)) {
      throw new IllegalArgumentException(
          "Session of import " + session.runId() + " was not opened by the runner");
    }
    return pass;
  }

  static String message(Throwable e) {
    Throwable cause = e;
    while ((cause instanceof EJBException || cause.getMessage() == null)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
  }

  /** One session's state. */
  private final class Pass implements AutoCloseable {
    private final long runId;
    private final boolean dryRun;
    private final boolean resumed;
    private final ZoneId zone;
    private final String user;
    private final NasHarvestDatabase source;
    private ImportTally tally = new ImportTally();

    /** The creation time of what the import makes: the import's start. */
    private final Instant now;

    /** Our names of NetarchiveSuite's channels, schedules, by their ids; absent: not taken. */
    private final Map<Long, String> channelNames = new HashMap<>();

    private final Map<Long, String> scheduleNames = new HashMap<>();

    /** Our template ids of NetarchiveSuite's templates; absent: refused. */
    private final Map<Long, Long> templateIds = new HashMap<>();

    /** NetarchiveSuite's names of its templates, and how many configurations fell back. */
    private final Map<Long, String> templateNames = new HashMap<>();

    private final Map<Long, Long> fallbacks = new LinkedHashMap<>();

    /** A dry run's domains of this chunk that a real one would create. */
    private final Set<String> wouldCreate = new HashSet<>();

    /** The phases whose names and ids above are known in this session. */
    private final Set<String> loaded = new HashSet<>();

    /** Steps whose next chunk may have been written before a crash lost its record. */
    private final Set<String> redo = new HashSet<>();

    private List<NasHarvestDatabase.Alias> aliases;
    private final long domainsTotal;
    private long domainsDone;

    Pass(NasImportRuns.RunContext context, NasHarvestDatabase source) throws SQLException {
      this.runId = context.id();
      this.dryRun = context.dryRun();
      this.zone = ZoneId.of(context.timeZone() == null ? "UTC" : context.timeZone());
      this.user = context.startedBy();
      this.source = source;
      this.now = context.startedAt();
      this.domainsDone = context.domainsDone();
      this.domainsTotal = source.count("domains");
      // a session of an execution that goes on after a server stop
      this.resumed = context.resumed() > 0;
    }

    @Override
    public void close() {
      source.close();
    }

    /** Looks up what a phase done before a restart took, as the phase itself would. */
    void load(String phase) throws SQLException {
      if (!loaded.add(phase)) {
        return;
      }
      ImportTally real = tally;
      tally = new ImportTally();
      try {
        switch (phase) {
          case CHANNELS -> importChannels();
          case SCHEDULES -> importSchedules();
          case TEMPLATES -> importTemplates();
          default -> {
            // nothing later steps need
          }
        }
      } finally {
        tally = real;
      }
    }

    List<NasHarvestDatabase.Alias> aliases() throws SQLException {
      if (aliases == null) {
        aliases = source.aliases();
      }
      return aliases;
    }

    /** Records what was done since the last record, with the step's position. */
    void record(String step, long position, boolean done) throws SQLException {
      ImportTally.Drained drained = tally.drain();
      runs.record(
          runId,
          step,
          position,
          done,
          new NasImportRuns.Delta(
              drained.counts(),
              drained.problems(),
              new LinkedHashMap<>(fallbacks),
              new HashMap<>(templateNames),
              new ArrayList<>(wouldCreate)),
          step.equals("finish") ? "unsupported tables" : step,
          domainsTotal,
          domainsDone,
          ImportTally.MAX_PROBLEMS);
      fallbacks.clear();
      wouldCreate.clear();
    }

    private void phase(String phase) throws SQLException {
      runs.progress(runId, phase, domainsTotal, domainsDone);
    }

    // --- channels

    private void importChannels() throws SQLException {
      for (NasHarvestDatabase.Channel channel : source.channels()) {
        String key = channel.name() + " (" + channel.id() + ")";
        HarvestKind kind = channel.snapshot() ? HarvestKind.SNAPSHOT : HarvestKind.SELECTIVE;
        try {
          String name = HarvestChannel.validName(channel.name());
          Optional<ChannelView> existing = find(() -> channels.get(name));
          if (existing.isPresent()) {
            if (existing.get().kind() != kind) {
              tally.refused(
                  CHANNELS,
                  "harvestchannel",
                  key,
                  "Harvest channel '"
                      + name
                      + "' exists here for "
                      + existing.get().kind()
                      + " harvests, not "
                      + kind);
              continue;
            }
            tally.existing(CHANNELS);
          } else {
            if (!dryRun) {
              channels.create(name, kind, blankToNull(channel.comments()));
            }
            tally.created(CHANNELS);
          }
          channelNames.put(channel.id(), name);
          if (channel.isDefault()) {
            tally.note(
                "harvestchannel",
                key,
                "the default "
                    + kind
                    + " channel of NetarchiveSuite; the defaults here are not changed by the"
                    + " import");
          }
        } catch (RuntimeException e) {
          tally.refused(CHANNELS, "harvestchannel", key, message(e));
        }
      }
    }

    // --- schedules

    private void importSchedules() throws SQLException {
      for (NasHarvestDatabase.Schedule schedule : source.schedules()) {
        String key = schedule.name() + " (" + schedule.id() + ")";
        try {
          ScheduleDefinition definition = definition(schedule);
          if (find(() -> schedules.get(schedule.name().strip())).isPresent()) {
            tally.existing(SCHEDULES);
          } else {
            if (dryRun) {
              schedules.describe(definition);
            } else {
              schedules.create(definition);
            }
            tally.created(SCHEDULES);
          }
          scheduleNames.put(schedule.id(), schedule.name().strip());
        } catch (RuntimeException e) {
          tally.refused(SCHEDULES, "schedules", key, message(e));
        }
      }
    }

    private ScheduleDefinition definition(NasHarvestDatabase.Schedule s) {
      FrequencyUnit unit =
          switch (s.timeUnit()) {
            case 1 -> FrequencyUnit.HOURS;
            case 2 -> FrequencyUnit.DAYS;
            case 3 -> FrequencyUnit.WEEKS;
            case 4 -> FrequencyUnit.MONTHS;
            case 5 ->
                throw new IllegalArgumentException(
                    "Schedule '"
                        + s.name()
                        + "' repeats every "
                        + s.unitsBetween()
                        + " minutes; the shortest unit here is the hour");
            default ->
                throw new IllegalArgumentException(
                    "Schedule '" + s.name() + "' has an unknown time unit " + s.timeUnit());
          };
      if (s.unitsBetween() < 1 || s.unitsBetween() > 1000) {
        throw new IllegalArgumentException(
            "Schedule '"
                + s.name()
                + "' repeats every "
                + s.unitsBetween()
                + " "
                + unit
                + "; 1 to 1000 are possible here");
      }
      boolean anyTime = s.anyTime();
      Integer minute = anyTime ? null : s.minute();
      Integer hour = anyTime || unit == FrequencyUnit.HOURS ? null : s.hour();
      DayOfWeek weekday =
          anyTime || unit != FrequencyUnit.WEEKS || s.dayOfWeek() == null
              ? null
              // NetarchiveSuite counts as java.util.Calendar does: 1 is Sunday
              : DayOfWeek.of(s.dayOfWeek() == 1 ? 7 : s.dayOfWeek() - 1);
      Integer dayOfMonth = anyTime || unit != FrequencyUnit.MONTHS ? null : s.dayOfMonth();
      Integer maxRuns = null;
      if (s.maxRepeats() != null) {
        if (s.maxRepeats() < 1 || s.maxRepeats() > Integer.MAX_VALUE) {
          throw new IllegalArgumentException(
              "Schedule '" + s.name() + "' has " + s.maxRepeats() + " repetitions");
        }
        maxRuns = s.maxRepeats().intValue();
      }
      return new ScheduleDefinition(
          s.name() == null ? null : s.name().strip(),
          blankToNull(s.comments()),
          null,
          unit,
          (int) s.unitsBetween(),
          minute,
          hour,
          weekday,
          dayOfMonth,
          anyTime,
          instant(s.start()),
          instant(s.end()),
          maxRuns,
          zone.getId());
    }

    // --- templates

    private void importTemplates() throws SQLException {
      for (NasHarvestDatabase.Template template : source.templates()) {
        String key = template.name() + " (" + template.id() + ")";
        templateNames.put(template.id(), template.name());
        try {
          var existing = find(() -> templates.get(template.name()));
          if (existing.isPresent()) {
            tally.existing(TEMPLATES);
            templateIds.put(template.id(), existing.get().id());
            continue;
          }
          if (dryRun) {
            templates.check(template.text());
            templateIds.put(template.id(), -1L);
          } else {
            var upload = templates.upload(template.name(), DESCRIPTION, template.text(), user);
            templateIds.put(template.id(), upload.template().id());
            if (!template.active()) {
              templates.deactivate(template.name());
            }
          }
          tally.created(TEMPLATES);
        } catch (RuntimeException e) {
          tally.refused(TEMPLATES, "ordertemplates", key, message(e));
        }
      }
    }

    // --- global crawler trap lists

    private void importTrapLists() throws SQLException {
      for (NasHarvestDatabase.TrapList list : source.trapLists()) {
        String key = list.name() + " (" + list.id() + ")";
        try {
          String name = GlobalCrawlerTrapList.validName(list.name());
          if (find(() -> trapLists.get(name)).isPresent()) {
            tally.existing(TRAP_LISTS);
            continue;
          }
          if (dryRun) {
            new GlobalCrawlerTrapList(name, blankToNull(list.description()), list.expressions());
          } else {
            trapLists.create(name, blankToNull(list.description()), list.expressions());
            if (!list.active()) {
              trapLists.deactivate(name);
            }
          }
          tally.created(TRAP_LISTS);
        } catch (RuntimeException e) {
          tally.refused(TRAP_LISTS, "global_crawler_trap_lists", key, message(e));
        }
      }
    }

    // --- domains

    private void importDomains(List<NasHarvestDatabase.Domain> chunk) throws SQLException {
      Map<NasHarvestDatabase.Domain, DomainName> names = new LinkedHashMap<>();
      for (NasHarvestDatabase.Domain domain : chunk) {
        try {
          names.put(domain, DomainName.of(domain.name()));
        } catch (IllegalArgumentException e) {
          tally.refused(DOMAINS, "domains", key(domain), message(e));
        }
      }
      Set<String> existing =
          writes.existing(names.values().stream().map(DomainName::ascii).toList());
      // after a crash, the chunk the import goes on with may have been inserted, its record lost:
      // what this import created (its creation time) counts as created, not as there already
      Set<String> ours =
          redo.contains(DOMAINS) && !dryRun && !existing.isEmpty()
              ? runs.createdAt(existing, now)
              : Set.of();
      List<NewDomain> prepared = new ArrayList<>();
      for (var entry : names.entrySet()) {
        if (ours.contains(entry.getValue().ascii())) {
          NewDomain made = prepare(entry.getKey(), entry.getValue(), false);
          if (made != null) {
            countCreated(made);
          }
          continue;
        }
        boolean exists = existing.contains(entry.getValue().ascii());
        // a domain there already is checked all the same, so that a second import reports what
        // the first did not take as the first did
        NewDomain wanted = prepare(entry.getKey(), entry.getValue(), !dryRun && !exists);
        if (wanted == null) {
          continue;
        }
        if (exists) {
          tally.existing(DOMAINS);
          tally.existing(CONFIGURATIONS, wanted.configurations().size());
          tally.existing(SEED_LISTS, wanted.seedLists().size());
          tally.existing(PASSWORDS, wanted.passwords().size());
        } else {
          prepared.add(wanted);
        }
      }
      if (dryRun) {
        prepared.forEach(this::countCreated);
        prepared.forEach(d -> wouldCreate.add(d.name().ascii()));
      } else {
        insert(prepared);
      }
      domainsDone += chunk.size();
    }

    /** Inserts a chunk; if the database refuses it, each domain on its own, to find which. */
    private void insert(List<NewDomain> prepared) {
      try {
        writes.insert(prepared, now);
        prepared.forEach(this::countCreated);
      } catch (SQLException | RuntimeException chunkFailure) {
        for (NewDomain one : prepared) {
          try {
            writes.insert(List.of(one), now);
            countCreated(one);
          } catch (SQLException | RuntimeException e) {
            tally.refused(
                DOMAINS, "domains", one.name().ascii(), "The database refused it: " + message(e));
          }
        }
      }
    }

    private void countCreated(NewDomain domain) {
      tally.created(DOMAINS);
      tally.created(CONFIGURATIONS, domain.configurations().size());
      tally.created(SEED_LISTS, domain.seedLists().size());
      tally.created(PASSWORDS, domain.passwords().size());
    }

    /**
     * The domain as it will be stored, or {@code null} (and the reason reported) if refused.
     *
     * @param sealPasswords whether to seal its passwords (only for those that will be stored)
     */
    private NewDomain prepare(
        NasHarvestDatabase.Domain domain, DomainName name, boolean sealPasswords) {
      String owner = "domain '" + name.ascii() + "'";
      String comments;
      List<String> traps;
      try {
        comments = Comments.checked(owner, blankToNull(domain.comments()));
        traps = CrawlerTraps.validate(owner, CrawlerTraps.lines(domain.crawlerTraps()));
      } catch (IllegalArgumentException e) {
        tally.refused(DOMAINS, "domains", key(domain), message(e));
        return null;
      }
      comments = withOwnerInformation(owner, comments, domain);
      Map<Long, Integer> seedListIndex = new HashMap<>();
      List<NewSeedList> seedLists = new ArrayList<>();
      Set<String> seedListNames = new HashSet<>();
      for (NasHarvestDatabase.SeedList list : domain.seedLists()) {
        String listKey = name.ascii() + "/" + list.name() + " (" + list.id() + ")";
        try {
          String listName = Names.check("seed list", list.name());
          String listOwner = "seed list '" + listName + "' of " + owner;
          if (!seedListNames.add(listName)) {
            throw new IllegalArgumentException(
                "The " + listOwner + " has the name of another seed list of the domain");
          }
          List<String> seeds = Seeds.validate(listOwner, Seeds.lines(list.seeds()));
          if (seeds.isEmpty()) {
            throw new IllegalArgumentException("The " + listOwner + " has no seeds");
          }
          seedLists.add(
              new NewSeedList(
                  listName,
                  String.join("\n", seeds),
                  Comments.checked(listOwner, blankToNull(list.comments()))));
          seedListIndex.put(list.id(), seedLists.size() - 1);
        } catch (IllegalArgumentException e) {
          tally.refused(SEED_LISTS, "seedlists", listKey, message(e));
        }
      }
      Map<Long, Integer> passwordIndex = new HashMap<>();
      List<NewPassword> passwords = new ArrayList<>();
      Set<String> passwordNames = new HashSet<>();
      for (NasHarvestDatabase.Password password : domain.passwords()) {
        // the key names the entry, never its password
        String passwordKey = name.ascii() + "/" + password.name() + " (" + password.id() + ")";
        try {
          String passwordName = Names.check("password", password.name());
          String passwordOwner = DomainPassword.owner(name.ascii(), passwordName);
          if (!passwordNames.add(passwordName)) {
            throw new IllegalArgumentException(
                "The " + passwordOwner + " has the name of another password of the domain");
          }
          String url = DomainPassword.validUrl(passwordOwner, password.url());
          String realm = DomainPassword.required(passwordOwner, "realm", password.realm());
          String username =
              DomainPassword.required(passwordOwner, "user name", password.username());
          DomainPassword.required(passwordOwner, "password", password.password());
          String sealed =
              sealPasswords
                  ? seal.seal(name.ascii() + "/" + passwordName, password.password())
                  : "";
          passwords.add(
              new NewPassword(
                  passwordName,
                  url,
                  realm,
                  username,
                  sealed,
                  Comments.checked(passwordOwner, blankToNull(password.comments()))));
          passwordIndex.put(password.id(), passwords.size() - 1);
        } catch (IllegalArgumentException e) {
          tally.refused(PASSWORDS, "passwords", passwordKey, message(e));
        }
      }
      List<NewConfiguration> configurations = new ArrayList<>();
      Set<String> configurationNames = new HashSet<>();
      int defaultIndex = -1;
      for (NasHarvestDatabase.Configuration configuration : domain.configurations()) {
        String configurationKey =
            name.ascii() + "/" + configuration.name() + " (" + configuration.id() + ")";
        try {
          String configurationName = Names.check("configuration", configuration.name());
          String configurationOwner = "configuration '" + configurationName + "' of " + owner;
          if (!configurationNames.add(configurationName)) {
            throw new IllegalArgumentException(
                "The "
                    + configurationOwner
                    + " has the name of another configuration of the domain");
          }
          CrawlSettings defaults = CrawlSettings.defaults();
          CrawlSettings settings =
              new CrawlSettings(
                  configuration.maxObjects(),
                  configuration.maxBytes(),
                  or(configuration.maxRate(), defaults.maxRequestRate()),
                  or(configuration.maxHops(), defaults.maxHops()),
                  or(configuration.honorRobots(), defaults.honorRobots()),
                  or(configuration.extractJavascript(), defaults.extractJavascript()));
          settings.validate(configurationOwner);
          List<Integer> lists = new ArrayList<>();
          for (long id : configuration.seedListIds()) {
            Integer index = seedListIndex.get(id);
            if (index != null) {
              lists.add(index);
            }
          }
          if (lists.isEmpty()) {
            throw new IllegalArgumentException(
                "The " + configurationOwner + " has no seed list that could be imported");
          }
          List<Integer> passwordsUsed = new ArrayList<>();
          for (long id : configuration.passwordIds()) {
            Integer index = passwordIndex.get(id);
            if (index != null) {
              passwordsUsed.add(index);
            }
          }
          Long templateId = templateIds.get(configuration.templateId());
          if (templateId == null) {
            fallbacks.merge(configuration.templateId(), 1L, Long::sum);
            templateNames.putIfAbsent(
                configuration.templateId(), "template " + configuration.templateId());
            templateId = defaultTemplate.id();
          }
          configurations.add(
              new NewConfiguration(
                  configurationName,
                  templateId,
                  settings,
                  Comments.checked(configurationOwner, blankToNull(configuration.comments())),
                  lists,
                  passwordsUsed));
          if (configuration.id() == domain.defaultConfigurationId()) {
            defaultIndex = configurations.size() - 1;
          }
        } catch (IllegalArgumentException e) {
          tally.refused(CONFIGURATIONS, "configurations", configurationKey, message(e));
        }
      }
      if (defaultIndex < 0) {
        tally.refused(
            DOMAINS,
            "domains",
            key(domain),
            "Its default configuration (id "
                + domain.defaultConfigurationId()
                + ") could not be imported, so the domain is not");
        return null;
      }
      return new NewDomain(
          name, comments, traps, seedLists, passwords, configurations, defaultIndex);
    }

    // --- aliases

    private void importAliases(List<NasHarvestDatabase.Alias> part) throws SQLException {
      {
        List<AliasToSet> wanted = new ArrayList<>();
        List<NasHarvestDatabase.Alias> taken = new ArrayList<>();
        for (NasHarvestDatabase.Alias alias : part) {
          try {
            wanted.add(
                new AliasToSet(
                    DomainName.of(alias.name()).ascii(),
                    DomainName.of(alias.aliasOf()).ascii(),
                    alias.since() == null ? now : instant(alias.since())));
            taken.add(alias);
          } catch (IllegalArgumentException e) {
            tally.refused(ALIASES, "domains", alias.name(), message(e));
          }
        }
        List<AliasOutcome> outcomes = writes.setAliases(wanted, dryRun);
        Set<String> wouldCreate =
            dryRun
                ? runs.wouldCreate(
                    runId,
                    wanted.stream()
                        .flatMap(a -> java.util.stream.Stream.of(a.name(), a.aliasOf()))
                        .toList())
                : Set.of();
        for (int i = 0; i < outcomes.size(); i++) {
          AliasToSet alias = wanted.get(i);
          String key = taken.get(i).name() + " -> " + taken.get(i).aliasOf();
          switch (outcomes.get(i)) {
            case SET -> tally.created(ALIASES);
            case ALREADY_SET -> tally.existing(ALIASES);
            case ALIAS_OF_ANOTHER ->
                tally.refused(
                    ALIASES,
                    "domains",
                    key,
                    "Domain '"
                        + alias.aliasOf()
                        + "' is an alias itself; an alias names the"
                        + " domain harvested in its place");
            case NO_DOMAIN, NO_TARGET -> {
              if (dryRun
                  && (wouldCreate.contains(alias.name())
                      || wouldCreate.contains(alias.aliasOf()))) {
                tally.created(ALIASES);
              } else {
                tally.refused(
                    ALIASES,
                    "domains",
                    key,
                    "Domain '"
                        + (outcomes.get(i) == AliasOutcome.NO_DOMAIN
                            ? alias.name()
                            : alias.aliasOf())
                        + "' was not imported");
              }
            }
          }
        }
      }
    }

    // --- harvests

    private void importHarvests() throws SQLException {
      List<NasHarvestDatabase.Harvest> all = source.harvests();
      Map<Long, String> names = new HashMap<>();
      all.forEach(h -> names.put(h.id(), h.name()));
      // a snapshot after the one it continues from
      List<NasHarvestDatabase.Harvest> ordered = new ArrayList<>();
      Set<Long> placed = new HashSet<>();
      List<NasHarvestDatabase.Harvest> waiting = new ArrayList<>(all);
      while (!waiting.isEmpty()) {
        boolean progress = false;
        for (var it = waiting.iterator(); it.hasNext(); ) {
          NasHarvestDatabase.Harvest harvest = it.next();
          Long previous = harvest.previousId();
          if (previous == null || placed.contains(previous) || !names.containsKey(previous)) {
            ordered.add(harvest);
            placed.add(harvest.id());
            it.remove();
            progress = true;
          }
        }
        if (!progress) {
          // a cycle: the rest as they are
          ordered.addAll(waiting);
          waiting.clear();
        }
      }
      Set<String> taken = new HashSet<>();
      for (NasHarvestDatabase.Harvest harvest : ordered) {
        String kind = harvest.snapshot() ? SNAPSHOT : SELECTIVE;
        String table = harvest.snapshot() ? "fullharvests" : "partialharvests";
        String key = harvest.name() + " (" + harvest.id() + ")";
        try {
          String name = HarvestDefinition.validName(harvest.name());
          if (find(() -> harvests.get(name)).isPresent()) {
            tally.existing(kind);
            taken.add(name);
            if (!harvest.snapshot()) {
              tally.existing(
                  HARVEST_CONFIGURATIONS, source.harvestConfigurations(harvest.id()).size());
            }
            continue;
          }
          String channel = null;
          if (harvest.channelId() != null) {
            channel = channelNames.get(harvest.channelId());
            if (channel == null) {
              tally.note(
                  table,
                  key,
                  "its channel (id "
                      + harvest.channelId()
                      + ") was not imported; it uses the default channel");
            }
          }
          if (harvest.snapshot()) {
            String previous = null;
            if (harvest.previousId() != null) {
              String previousName = names.get(harvest.previousId());
              if (previousName != null && taken.contains(previousName.strip())) {
                previous = previousName.strip();
              } else {
                tally.note(
                    table,
                    key,
                    "the snapshot harvest it continues (id "
                        + harvest.previousId()
                        + ") was not imported; it starts afresh");
              }
            }
            HarvestSettings settings =
                HarvestSettings.snapshot(
                    name,
                    channel,
                    blankToNull(harvest.comments()),
                    blankToNull(harvest.audience()),
                    harvest.maxObjects() == 0 ? -1L : harvest.maxObjects(),
                    harvest.maxBytes() == 0 ? -1L : harvest.maxBytes(),
                    harvest.maxJobRunningSeconds(),
                    previous);
            if (!dryRun) {
              harvests.createSnapshot(settings);
            }
          } else {
            String schedule = null;
            if (harvest.scheduleId() != null) {
              schedule = scheduleNames.get(harvest.scheduleId());
              if (schedule == null) {
                tally.note(
                    table,
                    key,
                    "its schedule (id "
                        + harvest.scheduleId()
                        + ") was not imported; choose one before activating it");
              }
            }
            if (!dryRun) {
              harvests.createSelective(
                  HarvestSettings.selective(
                      name,
                      channel,
                      schedule,
                      blankToNull(harvest.comments()),
                      blankToNull(harvest.audience())));
            }
          }
          tally.created(kind);
          taken.add(name);
          if (harvest.active()) {
            tally.note(
                table,
                key,
                "active in NetarchiveSuite, imported inactive: activate it here once its"
                    + " templates and schedule are checked");
          }
          if (!harvest.snapshot()) {
            importHarvestConfigurations(harvest, name);
          }
        } catch (RuntimeException e) {
          tally.refused(kind, table, key, message(e));
        }
      }
    }

    private void importHarvestConfigurations(NasHarvestDatabase.Harvest harvest, String name)
        throws SQLException {
      for (NasHarvestDatabase.HarvestConfiguration configuration :
          source.harvestConfigurations(harvest.id())) {
        String key = name + ": " + configuration.domain() + "/" + configuration.configuration();
        try {
          if (dryRun) {
            String ascii = DomainName.of(configuration.domain()).ascii();
            if (runs.wouldCreate(runId, List.of(ascii)).isEmpty()
                && writes.existing(List.of(ascii)).isEmpty()) {
              throw new IllegalArgumentException(
                  "Domain '" + configuration.domain() + "' was not imported");
            }
          } else {
            harvests.addConfiguration(name, configuration.domain(), configuration.configuration());
          }
          tally.created(HARVEST_CONFIGURATIONS);
        } catch (SQLException | RuntimeException e) {
          tally.refused(HARVEST_CONFIGURATIONS, "harvest_configs", key, message(e));
        }
      }
    }

    // --- history

    private void importHistory(List<NasHarvestDatabase.History> chunk) throws SQLException {
      Map<NasHarvestDatabase.History, String> asciiNames = new LinkedHashMap<>();
      for (NasHarvestDatabase.History row : chunk) {
        String key = Long.toString(row.id());
        if (row.domain() == null) {
          tally.refused(
              HISTORY, "historyinfo", key, "Its configuration does not exist in NetarchiveSuite");
        } else if (row.harvest() == null) {
          tally.refused(
              HISTORY, "historyinfo", key, "Its harvest does not exist in NetarchiveSuite");
        } else if (row.jobId() == null || row.jobId() < 1) {
          tally.refused(
              HISTORY,
              "historyinfo",
              key,
              "It has no job number; imported history is kept by harvest, job and domain");
        } else {
          try {
            asciiNames.put(row, DomainName.of(row.domain()).ascii());
          } catch (IllegalArgumentException e) {
            tally.refused(HISTORY, "historyinfo", key, message(e));
          }
        }
      }
      Map<String, KnownDomain> known = history.findDomains(asciiNames.values());
      Set<String> wouldCreate =
          dryRun
              ? runs.wouldCreate(
                  runId, asciiNames.values().stream().filter(n -> !known.containsKey(n)).toList())
              : Set.of();
      Map<ImportedKey, HarvestHistory> entries = new LinkedHashMap<>();
      for (var entry : asciiNames.entrySet()) {
        NasHarvestDatabase.History row = entry.getKey();
        String key = row.id() + " (" + row.domain() + "/" + row.configuration() + ")";
        KnownDomain domain = known.get(entry.getValue());
        Long configurationId =
            domain == null ? null : domain.configurationIds().get(row.configuration());
        if (configurationId == null) {
          if (dryRun && wouldCreate.contains(entry.getValue())) {
            tally.created(HISTORY);
          } else {
            tally.refused(
                HISTORY,
                "historyinfo",
                key,
                domain == null
                    ? "Domain '" + row.domain() + "' was not imported"
                    : "Configuration '"
                        + row.configuration()
                        + "' of domain '"
                        + row.domain()
                        + "' was not imported");
          }
          continue;
        }
        try {
          StopReason[] reasons = StopReason.values();
          if (row.stopReason() < 0 || row.stopReason() >= reasons.length) {
            throw new IllegalArgumentException("Unknown stop reason " + row.stopReason());
          }
          HarvestHistory imported =
              HarvestHistory.imported(
                  domain.id(),
                  configurationId,
                  row.harvest(),
                  row.jobId(),
                  instant(row.harvestTime()),
                  row.objects(),
                  row.bytes(),
                  reasons[row.stopReason()]);
          ImportedKey importedKey =
              new ImportedKey(
                  domain.id(), HarvestHistory.validImportedHarvestName(row.harvest()), row.jobId());
          if (entries.putIfAbsent(importedKey, imported) != null) {
            tally.refused(
                HISTORY,
                "historyinfo",
                key,
                "Another historyinfo row has the same harvest, job and domain");
          }
        } catch (IllegalArgumentException e) {
          tally.refused(HISTORY, "historyinfo", key, message(e));
        }
      }
      Set<ImportedKey> already = history.alreadyImported(entries.keySet());
      List<HarvestHistory> fresh = new ArrayList<>();
      entries.forEach(
          (k, v) -> {
            if (already.contains(k)) {
              tally.existing(HISTORY);
            } else {
              fresh.add(v);
            }
          });
      if (!dryRun) {
        writes.addHistory(fresh);
      }
      tally.created(HISTORY, fresh.size());
    }

    /**
     * The domain's comments with its NetarchiveSuite owner information after them (domains here
     * have no field of their own for it): a line per entry with its date. If that does not fit in a
     * domain's comments, the comments stay as they are and each entry is reported.
     */
    private String withOwnerInformation(
        String owner, String comments, NasHarvestDatabase.Domain domain) {
      if (domain.ownerInfo().isEmpty()) {
        return comments;
      }
      StringBuilder text = new StringBuilder(comments == null ? "" : comments + "\n\n");
      text.append(OWNER_INFORMATION);
      for (NasHarvestDatabase.OwnerInfo info : domain.ownerInfo()) {
        text.append('\n')
            .append(info.created() == null ? "(no date)" : info.created().toLocalDate())
            .append(": ")
            .append(info.info() == null ? "" : info.info().strip());
      }
      try {
        return Comments.checked(owner, text.toString());
      } catch (IllegalArgumentException e) {
        for (NasHarvestDatabase.OwnerInfo info : domain.ownerInfo()) {
          tally.refused(
              NOT_IMPORTED,
              "ownerinfo",
              key(domain) + " " + info.id(),
              "does not fit in the domain's comments with what they hold ("
                  + message(e)
                  + "); add it by hand");
        }
        return comments;
      }
    }

    // --- the rest

    private void reportUnsupported() throws SQLException {
      for (var table : UNSUPPORTED.entrySet()) {
        if (source.hasTable(table.getKey())) {
          long rows = source.count(table.getKey());
          if (rows > 0) {
            tally.refused(NOT_IMPORTED, table.getKey(), "all " + rows + " rows", table.getValue());
          }
        }
      }
    }

    private Instant instant(LocalDateTime local) {
      return local == null ? null : local.atZone(zone).toInstant();
    }

    private String key(NasHarvestDatabase.Domain domain) {
      return domain.name() + " (" + domain.id() + ")";
    }
  }

  /** The thing, or empty if the service says there is none. */
  private static <T> Optional<T> find(java.util.function.Supplier<T> lookup) {
    try {
      return Optional.of(lookup.get());
    } catch (NotFoundException e) {
      return Optional.empty();
    }
  }

  private static <T> T or(T value, T otherwise) {
    return value == null ? otherwise : value;
  }

  private static String blankToNull(String text) {
    return text == null || text.isBlank() ? null : text;
  }
}
