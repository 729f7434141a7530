package org.netarchive.ee.scheduler.domain.model.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;

class HistoryCsvTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "domain,configuration,harvest,job,started,objects,bytes,stop_reason",
        "\uFEFFdomain,configuration,harvest,job,started,objects,bytes,stop_reason",
        " Domain, Configuration, Harvest, Job, Started, Objects, Bytes, Stop_Reason ",
      })
  void givenTheHeader_whenChecked_thenAccepted(String header) {
    HistoryCsv.checkHeader(header);
  }

  @Test
  void givenAnotherFirstLine_whenChecked_thenErrorShowsTheExpectedHeader() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                HistoryCsv.checkHeader(
                    "kb.dk,defaultconfig,Old,1,2019-01-01T00:00Z,1,1,TIME_LIMIT"))
        .withMessageStartingWith(
            "A harvest history file starts with the line"
                + " 'domain,configuration,harvest,job,started,objects,bytes,stop_reason', not"
                + " 'kb.dk,");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> HistoryCsv.checkHeader(null))
        .withMessageEndingWith("not nothing (the file is empty)");
  }

  @Test
  void givenAValidLine_whenParsed_thenEveryFieldIsRead() {
    HistoryLine line =
        HistoryCsv.parse(
            "KB.dk,defaultconfig,Snapshot 2019,4711,2019-03-01T03:00:00+01:00,18223,1073741824,"
                + "size_limit");

    assertThat(line)
        .isEqualTo(
            new HistoryLine(
                DomainName.of("kb.dk"),
                "defaultconfig",
                "Snapshot 2019",
                4711,
                Instant.parse("2019-03-01T02:00:00Z"),
                18223,
                1073741824,
                StopReason.SIZE_LIMIT));
  }

  @Test
  void givenQuotedFields_whenParsed_thenCommasAndDoubledQuotesAreLiteral() {
    HistoryLine line =
        HistoryCsv.parse(
            "\"københavn.dk\", \"my config\" ,\"Election, \"\"2019\"\"\",1,2019-06-05T08:30:00Z,"
                + "0,0,DOWNLOAD_COMPLETE");

    assertThat(line.domain().ascii()).isEqualTo("xn--kbenhavn-54a.dk");
    assertThat(line.configuration()).isEqualTo("my config");
    assertThat(line.harvest()).isEqualTo("Election, \"2019\"");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "kb.dk,defaultconfig,Old,1,2019-01-01T00:00:00Z,1,1 | has 7 fields, not 8",
        "kb.dk,defaultconfig,Old,1,2019-01-01T00:00:00Z,1,1,TIME_LIMIT,x | has 9 fields, not 8",
        "www.kb.dk,defaultconfig,Old,1,2019-01-01T00:00:00Z,1,1,TIME_LIMIT"
            + " | domain: 'www.kb.dk' is not a valid domain name: it is a host name below the"
            + " domain 'kb.dk'",
        "kb.dk,,Old,1,2019-01-01T00:00:00Z,1,1,TIME_LIMIT"
            + " | configuration: a name of 1 to 128 characters is required, not ''",
        "kb.dk,defaultconfig, ,1,2019-01-01T00:00:00Z,1,1,TIME_LIMIT | harvest: Harvest name ''",
        "kb.dk,defaultconfig,Old,0,2019-01-01T00:00:00Z,1,1,TIME_LIMIT"
            + " | job: a whole number of 1 or more is required, not '0'",
        "kb.dk,defaultconfig,Old,x7,2019-01-01T00:00:00Z,1,1,TIME_LIMIT | job: a whole number",
        "kb.dk,defaultconfig,Old,1,2019-01-01 00:00,1,1,TIME_LIMIT"
            + " | started: an ISO-8601 date and time with an offset is required, e.g."
            + " 2019-03-01T02:00:00Z, not '2019-01-01 00:00'",
        "kb.dk,defaultconfig,Old,1,2019-01-01T00:00:00,1,1,TIME_LIMIT | started: an ISO-8601",
        "kb.dk,defaultconfig,Old,1,2019-01-01T00:00:00Z,-1,1,TIME_LIMIT"
            + " | objects: a whole number of 0 or more is required, not '-1'",
        "kb.dk,defaultconfig,Old,1,2019-01-01T00:00:00Z,1,1.5,TIME_LIMIT"
            + " | bytes: a whole number of 0 or more is required, not '1.5'",
        "kb.dk,defaultconfig,Old,1,2019-01-01T00:00:00Z,1,1,FINISHED"
            + " | stop_reason: one of [DOWNLOAD_COMPLETE, OBJECT_LIMIT, SIZE_LIMIT,"
            + " CONFIG_SIZE_LIMIT, DOWNLOAD_UNFINISHED, CONFIG_OBJECT_LIMIT, TIME_LIMIT] is"
            + " required, not 'FINISHED'",
        "kb.dk,defaultconfig,\"Old,1,2019-01-01T00:00:00Z,1,1,TIME_LIMIT"
            + " | the quoted field starting at column 21 has no closing quote",
        "kb.dk,defaultconfig,\"Old\"x,1,2019-01-01T00:00:00Z,1,1,TIME_LIMIT"
            + " | a quoted field is followed by 'x' at column 26",
        "kb.dk,defaultconfig,Old \"one\",1,2019-01-01T00:00:00Z,1,1,TIME_LIMIT"
            + " | the field 'Old \"one\"' has a quote inside",
      })
  void givenABadLine_whenParsed_thenTheErrorNamesTheFieldAndTheValue(String line, String error) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> HistoryCsv.parse(line))
        .withMessageStartingWith(error);
  }

  @Test
  void givenAStartInTheFuture_whenParsed_thenRefusedBeyondTheClockSkewOnly() {
    Instant now = Instant.parse("2026-11-25T12:00:00Z");
    String line = "kb.dk,defaultconfig,Old,1,%s,1,1,DOWNLOAD_COMPLETE";

    assertThatIllegalArgumentException()
        .isThrownBy(() -> HistoryCsv.parse(line.formatted("2999-01-01T00:00:00Z"), now))
        .withMessage(
            "started: 2999-01-01T00:00:00Z is in the future; a harvest history records harvests"
                + " that have been made");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> HistoryCsv.parse(line.formatted("2026-11-25T12:16:00Z"), now));
    assertThat(HistoryCsv.parse(line.formatted("2026-11-25T12:14:00Z"), now).started())
        .isEqualTo(Instant.parse("2026-11-25T12:14:00Z"));
  }
}
