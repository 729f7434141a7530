package org.netarchive.ee.archive.domain.model.repository;

import java.util.List;

/** What the store state machine asks its caller to do, in the transaction that changed it. */
public sealed interface StoreAction {

  /**
   * Ask a replica to fetch and store the file.
   *
   * @param replicaId the replica
   * @param fileName the file's name
   * @param source where to fetch it
   * @param size its length
   * @param sha512 its checksum, which the replica verifies on arrival
   * @param attempt 1 for the first upload of this store, then 2, 3, ... for re-uploads
   */
  record Upload(
      String replicaId, String fileName, FileSource source, long size, String sha512, int attempt)
      implements StoreAction {}

  /**
   * Ask a replica for the checksum of its copy of the file.
   *
   * @param replicaId the replica
   * @param fileName the file's name
   */
  record RequestChecksum(String replicaId, String fileName) implements StoreAction {}

  /**
   * Answer a waiting client.
   *
   * @param requester who waits
   * @param fileName the file's name
   * @param ok whether every replica holds the file with its checksum
   * @param reasons why not, per replica (empty if ok)
   */
  record AnswerStore(StoreRequester requester, String fileName, boolean ok, List<String> reasons)
      implements StoreAction {}
}
