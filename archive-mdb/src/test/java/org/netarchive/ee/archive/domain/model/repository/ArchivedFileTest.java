package org.netarchive.ee.archive.domain.model.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.netarchive.ee.archive.domain.model.repository.ReplicaStoreState.DATA_UPLOADED;
import static org.netarchive.ee.archive.domain.model.repository.ReplicaStoreState.UPLOAD_COMPLETED;
import static org.netarchive.ee.archive.domain.model.repository.ReplicaStoreState.UPLOAD_FAILED;
import static org.netarchive.ee.archive.domain.model.repository.ReplicaStoreState.UPLOAD_STARTED;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.archive.domain.model.repository.StoreAction.AnswerStore;
import org.netarchive.ee.archive.domain.model.repository.StoreAction.RequestChecksum;
import org.netarchive.ee.archive.domain.model.repository.StoreAction.Upload;

class ArchivedFileTest {

  private static final String NAME = "1-1-20250131120000-00000-host.warc.gz";
  private static final String SHA = "a".repeat(128);
  private static final String OTHER_SHA = "b".repeat(128);
  private static final Instant T0 = Instant.parse("2025-01-31T12:00:00Z");
  private static final Instant T1 = T0.plusSeconds(1);
  private static final FileSource SOURCE = new FileSource("http://127.0.0.1:8123/f/1", "t0k3n");
  private static final FileSource NEW_SOURCE = new FileSource("http://127.0.0.1:8123/f/2", "t2");
  private static final StoreRequester CLIENT = new StoreRequester("req-1", "DEV_COMMON_REPLY_X");
  private static final StoreRequester LATER_CLIENT = new StoreRequester("req-2", "DEV_REPLY_Y");
  private static final StorePolicy TWO_REPLICAS = new StorePolicy(List.of("ONE", "TWO"), 1);
  private static final StorePolicy NO_REUPLOADS = new StorePolicy(List.of("ONE", "TWO"), 0);

  private static ArchivedFile.Started start(StorePolicy policy) {
    return ArchivedFile.startStore(NAME, SHA, 1234, SOURCE, CLIENT, policy, T0);
  }

  /** A file stored to two replicas whose data ONE has uploaded: ONE's checksum is due next. */
  private static ArchivedFile uploadedToOne() {
    ArchivedFile file = start(TWO_REPLICAS).file();
    file.uploadSucceeded("ONE", 1, T1);
    return file;
  }

  private static ArchivedFile completedFile() {
    ArchivedFile file = start(TWO_REPLICAS).file();
    for (String replica : List.of("ONE", "TWO")) {
      file.uploadSucceeded(replica, 1, T1);
      file.checksumReported(replica, SHA, T1);
    }
    return file;
  }

  @Test
  void givenNewFile_whenStoring_thenEveryReplicaIsAskedToUploadAndStateIsUploadStarted() {
    ArchivedFile.Started started = start(TWO_REPLICAS);

    assertThat(started.actions())
        .containsExactly(
            new Upload("ONE", NAME, SOURCE, 1234, SHA, 1),
            new Upload("TWO", NAME, SOURCE, 1234, SHA, 1));
    ArchivedFile file = started.file();
    assertThat(file.copies()).containsOnlyKeys("ONE", "TWO");
    assertThat(file.copies().values()).allMatch(c -> c.state() == UPLOAD_STARTED);
    assertThat(file.waiters()).containsExactly(CLIENT);
    assertThat(file.completed()).isFalse();
  }

  @Test
  void givenUploadReply_whenSuccessful_thenDataUploadedAndChecksumRequested() {
    ArchivedFile file = start(TWO_REPLICAS).file();

    List<StoreAction> actions = file.uploadSucceeded("ONE", 1, T1);

    assertThat(actions).containsExactly(new RequestChecksum("ONE", NAME));
    assertThat(file.copy("ONE").orElseThrow().state()).isEqualTo(DATA_UPLOADED);
    assertThat(file.copy("ONE").orElseThrow().stateChangedAt()).isEqualTo(T1);
  }

