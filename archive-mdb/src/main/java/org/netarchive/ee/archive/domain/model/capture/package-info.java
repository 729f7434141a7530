/**
 * The archive-wide capture index's queries (issue 13, the CDX server API): how a URL and a match
 * type select SURT keys ({@link MatchType}, {@link CaptureQuery}), the filters and fields of the
 * CDX server API ({@link CaptureFilter}, {@link CdxField}) and its output formats ({@link
 * CdxOutput}). Pure logic over {@link org.netarchive.ee.common.index.Capture}; the index itself is
 * {@link org.netarchive.ee.common.index.CaptureIndex}.
 */
package org.netarchive.ee.archive.domain.model.capture;
