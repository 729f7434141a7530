package org.netarchive.ee.agent.heritrix;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * What Heritrix says about its job: the status document of {@code GET /engine/job/NAME} with {@code
 * Accept: application/xml}.
 *
 * @param controllerState {@code crawlControllerState} (NASCENT, PREPARING, PAUSED, RUNNING,
 *     STOPPING, FINISHED), empty if the job is not built
 * @param statusDescription e.g. {@code Active: RUNNING} or {@code Finished: FINISHED}
 * @param exitStatus {@code crawlExitStatus} once finished (FINISHED, ABORTED, FINISHED_TIME_LIMIT,
 *     ...), else empty
 * @param availableActions the actions the job accepts now (build, launch, unpause, ...)
 * @param discovered URIs discovered ({@code totalUriCount})
 * @param queued URIs queued
 * @param downloaded URIs downloaded
 * @param docsPerSecond current documents per second
 * @param kibPerSecond current KiB per second
 * @param busyThreads busy crawler threads
 * @param bytes bytes downloaded ({@code sizeTotalsReport/total})
 * @param jobLog the latest lines of the job log, newest first
 */
public record CrawlStatus(
    String controllerState,
    String statusDescription,
    String exitStatus,
    List<String> availableActions,
    long discovered,
    long queued,
    long downloaded,
    double docsPerSecond,
    double kibPerSecond,
    int busyThreads,
    long bytes,
    List<String> jobLog) {

  public CrawlStatus {
    availableActions = List.copyOf(availableActions);
    jobLog = List.copyOf(jobLog);
  }

  /** Whether the crawl has ended (by itself or terminated). */
  public boolean finished() {
    return "FINISHED".equals(controllerState);
  }

  /** Whether the job was built (a crawl controller exists). */
  public boolean built() {
    return !controllerState.isEmpty();
  }

  /**
   * Reads a status document.
   *
   * @param xml the document
   * @return the status
   * @throws IllegalArgumentException if it is not a job status document
   */
  public static CrawlStatus parse(String xml) {
    Document document;
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      document = factory.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
    } catch (Exception e) {
      throw new IllegalArgumentException(
          "Heritrix's job status is not well-formed XML: " + e.getMessage(), e);
    }
    Element job = document.getDocumentElement();
    if (!"job".equals(job.getTagName())) {
      throw new IllegalArgumentException(
          "Heritrix's job status has the document element <" + job.getTagName() + ">, not <job>");
    }
    return new CrawlStatus(
        text(job, "crawlControllerState"),
        text(job, "statusDescription"),
        text(job, "crawlExitStatus"),
        values(job, "availableActions"),
        number(job, "uriTotalsReport", "totalUriCount"),
        number(job, "uriTotalsReport", "queuedUriCount"),
        number(job, "uriTotalsReport", "downloadedUriCount"),
        decimal(job, "rateReport", "currentDocsPerSecond"),
        decimal(job, "rateReport", "currentKiBPerSec"),
        (int) number(job, "loadReport", "busyThreads"),
        number(job, "sizeTotalsReport", "total"),
        values(job, "jobLogTail"));
  }

  private static Element child(Element parent, String name) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        return e;
      }
    }
    return null;
  }

  private static String text(Element parent, String name) {
    Element e = child(parent, name);
    return e == null ? "" : e.getTextContent().strip();
  }

  private static List<String> values(Element parent, String name) {
    List<String> values = new ArrayList<>();
    Element list = child(parent, name);
    if (list != null) {
      NodeList children = list.getChildNodes();
      for (int i = 0; i < children.getLength(); i++) {
        if (children.item(i) instanceof Element e && e.getTagName().equals("value")) {
          values.add(e.getTextContent().strip());
        }
      }
    }
    return values;
  }

  private static long number(Element job, String report, String name) {
    double value = decimal(job, report, name);
    return value > 0 ? (long) value : 0;
  }

  private static double decimal(Element job, String report, String name) {
    Element section = child(job, report);
    String text = section == null ? "" : text(section, name);
    try {
      double value = Double.parseDouble(text);
      return Double.isFinite(value) && value > 0 ? value : 0;
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