  @Test
  void givenUploadReplyWithTheCopysChecksum_whenItMatches_thenCompletedWithoutAChecksumRequest() {
    ArchivedFile file = start(TWO_REPLICAS).file();

    assertThat(file.uploadSucceeded("ONE", 1, SHA, T1)).isEmpty();
    List<StoreAction> actions = file.uploadSucceeded("TWO", 1, SHA.toUpperCase(), T1);

    assertThat(actions).containsExactly(new AnswerStore(CLIENT, NAME, true, List.of()));
    ReplicaCopy one = file.copy("ONE").orElseThrow();
    assertThat(one.state()).isEqualTo(UPLOAD_COMPLETED);
    assertThat(one.checksumStatus()).isEqualTo(ChecksumStatus.OK);
    assertThat(one.replicaChecksum()).isEqualTo(SHA);
    assertThat(one.checksumCheckedAt()).isEqualTo(T1);
  }

  @Test
  void givenUploadReplyWithAnotherChecksum_whenReported_thenThatReplicaFailsAsCorrupt() {
    ArchivedFile file = start(TWO_REPLICAS).file();
    file.uploadSucceeded("TWO", 1, SHA, T1);

    List<StoreAction> actions = file.uploadSucceeded("ONE", 1, OTHER_SHA, T1);

    assertThat(actions).singleElement().isInstanceOf(AnswerStore.class);
    assertThat(((AnswerStore) actions.get(0)).ok()).isFalse();
    ReplicaCopy one = file.copy("ONE").orElseThrow();
    assertThat(one.state()).isEqualTo(UPLOAD_FAILED);
    assertThat(one.checksumStatus()).isEqualTo(ChecksumStatus.CORRUPT);
    assertThat(one.failureReason()).contains("holds file '" + NAME + "' with SHA-512 " + OTHER_SHA);
  }

  @Test
  void givenOneReplicaCompleted_whenTheOtherIsStillWorking_thenNoAnswerYet() {
    ArchivedFile file = uploadedToOne();

    List<StoreAction> actions = file.checksumReported("ONE", SHA, T1);

    assertThat(actions).isEmpty();
    assertThat(file.copy("ONE").orElseThrow().state()).isEqualTo(UPLOAD_COMPLETED);
    assertThat(file.copy("ONE").orElseThrow().checksumStatus()).isEqualTo(ChecksumStatus.OK);
    assertThat(file.waiters()).containsExactly(CLIENT);
  }

  @Test
  void givenMatchingChecksumsFromEveryReplica_whenTheLastArrives_thenClientIsAnsweredOk() {
    ArchivedFile file = uploadedToOne();
    file.uploadSucceeded("TWO", 1, T1);
    file.checksumReported("TWO", SHA, T1);

    List<StoreAction> actions = file.checksumReported("ONE", SHA.toUpperCase(), T1);

    assertThat(actions).containsExactly(new AnswerStore(CLIENT, NAME, true, List.of()));
    assertThat(file.completed()).isTrue();
    assertThat(file.waiters()).isEmpty();
  }

  @Test
  void givenFailedUpload_whenReuploadsRemain_thenUploadIsSentAgainWithTheNextAttempt() {
    ArchivedFile file = start(TWO_REPLICAS).file();

    List<StoreAction> actions = file.uploadFailed("ONE", 1, "disk full", false, TWO_REPLICAS, T1);

    assertThat(actions).containsExactly(new Upload("ONE", NAME, SOURCE, 1234, SHA, 2));
    assertThat(file.copy("ONE").orElseThrow().state()).isEqualTo(UPLOAD_STARTED);
    assertThat(file.copy("ONE").orElseThrow().attempts()).isEqualTo(2);
  }

  @Test
  void givenFailedUploads_whenReuploadsAreUsedUp_thenUploadFailedWithTheReason() {
    ArchivedFile file = start(TWO_REPLICAS).file();
    file.uploadFailed("ONE", 1, "disk full", false, TWO_REPLICAS, T1);

    List<StoreAction> actions = file.uploadFailed("ONE", 2, "disk full", false, TWO_REPLICAS, T1);

    assertThat(actions).isEmpty(); // TWO is still working
    ReplicaCopy one = file.copy("ONE").orElseThrow();
    assertThat(one.state()).isEqualTo(UPLOAD_FAILED);
    assertThat(one.failureReason())
        .isEqualTo("replica ONE: upload failed: disk full (after 2 attempts)");
  }

