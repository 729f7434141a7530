package org.netarchive.ee.scheduler.application.template;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplate;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplateRepository;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplateVersion;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplateVersionInfo;

/**
 * Templates in a list, for testing the service without a database. Gives a template its id when it
 * is added, as the database would.
 */
public final class InMemoryTemplateRepository implements HarvestTemplateRepository {

  private final List<HarvestTemplate> templates = new ArrayList<>();
  private long nextId = 1;

  @Override
  public Optional<HarvestTemplate> find(long id) {
    return templates.stream().filter(t -> t.id() == id).findFirst();
  }

  @Override
  public Optional<HarvestTemplate> findByName(String name) {
    return templates.stream().filter(t -> t.name().equals(name)).findFirst();
  }

  @Override
  public Optional<HarvestTemplate> lockByName(String name) {
    return findByName(name);
  }

  @Override
  public Optional<HarvestTemplateVersion> findVersion(long templateId, int number) {
    return find(templateId).flatMap(t -> t.version(number));
  }

  @Override
  public List<HarvestTemplateVersionInfo> versionInfos(long templateId) {
    return find(templateId).orElseThrow().versions().stream()
        .map(HarvestTemplateVersionInfo::of)
        .toList();
  }

  @Override
  public Map<Long, HarvestTemplateVersionInfo> currentVersionInfos(Collection<Long> templateIds) {
    return templateIds.stream()
        .map(id -> HarvestTemplateVersionInfo.of(find(id).orElseThrow().currentVersion()))
        .collect(Collectors.toMap(HarvestTemplateVersionInfo::templateId, Function.identity()));
  }

  @Override
  public Optional<HarvestTemplateVersion> findVersion(long versionId) {
    return Optional.empty();
  }

  @Override
  public Optional<HarvestTemplateVersion> currentVersion(long templateId) {
    return find(templateId).map(HarvestTemplate::currentVersion);
  }

  @Override
  public List<HarvestTemplate> list(String nameGlob, int first, int max) {
    return matching(nameGlob).stream().skip(first).limit(max).toList();
  }

  @Override
  public long count(String nameGlob) {
    return matching(nameGlob).size();
  }

  @Override
  public void add(HarvestTemplate template) {
    try {
      Field id = HarvestTemplate.class.getDeclaredField("id");
      id.setAccessible(true);
      id.set(template, nextId++);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError("HarvestTemplate has no field 'id'", e);
    }
    templates.add(template);
  }

  private List<HarvestTemplate> matching(String glob) {
    String regex =
        glob == null || glob.isBlank()
            ? ".*"
            : glob.chars()
                .mapToObj(
                    c -> c == '*' ? ".*" : c == '?' ? "." : Pattern.quote(String.valueOf((char) c)))
                .collect(Collectors.joining());
    Pattern pattern = Pattern.compile(regex, Pattern.CASE_INSENSITIVE);
    return templates.stream()
        .filter(t -> pattern.matcher(t.name()).matches())
        .sorted(Comparator.comparing(HarvestTemplate::name))
        .toList();
  }
}
