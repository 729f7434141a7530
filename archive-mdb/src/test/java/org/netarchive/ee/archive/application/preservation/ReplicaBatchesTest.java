package org.netarchive.ee.archive.application.preservation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.message.BatchReply;

class ReplicaBatchesTest {

  private static final String SHA512 = "0".repeat(128);

  @Test
  void givenAJobThatFailedOnAFile_whenItsResultIsForAnAudit_thenRefusedNamingJobReplicaAndFile() {
    BatchReply failed =
        new BatchReply(
            "r-1",
            "checksum",
            "TWO",
            5,
            List.of("1-1-a.warc: Input/output error", "1-1-b.warc: gone", "2", "3"),
            100,
            SHA512,
            null);

    assertThatThrownBy(() -> ReplicaBatches.requireEveryFile(failed))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("Batch job 'checksum' on replica TWO failed on 4 files")
        .hasMessageContaining("[1-1-a.warc: Input/output error, 1-1-b.warc: gone, 2]");
  }

  @Test
  void givenAJobThatProcessedEveryFile_whenItsResultIsForAnAudit_thenTaken() throws IOException {
    BatchReply done = new BatchReply("r-2", "sizes", "THREE", 6, List.of(), 120, SHA512, null);

    assertThat(ReplicaBatches.requireEveryFile(done)).isSameAs(done);
  }
}
