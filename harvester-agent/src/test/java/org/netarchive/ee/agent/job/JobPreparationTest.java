package org.netarchive.ee.agent.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.agent.TestJobs;
import org.netarchive.ee.common.index.DedupEntry;
import org.netarchive.ee.common.index.DedupIndex;
import org.netarchive.ee.common.index.DedupIndexWriter;
import org.netarchive.ee.common.index.IndexBundle;
import org.netarchive.ee.common.message.CrawlCredential;
import org.netarchive.ee.common.message.CrawlDomain;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.template.JobValues;
import org.w3c.dom.Document;

class JobPreparationTest {

  private static final Instant TAKEN = Instant.parse("2026-11-21T09:15:30.250Z");

  @TempDir Path work;

  private final CrawlRequest request =
      TestJobs.request(
          42,
          TestJobs.domain("kb.dk", 100, -1, "http://www.kb.dk/", "http://kb.dk/x"),
          TestJobs.domain("dr.dk", -1, 5_000_000, "http://www.dr.dk/"));

  @Test
  void givenARequest_whenAccepted_thenTheDirectoryIsNamedByJobAndTimeAndHoldsTheRequest() {
    JobPreparation preparation = new JobPreparation(work.resolve("jobs"), TestJobs.BDB_FREE_DISK);

    JobDirectory dir = preparation.accept(request, TAKEN);

    assertThat(dir.path()).isEqualTo(work.resolve("jobs/42-20261121T091530Z"));
    assertThat(dir.jobId()).isEqualTo(42);
    assertThat(dir.warcs()).isDirectory();
    assertThat(JobPreparation.savedRequest(dir)).isEqualTo(request);
    assertThat(JobDirectory.list(work.resolve("jobs"))).containsExactly(dir);
  }

  @Test
  void givenAnAcceptedJob_whenTheBeansAreWritten_thenHeritrixsDatabaseKeepsTheAgentsFreeSpace()
      throws Exception {
    JobPreparation preparation = new JobPreparation(work.resolve("jobs"), 400_000_000L);
    JobDirectory dir = preparation.accept(request, TAKEN);

    preparation.writeCrawlerBeans(dir, request);

    Properties settings = new Properties();
    try (var in = Files.newInputStream(dir.heritrixJob().resolve("state/je.properties"))) {
      settings.load(in);
    }
    assertThat(settings).containsExactly(Map.entry("je.freeDisk", "400000000"));
  }

  @Test
  void givenAPassword_whenTheBeansAreWrittenAndThePasswordsForgotten_thenOnlyHeritrixHadIt()
      throws Exception {
    JobPreparation preparation = new JobPreparation(work.resolve("jobs"), TestJobs.BDB_FREE_DISK);
    CrawlRequest withPassword =
        TestJobs.request(
            43,
            new CrawlDomain(
                "kb.dk",
                "defaultconfig",
                -1,
                -1,
                List.of("http://kb.dk/"),
                List.of(),
                null,
                List.of(
                    new CrawlCredential(
                        "intranet", "http://kb.dk/", "Intra", "crawler", "pw-42", null, null))));
    JobDirectory dir = preparation.accept(withPassword, TAKEN);

    preparation.writeCrawlerBeans(dir, withPassword);

    assertThat(Files.readString(dir.crawlerBeans())).contains("\"pw-42\"");
    assertThat(Files.getPosixFilePermissions(dir.crawlerBeans()))
        .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
    assertThat(Files.readString(dir.crawlerBeansWithoutPasswords()))
        .doesNotContain("pw-42")
        .contains(JobValues.PASSWORD_LEFT_OUT);

    dir.forgetPasswords();
    dir.forgetPasswords();

    assertThat(Files.readString(dir.crawlerBeans()))
        .doesNotContain("pw-42")
        .contains(JobValues.PASSWORD_LEFT_OUT);
    assertThat(dir.crawlerBeansWithoutPasswords()).doesNotExist();
  }

  @Test
  void givenAJobWithAnIndexBundle_whenTheBeansAreWritten_thenTheyHaveTheProcessorReadingIt()
      throws Exception {
    JobPreparation preparation = new JobPreparation(work.resolve("jobs"), TestJobs.BDB_FREE_DISK);
    JobDirectory without = preparation.accept(request, TAKEN);
    JobDirectory with = preparation.accept(request, TAKEN.plusSeconds(1));
    Path index = work.resolve("index");
    try (DedupIndexWriter writer = DedupIndexWriter.create(index)) {
      writer.add(
          new DedupEntry(
              "http://www.kb.dk/logo.png", "sha1:ABC", "image/png", null, "1-1.warc.gz", 0, TAKEN));
    }
    ByteArrayOutputStream bundle = new ByteArrayOutputStream();
    IndexBundle.write(index, bundle);

    with.installDedupIndex(new ByteArrayInputStream(bundle.toByteArray()), 10_000_000);
    preparation.writeCrawlerBeans(with, request);
    preparation.writeCrawlerBeans(without, request);

    assertThat(with.hasDedupIndex()).isTrue();
    assertThat(with.path().resolve("dedup-index.tmp")).doesNotExist();
    try (DedupIndex installed = DedupIndex.open(with.dedupIndex())) {
      assertThat(installed.find("http://www.kb.dk/logo.png", "sha1:abc")).isPresent();
    }
    assertThat(Files.readString(with.crawlerBeans()))
        .contains(
            "<bean id=\"netarchiveDedup\""
                + " class=\"org.netarchive.ee.agent.heritrix.dedup.DedupProcessor\">\n"
                + "  <property name=\"indexLocation\" value=\""
                + with.dedupIndex().toAbsolutePath()
                + "\"/>");
    assertThat(without.hasDedupIndex()).isFalse();
    assertThat(Files.readString(without.crawlerBeans())).doesNotContain("DedupProcessor");
  }

