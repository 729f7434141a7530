package org.netarchive.ee.scheduler.application.template;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.common.template.CrawlTemplateException;
import org.netarchive.ee.common.template.NetarchiveSuiteTemplates;
import org.netarchive.ee.common.template.TemplateConversion;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.application.PageRequest;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.scheduler.application.template.TemplateViews.TemplateSummary;
import org.netarchive.ee.scheduler.application.template.TemplateViews.TemplateText;
import org.netarchive.ee.scheduler.application.template.TemplateViews.TemplateView;
import org.netarchive.ee.scheduler.application.template.TemplateViews.Upload;
import org.netarchive.ee.scheduler.application.template.TemplateViews.UploadOutcome;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplate;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplateRepository;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplateVersion;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplateVersionInfo;

/**
 * Crawl templates. Everyone reads and downloads them; only admins upload, describe, activate and
 * deactivate them, because a template is executable configuration for Heritrix. An uploaded text in
 * NetarchiveSuite's shape (its placeholders, its beans, its deduplicator) is first converted by
 * {@link NetarchiveSuiteTemplates#convert(String)}, and the converted text is what is checked and
 * stored; the answer lists each mapping with its line. Every text is checked by {@link
 * CrawlTemplate#parse(String)}; what it refuses is answered with its message (every problem with
 * its line) as a problem of the field {@value #TEMPLATE_FIELD}.
 */
@Stateless
@RolesAllowed({"admin", "curator", "viewer"})
public class TemplateService {

  /** The field uploaded texts are refused as. */
  public static final String TEMPLATE_FIELD = "template";

  @Inject private HarvestTemplateRepository templates;

  private Clock clock = Clock.systemUTC();

  public TemplateService() {}

  /** A service outside the container, e.g. in a test. */
  TemplateService(HarvestTemplateRepository templates, Clock clock) {
    this.templates = templates;
    this.clock = clock;
  }

  /** One page of the templates whose names match a glob ({@code *}, {@code ?}), by name. */
  public Page<TemplateSummary> list(String nameGlob, int page, int size) {
    PageRequest request = new PageRequest(page, size);
    List<HarvestTemplate> found = templates.list(nameGlob, request.first(), size);
    Map<Long, HarvestTemplateVersionInfo> current =
        templates.currentVersionInfos(found.stream().map(HarvestTemplate::id).toList());
    return new Page<>(
        found.stream().map(t -> TemplateViews.summary(t, current.get(t.id()))).toList(),
        templates.count(nameGlob),
        page,
        size);
  }

  public TemplateView get(String name) {
    HarvestTemplate template = find(name);
    return TemplateViews.view(template, templates.versionInfos(template.id()));
  }

  /**
   * Uploads a text: creates the template with it as version 1, or adds it as a new version of an
   * existing one unless it is the current text.
   *
   * @param name the template's name
   * @param description what the template is for; {@code null} keeps an existing one's description
   * @param text the crawler-beans.cxml
   * @param user who uploads it
   * @throws InvalidFieldException for the field {@value #TEMPLATE_FIELD} if the text is not a
   *     usable template, naming every problem and its line; for {@code name} or {@code description}
   *     if they are not valid
   */
  @RolesAllowed("admin")
  public Upload upload(String name, String description, String text, String user) {
    TemplateConversion conversion = convert(text);
    List<String> changes = conversion.changes();
    CrawlTemplate parsed = parse(conversion.text());
    Instant now = clock.instant();
    Optional<HarvestTemplate> existing = templates.lockByName(name);
    if (existing.isEmpty()) {
      check("name", () -> HarvestTemplate.validName(name));
      HarvestTemplate template = new HarvestTemplate(name, null, parsed, user, now);
      check("description", () -> describe(template, description));
      templates.add(template);
      return new Upload(
          UploadOutcome.CREATED,
          1,
          "Created crawl template '" + name + "' with version 1" + converted(changes),
          loadedView(template),
          changes);
    }
    HarvestTemplate template = existing.get();
    if (description != null) {
      check("description", () -> describe(template, description));
    }
    Optional<HarvestTemplateVersion> added = template.upload(parsed, user, now);
    if (added.isEmpty()) {
      int current = template.currentVersion().number();
      return new Upload(
          UploadOutcome.UNCHANGED,
          current,
          "The text is the same as version "
              + current
              + ", the current one, of crawl template '"
              + name
              + "': no new version was made"
              + (description == null ? "" : "; the description was updated")
              + converted(changes),
          loadedView(template),
          changes);
    }
    int number = added.get().number();
    return new Upload(
        UploadOutcome.NEW_VERSION,
        number,
        "Added version "
            + number
            + " to crawl template '"
            + name
            + "'; it is now the current one"
            + converted(changes),
        loadedView(template),
        changes);
  }

