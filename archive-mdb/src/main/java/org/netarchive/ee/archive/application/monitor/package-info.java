/**
 * The operators' view of the archive in the server: per-replica files and bytes stored, stores in
 * progress and failed, refreshed every ten seconds from the admin data, offered as the MBean {@code
 * org.netarchive.ee:type=ArcRepository}, as Prometheus gauges ({@code netarchive_archive_*}) and in
 * the ArcRepository's heartbeat to the component monitor.
 */
package org.netarchive.ee.archive.application.monitor;