  @Test
  void givenABundleThatIsNotOne_whenInstalled_thenNothingIsLeftAndTheJobHasNoIndex() {
    JobPreparation preparation = new JobPreparation(work.resolve("jobs"), TestJobs.BDB_FREE_DISK);
    JobDirectory dir = preparation.accept(request, TAKEN);

    assertThatThrownBy(
            () ->
                dir.installDedupIndex(
                    new ByteArrayInputStream("not a zip".getBytes(StandardCharsets.UTF_8)), 1000))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("not a ZIP stream");
    assertThat(dir.hasDedupIndex()).isFalse();
    assertThat(dir.path().resolve("dedup-index.tmp")).doesNotExist();
  }

  @Test
  void givenANegativeFreeSpace_whenMade_thenItIsRefusedNamingTheValue() {
    assertThatThrownBy(() -> new JobPreparation(work.resolve("jobs"), -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not -1");
  }

  @Test
  void givenTheSameJobAndSecondTwice_whenAccepted_thenTheSecondIsRefused() {
    JobPreparation preparation = new JobPreparation(work.resolve("jobs"), TestJobs.BDB_FREE_DISK);
    preparation.accept(request, TAKEN);

    assertThatThrownBy(() -> preparation.accept(request, TAKEN)).hasMessageContaining("exists");
  }

  @Test
  void givenAnAcceptedJob_whenTheBeansAreWritten_thenTheyAreTheFilledTemplate() throws Exception {
    JobPreparation preparation = new JobPreparation(work.resolve("jobs"), TestJobs.BDB_FREE_DISK);
    JobDirectory dir = preparation.accept(request, TAKEN);

    preparation.writeCrawlerBeans(dir, request);

    Document beans = parse(dir.crawlerBeans());
    var xpath = XPathFactory.newDefaultInstance().newXPath();
    assertThat(xpath.evaluate("/beans/bean[@id='seeds']//value", beans).lines())
        .containsExactly("http://www.kb.dk/", "http://kb.dk/x", "http://www.dr.dk/");
    assertThat(
            xpath.evaluate("/beans/bean[@id='warcWriter']/property[@name='prefix']/@value", beans))
        .isEqualTo("42-7");
    assertThat(
            xpath.evaluate(
                "/beans/bean[@id='warcWriter']/property[@name='storePaths']/list/value", beans))
        .isEqualTo(dir.warcs().toAbsolutePath().toString());
    assertThat(xpath.evaluate("count(/beans/bean[@class='org.archive.spring.Sheet'])", beans))
        .isEqualTo("2");
    assertThat(
            xpath.evaluate(
                "/beans/bean[@id='netarchiveDomainLimits-objects-unlimited-bytes-5000000']"
                    + "//entry/@value",
                beans))
        .isEqualTo("4883");
    assertThat(xpath.evaluate("//bean[@id='scope']//list/value[1]", beans))
        .isEqualTo(".*/calendar/.*");
  }

  @Test
  void givenATemplateWithoutPlaceholders_whenTheBeansAreWritten_thenTheErrorNamesTheTemplate() {
    CrawlRequest broken =
        TestJobs.request(43, "<beans/>", 0, TestJobs.domain("kb.dk", -1, -1, "http://www.kb.dk/"));
    JobPreparation preparation = new JobPreparation(work.resolve("jobs"), TestJobs.BDB_FREE_DISK);
    JobDirectory dir = preparation.accept(broken, TAKEN);

    assertThatThrownBy(() -> preparation.writeCrawlerBeans(dir, broken))
        .isInstanceOf(JobPreparationException.class)
        .hasMessageContaining(
            "crawl template 'default_orderxml' version 3 cannot be used for job 43")
        .hasMessageContaining("Spring bean definition file");
  }

  @Test
  void givenNoUsableSeed_whenTheBeansAreWritten_thenTheJobFailsNamingTheSeeds() {
    CrawlRequest noSeed =
        TestJobs.request(45, TestJobs.domain("kb.dk", -1, -1, "ftp://kb.dk/", "www.kb.dk"));
    JobPreparation preparation = new JobPreparation(work.resolve("jobs"), TestJobs.BDB_FREE_DISK);
    JobDirectory dir = preparation.accept(noSeed, TAKEN);

    assertThatThrownBy(() -> preparation.writeCrawlerBeans(dir, noSeed))
        .isInstanceOf(JobPreparationException.class)
        .hasMessage(
            "Job 45 has no valid seed: none of 'ftp://kb.dk/' (domain kb.dk), 'www.kb.dk' (domain"
                + " kb.dk) is an absolute http or https URL with a host");
    assertThat(dir.crawlerBeans()).doesNotExist();
  }

  @Test
  void givenADirectoryWithoutRequest_whenRead_thenTheErrorNamesIt() throws IOException {
    Path bare = Files.createDirectories(work.resolve("jobs/44-20261121T000000Z"));
    JobDirectory dir = JobDirectory.of(bare).orElseThrow();

    assertThatThrownBy(() -> JobPreparation.savedRequest(dir))
        .isInstanceOf(JobPreparationException.class)
        .hasMessageContaining(bare.toString());
    assertThat(JobDirectory.of(work.resolve("not-a-job"))).isEmpty();
  }

  private static Document parse(Path file) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
    return factory.newDocumentBuilder().parse(file.toFile());
  }
}
