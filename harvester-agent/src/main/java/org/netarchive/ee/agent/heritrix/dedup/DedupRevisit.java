package org.netarchive.ee.agent.heritrix.dedup;

import java.time.format.DateTimeFormatter;
import java.util.Map;
import org.archive.modules.revisit.IdenticalPayloadDigestRevisit;
import org.netarchive.ee.common.index.DedupEntry;

/**
 * What a revisit record says about the archived original: besides Heritrix's identical-payload
 * revisit headers ({@code WARC-Profile}, {@code WARC-Refers-To-Target-URI}, {@code
 * WARC-Refers-To-Date}, {@code WARC-Payload-Digest}), the file and offset of the original's
 * response record, which the index knows and the WARC standard has no field for.
 */
final class DedupRevisit extends IdenticalPayloadDigestRevisit {

  /** The name of the archived file holding the original response record. */
  static final String HEADER_REFERS_TO_FILENAME = "Netarchive-Refers-To-Filename";

  /** The offset of the original response record in that file. */
  static final String HEADER_REFERS_TO_OFFSET = "Netarchive-Refers-To-Offset";

  private final DedupEntry original;

  DedupRevisit(String payloadDigest, DedupEntry original) {
    super(payloadDigest);
    this.original = original;
    setRefersToTargetURI(original.url());
    setRefersToDate(DateTimeFormatter.ISO_INSTANT.format(original.date()));
  }

  DedupEntry original() {
    return original;
  }

  @Override
  public Map<String, String> getWarcHeaders() {
    Map<String, String> headers = super.getWarcHeaders();
    headers.put(HEADER_REFERS_TO_FILENAME, original.file());
    headers.put(HEADER_REFERS_TO_OFFSET, Long.toString(original.offset()));
    return headers;
  }
}
