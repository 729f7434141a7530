package org.netarchive.ee.common.template;

import java.util.Optional;

/**
 * A place in a crawl template (a Heritrix 3 {@code crawler-beans.cxml}) that the harvester agent
 * fills for each job.
 *
 * <p>A placeholder is written {@code %{NAME}}, a syntax that neither Spring nor Heritrix gives a
 * meaning to (Heritrix's own variables are written {@code ${name}}). There are two forms:
 *
 * <ul>
 *   <li>{@link Form#ELEMENTS}: the placeholder stands alone in an XML comment, {@code <!--
 *       %{DOMAIN_QUOTAS} -->}, at the place where the agent inserts XML elements (bean definitions,
 *       list values, properties). The comment keeps the template well-formed and loadable as it is;
 *       rendering replaces the whole comment with the agent's fragment, which may be empty.
 *   <li>{@link Form#VALUE}: the placeholder stands in an attribute value or in the text of an
 *       element, {@code <property name="prefix" value="%{WARC_PREFIX}"/>}; rendering replaces it
 *       with the agent's text, XML-escaped.
 * </ul>
 *
 * <p>Each placeholder may stand only where the agent's value makes sense, described by {@link
 * #where()}; {@link CrawlTemplate#parse(String)} refuses a template in which a required one is
 * missing or one stands anywhere else. The bean classes named below are those of Heritrix 3.13.
 *
 * <table>
 *   <caption>Placeholders</caption>
 *   <tr><th>placeholder</th><th>form</th><th>required</th><th>what the agent puts there</th></tr>
 *   <tr><td>{@code %{SEEDS}}</td><td>value</td><td>yes</td><td>the job's seed URLs, one a line</td></tr>
 *   <tr><td>{@code %{DOMAIN_QUOTAS}}</td><td>elements</td><td>yes</td><td>per-domain limit sheets
 *       and their SURT associations</td></tr>
 *   <tr><td>{@code %{CRAWLER_TRAPS}}</td><td>elements</td><td>yes</td><td>one {@code <value>} per
 *       crawler-trap regular expression</td></tr>
 *   <tr><td>{@code %{WARC_PREFIX}}</td><td>value</td><td>yes</td><td>the WARC file name
 *       prefix</td></tr>
 *   <tr><td>{@code %{WARC_DIRECTORY}}</td><td>value</td><td>yes</td><td>the directory the WARC
 *       files are written to (the "archiver" of the job)</td></tr>
 *   <tr><td>{@code %{WARCINFO_METADATA}}</td><td>elements</td><td>yes</td><td>the {@code jobName}
 *       and {@code description} properties of the crawl metadata</td></tr>
 *   <tr><td>{@code %{DEDUP_INDEX}}</td><td>elements</td><td>no</td><td>a processor that marks
 *       URIs already archived by earlier jobs as duplicates</td></tr>
 * </table>
 */
public enum Placeholder {

  /**
   * The job's seeds: absolute http(s) URLs, one a line, as Heritrix's {@code TextSeedModule} reads
   * them. Stands in the value of the {@code org.archive.spring.ConfigString} that is the {@code
   * textSource} of the seeds bean ({@code org.archive.modules.seeds.TextSeedModule}).
   */
  SEEDS(
      Form.VALUE,
      true,
      "in the value of the text source of the seeds bean (class "
          + HeritrixClasses.TEXT_SEED_MODULE
          + "), as <property name=\"value\"><value>%{SEEDS}</value></property> of its "
          + HeritrixClasses.CONFIG_STRING,
      "the job's seed URLs, one a line"),

  /**
   * The per-domain limits: for every distinct limit an {@code org.archive.spring.Sheet} setting
   * {@code quotaEnforcer.groupMaxFetchSuccesses} and/or {@code quotaEnforcer.groupMaxAllKb}, and an
   * {@code org.archive.crawler.spring.SurtPrefixesSheetAssociation} applying it to the SURT
   * prefixes of the domains that have it. Stands where top-level bean definitions go: a comment
   * directly inside the root {@code <beans>} element. Relies on a {@code quotaEnforcer} bean and on
   * one frontier queue per domain (see {@link CrawlTemplate#parse(String)}).
   */
  DOMAIN_QUOTAS(
      Form.ELEMENTS,
      true,
      "as a comment <!-- %{DOMAIN_QUOTAS} --> directly inside the root <beans> element, where"
          + " top-level bean definitions go",
      "a Sheet per distinct per-domain limit and a SurtPrefixesSheetAssociation per Sheet"),

  /**
   * The crawler traps of the job's domains and the global ones: one {@code <value>} element per
   * regular expression (a URI matching any of them is not crawled). Stands in the {@code <list>} of
   * the {@code regexList} property of an {@code
   * org.archive.modules.deciderules.MatchesListRegexDecideRule} with decision {@code REJECT} in the
   * crawl scope (the {@code scope} bean, nested in it or referenced from it).
   */
  CRAWLER_TRAPS(
      Form.ELEMENTS,
      true,
      "as a comment <!-- %{CRAWLER_TRAPS} --> inside the <list> of the regexList property of a"
          + " bean of class "
          + HeritrixClasses.MATCHES_LIST_REGEX_DECIDE_RULE
          + " with decision REJECT in the rules of the 'scope' bean",
      "one <value> element per crawler-trap regular expression"),

