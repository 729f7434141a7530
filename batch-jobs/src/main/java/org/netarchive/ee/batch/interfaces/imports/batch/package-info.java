/**
 * The import-netarchivesuite batch job: imports a NetarchiveSuite harvest database recorded by
 * {@code NetarchiveSuiteImports} (ejb-scheduler), step by step through {@code NasImportSteps}.
 *
 * <p>The small phases (channels, schedules, templates, global crawler trap lists, harvests) are
 * batchlets; domains (with their configurations, seed lists and passwords), aliases and history are
 * chunk steps whose reader reads the source by keyset (after the last NetarchiveSuite domain_id,
 * alias or historyinfo_id taken) and whose writer imports a chunk and records it with that
 * position, its counts and its problems. A chunk is one item: the source rows of one transaction.
 *
 * <p>Restart: after a crash the import's job is started again (at start-up, by {@code
 * NasImportStartup}); each step goes on after the position its last chunk recorded, and a step that
 * ended is passed over. The position is the import's own record rather than the batch repository's
 * checkpoint, because it is recorded with the chunk's counts: a resumed import counts nothing
 * twice.
 */
package org.netarchive.ee.batch.interfaces.imports.batch;
