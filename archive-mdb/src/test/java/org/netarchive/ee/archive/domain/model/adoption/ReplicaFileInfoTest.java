package org.netarchive.ee.archive.domain.model.adoption;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReplicaFileInfoTest {

  private static final String MD5 = "d2c259885ceaf0178b6152fbd04ca1e8";
  private static final String OTHER = "0cc175b9c0f1b6a831c399e269772661";
  private static final int UNKNOWN = 0;
  private static final int CORRUPT = 1;
  private static final int OK = 2;

  private static ReplicaFileInfo copy(String replica, String md5, int upload, int checksum) {
    return new ReplicaFileInfo(replica, false, md5, upload, checksum);
  }

  @Test
  void givenReplicasAgreeing_whenMadeALine_thenTheirChecksumAndEachReplicasState() {
    ReplicaFileInfo.FileRecord record =
        ReplicaFileInfo.line(
            7,
            "1-1-a.warc.gz",
            List.of(copy("ONE", MD5.toUpperCase(), 2, UNKNOWN), copy("TWO", MD5, 3, UNKNOWN)));

    assertThat(record.refusal()).isNull();
    assertThat(record.line().number()).isEqualTo(7);
    assertThat(record.line().md5()).isEqualTo(MD5);
    assertThat(record.line().replicas())
        .extracting(AdminDataLine.ReplicaState::replicaKey, AdminDataLine.ReplicaState::state)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("ONE", NasStoreState.UPLOAD_COMPLETED),
            org.assertj.core.groups.Tuple.tuple("TWO", NasStoreState.UPLOAD_FAILED));
  }

  @Test
  void givenReplicasDisagreeingAndOneMarkedOk_whenMadeALine_thenTheOkChecksum() {
    ReplicaFileInfo.FileRecord record =
        ReplicaFileInfo.line(
            8, "f.warc", List.of(copy("ONE", OTHER, 2, CORRUPT), copy("TWO", MD5, 2, OK)));

    assertThat(record.line().md5()).isEqualTo(MD5);
    assertThat(record.line().replicas()).hasSize(2);
  }

  @Test
  void givenReplicasDisagreeingAndNoneOk_whenMadeALine_thenRefusedNamingFileAndChecksums() {
    ReplicaFileInfo.FileRecord record =
        ReplicaFileInfo.line(
            9, "f.warc", List.of(copy("ONE", OTHER, 2, UNKNOWN), copy("TWO", MD5, 2, UNKNOWN)));

    assertThat(record.line()).isNull();
    assertThat(record.refusal())
        .contains("file 'f.warc' (file_id 9)")
        .contains("ONE=" + OTHER)
        .contains("TWO=" + MD5)
        .contains("none is marked OK");
  }

  @Test
  void givenNoChecksumOrNoMd5_whenMadeALine_thenRefusedSayingWhy() {
    assertThat(ReplicaFileInfo.line(1, "a.warc", List.of(copy("ONE", null, 2, UNKNOWN))).refusal())
        .contains("no replica records a checksum");
    assertThat(ReplicaFileInfo.line(2, "b.warc", List.of(copy("ONE", "abc", 2, OK))).refusal())
        .contains("checksum 'abc' is not an MD5 checksum");
  }

  @Test
  void givenAChecksumReplica_whenMadeALine_thenItsChecksumCountsButItIsNoCopy() {
    ReplicaFileInfo.FileRecord record =
        ReplicaFileInfo.line(
            3,
            "c.warc",
            List.of(new ReplicaFileInfo("CS", true, MD5, null, OK), copy("ONE", null, 1, UNKNOWN)));

    assertThat(record.line().md5()).isEqualTo(MD5);
    assertThat(record.line().replicas())
        .extracting(AdminDataLine.ReplicaState::replicaKey)
        .containsExactly("ONE");
    assertThat(record.line().replicas().getFirst().state()).isEqualTo(NasStoreState.DATA_UPLOADED);
  }

  @Test
  void givenAnUnknownOrMissingUploadStatus_whenRead_thenUnknownUploadState() {
    assertThat(new ReplicaFileInfo("ONE", false, MD5, 9, null).state())
        .isEqualTo(NasStoreState.UNKNOWN_UPLOAD_STATE);
    assertThat(new ReplicaFileInfo("ONE", false, MD5, null, null).state())
        .isEqualTo(NasStoreState.UNKNOWN_UPLOAD_STATE);
    assertThat(new ReplicaFileInfo("ONE", false, MD5, 0, null).state())
        .isEqualTo(NasStoreState.UPLOAD_STARTED);
  }
}