  /**
   * The prefix of the job's WARC file names, e.g. {@code 42-7} for job 42 of harvest 7: letters,
   * digits, '.', '_' and '-'. Stands in the {@code prefix} property of the WARC writer bean ({@code
   * org.archive.modules.writer.WARCWriterChainProcessor}); Heritrix names the files {@code
   * ${prefix}-${timestamp17}-${serialno}-...} by default.
   */
  WARC_PREFIX(
      Form.VALUE,
      true,
      "in the prefix property of the WARC writer bean (class "
          + HeritrixClasses.WARC_WRITER
          + "), e.g. <property name=\"prefix\" value=\"%{WARC_PREFIX}\"/>",
      "the prefix of the job's WARC file names"),

  /**
   * Where the job's WARC files are written (the "archiver"): a directory, absolute or
   * relative to the job directory, from which the agent later uploads them to the archive. Stands
   * as the only {@code <value>} of the {@code storePaths} list of the WARC writer bean.
   */
  WARC_DIRECTORY(
      Form.VALUE,
      true,
      "in the storePaths list of the WARC writer bean (class "
          + HeritrixClasses.WARC_WRITER
          + "), as <property name=\"storePaths\"><list><value>%{WARC_DIRECTORY}</value></list>"
          + "</property>",
      "the directory the WARC files are written to"),

  /**
   * What the warcinfo record at the start of every WARC file says about the job: {@code <property>}
   * elements for {@code jobName} (written as {@code isPartOf}) and {@code description} of the crawl
   * metadata bean ({@code org.archive.modules.CrawlMetadata}), e.g. the harvest's name, job and
   * harvest ids and the template version. Stands as a comment directly inside that bean, which must
   * therefore not set these two properties itself.
   */
  WARCINFO_METADATA(
      Form.ELEMENTS,
      true,
      "as a comment <!-- %{WARCINFO_METADATA} --> directly inside the crawl metadata bean (class "
          + HeritrixClasses.CRAWL_METADATA
          + "), among its properties",
      "the jobName and description properties of the crawl metadata"),

  /**
   * Optional. A processor that looks each fetched URI up in the deduplication index built from
   * earlier jobs and marks unchanged content as a duplicate, so that the WARC writer writes a
   * revisit record instead of the content again. A processor needs the fetched content's digest, so
   * it stands in the {@code <list>} of {@code processors} of the fetch chain ({@code
   * org.archive.modules.FetchChain}) after the HTTP fetcher. Without it, jobs of this template do
   * not deduplicate; the agent inserts nothing if a job has no index.
   *
   * <p>The agent inserts one inline processor bean, configured with the location of the job's
   * index. The chain starts its processors, but Spring does not start beans nested in them: a
   * processor needing a store with its own life cycle (such as Heritrix's {@code
   * BdbContentDigestHistory}) must open it itself.
   */
  DEDUP_INDEX(
      Form.ELEMENTS,
      false,
      "as a comment <!-- %{DEDUP_INDEX} --> in the processors list of the fetch chain (class "
          + HeritrixClasses.FETCH_CHAIN
          + "), after the HTTP fetcher ("
          + HeritrixClasses.FETCH_HTTP
          + ")",
      "a processor that looks URIs up in the deduplication index of earlier jobs");

  /** How a placeholder is written and what it is replaced with. */
  public enum Form {
    /**
     * Alone in an XML comment, {@code <!-- %{NAME} -->}; the comment is replaced by XML elements.
     */
    ELEMENTS,
    /** In an attribute value or element text; the token is replaced by XML-escaped text. */
    VALUE
  }

  private final Form form;
  private final boolean required;
  private final String where;
  private final String filledWith;

  Placeholder(Form form, boolean required, String where, String filledWith) {
    this.form = form;
    this.required = required;
    this.where = where;
    this.filledWith = filledWith;
  }

  /**
   * The placeholder as written in a template, e.g. {@code %{SEEDS}}.
   *
   * @return the token
   */
  public String token() {
    return "%{" + name() + "}";
  }

  /**
   * How the placeholder is written and replaced.
   *
   * @return the form
   */
  public Form form() {
    return form;
  }

  /**
   * Whether every template must have this placeholder.
   *
   * @return {@code true} unless the placeholder is optional
   */
  public boolean required() {
    return required;
  }

  /**
   * Where in a template this placeholder may stand, as said in error messages.
   *
   * @return a description naming the bean and property
   */
  public String where() {
    return where;
  }

  /**
   * What the agent puts in this placeholder's place, in a few words.
   *
   * @return a short description
   */
  public String filledWith() {
    return filledWith;
  }

  /**
   * Finds the placeholder with the given name.
   *
   * @param name a placeholder's name, e.g. {@code SEEDS}, without {@code %{}}
   * @return the placeholder, or empty if there is none of that name
   */
  public static Optional<Placeholder> byName(String name) {
    for (Placeholder placeholder : values()) {
      if (placeholder.name().equals(name)) {
        return Optional.of(placeholder);
      }
    }
    return Optional.empty();
  }
}
