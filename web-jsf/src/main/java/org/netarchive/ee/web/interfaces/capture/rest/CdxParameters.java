package org.netarchive.ee.web.interfaces.capture.rest;

import jakarta.ws.rs.QueryParam;
import java.util.ArrayList;
import java.util.List;
import org.netarchive.ee.archive.domain.model.capture.CaptureFilter;
import org.netarchive.ee.archive.domain.model.capture.CaptureQuery;
import org.netarchive.ee.archive.domain.model.capture.CdxOutput;
import org.netarchive.ee.archive.domain.model.capture.MatchType;
import org.netarchive.ee.web.interfaces.rest.FieldProblem;

/**
 * The query parameters of the CDX server API, as both of its paths take them ({@code /api/cdx} and
 * {@code /api/cdx/{collection}}), as given ({@code null} if absent); {@link #checked()} makes them
 * the query and output of {@link CdxResource}, or refuses the first bad one.
 */
public class CdxParameters {

  @QueryParam("url")
  String url;

  @QueryParam("matchType")
  String matchType;

  @QueryParam("from")
  String from;

  @QueryParam("to")
  String to;

  @QueryParam("limit")
  String limit;

  @QueryParam("rows")
  String rows;

  @QueryParam("sort")
  String sort;

  @QueryParam("closest")
  String closest;

  @QueryParam("filter")
  List<String> filters;

  @QueryParam("fl")
  String fl;

  @QueryParam("output")
  String output;

  /** The query and the output the parameters ask for. */
  record Checked(CaptureQuery query, CdxOutput output) {}

  /**
   * Checks the parameters, in the order the API documents them.
   *
   * @throws FieldProblem naming the first bad parameter and its value
   */
  Checked checked() {
    FieldProblem.required("url", url);
    MatchType type =
        FieldProblem.check("matchType", () -> CaptureQuery.matchTypeOf(url, matchType));
    FieldProblem.check("url", () -> CaptureQuery.of(url, type, 0).keys());
    String fromTs =
        blank(from) ? null : FieldProblem.check("from", () -> CaptureQuery.lowerBound(from));
    String toTs = blank(to) ? null : FieldProblem.check("to", () -> CaptureQuery.upperBound(to));
    long max = count(blank(limit) ? "rows" : "limit", blank(limit) ? rows : limit);
    CaptureQuery.Sort order = FieldProblem.check("sort", () -> CaptureQuery.Sort.parse(sort));
    String near =
        blank(closest)
            ? null
            : FieldProblem.check("closest", () -> CaptureQuery.lowerBound(closest));
    if (order == CaptureQuery.Sort.CLOSEST && near == null) {
      throw new FieldProblem("closest", "sort=closest needs closest=<timestamp>, 4 to 14 digits");
    }
    if (near != null && blank(sort)) {
      order = CaptureQuery.Sort.CLOSEST;
    }
    List<CaptureFilter> parsed = new ArrayList<>();
    for (String filter : filters == null ? List.<String>of() : filters) {
      parsed.add(FieldProblem.check("filter", () -> CaptureFilter.parse(filter)));
    }
    CdxOutput out =
        FieldProblem.check(blank(fl) ? "output" : "fl", () -> CdxOutput.parse(output, fl));
    CaptureQuery.Sort sorted = order;
    CaptureQuery query =
        FieldProblem.check(
            "from", () -> new CaptureQuery(url, type, fromTs, toTs, sorted, near, max, parsed));
    return new Checked(query, out);
  }

  private static long count(String name, String value) {
    Long n = FieldProblem.wholeNumberOfAtLeastOne(name, value);
    return n == null ? 0 : n;
  }

  private static boolean blank(String value) {
    return value == null || value.isBlank();
  }
}
