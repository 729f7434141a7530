package org.netarchive.ee.scheduler.application.imports;

import java.util.List;

/**
 * One chunk of source rows of a step of an import (domains, aliases, history), as the batch job's
 * reader hands it to its writer.
 *
 * @param session the session that read it, which writes it
 * @param step the step, e.g. {@link NasImportSteps#DOMAINS}
 * @param position the source position the chunk reaches: the last NetarchiveSuite domain_id or
 *     historyinfo_id in it, or for aliases how many there are up to its end; the step goes on after
 *     it
 * @param rows the source rows (what they are is the runner's business)
 */
public record NasImportPage(NasImportSession session, String step, long position, List<?> rows) {}
