package org.netarchive.ee.agent.demo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.util.Locale;
import java.util.Map;

/**
 * A tiny DNS server on 127.0.0.1 for test and demo crawls: answers A queries for the given names
 * (and their subdomains) with loopback addresses, and NXDOMAIN for every other name, so that a
 * crawler pointed at it ({@code -Ddns.server=127.0.0.1:PORT}) never resolves anything off this
 * machine.
 */
public final class LoopbackDns implements AutoCloseable {

  private static final int TTL_SECONDS = 3600;

  private final Map<String, InetAddress> hosts;
  private final DatagramSocket socket;
  private final Thread thread;

  /**
   * Starts answering on a port the system chooses.
   *
   * @param hosts names and their addresses, all in 127.0.0.0/8
   * @throws IOException if no port can be bound
   */
  public LoopbackDns(Map<String, InetAddress> hosts) throws IOException {
    this(hosts, 0);
  }

  /**
   * Starts answering.
   *
   * @param hosts names and their addresses, all in 127.0.0.0/8
   * @param port the UDP port on 127.0.0.1, or 0 for one the system chooses
   * @throws IOException if the port cannot be bound
   */
  public LoopbackDns(Map<String, InetAddress> hosts, int port) throws IOException {
    hosts
        .values()
        .forEach(
            a -> {
              if (!a.isLoopbackAddress() || !(a instanceof Inet4Address)) {
                throw new IllegalArgumentException(a + " is not an IPv4 loopback address");
              }
            });
    this.hosts = Map.copyOf(hosts);
    this.socket = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    this.thread = Thread.ofPlatform().daemon().name("loopback-dns").start(this::serve);
  }

  /** The value for {@code -Ddns.server}. */
  public String server() {
    return "127.0.0.1:" + socket.getLocalPort();
  }

  private void serve() {
    byte[] buffer = new byte[512];
    while (!socket.isClosed()) {
      DatagramPacket query = new DatagramPacket(buffer, buffer.length);
      try {
        socket.receive(query);
        byte[] answer = answer(query.getData(), query.getLength());
        if (answer != null) {
          socket.send(new DatagramPacket(answer, answer.length, query.getSocketAddress()));
        }
      } catch (SocketException e) {
        return;
      } catch (IOException | RuntimeException e) {
        // A malformed query is ignored, as a real server would.
      }
    }
  }

  /** The response to one query, or null if it is not a standard query with one question. */
  byte[] answer(byte[] q, int length) {
    if (length < 12 || (q[2] & 0x80) != 0 || ((q[4] << 8) | (q[5] & 0xff)) != 1) {
      return null;
    }
    int at = 12;
    StringBuilder name = new StringBuilder();
    while (q[at] != 0) {
      int label = q[at] & 0xff;
      if (label > 63 || at + label >= length) {
        return null;
      }
      if (!name.isEmpty()) {
        name.append('.');
      }
      name.append(new String(q, at + 1, label, java.nio.charset.StandardCharsets.US_ASCII));
      at += label + 1;
    }
    int questionEnd = at + 5;
    int type = ((q[at + 1] & 0xff) << 8) | (q[at + 2] & 0xff);
    InetAddress address = lookup(name.toString().toLowerCase(Locale.ROOT));

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(q[0]);
    out.write(q[1]);
    out.write(0x84 | (q[2] & 0x01)); // response, authoritative, copy RD
    out.write(address == null ? 0x03 : 0x00); // NXDOMAIN or NOERROR
    boolean answering = address != null && type == 1;
    out.writeBytes(new byte[] {0, 1, 0, (byte) (answering ? 1 : 0), 0, 0, 0, 0});
    out.write(q, 12, questionEnd - 12);
    if (answering) {
      out.writeBytes(new byte[] {(byte) 0xC0, 12, 0, 1, 0, 1});
      out.writeBytes(
          new byte[] {
            (byte) (TTL_SECONDS >>> 24),
            (byte) (TTL_SECONDS >>> 16),
            (byte) (TTL_SECONDS >>> 8),
            (byte) TTL_SECONDS
          });
      out.writeBytes(new byte[] {0, 4});
      out.writeBytes(address.getAddress());
    }
    return out.toByteArray();
  }

  private InetAddress lookup(String name) {
    for (String candidate = name; ; ) {
      InetAddress address = hosts.get(candidate);
      if (address != null) {
        return address;
      }
      int dot = candidate.indexOf('.');
      if (dot < 0) {
        return null;
      }
      candidate = candidate.substring(dot + 1);
    }
  }

  @Override
  public void close() {
    socket.close();
    try {
      thread.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
