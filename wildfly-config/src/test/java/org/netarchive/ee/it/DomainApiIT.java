package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.Api.json;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.netarchive.ee.common.template.CrawlTemplate;

/** The domain part of the REST API on the real server and database. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class DomainApiIT {

  private final Api admin = Api.admin();

  /** A domain name no other test uses. */
  private static String uniqueDomain() {
    return "it-" + UUID.randomUUID().toString().substring(0, 8) + ".dk";
  }

  @Test
  void givenNewName_whenCreatingDomain_thenItHasTheDefaultConfigurationAndSeedList()
      throws Exception {
    String name = uniqueDomain();

    HttpResponse<String> created =
        admin.post(
            "/api/domains", Json.createObjectBuilder().add("name", name.toUpperCase()).build());

    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    assertThat(created.headers().firstValue("Location"))
        .hasValueSatisfying(l -> assertThat(l).endsWith("/api/domains/" + name));
    JsonObject domain = json(admin.get("/api/domains/" + name));
    assertThat(domain.getString("name")).isEqualTo(name);
    assertThat(domain.getString("defaultConfiguration")).isEqualTo("defaultconfig");
    JsonObject configuration = domain.getJsonArray("configurations").getJsonObject(0);
    assertThat(configuration.getJsonNumber("maxBytes").longValue()).isEqualTo(1_000_000_000L);
    assertThat(configuration.getJsonArray("seedLists").getString(0)).isEqualTo("defaultseeds");
    assertThat(domain.getJsonArray("seedLists").getJsonObject(0).getJsonArray("seeds").getString(0))
        .isEqualTo("http://www." + name);
  }

  @Test
  void givenIdn_whenCreatingDomain_thenBothFormsAreStored() throws Exception {
    String unicode = "ø-" + UUID.randomUUID().toString().substring(0, 6) + ".dk";

    HttpResponse<String> created =
        admin.post("/api/domains", Json.createObjectBuilder().add("name", unicode).build());

    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    JsonObject domain = json(created);
    assertThat(domain.getString("unicodeName")).isEqualTo(unicode);
    assertThat(domain.getString("name")).startsWith("xn--");
  }

  @Test
  void givenInvalidOrDuplicateName_whenCreating_thenProblemDocumentNamesFieldAndValue()
      throws Exception {
    HttpResponse<String> invalid =
        admin.post("/api/domains", Json.createObjectBuilder().add("name", "www.kb.dk").build());

    assertThat(invalid.statusCode()).isEqualTo(400);
    assertThat(invalid.headers().firstValue("Content-Type"))
        .hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
    JsonObject problem = json(invalid);
    assertThat(problem.getString("field")).isEqualTo("name");
    assertThat(problem.getString("detail")).contains("'www.kb.dk'", "below the domain 'kb.dk'");
    assertThat(problem.getInt("status")).isEqualTo(400);

    String name = uniqueDomain();
    assertThat(
            admin
                .post("/api/domains", Json.createObjectBuilder().add("name", name).build())
                .statusCode())
        .isEqualTo(201);
    HttpResponse<String> duplicate =
        admin.post("/api/domains", Json.createObjectBuilder().add("name", name).build());
    assertThat(duplicate.statusCode()).isEqualTo(400);
    assertThat(json(duplicate).getString("detail")).contains(name, "exists already");
  }

  @Test
  void givenSeedThatIsNotHttp_whenAddingSeedList_thenRefusedNamingTheSeed() throws Exception {
    String name = uniqueDomain();
    admin.post("/api/domains", Json.createObjectBuilder().add("name", name).build());

    HttpResponse<String> response =
        admin.post(
            "/api/domains/" + name + "/seedlists",
            Json.createObjectBuilder()
                .add("name", "news")
                .add("seeds", Json.createArrayBuilder().add("https://" + name + "/").add("htp://x"))
                .build());

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(json(response).getString("field")).isEqualTo("seeds");
    assertThat(json(response).getString("detail"))
        .isEqualTo(
            "Seed 'htp://x' in seed list 'news' of domain '" + name + "' is not an http(s) URL");
  }

  @Test
  void givenStaleVersion_whenUpdatingDomain_thenConflict() throws Exception {
    String name = uniqueDomain();
    admin.post("/api/domains", Json.createObjectBuilder().add("name", name).build());
    int version = json(admin.get("/api/domains/" + name)).getInt("version");

    HttpResponse<String> first =
        admin.put(
            "/api/domains/" + name,
            Json.createObjectBuilder()
                .add("version", version)
                .add("comments", "first edit")
                .build());
    HttpResponse<String> stale =
        admin.put(
            "/api/domains/" + name,
            Json.createObjectBuilder()
                .add("version", version)
                .add("comments", "second edit")
                .build());

    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    assertThat(json(first).getInt("version")).isEqualTo(version + 1);
    assertThat(stale.statusCode()).as(stale.body()).isEqualTo(409);
    assertThat(json(stale).getString("detail")).contains("changed by someone else");
    assertThat(json(admin.get("/api/domains/" + name)).getString("comments"))
        .isEqualTo("first edit");
  }

  @Test
  void givenInvalidTrap_whenUpdatingDomain_thenRefusedAndNothingChanged() throws Exception {
    String name = uniqueDomain();
    admin.post("/api/domains", Json.createObjectBuilder().add("name", name).build());
    int version = json(admin.get("/api/domains/" + name)).getInt("version");

    HttpResponse<String> response =
        admin.put(
            "/api/domains/" + name,
            Json.createObjectBuilder()
                .add("version", version)
                .add("comments", "should not stay")
                .add("crawlerTraps", Json.createArrayBuilder().add(".*calendar.*").add("(unclosed"))
                .build());

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(json(response).getString("field")).isEqualTo("crawlerTraps");
    assertThat(json(response).getString("detail"))
        .contains("'(unclosed'", "not a valid regular expression");
    assertThat(json(admin.get("/api/domains/" + name))).doesNotContainKey("comments");
  }

  @Test
  void givenAliases_whenListingAliases_thenEachIsListedWithItsDomainAndTheGlobMatchesEitherName()
      throws Exception {
    String prefix = "alias" + UUID.randomUUID().toString().substring(0, 6);
    String main = prefix + "-main.dk";
    for (String name : new String[] {main, prefix + "-b.dk", prefix + "-a.dk", prefix + "-x.dk"}) {
      admin.post("/api/domains", Json.createObjectBuilder().add("name", name).build());
    }
    for (String alias : new String[] {prefix + "-b.dk", prefix + "-a.dk"}) {
      int version = json(admin.get("/api/domains/" + alias)).getInt("version");
      HttpResponse<String> changed =
          admin.put(
              "/api/domains/" + alias,
              Json.createObjectBuilder().add("version", version).add("aliasOf", main).build());
      assertThat(changed.statusCode()).as(changed.body()).isEqualTo(200);
    }

    JsonObject byPrefix = json(admin.get("/api/domains/aliases?name=" + prefix + "*"));
    JsonObject byMain = json(admin.get("/api/domains/aliases?name=" + main));

    assertThat(byPrefix.getJsonNumber("total").longValue()).isEqualTo(2);
    assertThat(byPrefix.getJsonArray("items").getValuesAs(JsonObject.class))
        .extracting(o -> o.getString("name") + " -> " + o.getString("aliasOf"))
        .containsExactly(prefix + "-a.dk -> " + main, prefix + "-b.dk -> " + main);
    assertThat(byPrefix.getJsonArray("items").getJsonObject(0).getString("since")).isNotBlank();
    assertThat(byMain.getJsonNumber("total").longValue()).isEqualTo(2);
    assertThat(json(admin.get("/api/domains/aliases?name=" + prefix + "-x.dk")).getInt("total"))
        .isZero();
  }

  @Test
  void givenAliasOfMissingDomain_whenUpdating_thenRefusedForTheFieldAliasOf() throws Exception {
    String name = uniqueDomain();
    admin.post("/api/domains", Json.createObjectBuilder().add("name", name).build());
    int version = json(admin.get("/api/domains/" + name)).getInt("version");

    HttpResponse<String> response =
        admin.put(
            "/api/domains/" + name,
            Json.createObjectBuilder()
                .add("version", version)
                .add("aliasOf", "no-such-" + name)
                .build());

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(json(response).getString("field")).isEqualTo("aliasOf");
    assertThat(json(response).getString("detail")).contains("no-such-" + name, "no such domain");
  }

  @Test
  void givenDomains_whenListingWithGlob_thenOnlyMatchesArePagedByName() throws Exception {
    String prefix = "glob" + UUID.randomUUID().toString().substring(0, 6);
    for (String suffix : new String[] {"c", "a", "b"}) {
      admin.post(
          "/api/domains", Json.createObjectBuilder().add("name", prefix + suffix + ".dk").build());
    }

    JsonObject page = json(admin.get("/api/domains?name=" + prefix + "*&page=0&size=2"));

    assertThat(page.getJsonNumber("total").longValue()).isEqualTo(3);
    assertThat(page.getJsonArray("items").getValuesAs(JsonObject.class))
        .extracting(o -> o.getString("name"))
        .containsExactly(prefix + "a.dk", prefix + "b.dk");
    assertThat(admin.get("/api/domains?size=5000").statusCode()).isEqualTo(400);
  }

  @Test
  void givenPasswords_whenAddingUsingAndRemoving_thenThePasswordIsNeverSentBackAndAUsedOneStays()
      throws Exception {
    String name = uniqueDomain();
    admin.post("/api/domains", Json.createObjectBuilder().add("name", name).build());
    String path = "/api/domains/" + name + "/passwords";

    HttpResponse<String> badUrl =
        admin.post(
            path,
            Json.createObjectBuilder()
                .add("name", "intranet")
                .add("url", "ftp://" + name)
                .add("realm", "Intra")
                .add("username", "crawler")
                .add("password", "s3cret-value")
                .build());
    HttpResponse<String> added =
        admin.post(
            path,
            Json.createObjectBuilder()
                .add("name", "intranet")
                .add("url", "https://" + name + "/intra")
                .add("realm", "Intra")
                .add("username", "crawler")
                .add("password", "s3cret-value")
                .build());
    JsonObject configuration =
        json(admin.get("/api/domains/" + name)).getJsonArray("configurations").getJsonObject(0);
    HttpResponse<String> used =
        admin.put(
            "/api/domains/" + name + "/configurations/defaultconfig",
            Json.createObjectBuilder()
                .add("templateId", configuration.getJsonNumber("templateId").longValue())
                .add("seedLists", Json.createArrayBuilder().add("defaultseeds"))
                .add("passwords", Json.createArrayBuilder().add("intranet"))
                .add("version", configuration.getInt("version"))
                .build());
    HttpResponse<String> removeUsed = admin.delete(path + "/intranet");
    HttpResponse<String> read = admin.get("/api/domains/" + name);

    assertThat(badUrl.statusCode()).as(badUrl.body()).isEqualTo(400);
    assertThat(json(badUrl).getString("field")).isEqualTo("url");
    assertThat(json(badUrl).getString("detail")).contains("'ftp://" + name + "'", "intranet");
    assertThat(added.statusCode()).as(added.body()).isEqualTo(201);
    assertThat(added.body()).doesNotContain("s3cret-value");
    assertThat(used.statusCode()).as(used.body()).isEqualTo(200);
    assertThat(removeUsed.statusCode()).as(removeUsed.body()).isEqualTo(400);
    assertThat(json(removeUsed).getString("field")).isEqualTo("passwords");
    assertThat(json(removeUsed).getString("detail")).contains("'defaultconfig'");
    assertThat(read.body()).contains("intranet").doesNotContain("s3cret-value");

    // Taken out of the configuration (an empty list; an absent one keeps it), it can be removed;
    // then it is gone.
    int version = json(read).getJsonArray("configurations").getJsonObject(0).getInt("version");
    admin.put(
        "/api/domains/" + name + "/configurations/defaultconfig",
        Json.createObjectBuilder()
            .add("passwords", Json.createArrayBuilder())
            .add("version", version)
            .build());
    HttpResponse<String> removed = admin.delete(path + "/intranet");
    HttpResponse<String> again = admin.delete(path + "/intranet");

    assertThat(removed.statusCode()).as(removed.body()).isEqualTo(204);
    assertThat(json(admin.get("/api/domains/" + name)).getJsonArray("passwords")).isEmpty();
    assertThat(again.statusCode()).as(again.body()).isEqualTo(404);
  }

  @Test
  void givenViewer_whenReadingAndCreating_thenReadsButMayNotCreate() throws Exception {
    Api viewer = Api.newAccount("viewer");

    assertThat(viewer.get("/api/domains/statistics").statusCode()).isEqualTo(200);
    HttpResponse<String> refused =
        viewer.post("/api/domains", Json.createObjectBuilder().add("name", uniqueDomain()).build());
    assertThat(refused.statusCode()).isEqualTo(403);
  }

  @Test
  void givenListWithBadAndRepeatedNames_whenBulkCreating_thenGoodOnesAreCreatedAndTheRestReported()
      throws Exception {
    String existing = uniqueDomain();
    admin.post("/api/domains", Json.createObjectBuilder().add("name", existing).build());
    String a = uniqueDomain();
    String b = uniqueDomain();
    String list =
        String.join(
                "\n", "# a list", a, "not a domain", existing, "", b, a.toUpperCase(), "www.kb.dk")
            + "\n";

    HttpResponse<String> started = admin.postText("/api/domains/bulk?source=test-list.txt", list);

    assertThat(started.statusCode()).as(started.body()).isEqualTo(202);
    String href = "/api/domains/bulk/" + json(started).getJsonNumber("executionId").longValue();
    JsonObject done =
        admin.await(href, s -> s.getString("status").equals("COMPLETED"), Duration.ofSeconds(60));
    JsonObject report = done.getJsonObject("report");
    assertThat(report.getInt("totalLines")).isEqualTo(8);
    assertThat(report.getInt("created")).isEqualTo(2);
    assertThat(report.getInt("alreadyExisting")).isEqualTo(2);
    assertThat(report.getInt("invalid")).isEqualTo(2);
    assertThat(report.getJsonArray("problems").getValuesAs(JsonObject.class))
        .extracting(p -> p.getInt("lineNumber") + ":" + p.getString("reason"))
        .containsExactly(
            "3:a domain name has no spaces, '/', ':' or '@' (give the domain, not a URL)",
            "4:already a domain",
            "7:repeats an earlier line (2)",
            "8:it is a host name below the domain 'kb.dk'");
    assertThat(admin.get("/api/domains/" + a).statusCode()).isEqualTo(200);
    assertThat(admin.get("/api/domains/" + b).statusCode()).isEqualTo(200);
    assertThat(json(admin.get("/api/domains/" + b)).getJsonArray("configurations")).hasSize(1);
  }

  @Test
  void givenAZeroWidthSpaceInTheName_whenCreating_thenRefusedNamingItAndItsPosition()
      throws Exception {
    String name = "it-\u200B" + UUID.randomUUID().toString().substring(0, 8) + ".dk";

    HttpResponse<String> refused =
        admin.post("/api/domains", Json.createObjectBuilder().add("name", name).build());

    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
    assertThat(json(refused).getString("field")).isEqualTo("name");
    assertThat(json(refused).getString("detail"))
        .contains("U+200B (ZERO WIDTH SPACE) at position 4");
    assertThat(admin.get("/api/domains/" + name.replace("\u200B", "")).statusCode()).isEqualTo(404);
  }

  @Test
  void givenATemplateIdThatDoesNotExist_whenAddingAConfiguration_thenRefusedNamingIt()
      throws Exception {
    String name = uniqueDomain();
    admin.post("/api/domains", Json.createObjectBuilder().add("name", name).build());

    HttpResponse<String> refused =
        admin.post(
            "/api/domains/" + name + "/configurations",
            Json.createObjectBuilder().add("name", "other").add("templateId", 987654321).build());

    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
    assertThat(json(refused).getString("field")).isEqualTo("templateId");
    assertThat(json(refused).getString("detail"))
        .isEqualTo("There is no crawl template with id 987654321");
  }

  @Test
  void givenADeactivatedTemplate_whenAddingAConfiguration_thenRefusedNamingIt() throws Exception {
    String domain = uniqueDomain();
    admin.post("/api/domains", Json.createObjectBuilder().add("name", domain).build());
    String template = "it-" + UUID.randomUUID().toString().substring(0, 8);
    admin.putXml(
        "/api/templates/" + template, CrawlTemplate.defaultTemplate().text() + "<!-- old -->\n");
    long id =
        json(admin.post("/api/templates/" + template + "/deactivate"))
            .getJsonNumber("id")
            .longValue();

    HttpResponse<String> refused =
        admin.post(
            "/api/domains/" + domain + "/configurations",
            Json.createObjectBuilder().add("name", "old").add("templateId", id).build());

    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
    assertThat(json(refused).getString("field")).isEqualTo("templateId");
    assertThat(json(refused).getString("detail"))
        .isEqualTo(
            "Crawl template '"
                + template
                + "' (id "
                + id
                + ") is deactivated; activate it or choose another one");
  }
}
