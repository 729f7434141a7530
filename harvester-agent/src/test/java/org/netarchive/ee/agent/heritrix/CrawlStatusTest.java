package org.netarchive.ee.agent.heritrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CrawlStatusTest {

  static String resource(String name) throws IOException {
    try (InputStream in = CrawlStatusTest.class.getResourceAsStream("/heritrix/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void givenARunningJobsStatus_whenParsed_thenTheFiguresAreRead() throws IOException {
    CrawlStatus status = CrawlStatus.parse(resource("job-status-running.xml"));

    assertThat(status.controllerState()).isEqualTo("RUNNING");
    assertThat(status.built()).isTrue();
    assertThat(status.finished()).isFalse();
    assertThat(status.discovered()).isEqualTo(1702);
    assertThat(status.queued()).isEqualTo(1290);
    assertThat(status.downloaded()).isEqualTo(412);
    assertThat(status.docsPerSecond()).isEqualTo(231.5);
    assertThat(status.kibPerSecond()).isEqualTo(1021);
    assertThat(status.busyThreads()).isEqualTo(17);
    assertThat(status.bytes()).isEqualTo(1_843_210);
    assertThat(status.availableActions()).contains("terminate");
    assertThat(status.jobLog()).first().asString().contains("RUNNING");
  }

  @Test
  void givenAnUnbuiltJob_whenParsed_thenItIsNotBuiltAndFiguresAreZero() throws IOException {
    CrawlStatus status = CrawlStatus.parse(resource("job-status-unbuilt.xml"));

    assertThat(status.built()).isFalse();
    assertThat(status.availableActions()).containsExactly("build");
    assertThat(status.docsPerSecond()).isZero();
    assertThat(status.downloaded()).isZero();
    assertThat(status.jobLog()).singleElement().asString().contains("NoSuchProcessor");
  }

  @Test
  void givenSomethingElse_whenParsed_thenTheErrorSaysWhat() {
    assertThatThrownBy(() -> CrawlStatus.parse("<html><body>Login</body></html>"))
        .hasMessageContaining("<html>");
    assertThatThrownBy(() -> CrawlStatus.parse("not xml")).hasMessageContaining("not well-formed");
  }
}
