package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.Api.json;

import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.common.template.NetarchiveSuiteTemplates;
import org.netarchive.ee.common.template.Placeholder;

/** The crawl template part of the REST API on the real server and database. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class TemplateApiIT {

  private static final String DEFAULT_TEXT = CrawlTemplate.defaultTemplate().text();

  private final Api admin = Api.admin();

  /** A template name no other test uses. */
  private static String uniqueName() {
    return "it-" + UUID.randomUUID().toString().substring(0, 8);
  }

  /** The shipped template with a comment after its document element: another usable text. */
  private static String withComment(String comment) {
    return DEFAULT_TEXT + "<!-- " + comment + " -->\n";
  }

  private static void assertProblem(HttpResponse<String> response, int status, String field) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
    JsonObject problem = json(response);
    assertThat(problem.getInt("status")).isEqualTo(status);
    assertThat(problem.getString("field", null)).isEqualTo(field);
  }

  @Test
  void givenTheDefaultTemplate_whenListedAndDownloaded_thenItIsTheShippedTextByteForByte()
      throws Exception {
    JsonObject page = json(admin.get("/api/templates?name=default_*"));
    HttpResponse<byte[]> download =
        admin.getBytes("/api/templates/default_orderxml/crawler-beans.cxml");

    assertThat(page.getJsonArray("items").getValuesAs(JsonObject.class))
        .anySatisfy(
            t -> {
              assertThat(t.getString("name")).isEqualTo("default_orderxml");
              assertThat(t.getBoolean("active")).isTrue();
              assertThat(t.getInt("currentVersion")).isGreaterThanOrEqualTo(1);
            });
    assertThat(download.statusCode()).isEqualTo(200);
    assertThat(download.headers().firstValue("Content-Type"))
        .hasValueSatisfying(t -> assertThat(t).startsWith("application/xml"));
    assertThat(download.headers().firstValue("Content-Disposition"))
        .hasValueSatisfying(
            d -> assertThat(d).startsWith("attachment;").contains("default_orderxml-v"));
    assertThat(download.body()).isEqualTo(DEFAULT_TEXT.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void givenANewTemplate_whenUploadedUnchangedAndChanged_thenOneNewVersionAndTheOldOneKept()
      throws Exception {
    String name = uniqueName();
    String path = "/api/templates/" + name;

    HttpResponse<String> created =
        admin.putXml(path + "?description=for%20tests", withComment("one"));
    HttpResponse<String> unchanged = admin.putXml(path, withComment("one"));
    HttpResponse<String> changed = admin.putXml(path, withComment("two"));

    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    assertThat(created.headers().firstValue("Location"))
        .hasValueSatisfying(l -> assertThat(l).endsWith(path));
    assertThat(json(created).getString("outcome")).isEqualTo("CREATED");
    assertThat(json(created).getJsonObject("template").getString("description"))
        .isEqualTo("for tests");
    assertThat(unchanged.statusCode()).as(unchanged.body()).isEqualTo(200);
    assertThat(json(unchanged).getString("outcome")).isEqualTo("UNCHANGED");
    assertThat(json(unchanged).getInt("version")).isEqualTo(1);
    assertThat(json(unchanged).getString("message")).contains("no new version");
    assertThat(changed.statusCode()).as(changed.body()).isEqualTo(200);
    assertThat(json(changed).getString("outcome")).isEqualTo("NEW_VERSION");
    assertThat(json(changed).getInt("version")).isEqualTo(2);

    JsonObject template = json(admin.get(path));
    assertThat(template.getInt("currentVersion")).isEqualTo(2);
    assertThat(template.getJsonArray("versions")).hasSize(2);
    assertThat(template.getJsonArray("versions").getJsonObject(0).getString("uploadedBy"))
        .isEqualTo(ServerUnderTest.ADMIN);
    assertThat(admin.getBytes(path + "/crawler-beans.cxml?version=1").body())
        .isEqualTo(withComment("one").getBytes(StandardCharsets.UTF_8));
    assertThat(admin.getBytes(path + "/crawler-beans.cxml").body())
        .isEqualTo(withComment("two").getBytes(StandardCharsets.UTF_8));
    assertProblem(admin.get(path + "/crawler-beans.cxml?version=3"), 404, null);
  }

  /**
   * A template in the shape of NetarchiveSuite's Heritrix 3 templates, with its DeDuplicator (a
   * copy of common's test fixture of the same name).
   */
  private static String netarchiveSuiteTemplate() throws java.io.IOException {
    try (var in =
        TemplateApiIT.class.getResourceAsStream("netarchivesuite-dedup-crawler-beans.cxml")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void givenNetarchiveSuitesDeduplicator_whenUploading_thenConvertedStoredAndEachChangeReported()
      throws Exception {
    String name = uniqueName();
    String path = "/api/templates/" + name;
    String nas = netarchiveSuiteTemplate();

    HttpResponse<String> created = admin.putXml(path, nas);

    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    JsonObject upload = json(created);
    assertThat(upload.getString("outcome")).isEqualTo("CREATED");
    assertThat(upload.getString("message"))
        .contains("The NetarchiveSuite template was converted before the text was stored");
    assertThat(upload.getJsonArray("conversions").getValuesAs(jakarta.json.JsonString.class))
        .extracting(jakarta.json.JsonString::getString)
        .contains(
            "matchingMethod URL became URL_AND_DIGEST (NetarchiveSuite's URL and DIGEST both make"
                + " a duplicate only of the same URL with the same digest)",
            "mimeFilter ^text/.* was kept",
            "filterMode BLACKLIST was kept",
            "indexLocation was dropped: the agent gives each job its own index",
            "tryEquivalent was dropped: matching is by the exact URL (an equivalent URL's capture"
                + " is not a duplicate)")
        .anySatisfy(c -> assertThat(c).startsWith("Replaced NetarchiveSuite's deduplicator"))
        .anySatisfy(
            c ->
                assertThat(c)
                    .startsWith("Removed <ref bean=\"DeDuplicator\"/>")
                    .endsWith("from the disposition chain 'dispositionProcessors'"))
        .anySatisfy(
            c -> assertThat(c).startsWith("Put <!-- %{DEDUP_INDEX} --> in the fetch chain"));
    String stored =
        new String(admin.getBytes(path + "/crawler-beans.cxml").body(), StandardCharsets.UTF_8);
    assertThat(stored)
        .isEqualTo(CrawlTemplate.convertNetarchiveSuiteDeduplicator(nas).text())
        .contains(
            "<bean id=\"netarchiveDedupSettings\" abstract=\"true\""
                + " class=\"org.netarchive.ee.agent.heritrix.dedup.DedupProcessor\">",
            "<property name=\"matchingMethod\" value=\"URL_AND_DIGEST\"/>",
            "<!-- %{DEDUP_INDEX} -->",
            "HERITRIX 3 CRAWL JOB CONFIGURATION FILE - as ported from NetarchiveSuite 7")
        .doesNotContain("is.hi.bok.deduplicator.DeDuplicator", "<ref bean=\"DeDuplicator\"/>");
    assertThat(CrawlTemplate.parse(stored).usesDedupIndex()).isTrue();
  }

  @Test
  void givenADeduplicatorThatChangesContentSizes_whenUploading_thenRefusedNamingTheLine()
      throws Exception {
    String name = uniqueName();
    String nas =
        netarchiveSuiteTemplate()
            .replace(
                "name=\"changeContentSize\" value=\"false\"",
                "name=\"changeContentSize\" value=\"true\"");

    HttpResponse<String> refused = admin.putXml("/api/templates/" + name, nas);

    assertProblem(refused, 400, "template");
    assertThat(json(refused).getString("detail"))
        .startsWith("The NetarchiveSuite template cannot be converted")
        .contains("sets changeContentSize true at line ", "set it to false or remove the property");
    assertThat(admin.get("/api/templates/" + name).statusCode()).isEqualTo(404);
  }

  /**
   * A template in NetarchiveSuite's own Heritrix 3 shape, with its placeholders and beans (a copy
   * of common's test fixture of the same name).
   */
  private static String netarchiveSuiteH3Template() throws java.io.IOException {
    try (var in =
        TemplateApiIT.class.getResourceAsStream("netarchivesuite-h3-crawler-beans.cxml")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static int lineOf(String text, String snippet) {
    int at = text.indexOf(snippet);
    assertThat(at).as(snippet).isNotNegative();
    return (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
  }

  @Test
  void givenANetarchiveSuiteTemplateAsItIs_whenUploading_thenAcceptedWithEachMappingReported()
      throws Exception {
    String name = uniqueName();
    String path = "/api/templates/" + name;
    String nas = netarchiveSuiteH3Template();

    HttpResponse<String> created = admin.putXml(path, nas);

    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    JsonObject upload = json(created);
    assertThat(upload.getString("message"))
        .contains("The NetarchiveSuite template was converted before the text was stored");
    assertThat(upload.getJsonArray("conversions").getValuesAs(jakarta.json.JsonString.class))
        .extracting(jakarta.json.JsonString::getString)
        .contains(
            "Line "
                + lineOf(nas, "%{CRAWLERTRAPS_PLACEHOLDER}")
                + ": %{CRAWLERTRAPS_PLACEHOLDER} became <!-- %{CRAWLER_TRAPS} -->: the agent puts"
                + " the global crawler traps and those of the job's domains there",
            "Line "
                + lineOf(nas, "%{ARCHIVER_BEAN_REFERENCE_PLACEHOLDER}")
                + ": %{ARCHIVER_BEAN_REFERENCE_PLACEHOLDER} became <ref bean=\"warcWriter\"/>",
            "Line "
                + lineOf(nas, "<bean id=\"quotaenforcer\"")
                + ": the quota enforcer 'quotaenforcer' became 'quotaEnforcer', the name the"
                + " per-domain quota sheets set")
        .anySatisfy(
            c ->
                assertThat(c)
                    .startsWith(
                        "Line "
                            + lineOf(nas, "%{ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER}")
                            + ": %{ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER} became the WARC writer"))
        .anySatisfy(
            c ->
                assertThat(c)
                    .startsWith(
                        "Line "
                            + lineOf(nas, "%{MAX_TIME_SECONDS_PLACEHOLDER}")
                            + ": %{MAX_TIME_SECONDS_PLACEHOLDER} became 0"))
        .anySatisfy(
            c ->
                assertThat(c)
                    .startsWith(
                        "Line "
                            + lineOf(nas, "%{FRONTIER_QUEUE_TOTAL_BUDGET_PLACEHOLDER}")
                            + ": %{FRONTIER_QUEUE_TOTAL_BUDGET_PLACEHOLDER} became -1"))
        .anySatisfy(c -> assertThat(c).startsWith("Replaced NetarchiveSuite's deduplicator"));
    String stored =
        new String(admin.getBytes(path + "/crawler-beans.cxml").body(), StandardCharsets.UTF_8);
    assertThat(stored)
        .isEqualTo(NetarchiveSuiteTemplates.convert(nas).text())
        .doesNotContain("_PLACEHOLDER}", "\"dk.netarkivet", "is.hi.bok");
    assertThat(CrawlTemplate.parse(stored).placeholders()).contains(Placeholder.values());
  }

  @Test
  void givenANetarchiveSuiteTemplateWithAnUnknownPlaceholder_whenUploading_thenRefusedByLine()
      throws Exception {
    String name = uniqueName();
    String nas =
        netarchiveSuiteH3Template()
            .replace(
                "crawlController.maxToeThreads=5", "crawlController.maxToeThreads=%{TOE_THREADS}");

    HttpResponse<String> refused = admin.putXml("/api/templates/" + name, nas);

    assertProblem(refused, 400, "template");
    assertThat(json(refused).getString("detail"))
        .startsWith("The NetarchiveSuite template cannot be converted")
        .contains(
            "Unknown placeholder %{TOE_THREADS} at line " + lineOf(nas, "%{TOE_THREADS}"),
            "replace it with the value it should have");
    assertThat(admin.get("/api/templates/" + name).statusCode()).isEqualTo(404);
  }

  @Test
  void givenATemplateWithoutTheWarcPrefix_whenUploading_thenRefusedNamingThePlaceholder()
      throws Exception {
    String name = uniqueName();

    HttpResponse<String> refused =
        admin.putXml(
            "/api/templates/" + name, DEFAULT_TEXT.replace("%{WARC_PREFIX}", "fixed-prefix"));

    assertProblem(refused, 400, "template");
    assertThat(json(refused).getString("detail"))
        .contains("The placeholder %{WARC_PREFIX} is missing");
    assertThat(admin.get("/api/templates/" + name).statusCode()).isEqualTo(404);
  }

  @Test
  void givenMalformedXml_whenUploading_thenRefusedWithTheLine() throws Exception {
    HttpResponse<String> refused =
        admin.putXml(
            "/api/templates/" + uniqueName(),
            "<?xml version=\"1.0\"?>\n<beans>\n  <bean id=\"x\">\n</beans>\n");

    assertProblem(refused, 400, "template");
    assertThat(json(refused).getString("detail"))
        .startsWith("The crawl template is not well-formed XML at line 4");
  }

  @Test
  void givenADoctypeWithAnExternalEntity_whenUploading_thenRefusedWithoutReadingIt()
      throws Exception {
    String xxe =
        "<?xml version=\"1.0\"?>\n"
            + "<!DOCTYPE beans [<!ENTITY secret SYSTEM \"file:///etc/passwd\">]>\n"
            + "<beans>&secret;</beans>\n";

    HttpResponse<String> refused = admin.putXml("/api/templates/" + uniqueName(), xxe);

    assertProblem(refused, 400, "template");
    assertThat(json(refused).getString("detail"))
        .contains("DOCTYPE declaration at line 2")
        .doesNotContain("root:");
  }

  @Test
  void givenATextLongerThanAllowed_whenUploading_thenContentTooLarge() throws Exception {
    HttpResponse<String> refused =
        admin.putXml("/api/templates/" + uniqueName(), "x".repeat(CrawlTemplate.MAX_LENGTH + 1));

    assertProblem(refused, 413, "template");
    assertThat(json(refused).getString("detail")).contains("2097153 characters", "2097152");
  }

  @Test
  void givenAnotherMediaType_whenUploading_thenUnsupported() throws Exception {
    HttpResponse<String> refused =
        admin.put(
            "/api/templates/" + uniqueName(),
            "application/octet-stream",
            DEFAULT_TEXT.getBytes(StandardCharsets.UTF_8));

    assertThat(refused.statusCode()).isEqualTo(415);
  }

  @Test
  void givenCuratorAndViewer_whenReadingAndUploading_thenTheyReadButOnlyAdminsUpload()
      throws Exception {
    Api curator = Api.newAccount("curator");
    Api viewer = Api.newAccount("viewer");
    String name = uniqueName();

    HttpResponse<String> refused = curator.putXml("/api/templates/" + name, withComment("c"));

    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(403);
    assertThat(admin.get("/api/templates/" + name).statusCode()).isEqualTo(404);
    assertThat(viewer.get("/api/templates").statusCode()).isEqualTo(200);
    assertThat(viewer.get("/api/templates/default_orderxml").statusCode()).isEqualTo(200);
    assertThat(viewer.getBytes("/api/templates/default_orderxml/crawler-beans.cxml").statusCode())
        .isEqualTo(200);
    assertThat(viewer.post("/api/templates/default_orderxml/activate").statusCode()).isEqualTo(403);
  }

  @Test
  void givenATemplate_whenDeactivatedAndActivated_thenListedAccordingly() throws Exception {
    String name = uniqueName();
    admin.putXml("/api/templates/" + name, withComment("active?"));

    HttpResponse<String> deactivated = admin.post("/api/templates/" + name + "/deactivate");
    boolean listedActive =
        json(admin.get("/api/templates?name=" + name))
            .getJsonArray("items")
            .getJsonObject(0)
            .getBoolean("active");
    HttpResponse<String> activated = admin.post("/api/templates/" + name + "/activate");

    assertThat(deactivated.statusCode()).as(deactivated.body()).isEqualTo(200);
    assertThat(json(deactivated).getBoolean("active")).isFalse();
    assertThat(listedActive).isFalse();
    assertThat(json(activated).getBoolean("active")).isTrue();
    assertProblem(admin.post("/api/templates/default_orderxml/deactivate"), 400, null);
  }
}