  @Test
  void givenOneReplicaFailed_whenTheOtherCompletes_thenClientIsAnsweredNotOkWithTheReason() {
    ArchivedFile file = start(NO_REUPLOADS).file();
    file.uploadFailed(
        "ONE", 1, "cannot fetch the file: connection refused", false, NO_REUPLOADS, T1);
    file.uploadSucceeded("TWO", 1, T1);

    List<StoreAction> actions = file.checksumReported("TWO", SHA, T1);

    assertThat(actions)
        .containsExactly(
            new AnswerStore(
                CLIENT,
                NAME,
                false,
                List.of(
                    "replica ONE: upload failed: cannot fetch the file: connection refused"
                        + " (after 1 attempt)")));
    assertThat(file.waiters()).isEmpty();
  }

  @Test
  void givenOneReplicaFailed_whenTheOtherIsStillWorking_thenNoAnswerYet() {
    ArchivedFile file = start(NO_REUPLOADS).file();

    List<StoreAction> actions = file.uploadFailed("ONE", 1, "refused", false, NO_REUPLOADS, T1);

    assertThat(actions).isEmpty();
    assertThat(file.waiters()).containsExactly(CLIENT);
  }

  @Test
  void givenBothReplicasFailed_whenTheLastFails_thenNotOkNamesBoth() {
    ArchivedFile file = start(NO_REUPLOADS).file();
    file.uploadFailed("TWO", 1, "b", false, NO_REUPLOADS, T1);

    List<StoreAction> actions = file.uploadFailed("ONE", 1, "a", false, NO_REUPLOADS, T1);

    assertThat(actions).hasSize(1);
    AnswerStore answer = (AnswerStore) actions.get(0);
    assertThat(answer.ok()).isFalse();
    assertThat(answer.reasons())
        .containsExactly(
            "replica ONE: upload failed: a (after 1 attempt)",
            "replica TWO: upload failed: b (after 1 attempt)");
  }

  @Test
  void givenChecksumMismatch_whenReported_thenReplicaFailsWithoutReuploadAndIsMarkedCorrupt() {
    ArchivedFile file = uploadedToOne();

    List<StoreAction> actions = file.checksumReported("ONE", OTHER_SHA, T1);

    assertThat(actions).isEmpty();
    ReplicaCopy one = file.copy("ONE").orElseThrow();
    assertThat(one.state()).isEqualTo(UPLOAD_FAILED);
    assertThat(one.checksumStatus()).isEqualTo(ChecksumStatus.CORRUPT);
    assertThat(one.replicaChecksum()).isEqualTo(OTHER_SHA);
    assertThat(one.failureReason()).contains("with SHA-512 " + OTHER_SHA + ", expected " + SHA);
  }

  @Test
  void givenChecksumCheckFailed_whenReuploadsRemain_thenUploadedAgain() {
    ArchivedFile file = uploadedToOne();

    List<StoreAction> actions = file.checksumFailed("ONE", "file not found", TWO_REPLICAS, T1);

    assertThat(actions).containsExactly(new Upload("ONE", NAME, SOURCE, 1234, SHA, 2));
  }

  @Test
  void givenReplicaHoldsTheFileAlready_whenUploadFails_thenItsChecksumDecides() {
    ArchivedFile file = start(NO_REUPLOADS).file();

    List<StoreAction> actions =
        file.uploadFailed("ONE", 1, "archived already", true, NO_REUPLOADS, T1);

    assertThat(actions).containsExactly(new RequestChecksum("ONE", NAME));
    assertThat(file.copy("ONE").orElseThrow().state()).isEqualTo(DATA_UPLOADED);
  }

  @Test
  void givenRepeatedOrStaleReplies_whenReceived_thenNothingChanges() {
    ArchivedFile file = start(TWO_REPLICAS).file();
    file.uploadFailed("ONE", 1, "x", false, TWO_REPLICAS, T1); // now at attempt 2

    assertThat(file.uploadFailed("ONE", 1, "x", false, TWO_REPLICAS, T1)).isEmpty();
    assertThat(file.uploadSucceeded("ONE", 1, T1)).isEmpty();
    assertThat(file.copy("ONE").orElseThrow().state()).isEqualTo(UPLOAD_STARTED);
    assertThat(file.copy("ONE").orElseThrow().attempts()).isEqualTo(2);

    file.uploadSucceeded("TWO", 1, T1);
    assertThat(file.uploadSucceeded("TWO", 1, T1)).isEmpty();
    file.checksumReported("TWO", SHA, T1);
    assertThat(file.checksumReported("TWO", SHA, T1)).isEmpty();
    assertThat(file.checksumFailed("TWO", "late", TWO_REPLICAS, T1)).isEmpty();
    assertThat(file.copy("TWO").orElseThrow().state()).isEqualTo(UPLOAD_COMPLETED);
    assertThat(file.uploadSucceeded("THREE", 1, T1)).isEmpty();
  }

