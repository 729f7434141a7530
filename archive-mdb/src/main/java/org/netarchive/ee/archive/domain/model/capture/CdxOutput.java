package org.netarchive.ee.archive.domain.model.capture;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.netarchive.ee.common.index.Capture;

/**
 * How the CDX server API writes captures, one line each: {@code cdx} (CDX11, or the {@code fl}
 * fields separated by spaces), {@code cdxj} (SURT key, timestamp and a JSON object with pywb's keys
 * {@code url mime status digest length offset filename}) or {@code json} (one JSON object per line,
 * as pywb writes it, with the keys {@code urlkey timestamp url mime status digest redirect length
 * offset file filename jobId}, and for a revisit whose original the index holds {@code original}
 * with its {@code file offset length timestamp url}; with {@code fl}, the keys named).
 *
 * @param format the format
 * @param fields the fields {@code fl} names, or empty for the format's own
 * @param fieldNames the names as {@code fl} gave them, for JSON keys
 */
public record CdxOutput(Format format, List<CdxField> fields, List<String> fieldNames) {

  /** The output formats. */
  public enum Format {
    CDX("text/plain"),
    CDXJ("text/x-cdxj"),
    JSON("application/x-ndjson");

    private final String mediaType;

    Format(String mediaType) {
      this.mediaType = mediaType;
    }

    /** The media type of a response in this format. */
    public String mediaType() {
      return mediaType;
    }
  }

  /** Checks the output. */
  public CdxOutput {
    fields = List.copyOf(fields);
    fieldNames = List.copyOf(fieldNames);
  }

  /**
   * Reads the {@code output} and {@code fl} parameters.
   *
   * @param output {@code cdx} (or {@code text}), {@code cdxj} or {@code json}; null for cdx
   * @param fl field names separated by commas, or null for all
   * @return the output
   * @throws IllegalArgumentException naming the format or field
   */
  public static CdxOutput parse(String output, String fl) {
    Format format =
        switch (output == null || output.isBlank()
            ? "cdx"
            : output.strip().toLowerCase(Locale.ROOT)) {
          case "cdx", "text", "cdx11" -> Format.CDX;
          case "cdxj" -> Format.CDXJ;
          case "json" -> Format.JSON;
          default ->
              throw new IllegalArgumentException(
                  "Unknown output '" + output + "'; the outputs are cdx, cdxj, json");
        };
    List<CdxField> fields = new ArrayList<>();
    List<String> names = new ArrayList<>();
    if (fl != null && !fl.isBlank()) {
      for (String name : fl.split(",")) {
        fields.add(CdxField.parse(name));
        names.add(name.strip());
      }
    }
    return new CdxOutput(format, fields, names);
  }

  /**
   * One capture as a line, with its line end.
   *
   * @param capture the capture
   * @param original for a revisit, the capture whose payload it refers to, or null
   * @return the line
   */
  public String line(Capture capture, Capture original) {
    StringBuilder line = new StringBuilder(256);
    switch (format) {
      case CDX -> {
        if (fields.isEmpty()) {
          line.append(capture.toCdx11());
        } else {
          for (int i = 0; i < fields.size(); i++) {
            line.append(i == 0 ? "" : " ").append(fields.get(i).valueOf(capture));
          }
        }
      }
      case CDXJ -> {
        line.append(capture.urlKey()).append(' ').append(capture.timestamp()).append(" {");
        if (fields.isEmpty()) {
          string(line, "url", capture.url()).append(',');
          string(line, "mime", capture.mimeType()).append(',');
          if (capture.status() >= 0) {
            string(line, "status", Integer.toString(capture.status())).append(',');
          }
          string(line, "digest", capture.digest()).append(',');
          if (capture.length() >= 0) {
            string(line, "length", Long.toString(capture.length())).append(',');
          }
          string(line, "offset", Long.toString(capture.offset())).append(',');
          string(line, "filename", capture.file());
        } else {
          selected(line, capture, true);
        }
        line.append('}');
      }
      case JSON -> {
        line.append('{');
        if (fields.isEmpty()) {
          string(line, "urlkey", capture.urlKey()).append(',');
          string(line, "timestamp", capture.timestamp()).append(',');
          string(line, "url", capture.url()).append(',');
          string(line, "mime", capture.mimeType()).append(',');
          number(line, "status", capture.status() < 0 ? null : (long) capture.status()).append(',');
          string(line, "digest", capture.digest()).append(',');
          string(line, "redirect", capture.redirect()).append(',');
          number(line, "length", capture.length() < 0 ? null : capture.length()).append(',');
          number(line, "offset", capture.offset()).append(',');
          string(line, "file", capture.file()).append(',');
          string(line, "filename", capture.file()).append(',');
          number(line, "jobId", capture.jobId());
          if (original != null) {
            line.append(",\"original\":{");
            string(line, "file", original.file()).append(',');
            number(line, "offset", original.offset()).append(',');
            number(line, "length", original.length() < 0 ? null : original.length()).append(',');
            string(line, "timestamp", original.timestamp()).append(',');
            string(line, "url", original.url()).append('}');
          }
        } else {
          selected(line, capture, false);
        }
        line.append('}');
      }
      default -> throw new IllegalStateException(format.name());
    }
    return line.append('\n').toString();
  }

  private void selected(StringBuilder line, Capture capture, boolean allText) {
    for (int i = 0; i < fields.size(); i++) {
      CdxField field = fields.get(i);
      String value = field.valueOf(capture);
      if (i > 0) {
        line.append(',');
      }
      boolean numeric =
          !allText
              && (field == CdxField.STATUS
                  || field == CdxField.LENGTH
                  || field == CdxField.OFFSET
                  || field == CdxField.JOBID);
      if (numeric) {
        number(line, fieldNames.get(i), "-".equals(value) ? null : Long.parseLong(value));
      } else {
        string(line, fieldNames.get(i), value);
      }
    }
  }

  private static StringBuilder number(StringBuilder line, String key, Long value) {
    quoted(line, key).append(':');
    return line.append(value == null ? "null" : value.toString());
  }

  private static StringBuilder string(StringBuilder line, String key, String value) {
    quoted(line, key).append(':');
    return quoted(line, value);
  }

  private static StringBuilder quoted(StringBuilder line, String text) {
    line.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> line.append("\\\"");
        case '\\' -> line.append("\\\\");
        case '\n' -> line.append("\\n");
        case '\r' -> line.append("\\r");
        case '\t' -> line.append("\\t");
        default -> {
          if (c < 0x20) {
            line.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            line.append(c);
          }
        }
      }
    }
    return line.append('"');
  }
}
