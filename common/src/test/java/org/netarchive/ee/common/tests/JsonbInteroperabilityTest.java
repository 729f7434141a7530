package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.message.Heartbeat;
import org.netarchive.ee.common.message.MessageCodec;
import org.netarchive.ee.common.message.Ping;

/**
 * The wire format is plain JSON: a tool or module that only has JSON-B can read the messages (it
 * ignores "type" and "version") without this codec.
 */
class JsonbInteroperabilityTest {

  @Test
  void givenEncodedHeartbeat_whenReadWithJsonb_thenSameRecord() throws Exception {
    Heartbeat heartbeat = MessageCodecRoundTripTest.fullHeartbeat();
    String json = MessageCodec.standard().encode(heartbeat);

    try (Jsonb jsonb = JsonbBuilder.create()) {
      assertThat(jsonb.fromJson(json, Heartbeat.class)).isEqualTo(heartbeat);
    }
  }

  @Test
  void givenEncodedPing_whenReadWithJsonb_thenSameRecord() throws Exception {
    Ping ping = new Ping("p-1", java.time.Instant.parse("2025-01-31T12:00:00.5Z"), "server");
    String json = MessageCodec.standard().encode(ping);

    try (Jsonb jsonb = JsonbBuilder.create()) {
      assertThat(jsonb.fromJson(json, Ping.class)).isEqualTo(ping);
    }
  }
}
