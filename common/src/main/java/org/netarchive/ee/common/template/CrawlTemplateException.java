package org.netarchive.ee.common.template;

import java.util.List;

/**
 * Thrown when a text is not a usable crawl template, or a template cannot be rendered with the
 * values given.
 *
 * <p>The message says what is wrong and where: the missing or misplaced {@link Placeholder}, the
 * bean that is missing, or the XML error with its line and column, so that it can be shown as it is
 * to the curator who uploaded the template. When a template has several problems, all are reported
 * together, one a line, and are also available one by one from {@link #problems()}. It is unchecked
 * because the caller cannot repair the text; it can only refuse it.
 */
public class CrawlTemplateException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Not serialized with the exception; a deserialized one has its problems in the message only. */
  private final transient List<String> problems;

  /**
   * Creates an exception for one problem.
   *
   * @param problem what is wrong and where
   */
  public CrawlTemplateException(String problem) {
    super(problem);
    this.problems = List.of(problem);
  }

  /**
   * Creates an exception for one problem with its cause, e.g. the XML parser's exception.
   *
   * @param problem what is wrong and where
   * @param cause the underlying exception
   */
  public CrawlTemplateException(String problem, Throwable cause) {
    super(problem, cause);
    this.problems = List.of(problem);
  }

  /**
   * Creates an exception for several problems, reported in the given order.
   *
   * @param summary what the problems are about, e.g. {@code "The crawl template is not usable"}
   * @param problems the problems, at least one
   * @throws IllegalArgumentException if there is no problem
   */
  public CrawlTemplateException(String summary, List<String> problems) {
    super(format(summary, problems));
    this.problems = List.copyOf(problems);
  }

  /**
   * The problems found, each naming what is wrong and where.
   *
   * @return the problems, at least one
   */
  public List<String> problems() {
    return problems == null ? List.of(getMessage()) : problems;
  }

  private static String format(String summary, List<String> problems) {
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("a CrawlTemplateException needs at least one problem");
    }
    if (problems.size() == 1) {
      return summary + ": " + problems.get(0);
    }
    return summary + " (" + problems.size() + " problems):\n- " + String.join("\n- ", problems);
  }
}
