package org.netarchive.ee.archive.domain.model.adoption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AdminDataReaderTest {

  private static final String MD5 = "d2c259885ceaf0178b6152fbd04ca1e8";

  private static List<AdminDataLine> read(String text) throws IOException {
    try (AdminDataReader reader =
        new AdminDataReader(new BufferedReader(new StringReader(text)), "admin.data")) {
      List<AdminDataLine> lines = new ArrayList<>();
      Optional<AdminDataLine> line;
      while ((line = reader.next()).isPresent()) {
        lines.add(line.get());
      }
      return lines;
    }
  }

  @Test
  void givenVersion04Lines_whenRead_thenFilesChecksumsAndReplicaStatesWithTimes() throws Exception {
    List<AdminDataLine> lines =
        read(
            "0.4\n"
                + "1-1-20240101-00000.warc.gz "
                + MD5.toUpperCase()
                + " UPLOAD_COMPLETED 1700000000000"
                + " , PROD_ONE_THE_BAMON UPLOAD_COMPLETED 1700000000001"
                + " , PROD_TWO_THE_BAMON UPLOAD_FAILED 1700000000002\n"
                + "\n"
                + "2-1-20240101-00000.warc.gz "
                + MD5
                + " UPLOAD_STARTED 1700000000000\n");

    assertThat(lines).hasSize(2);
    AdminDataLine first = lines.get(0);
    assertThat(first.number()).isEqualTo(2);
    assertThat(first.fileName()).isEqualTo("1-1-20240101-00000.warc.gz");
    assertThat(first.md5()).isEqualTo(MD5);
    assertThat(first.replicas())
        .containsExactly(
            new AdminDataLine.ReplicaState(
                "PROD_ONE_THE_BAMON",
                NasStoreState.UPLOAD_COMPLETED,
                Instant.ofEpochMilli(1700000000001L)),
            new AdminDataLine.ReplicaState(
                "PROD_TWO_THE_BAMON",
                NasStoreState.UPLOAD_FAILED,
                Instant.ofEpochMilli(1700000000002L)));
    assertThat(lines.get(1).number()).isEqualTo(4);
    assertThat(lines.get(1).replicas()).isEmpty();
  }

  @Test
  void givenVersion03Lines_whenRead_thenReplicaStatesWithoutTimes() throws Exception {
    List<AdminDataLine> lines =
        read("0.3\na.arc " + MD5 + " ONE_THE_BAMON DATA_UPLOADED TWO UPLOAD_COMPLETED\n");

    assertThat(lines.getFirst().replicas())
        .extracting(AdminDataLine.ReplicaState::replicaKey, AdminDataLine.ReplicaState::state)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("ONE_THE_BAMON", NasStoreState.DATA_UPLOADED),
            org.assertj.core.groups.Tuple.tuple("TWO", NasStoreState.UPLOAD_COMPLETED));
    assertThat(lines.getFirst().replicas().getFirst().changedAt()).isNull();
  }

  @Test
  void givenNoOrAnUnknownVersionLine_whenOpened_thenRefusedNamingLineOne() {
    assertThatThrownBy(() -> read(""))
        .isInstanceOf(MalformedAdminDataException.class)
        .hasMessageContaining("admin.data line 1")
        .hasMessageContaining("empty");
    assertThatThrownBy(() -> read("a.arc " + MD5 + " UPLOAD_COMPLETED 1\n"))
        .isInstanceOf(MalformedAdminDataException.class)
        .hasMessageContaining("admin.data line 1")
        .hasMessageContaining("version, 0.4 or 0.3");
  }

  @Test
  void givenMalformedLines_whenRead_thenEachRefusedNamingTheLineAndWhatIsWrong() {
    Map<String, String> cases =
        Map.ofEntries(
            Map.entry("a.arc " + MD5 + " UPLOAD_COMPLETED", "found 3 fields"),
            Map.entry("a.arc nomd5 UPLOAD_COMPLETED 1", "checksum 'nomd5' is not an MD5"),
            Map.entry("a.arc " + MD5 + " STORED 1", "upload state 'STORED' is unknown"),
            Map.entry("a.arc " + MD5 + " UPLOAD_COMPLETED yesterday", "time 'yesterday'"),
            Map.entry("a.arc " + MD5 + " UPLOAD_COMPLETED -5", "time '-5'"),
            Map.entry(".hidden " + MD5 + " UPLOAD_COMPLETED 1", "file name '.hidden'"),
            Map.entry(
                "a.arc " + MD5 + " UPLOAD_COMPLETED 1 , ONE UPLOAD_COMPLETED", "replica part 1"),
            Map.entry(
                "a.arc "
                    + MD5
                    + " UPLOAD_COMPLETED 1 , ONE UPLOAD_COMPLETED 1 , ONE UPLOAD_FAILED 2",
                "replica 'ONE' is named twice"),
            Map.entry("a.arc " + MD5 + " UPLOAD_COMPLETED 1 , ON/E UPLOAD_COMPLETED 1", "ON/E"));
    cases.forEach(
        (line, reason) ->
            assertThatThrownBy(
                    () -> read("0.4\nb.arc " + MD5 + " UPLOAD_COMPLETED 1\n" + line + "\n"))
                .as(line)
                .isInstanceOf(MalformedAdminDataException.class)
                .hasMessageContaining("admin.data line 3: ")
                .hasMessageContaining(reason)
                .hasMessageContaining("'" + line + "'")
                .satisfies(
                    e -> assertThat(((MalformedAdminDataException) e).lineNumber()).isEqualTo(3)));
  }

  @Test
  void givenAnOddVersion03Line_whenRead_thenRefused() {
    assertThatThrownBy(() -> read("0.3\na.arc " + MD5 + " ONE\n"))
        .isInstanceOf(MalformedAdminDataException.class)
        .hasMessageContaining("admin.data line 2")
        .hasMessageContaining("found 3 fields");
  }

  @Test
  void givenNetarchiveSuiteMonitorNames_whenMapped_thenTheirReplicas() {
    ReplicaKeys keys = new ReplicaKeys(List.of("ONE", "TWO"), Map.of("CS_THE_BAMON", "TWO"));

    assertThat(keys.replicaOf("PROD_ONE_THE_BAMON")).contains("ONE");
    assertThat(keys.replicaOf("ONE_THE_BAMON")).contains("ONE");
    assertThat(keys.replicaOf("TWO")).contains("TWO");
    assertThat(keys.replicaOf("CS_THE_BAMON")).contains("TWO");
    assertThat(keys.replicaOf("PROD_THREE_THE_BAMON")).isEmpty();
    assertThatThrownBy(() -> new ReplicaKeys(List.of("ONE"), Map.of("X", "NINE")))
        .hasMessageContaining("mapped to replica 'NINE', which is unknown");
  }
}