  @Test
  void givenCompletedFile_whenStoredAgainWithSameChecksum_thenOkAtOnceWithoutUploads() {
    ArchivedFile file = completedFile();

    List<StoreAction> actions = file.storeAgain(SHA, NEW_SOURCE, LATER_CLIENT, TWO_REPLICAS, T1);

    assertThat(actions).containsExactly(new AnswerStore(LATER_CLIENT, NAME, true, List.of()));
  }

  @Test
  void givenKnownFile_whenStoredWithAnotherChecksum_thenRefusedAndNothingChanges() {
    ArchivedFile file = completedFile();

    List<StoreAction> actions =
        file.storeAgain(OTHER_SHA, NEW_SOURCE, LATER_CLIENT, TWO_REPLICAS, T1);

    assertThat(actions).hasSize(1);
    AnswerStore answer = (AnswerStore) actions.get(0);
    assertThat(answer.ok()).isFalse();
    assertThat(answer.reasons().get(0))
        .contains("'" + NAME + "' is archived already with SHA-512 " + SHA + ", not " + OTHER_SHA);
    assertThat(file.sha512()).isEqualTo(SHA);
    assertThat(file.source()).isEqualTo(SOURCE);
    assertThat(file.completed()).isTrue();
  }

  @Test
  void givenStoreThatFailedOnOneReplica_whenStoredAgain_thenOnlyThatReplicaUploadsAndOkFollows() {
    ArchivedFile file = start(NO_REUPLOADS).file();
    file.uploadFailed("ONE", 1, "down", false, NO_REUPLOADS, T1);
    file.uploadSucceeded("TWO", 1, T1);
    file.checksumReported("TWO", SHA, T1); // NOT OK answered to CLIENT

    List<StoreAction> retry = file.storeAgain(SHA, NEW_SOURCE, LATER_CLIENT, NO_REUPLOADS, T1);

    assertThat(retry).containsExactly(new Upload("ONE", NAME, NEW_SOURCE, 1234, SHA, 1));
    assertThat(file.copy("ONE").orElseThrow().failureReason()).isNull();
    file.uploadSucceeded("ONE", 1, T1);
    assertThat(file.checksumReported("ONE", SHA, T1))
        .containsExactly(new AnswerStore(LATER_CLIENT, NAME, true, List.of()));
  }

  @Test
  void givenStoreInProgress_whenStoredAgain_thenBothClientsGetTheAnswerAndNoUploadRepeats() {
    ArchivedFile file = start(TWO_REPLICAS).file();

    assertThat(file.storeAgain(SHA, SOURCE, LATER_CLIENT, TWO_REPLICAS, T1)).isEmpty();
    for (String replica : List.of("ONE", "TWO")) {
      file.uploadSucceeded(replica, 1, T1);
    }
    file.checksumReported("ONE", SHA, T1);
    List<StoreAction> answers = file.checksumReported("TWO", SHA, T1);

    assertThat(answers)
        .containsExactlyInAnyOrder(
            new AnswerStore(CLIENT, NAME, true, List.of()),
            new AnswerStore(LATER_CLIENT, NAME, true, List.of()));
  }

  @Test
  void givenReplicasSilentForLong_whenStoredAgain_thenTheirRequestsAreSentAgainOnce() {
    ArchivedFile file = uploadedToOne(); // ONE awaits its checksum, TWO its upload since T0/T1
    Instant late = T1.plus(StorePolicy.DEFAULT_ASK_AGAIN_AFTER);

    List<StoreAction> again = file.storeAgain(SHA, NEW_SOURCE, LATER_CLIENT, TWO_REPLICAS, late);

    assertThat(again)
        .as("the same attempt, from the new source")
        .containsExactlyInAnyOrder(
            new RequestChecksum("ONE", NAME), new Upload("TWO", NAME, NEW_SOURCE, 1234, SHA, 1));
    assertThat(file.storeAgain(SHA, NEW_SOURCE, CLIENT, TWO_REPLICAS, late.plusSeconds(1)))
        .as("a third client soon after sends nothing again")
        .isEmpty();
    file.uploadSucceeded("TWO", 1, SHA, late);
    assertThat(file.checksumReported("ONE", SHA, late))
        .contains(new AnswerStore(LATER_CLIENT, NAME, true, List.of()));
  }

