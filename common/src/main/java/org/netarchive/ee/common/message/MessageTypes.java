package org.netarchive.ee.common.message;

import java.util.List;

/**
 * The message types of the system: the single place where a new message record is registered.
 *
 * <p>{@link MessageCodec#standard()} is built from this list, so every part of the system decodes
 * the same set of types.
 */
public final class MessageTypes {

  // Add new message records here (and nowhere else).
  private static final List<Class<? extends Message>> ALL =
      List.of(
          Ping.class,
          Pong.class,
          Heartbeat.class,
          // harvest jobs
          CrawlRequest.class,
          JobStarted.class,
          JobProgress.class,
          JobFinished.class,
          // operator commands to the agents (their topic) and the agents' answers (THE_SCHED)
          AgentCommand.class,
          AgentCommandAck.class,
          // The archive: store, upload and checksum (archive-mdb and the archive client).
          StoreRequest.class,
          StoreReply.class,
          UploadRequest.class,
          UploadReply.class,
          ChecksumRequest.class,
          ChecksumReply.class,
          // The archive: get file, get record and batch jobs.
          GetFileRequest.class,
          GetFileReply.class,
          GetRecordRequest.class,
          GetRecordReply.class,
          BatchRequest.class,
          BatchReply.class,
          // The archive: a bitarchive instance's part of a batch job, to its replica's monitor.
          BitarchiveBatchReply.class,
          // The archive: removing one replica's bad copy (the credentialed correct operation).
          RemoveAndGetFileRequest.class,
          RemoveAndGetFileReply.class,
          // The index server: indexes of job sets (archive-mdb and the agent's index client).
          IndexRequest.class,
          IndexReply.class);

  private MessageTypes() {}

  /**
   * Returns the registered message record classes.
   *
   * @return an unmodifiable list of the message classes, in registration order
   */
  public static List<Class<? extends Message>> all() {
    return ALL;
  }
}
