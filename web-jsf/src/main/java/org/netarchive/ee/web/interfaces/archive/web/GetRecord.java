package org.netarchive.ee.web.interfaces.archive.web;

import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.netarchive.ee.web.interfaces.archive.ArchiveAccess;
import org.netarchive.ee.web.interfaces.archive.ArchiveAccess.FetchedRecord;
import org.netarchive.ee.web.interfaces.archive.ArchiveUnavailableException;
import org.netarchive.ee.web.interfaces.archive.RecordContent;
import org.netarchive.ee.web.interfaces.web.Refusals;

/**
 * Backs archive/get-record.xhtml?file=...&offset=...&replica=...: fetches the WARC or ARC record
 * that starts at an offset of an archived file from the archive, and shows its headers, the HTTP
 * response it holds and the start of its payload (for a response, the page that was served); the
 * record as stored and its payload can be downloaded.
 */
@Named
@ViewScoped
public class GetRecord implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Payload bytes the page shows. */
  public static final int PREVIEW_BYTES = 65_536;

  static final String FORM = "request";

  @Inject private ArchiveAccess archive;

  private String file;
  private Long offset;
  private String replica;
  private List<String> replicas;
  private RecordContent.Parsed record;

  /** Fetches the record the address names, if it names one. */
  public void load() {
    replicas = archive.replicaIds();
    record = null;
    if (file == null || file.isBlank() || offset == null) {
      return;
    }
    String name = file.strip();
    String from = replica == null || replica.isBlank() ? null : replica;
    try {
      record =
          Refusals.attempt(
                  FORM,
                  "offset",
                  () -> {
                    try (FetchedRecord fetched = archive.record(name, offset, from)) {
                      return RecordContent.read(fetched.bytes(), PREVIEW_BYTES);
                    } catch (IOException e) {
                      throw new IllegalArgumentException(
                          "The bytes at offset "
                              + offset
                              + " of '"
                              + name
                              + "' are no WARC or ARC record: "
                              + e.getMessage(),
                          e);
                    }
                  })
              .orElse(null);
    } catch (ArchiveUnavailableException e) {
      Refusals.error(null, null, e.getMessage());
    } catch (UncheckedIOException e) {
      Refusals.error(null, null, e.getMessage());
    }
  }

  /** Fetches the record the form names, at an address that says which. */
  public String fetch() {
    return "get-record?faces-redirect=true&includeViewParams=true";
  }

  /** The address of the record as stored, in the REST API. */
  public String getRecordUrl() {
    return url("record");
  }

  /** The address of the record's payload, in the REST API. */
  public String getPayloadUrl() {
    return url("payload");
  }

  private String url(String part) {
    String context = FacesContext.getCurrentInstance().getExternalContext().getRequestContextPath();
    return context
        + "/api/archive/files/"
        + URLEncoder.encode(file.strip(), StandardCharsets.UTF_8).replace("+", "%20")
        + "/records/"
        + offset
        + "?part="
        + part
        + (replica == null || replica.isBlank()
            ? ""
            : "&replica=" + URLEncoder.encode(replica, StandardCharsets.UTF_8));
  }

  public RecordContent.Parsed getRecord() {
    return record;
  }

  public List<String> getReplicas() {
    return replicas;
  }

  public String getFile() {
    return file;
  }

  public void setFile(String file) {
    this.file = file;
  }

  public Long getOffset() {
    return offset;
  }

  public void setOffset(Long offset) {
    this.offset = offset;
  }

  public String getReplica() {
    return replica;
  }

  public void setReplica(String replica) {
    this.replica = replica;
  }
}
