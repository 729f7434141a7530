package org.netarchive.ee.agent.tools;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.archive.ArchiveRequestException;
import org.netarchive.ee.common.archive.ArchiveStoreException;
import org.netarchive.ee.common.archive.FileServer;
import org.netarchive.ee.common.channel.Channels;
import org.netarchive.ee.common.message.BatchReply;
import org.netarchive.ee.common.message.GetFileReply;
import org.netarchive.ee.common.message.GetRecordReply;
import org.netarchive.ee.common.message.RemoveAndGetFileReply;

/**
 * {@code netarchive-archive}: the archive's command-line tools (see {@link CommandLine#USAGE}).
 * Files travel over an HTTP server this program runs on the loopback interface for the time of the
 * command, so it must run on the server's machine or one the bitarchives can reach; with {@code
 * --local} uploads also name the file's path, for a bitarchive on this machine to read directly.
 */
public final class ArchiveCommand {

  /** Exit code: done. */
  static final int OK = 0;

  /** Exit code: the archive refused or failed. */
  static final int REFUSED = 1;

  /** Exit code: wrong command line. */
  static final int USAGE = 2;

  /** Exit code: the archive or a local file could not be reached. */
  static final int UNREACHABLE = 3;

  private ArchiveCommand() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err, System.getenv()));
  }

  /** Runs one command; returns the exit code. */
  static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env) {
    CommandLine line;
    try {
      line = CommandLine.parse(args, env);
    } catch (UsageException e) {
      err.println("netarchive-archive: " + e.getMessage());
      err.println();
      err.print(CommandLine.USAGE);
      return USAGE;
    }
    if (line == null) {
      out.print(CommandLine.USAGE);
      return OK;
    }
    Channels channels;
    try {
      channels = Channels.forEnvironment(line.environment());
    } catch (IllegalArgumentException e) {
      err.println("netarchive-archive: " + e.getMessage());
      return USAGE;
    }
    try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(line.broker());
        FileServer files =
            FileServer.start(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), line.local())) {
      ArchiveClient client =
          new ArchiveClient(
              factory,
              line.user(),
              line.password(),
              channels,
              files,
              line.timeout(),
              line.retries());
      return execute(line, client, out);
    } catch (ArchiveStoreException | ArchiveRequestException e) {
      err.println("netarchive-archive: " + e.getMessage());
      return REFUSED;
    } catch (IOException | RuntimeException e) {
      err.println("netarchive-archive: " + (e.getMessage() == null ? e : e.getMessage()));
      return UNREACHABLE;
    }
  }

  private static int execute(CommandLine line, ArchiveClient client, PrintStream out)
      throws IOException {
    switch (line.command()) {
      case "upload" -> {
        for (int i = 0; i < line.arguments().size(); i++) {
          if (line.delete()) {
            client.storeAndDelete(line.path(i));
            out.println("stored and deleted " + line.path(i));
          } else {
            String sha512 = client.store(line.path(i));
            out.println("stored " + line.path(i) + " sha512:" + sha512);
          }
        }
      }
      case "get-file" -> {
        GetFileReply reply = client.getFile(line.arguments().get(0), line.replica(), line.path(1));
        out.println(
            "fetched "
                + reply.fileName()
                + " from replica "
                + reply.replicaId()
                + " to "
                + line.path(1)
                + " ("
                + reply.size()
                + " bytes, sha512:"
                + reply.sha512()
                + ")");
      }
      case "get-record" -> {
        long offset = Long.parseLong(line.arguments().get(1));
        GetRecordReply reply =
            client.getRecord(line.arguments().get(0), offset, line.replica(), line.path(2));
        out.println(
            "fetched the "
                + reply.recordType()
                + " record at offset "
                + offset
                + " of "
                + reply.fileName()
                + " to "
                + line.path(2)
                + " ("
                + reply.length()
                + " bytes)");
      }
      case "batch" -> {
        BatchReply reply =
            client.batch(
                line.arguments().get(0),
                line.parameters(),
                line.filePattern(),
                line.replica(),
                line.path(1));
        out.println(
            "batch job "
                + reply.job()
                + " on replica "
                + reply.replicaId()
                + ": "
                + reply.filesProcessed()
                + " files processed, "
                + reply.fileFailures().size()
                + " failed; result in "
                + line.path(1));
        for (String failure : reply.fileFailures()) {
          out.println("  failed: " + failure);
        }
        if (!reply.fileFailures().isEmpty()) {
          return REFUSED;
        }
      }
      case "remove-and-get" -> {
        RemoveAndGetFileReply reply =
            client.removeAndGetFile(
                line.arguments().get(0),
                line.replica(),
                line.badChecksum(),
                line.credentials(),
                line.path(1));
        out.println(
            "removed the copy of "
                + reply.fileName()
                + " from replica "
                + reply.replicaId()
                + " and fetched it to "
                + line.path(1)
                + " ("
                + reply.size()
                + " bytes, sha512:"
                + reply.sha512()
                + "); store the good file again to upload a good copy");
      }
      default -> throw new IllegalStateException("unparsed command " + line.command());
    }
    return OK;
  }
}
