/**
 * The archive-wide capture index's REST API: the CDX server API ({@code /api/cdx}) and the
 * indexer's state and controls ({@code /api/capture-index}).
 */
package org.netarchive.ee.web.interfaces.capture.rest;