  @Test
  void givenReplicasWorkingForLessThanTheWait_whenStoredAgain_thenNothingIsSentAgain() {
    ArchivedFile file = uploadedToOne();

    assertThat(
            file.storeAgain(
                SHA,
                NEW_SOURCE,
                LATER_CLIENT,
                TWO_REPLICAS,
                T0.plus(StorePolicy.DEFAULT_ASK_AGAIN_AFTER).minusSeconds(1)))
        .isEmpty();
  }

  @Test
  void givenReplicasSilentForTheWait_whenAskedAgain_thenEachTheRequestItAwaitsOncePerWait() {
    ArchivedFile file =
        uploadedToOne(); // ONE awaits its checksum since T1, TWO its upload since T0
    Duration wait = Duration.ofSeconds(30);

    assertThat(
            file.askSilentReplicasAgain(List.of("ONE", "TWO"), wait, T1.plus(wait).minusMillis(1)))
        .as("ONE changed less than the wait ago")
        .containsExactly(new Upload("TWO", NAME, SOURCE, 1234, SHA, 1));
    assertThat(file.askSilentReplicasAgain(List.of("ONE", "TWO"), wait, T1.plus(wait)))
        .as("TWO was asked just now")
        .containsExactly(new RequestChecksum("ONE", NAME));
    assertThat(
            file.askSilentReplicasAgain(List.of("ONE", "TWO"), wait, T1.plus(wait).plusSeconds(1)))
        .isEmpty();
    assertThat(file.askSilentReplicasAgain(List.of("TWO"), wait, T1.plus(wait).plus(wait)))
        .as("only the replicas given")
        .containsExactly(new Upload("TWO", NAME, SOURCE, 1234, SHA, 1));
    assertThat(file.waiters()).as("no client is answered or added").containsExactly(CLIENT);

    file.uploadSucceeded("TWO", 1, SHA, T1.plus(wait));
    assertThat(file.checksumReported("ONE", SHA, T1.plus(wait)))
        .as("the answers to the repeated requests complete the store")
        .containsExactly(new AnswerStore(CLIENT, NAME, true, List.of()));
    assertThat(
            file.askSilentReplicasAgain(List.of("ONE", "TWO"), wait, T1.plus(wait.multipliedBy(3))))
        .isEmpty();
  }

  @Test
  void givenReplicaAddedToThePolicy_whenCompletedFileIsStoredAgain_thenNewReplicaUploads() {
    ArchivedFile file = completedFile();
    StorePolicy three = new StorePolicy(List.of("ONE", "TWO", "THREE"), 1);

    List<StoreAction> actions = file.storeAgain(SHA, NEW_SOURCE, LATER_CLIENT, three, T1);

    assertThat(actions).containsExactly(new Upload("THREE", NAME, NEW_SOURCE, 1234, SHA, 1));
  }

  @Test
  void givenUnfinishedStore_whenResumed_thenOutstandingRequestsAreRepeated() {
    ArchivedFile file = start(TWO_REPLICAS).file();
    file.uploadSucceeded("TWO", 1, T1);

    assertThat(file.resume())
        .containsExactly(
            new Upload("ONE", NAME, SOURCE, 1234, SHA, 1), new RequestChecksum("TWO", NAME));
    assertThat(completedFile().resume()).isEmpty();
  }

  @Test
  void givenInvalidInput_whenStartingStore_thenRefusedNamingTheValue() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> ArchivedFile.startStore("../x.warc", SHA, 1, SOURCE, CLIENT, TWO_REPLICAS, T0))
        .withMessageContaining("'../x.warc'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ArchivedFile.startStore(NAME, "abc", 1, SOURCE, CLIENT, TWO_REPLICAS, T0))
        .withMessageContaining("sha512 of file '" + NAME + "'")
        .withMessageContaining("'abc'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ArchivedFile.startStore(NAME, SHA, -1, SOURCE, CLIENT, TWO_REPLICAS, T0))
        .withMessageContaining("-1");
  }

  @Test
  void givenInvalidPolicy_whenCreating_thenRefused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new StorePolicy(List.of("ONE", "ONE"), 1))
        .withMessageContaining("'ONE' is given twice");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new StorePolicy(List.of(), 1))
        .withMessageContaining("at least one replica");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new StorePolicy(List.of("ONE"), -1))
        .withMessageContaining("-1");
  }
}
