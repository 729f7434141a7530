package org.netarchive.ee.web.interfaces.definitions.rest;

import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.scheduler.application.template.TemplateService;
import org.netarchive.ee.web.interfaces.rest.FieldProblem;

/**
 * Reads an uploaded crawler-beans.cxml from a request body: in the charset its Content-Type names,
 * UTF-8 if none, and no longer than {@link CrawlTemplate#MAX_LENGTH} characters. A body that cannot
 * be that long in its charset is refused by its Content-Length before it is read, and otherwise as
 * soon as too many bytes have come, so a huge upload is not held in memory.
 */
final class TemplateUploadBody {

  /** A body longer than a template may be. */
  static final class TooLarge extends Exception {
    private static final long serialVersionUID = 1L;

    TooLarge(String message) {
      super(message);
    }
  }

  /** A leading byte order mark is not part of the text (as {@link CrawlTemplate#parse}). */
  private static final int BYTE_ORDER_MARK_BYTES = 4;

  private TemplateUploadBody() {}

  /**
   * The body's text.
   *
   * @param body the request body
   * @param type the request's Content-Type, or {@code null}
   * @param contentLength the request's Content-Length, or -1 if it has none
   * @throws TooLarge if the text has more than {@link CrawlTemplate#MAX_LENGTH} characters
   * @throws FieldProblem if the charset is unknown or the bytes are not text in it
   */
  static String read(InputStream body, MediaType type, long contentLength)
      throws IOException, TooLarge {
    Charset charset = charset(type);
    long maxBytes = maxBytes(charset);
    if (contentLength > maxBytes) {
      throw tooLarge(contentLength + " bytes");
    }
    byte[] bytes = body.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
    if (bytes.length > maxBytes) {
      throw tooLarge("more than " + maxBytes + " bytes");
    }
    String text;
    try {
      text =
          charset
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString();
    } catch (CharacterCodingException e) {
      throw new FieldProblem(
          TemplateService.TEMPLATE_FIELD,
          "The crawl template is not "
              + charset.name()
              + " text ("
              + e.getMessage()
              + "); send it in UTF-8, or name its charset in the Content-Type header");
    }
    int length = !text.isEmpty() && text.charAt(0) == '\uFEFF' ? text.length() - 1 : text.length();
    if (length > CrawlTemplate.MAX_LENGTH) {
      throw tooLarge(length + " characters");
    }
    return text;
  }

  private static Charset charset(MediaType type) {
    String name = type == null ? null : type.getParameters().get(MediaType.CHARSET_PARAMETER);
    if (name == null || name.isBlank()) {
      return StandardCharsets.UTF_8;
    }
    try {
      return Charset.forName(name.strip());
    } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
      throw new FieldProblem(
          "Content-Type",
          "The charset '" + name + "' of the Content-Type header is not known; send UTF-8");
    }
  }

  /** The most bytes {@link CrawlTemplate#MAX_LENGTH} characters can take in the charset. */
  private static long maxBytes(Charset charset) {
    float perChar = charset.canEncode() ? charset.newEncoder().maxBytesPerChar() : 4;
    return (long) Math.ceil((double) CrawlTemplate.MAX_LENGTH * perChar) + BYTE_ORDER_MARK_BYTES;
  }

  private static TooLarge tooLarge(String size) {
    return new TooLarge(
        "The crawl template has "
            + size
            + ", more than the "
            + CrawlTemplate.MAX_LENGTH
            + " characters allowed; is it a crawler-beans.cxml?");
  }
}
