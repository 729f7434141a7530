package org.netarchive.ee.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay on loopback that can fall silent: its connections stay open but nothing passes any
 * more, as when the broker's machine loses power or the network between drops packets. A stopped
 * broker closes its connections and the client knows at once; a silent one is only noticed when the
 * client's failure check (30 s by default) finds no pings.
 */
final class SilenceableProxy implements AutoCloseable {

  private final ServerSocket listener;
  private final int targetPort;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private volatile boolean silent;

  SilenceableProxy(int targetPort) throws IOException {
    this.targetPort = targetPort;
    listener = new ServerSocket();
    listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    Thread.ofPlatform().daemon().name("proxy-accept").start(this::accept);
  }

  int port() {
    return listener.getLocalPort();
  }

  /** From now on nothing passes, in either direction, and new connections get no answer. */
  void silence() {
    silent = true;
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        sockets.add(client);
        if (silent) {
          continue;
        }
        Socket server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
        sockets.add(server);
        Thread.ofPlatform().daemon().name("proxy-up").start(() -> pump(client, server));
        Thread.ofPlatform().daemon().name("proxy-down").start(() -> pump(server, client));
      } catch (IOException e) {
        // closed
      }
    }
  }

  private void pump(Socket from, Socket to) {
    byte[] buffer = new byte[16384];
    try (InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream()) {
      int n;
      while ((n = in.read(buffer)) >= 0) {
        if (silent) {
          // hold the connection open and pass nothing, like a partitioned network
          while (!from.isClosed()) {
            Thread.sleep(100);
          }
          return;
        }
        out.write(buffer, 0, n);
        out.flush();
      }
    } catch (IOException | InterruptedException e) {
      // closed
    }
  }

  @Override
  public void close() throws IOException {
    listener.close();
    for (Socket socket : sockets) {
      socket.close();
    }
  }
}
