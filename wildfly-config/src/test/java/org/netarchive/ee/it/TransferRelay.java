package org.netarchive.ee.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A TCP relay on 127.0.0.1 in front of a server's HTTP port, named as the server's transfer
 * endpoint, so that the bitarchive node fetches the central's offers through it. It passes
 * everything on, unless told to {@linkplain #holdAfter hold} what the server sends once a number of
 * bytes has gone through: a test then knows a fetch is under way and unfinished for as long as it
 * likes, and can kill the fetching node in the middle of it.
 */
final class TransferRelay implements AutoCloseable {

  /**
   * How many bytes each connection passes before it is held, and the latch that ends the hold. A
   * budget per connection, so that every fetch under way when the hold begins (a node fetching for
   * two replicas) gets as far, whichever of them reads first.
   */
  private record Hold(long perConnection, CountDownLatch released) {}

  private final ServerSocket listener;
  private final int targetPort;
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private volatile Hold hold;

  /** Starts relaying to 127.0.0.1:{@code targetPort} from a port the system chooses. */
  TransferRelay(int targetPort) throws IOException {
    this.targetPort = targetPort;
    this.listener = new ServerSocket();
    listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    threads.submit(this::accept);
  }

  int port() {
    return listener.getLocalPort();
  }

  /**
   * From now on, the server's answers on each connection stop once {@code bytes} more have passed
   * on it, until released.
   */
  void holdAfter(long bytes) {
    hold = new Hold(bytes, new CountDownLatch(1));
  }

  /** Ends a hold: what was held goes on, and everything passes again. */
  void release() {
    Hold current = hold;
    hold = null;
    if (current != null) {
      current.released().countDown();
    }
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        Socket server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
        threads.submit(() -> pump(client, server, false));
        threads.submit(() -> pump(server, client, true));
      } catch (IOException e) {
        // closed, or the server is down: the client sees its connection end
      }
    }
  }

  /** Copies one direction until it ends, then closes both sockets. */
  private void pump(Socket from, Socket to, boolean answers) {
    byte[] buffer = new byte[16384];
    Hold counted = null;
    long passedUnderHold = 0;
    try (from;
        to) {
      InputStream in = from.getInputStream();
      OutputStream out = to.getOutputStream();
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        int offset = 0;
        while (offset < n) {
          Hold current = answers ? hold : null;
          if (current == null) {
            out.write(buffer, offset, n - offset);
            break;
          }
          if (current != counted) {
            counted = current;
            passedUnderHold = 0;
          }
          int passed =
              (int) Math.min(n - offset, Math.max(0, current.perConnection() - passedUnderHold));
          out.write(buffer, offset, passed);
          offset += passed;
          passedUnderHold += passed;
          if (offset < n) {
            out.flush();
            current.released().await();
          }
        }
        out.flush();
      }
    } catch (IOException e) {
      // one side closed or was killed: both are closed now
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() throws IOException {
    release();
    listener.close();
    threads.shutdownNow();
  }
}
