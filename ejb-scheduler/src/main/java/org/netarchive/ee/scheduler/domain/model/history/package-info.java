/**
 * The harvest history: what each job harvested of each domain configuration (objects, bytes, why it
 * stopped, when). The splitter estimates a configuration's size from it, and a snapshot harvest
 * that continues from another leaves out the domains the earlier one completed. History from an
 * earlier system is loaded with {@link
 * org.netarchive.ee.scheduler.domain.model.history.HistoryImport} from the CSV format of {@link
 * org.netarchive.ee.scheduler.domain.model.history.HistoryCsv}.
 */
package org.netarchive.ee.scheduler.domain.model.history;
