package org.netarchive.ee.web.interfaces.definitions.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import jakarta.ws.rs.core.MediaType;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.web.interfaces.rest.FieldProblem;

class TemplateUploadBodyTest {

  private static final MediaType XML = new MediaType("application", "xml");

  private static InputStream body(byte[] bytes) {
    return new ByteArrayInputStream(bytes);
  }

  @Test
  void givenUtf8WithoutCharset_whenReading_thenTheExactText() throws Exception {
    String text = "<beans><!-- ø å 𝄞 --></beans>\n";
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);

    assertThat(TemplateUploadBody.read(body(bytes), XML, bytes.length)).isEqualTo(text);
    assertThat(TemplateUploadBody.read(body(bytes), null, -1)).isEqualTo(text);
  }

  @Test
  void givenTheCharsetOfTheContentType_whenReading_thenDecodedWithIt() throws Exception {
    MediaType latin1 = new MediaType("text", "xml", Map.of("charset", "ISO-8859-1"));

    String text =
        TemplateUploadBody.read(
            body("<beans>æøå</beans>".getBytes(StandardCharsets.ISO_8859_1)), latin1, -1);

    assertThat(text).isEqualTo("<beans>æøå</beans>");
  }

  @Test
  void givenBytesThatAreNotUtf8_whenReading_thenTheTemplateFieldIsNamed() {
    byte[] latin1 = "<beans>æøå</beans>".getBytes(StandardCharsets.ISO_8859_1);

    FieldProblem problem =
        catchThrowableOfType(
            FieldProblem.class, () -> TemplateUploadBody.read(body(latin1), XML, -1));

    assertThat(problem.field()).isEqualTo("template");
    assertThat(problem).hasMessageStartingWith("The crawl template is not UTF-8 text");
  }

  @Test
  void givenAnUnknownCharset_whenReading_thenTheContentTypeIsNamed() {
    MediaType unknown = new MediaType("text", "xml", Map.of("charset", "klingon-1"));

    FieldProblem problem =
        catchThrowableOfType(
            FieldProblem.class, () -> TemplateUploadBody.read(body(new byte[0]), unknown, -1));

    assertThat(problem.field()).isEqualTo("Content-Type");
    assertThat(problem).hasMessageContaining("'klingon-1'");
  }

  @Test
  void givenAContentLengthBeyondTheLimit_whenReading_thenRefusedBeforeReading() {
    InputStream unread =
        new InputStream() {
          @Override
          public int read() {
            throw new AssertionError("the body must not be read");
          }
        };

    assertThatExceptionOfType(TemplateUploadBody.TooLarge.class)
        .isThrownBy(() -> TemplateUploadBody.read(unread, XML, 100L * 1024 * 1024))
        .withMessage(
            "The crawl template has 104857600 bytes, more than the 2097152 characters allowed; is"
                + " it a crawler-beans.cxml?");
  }

  @Test
  void givenOneCharacterTooMany_whenReading_thenTooLarge() throws Exception {
    String longest = "x".repeat(CrawlTemplate.MAX_LENGTH);
    byte[] bytes = (longest + "x").getBytes(StandardCharsets.UTF_8);

    assertThat(
            TemplateUploadBody.read(
                body(("\uFEFF" + longest).getBytes(StandardCharsets.UTF_8)), XML, -1))
        .hasSize(CrawlTemplate.MAX_LENGTH + 1);
    assertThatExceptionOfType(TemplateUploadBody.TooLarge.class)
        .isThrownBy(() -> TemplateUploadBody.read(body(bytes), XML, -1))
        .withMessageContaining("has 2097153 characters");
  }

  @Test
  void givenANameAndVersion_whenNamingTheDownload_thenAsciiAndUtf8FileNames() {
    assertThat(TemplateResource.attachment("default_orderxml", 3))
        .isEqualTo(
            "attachment; filename=\"default_orderxml-v3-crawler-beans.cxml\";"
                + " filename*=UTF-8''default_orderxml-v3-crawler-beans.cxml");
    assertThat(TemplateResource.attachment("nyheder på dansk", 1))
        .isEqualTo(
            "attachment; filename=\"nyheder_p__dansk-v1-crawler-beans.cxml\";"
                + " filename*=UTF-8''nyheder%20p%C3%A5%20dansk-v1-crawler-beans.cxml");
  }
}