  /**
   * Checks a text as {@link #upload} would, storing nothing (an import's dry run).
   *
   * @return the conversions an upload would make
   * @throws InvalidFieldException as {@link #upload} does for the text
   */
  public List<String> check(String text) {
    TemplateConversion conversion = convert(text);
    parse(conversion.text());
    return conversion.changes();
  }

  /**
   * The exact text of a version.
   *
   * @param version the version number; {@code null} for the current version
   */
  public TemplateText download(String name, Integer version) {
    HarvestTemplate template = find(name);
    HarvestTemplateVersion found =
        (version == null
                ? templates.currentVersion(template.id())
                : templates.findVersion(template.id(), version))
            .orElseThrow(() -> new NotFoundException(Text.of("template.noVersion", name, version)));
    return new TemplateText(template.name(), found.number(), found.sha256(), found.text());
  }

  /** Offers a template for new harvests. */
  @RolesAllowed("admin")
  public TemplateView activate(String name) {
    HarvestTemplate template = find(name);
    template.activate();
    return get(template);
  }

  /**
   * Stops offering a template for new harvests; harvests and jobs that use it keep it.
   *
   * @throws IllegalArgumentException for the default template, which new domains get
   */
  @RolesAllowed("admin")
  public TemplateView deactivate(String name) {
    HarvestTemplate template = find(name);
    if (template.name().equals(DefaultTemplate.NAME)) {
      throw new RuleViolation(null, Text.of("template.defaultStaysActive", DefaultTemplate.NAME));
    }
    template.deactivate();
    return get(template);
  }

  /** Changes what a template is said to be for. */
  @RolesAllowed("admin")
  public TemplateView describe(String name, String description) {
    HarvestTemplate template = find(name);
    check("description", () -> describe(template, description));
    return get(template);
  }

  private static HarvestTemplate describe(HarvestTemplate template, String description) {
    template.describe(description);
    return template;
  }

  private TemplateView get(HarvestTemplate template) {
    return TemplateViews.view(template, templates.versionInfos(template.id()));
  }

  /** The view of a template whose versions are loaded already (after an upload). */
  private static TemplateView loadedView(HarvestTemplate template) {
    return TemplateViews.view(
        template, template.versions().stream().map(HarvestTemplateVersionInfo::of).toList());
  }

  /**
   * A NetarchiveSuite template converted to Netarchive EE's placeholders and beans; what cannot be
   * converted is refused as the field {@value #TEMPLATE_FIELD}, naming each line.
   */
  private static TemplateConversion convert(String text) {
    try {
      return NetarchiveSuiteTemplates.convert(text == null ? "" : text);
    } catch (CrawlTemplateException e) {
      throw new InvalidFieldException(TEMPLATE_FIELD, e.getMessage(), e);
    }
  }

  private static String converted(List<String> changes) {
    return changes.isEmpty()
        ? ""
        : ". The NetarchiveSuite template was converted before the text was stored ("
            + changes.size()
            + " changes, listed in conversions)";
  }

  private static CrawlTemplate parse(String text) {
    try {
      return CrawlTemplate.parse(text == null ? "" : text);
    } catch (CrawlTemplateException e) {
      throw new InvalidFieldException(TEMPLATE_FIELD, e.getMessage(), e);
    }
  }

  private HarvestTemplate find(String name) {
    return templates
        .findByName(name)
        .orElseThrow(() -> new NotFoundException(Text.of("template.notFound", name)));
  }

  private static <T> T check(String field, java.util.function.Supplier<T> action) {
    try {
      return action.get();
    } catch (InvalidFieldException e) {
      throw e;
    } catch (RuleViolation e) {
      throw e.text() == null
          ? new InvalidFieldException(field, e.getMessage(), e)
          : new InvalidFieldException(field, e.text(), e);
    } catch (IllegalArgumentException e) {
      throw new InvalidFieldException(field, e.getMessage(), e);
    }
  }
}
