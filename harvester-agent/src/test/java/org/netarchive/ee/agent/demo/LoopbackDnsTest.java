package org.netarchive.ee.agent.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LoopbackDnsTest {

  @Test
  void givenAKnownNameOrSubdomain_whenQueried_thenItsLoopbackAddressIsAnswered() throws Exception {
    InetAddress two = InetAddress.getByAddress(new byte[] {127, 0, 0, 2});
    try (LoopbackDns dns = new LoopbackDns(Map.of("site1.test", two));
        DatagramSocket client = new DatagramSocket()) {
      client.setSoTimeout(2000);
      int port = Integer.parseInt(dns.server().substring("127.0.0.1:".length()));

      byte[] known = exchange(client, port, "www.site1.test");
      byte[] unknown = exchange(client, port, "example.com");

      assertThat(known[3] & 0x0f).as("rcode").isZero();
      assertThat(known[7]).as("answers").isEqualTo((byte) 1);
      assertThat(Arrays.copyOfRange(known, known.length - 4, known.length))
          .isEqualTo(two.getAddress());
      assertThat(unknown[3] & 0x0f).as("rcode NXDOMAIN").isEqualTo(3);
      assertThat(unknown[7]).as("answers").isZero();
    }
  }

  private static byte[] exchange(DatagramSocket client, int port, String name) throws Exception {
    ByteArrayOutputStream q = new ByteArrayOutputStream();
    q.writeBytes(new byte[] {0x12, 0x34, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0});
    for (String label : name.split("\\.")) {
      q.write(label.length());
      q.writeBytes(label.getBytes(StandardCharsets.US_ASCII));
    }
    q.writeBytes(new byte[] {0, 0, 1, 0, 1});
    byte[] query = q.toByteArray();
    client.send(new DatagramPacket(query, query.length, InetAddress.getLoopbackAddress(), port));
    DatagramPacket answer = new DatagramPacket(new byte[512], 512);
    client.receive(answer);
    byte[] data = Arrays.copyOf(answer.getData(), answer.getLength());
    assertThat(data[0]).isEqualTo((byte) 0x12);
    return data;
  }
}
