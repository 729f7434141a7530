package org.netarchive.ee.scheduler.application.imports;

/**
 * The steps of an import of a NetarchiveSuite harvest database, for the batch job that runs it
 * (batch-jobs, {@code import-netarchivesuite}). The small phases run whole; the large ones
 * (domains, aliases, history) a chunk at a time, each chunk recorded together with its counts,
 * problems and the source position it reached, so that a restarted job goes on after the last chunk
 * recorded. Everything is matched by its NetarchiveSuite name, so what a step does twice (after a
 * crash in it) is found there and not made again.
 */
public interface NasImportSteps {

  /** Phases run as one piece, in this order. */
  String CHANNELS = "channels";

  String SCHEDULES = "schedules";
  String TEMPLATES = "templates";
  String TRAP_LISTS = "global crawler trap lists";

  /** Phases in chunks. */
  String DOMAINS = "domains";

  String ALIASES = "aliases";
  String HARVESTS = "harvests";
  String HISTORY = "history";

  /**
   * Opens the import's source again.
   *
   * @throws IllegalStateException if the import is not running or its source cannot be opened
   */
  NasImportSession open(long runId);

  /** Runs a small phase unless it was done already. */
  void runPhase(NasImportSession session, String phase);

  /**
   * Where a chunked step goes on: {@link Long#MIN_VALUE} at its beginning, else the position of its
   * last recorded chunk (recorded as where the import was resumed if this is not its first run).
   */
  long resumePosition(NasImportSession session, String step);

  /** Whether a step has ended. */
  boolean done(NasImportSession session, String step);

  /** The step's next chunk after {@code position}, or {@code null} at its end. */
  NasImportPage read(NasImportSession session, String step, long position);

  /** Imports a chunk and records it with its position. */
  void write(NasImportPage page);

  /** Records that a chunked step has ended. */
  void endStep(NasImportSession session, String step);

  /** Ends the import: reports what is not imported and marks it DONE. */
  void finish(long runId);

  /** Marks the import FAILED with the reason. */
  void fail(long runId, String reason);
}
