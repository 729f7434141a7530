package org.netarchive.ee.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An SMTP server on 127.0.0.1 for the tests: accepts every mail (the commands a Jakarta Mail client
 * sends: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) and keeps it. Own code of a few lines
 * rather than a dependency: the tests only need to see that a mail arrived and what it said.
 */
final class LoopbackSmtp implements AutoCloseable {

  /** A mail as received: envelope and the message text (headers and body, dots unstuffed). */
  record Mail(String from, List<String> to, String message) {

    /** The value of the Subject header, or empty. */
    String subject() {
      for (String line : message.split("\r\n")) {
        if (line.isEmpty()) {
          break;
        }
        if (line.regionMatches(true, 0, "Subject:", 0, 8)) {
          return line.substring(8).strip();
        }
      }
      return "";
    }
  }

  private final ServerSocket server;
  private final List<Mail> mails = new CopyOnWriteArrayList<>();
  private final Thread acceptor;

  /** Listens on 127.0.0.1 at the given port. */
  LoopbackSmtp(int port) throws IOException {
    server = new ServerSocket();
    server.setReuseAddress(true);
    server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    acceptor = Thread.ofVirtual().name("loopback-smtp").start(this::accept);
  }

  /** The mails received so far. */
  List<Mail> mails() {
    return List.copyOf(mails);
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        Thread.ofVirtual().start(() -> converse(client));
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private void converse(Socket client) {
    try (client;
        BufferedReader in =
            new BufferedReader(
                new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8));
        OutputStream out = client.getOutputStream()) {
      reply(out, "220 localhost test SMTP");
      String from = null;
      List<String> to = new ArrayList<>();
      String line;
      while ((line = in.readLine()) != null) {
        String command =
            line.length() < 4 ? line.toUpperCase() : line.substring(0, 4).toUpperCase();
        switch (command) {
          case "EHLO" -> reply(out, "250-localhost\r\n250 8BITMIME");
          case "HELO", "NOOP" -> reply(out, "250 OK");
          case "RSET" -> {
            from = null;
            to.clear();
            reply(out, "250 OK");
          }
          case "MAIL" -> {
            from = line.substring(line.indexOf(':') + 1).strip();
            reply(out, "250 OK");
          }
          case "RCPT" -> {
            to.add(line.substring(line.indexOf(':') + 1).strip());
            reply(out, "250 OK");
          }
          case "DATA" -> {
            reply(out, "354 End data with <CR><LF>.<CR><LF>");
            StringBuilder message = new StringBuilder();
            String data;
            while ((data = in.readLine()) != null && !data.equals(".")) {
              message.append(data.startsWith("..") ? data.substring(1) : data).append("\r\n");
            }
            mails.add(new Mail(from, List.copyOf(to), message.toString()));
            from = null;
            to.clear();
            reply(out, "250 OK");
          }
          case "QUIT" -> {
            reply(out, "221 Bye");
            return;
          }
          default -> reply(out, "502 Command not implemented");
        }
      }
    } catch (IOException e) {
      // the client went away
    }
  }

  private static void reply(OutputStream out, String text) throws IOException {
    out.write((text + "\r\n").getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  @Override
  public void close() throws IOException {
    server.close();
    try {
      acceptor.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
