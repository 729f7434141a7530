package org.netarchive.ee.web.interfaces.archive;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.ConnectionFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.netarchive.ee.archive.application.ArchiveAdmin;
import org.netarchive.ee.archive.application.ArchiveTransfers;
import org.netarchive.ee.archive.application.ArchivedFileView;
import org.netarchive.ee.archive.domain.model.batch.BatchJobs;
import org.netarchive.ee.archive.domain.model.batch.BatchRun;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.archive.ArchiveFileNames;
import org.netarchive.ee.common.archive.ArchiveRequestException;
import org.netarchive.ee.common.archive.ArchiveStoreException;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netarchive.ee.common.message.BatchReply;
import org.netarchive.ee.common.message.GetRecordReply;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.web.interfaces.archive.ArchiveTask.Kind;

/**
 * The Archive section's way into the archive, as any other archive client: requests go to the
 * repository over the server's in-VM broker connection, and the bitarchives fetch uploads from and
 * deliver records, files and batch results to the application's transfer endpoint ({@link
 * ArchiveTransfers}), checksum-verified.
 *
 * <p>Records and whole files are fetched while the caller waits. Stores of uploaded files and batch
 * jobs run in the background as {@link ArchiveTask}s; the last {@value #KEPT_TASKS} are kept (in
 * memory, with their results in the server's temporary directory) for their pages and downloads. A
 * restart forgets them; the admin data tells what was stored.
 *
 * <p>Every request is checked first, so that a bad one is refused naming the value: an unknown
 * file, replica or batch job, an offset outside the file, a name that is no plain file name.
 */
@ApplicationScoped
public class ArchiveAccess {

  private static final Logger LOG = Logger.getLogger(ArchiveAccess.class.getName());

  /** Finished tasks kept for their pages and downloads. */
  static final int KEPT_TASKS = 100;

  /** How long a record may take; records are small. */
  private static final Duration QUICK = Duration.ofMinutes(2);

  /** How long a whole file, a store or a batch job over the archive may take. */
  private static final Duration PATIENT = Duration.ofHours(12);

  @Resource(lookup = "java:/ConnectionFactory")
  private ConnectionFactory factory;

  @Resource private ManagedExecutorService executor;

  @EJB private ArchiveAdmin admin;

  @EJB private ArchiveTransfers transfers;

  private final Clock clock = Clock.systemUTC();
  private final Map<String, ArchiveTask> tasks = new LinkedHashMap<>();
  private Path work;
  private ArchiveClient quick;
  private ArchiveClient patient;

  @PostConstruct
  void open() {
    work =
        Path.of(
            System.getProperty("jboss.server.temp.dir", System.getProperty("java.io.tmpdir")),
            "netarchive-archive-ui");
    try {
      // What an earlier run left (staged uploads, results) belongs to tasks it forgot.
      deleteTree(work);
      Files.createDirectories(work);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot prepare " + work + ": " + e.getMessage(), e);
    }
  }

  /** The client, made at the first request. */
  private synchronized ArchiveClient client(boolean waitLong) {
    if (quick == null) {
      // Over HTTP, not by path: the bitarchives read a path only under NAS_ARCHIVE_LOCAL_READ_DIRS,
      // which the server's own temporary directory is not.
      quick = new ArchiveClient(factory, null, null, admin.channels(), transfers, QUICK, 0);
      patient = new ArchiveClient(factory, null, null, admin.channels(), transfers, PATIENT, 0);
    }
    return waitLong ? patient : quick;
  }

  /** The replicas every file is stored in. */
  public List<String> replicaIds() {
    return admin.replicaIds();
  }

  /**
   * A file's admin data.
   *
   * @throws NotFoundException naming the file if the archive does not know it
   */
  public ArchivedFileView file(String name) {
    return admin
        .find(name)
        .orElseThrow(
            () -> new NotFoundException("Unknown file '" + name + "': it is not in the archive"));
  }

  /**
   * Checks a replica's id.
   *
   * @param replica the id, or {@code null} for any replica
   * @return the id
   * @throws IllegalArgumentException naming the replica and the known ones
   */
  public String requireReplica(String replica) {
    if (replica != null && !admin.replicaIds().contains(replica)) {
      throw new IllegalArgumentException(
          "Unknown replica '" + replica + "'; the replicas are " + admin.replicaIds());
    }
    return replica;
  }

  /** A fetched record: its bytes in a file that closing deletes. */
  public record FetchedRecord(Path bytes, String fileName, long offset, String recordType)
      implements AutoCloseable {
    @Override
    public void close() {
      deleteQuietly(bytes);
    }
  }

  /**
   * Fetches the WARC or ARC record that starts at an offset of an archived file, as stored.
   *
   * @param fileName the file
   * @param offset where the record starts
   * @param replica the replica to read, or {@code null} for any that holds the file
   * @throws NotFoundException if the file is unknown
   * @throws IllegalArgumentException if the replica is unknown, the offset outside the file or no
   *     record starts there
   * @throws ArchiveUnavailableException if the archive does not answer
   */
  public FetchedRecord record(String fileName, long offset, String replica) {
    ArchivedFileView file = file(fileName);
    requireReplica(replica);
    if (offset < 0) {
      throw new IllegalArgumentException(
          "Offset " + offset + " is negative; records start at offset 0 or later");
    }
    if (offset >= file.size()) {
      throw new IllegalArgumentException(
          "Offset "
              + offset
              + " is beyond the end of file '"
              + fileName
              + "', which has "
              + file.size()
              + " bytes");
    }
    Path target = work.resolve("record-" + UUID.randomUUID());
    try {
      GetRecordReply reply = client(false).getRecord(fileName, offset, replica, target);
      return new FetchedRecord(target, fileName, offset, reply.recordType());
    } catch (IOException e) {
      deleteQuietly(target);
      throw refusal(e);
    }
  }

  /** A fetched file in a directory that closing deletes. */
  public record FetchedFile(Path file, String replica) implements AutoCloseable {
    @Override
    public void close() {
      deleteQuietly(file);
      deleteQuietly(file.getParent());
    }
  }

  /**
   * Fetches a whole archived file.
   *
   * @param fileName the file
   * @param replica the replica to read, or {@code null} for any that holds the file completely
   * @throws NotFoundException if the file is unknown
   * @throws IllegalArgumentException if the replica is unknown or does not have the file
   * @throws ArchiveUnavailableException if the archive does not answer
   */
  public FetchedFile wholeFile(String fileName, String replica) {
    file(fileName);
    requireReplica(replica);
    Path directory = work.resolve("file-" + UUID.randomUUID());
    Path target = directory.resolve(fileName);
    try {
      Files.createDirectories(directory);
      String from = client(true).getFile(fileName, replica, target).replicaId();
      return new FetchedFile(target, from);
    } catch (IOException e) {
      deleteQuietly(target);
      deleteQuietly(directory);
      throw refusal(e);
    }
  }

  /**
   * Receives a file and stores it in the archive in the background.
   *
   * @param name the name to store it under; a plain file name
   * @param data the file's bytes; read to the end here
   * @param expectedSha512 the SHA-512 the sender computed, checked on arrival; {@code null} for
   *     none
   * @param user who asks
   * @return the task that stores it
   * @throws IllegalArgumentException if the name is not a plain file name, or the file arrived with
   *     another checksum
   * @throws UncheckedIOException if the file cannot be received
   */
  public ArchiveTask.View upload(
      String name, InputStream data, String expectedSha512, String user) {
    ArchiveFileNames.requireValid(name);
    String expected =
        expectedSha512 == null
            ? null
            : ChecksumAlgorithm.SHA512.requireValid(expectedSha512, "SHA-512 of '" + name + "'");
    ArchiveTask task = newTask(Kind.UPLOAD, name, null, null, Map.of(), user);
    Path staged = task.directory().resolve(name);
    try {
      Files.createDirectories(task.directory());
      long size = Files.copy(data, staged);
      if (expected != null) {
        String arrived = ChecksumAlgorithm.SHA512.of(staged);
        if (!arrived.equals(expected)) {
          throw new IllegalArgumentException(
              "File '"
                  + name
                  + "' arrived with SHA-512 "
                  + arrived
                  + ", not the "
                  + expected
                  + " that was given; send it again");
        }
      }
      task.uploaded(size, null);
    } catch (IOException | RuntimeException e) {
      deleteTree(task.directory());
      if (e instanceof IOException io) {
        throw new UncheckedIOException("Cannot receive file '" + name + "': " + io, io);
      }
      throw (RuntimeException) e;
    }
    return submit(task, () -> store(task, staged));
  }

  private void store(ArchiveTask task, Path staged) {
    try {
      long size = Files.size(staged);
      String sha512 = client(true).store(staged);
      task.uploaded(size, sha512);
      task.done(clock.instant());
      LOG.info(
          () -> "Uploaded file '" + staged.getFileName() + "' is stored (task " + task.id() + ")");
    } catch (ArchiveStoreException e) {
      task.failed(String.join("; ", e.reasons()), clock.instant());
    } catch (IOException | RuntimeException e) {
      task.failed(e.getMessage() == null ? e.toString() : e.getMessage(), clock.instant());
    } finally {
      deleteTree(task.directory());
    }
  }

  /**
   * Starts a named batch job in the background.
   *
   * @param job the job's name
   * @param parameters its parameters
   * @param filePattern a regular expression the whole file name must match; {@code null} for all
   * @param replica the replica to run on
   * @param user who asks
   * @return the task that runs it
   * @throws IllegalArgumentException naming the unknown job, the bad parameter or pattern, the
   *     missing or unknown replica
   */
  public ArchiveTask.View batch(
      String job, Map<String, String> parameters, String filePattern, String replica, String user) {
    if (job == null || job.isBlank()) {
      throw new IllegalArgumentException(
          "Name the batch job to run; the batch jobs are " + BatchJobs.all().keySet());
    }
    BatchJobs.named(job).validate(parameters);
    String pattern = filePattern == null || filePattern.isBlank() ? null : filePattern;
    BatchRun.filePattern(pattern);
    if (replica == null || replica.isBlank()) {
      throw new IllegalArgumentException(
          "Name the replica to run batch job '" + job + "' on; the replicas are " + replicaIds());
    }
    requireReplica(replica);
    ArchiveTask task = newTask(Kind.BATCH, job, replica, pattern, parameters, user);
    try {
      Files.createDirectories(task.directory());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot prepare " + task.directory() + ": " + e, e);
    }
    return submit(
        task,
        () -> {
          try {
            BatchReply reply = client(true).batch(job, parameters, pattern, replica, task.result());
            task.batchDone(
                reply.filesProcessed(),
                reply.fileFailures(),
                reply.resultSize(),
                reply.resultSha512(),
                clock.instant());
          } catch (ArchiveRequestException e) {
            task.failed(e.reason(), clock.instant());
          } catch (IOException | RuntimeException e) {
            task.failed(e.getMessage() == null ? e.toString() : e.getMessage(), clock.instant());
          }
        });
  }

  /**
   * A task.
   *
   * @throws NotFoundException naming the id if there is no such task (any more)
   */
  public ArchiveTask.View task(String id, Kind kind) {
    ArchiveTask task;
    synchronized (tasks) {
      task = tasks.get(id);
    }
    if (task == null || task.view(clock.instant()).kind() != kind) {
      throw new NotFoundException(
          "There is no "
              + (kind == Kind.BATCH ? "batch job run" : "upload")
              + " '"
              + id
              + "'; the server keeps the last "
              + KEPT_TASKS
              + " and forgets them when it restarts");
    }
    return task.view(clock.instant());
  }

  /** The tasks of a kind, newest first. */
  public List<ArchiveTask.View> tasks(Kind kind) {
    List<ArchiveTask> all;
    synchronized (tasks) {
      all = new ArrayList<>(tasks.values());
    }
    return all.stream()
        .map(t -> t.view(clock.instant()))
        .filter(v -> v.kind() == kind)
        .sorted(Comparator.comparing(ArchiveTask.View::submittedAt).reversed())
        .toList();
  }

  /**
   * The result of a finished batch job.
   *
   * @throws NotFoundException if there is no such run
   * @throws IllegalStateException naming the run's state if it has no result
   */
  public Path batchResult(String id) {
    ArchiveTask.View view = task(id, Kind.BATCH);
    if (!view.resultReady()) {
      throw new IllegalStateException(
          "Batch job run '"
              + id
              + "' has no result: it is "
              + view.state()
              + (view.failure() != null ? " (" + view.failure() + ")" : ""));
    }
    synchronized (tasks) {
      return tasks.get(id).result();
    }
  }

  private ArchiveTask newTask(
      Kind kind,
      String subject,
      String replica,
      String pattern,
      Map<String, String> parameters,
      String user) {
    String id = UUID.randomUUID().toString();
    return new ArchiveTask(
        id,
        kind,
        subject,
        replica,
        pattern,
        parameters,
        user,
        clock.instant(),
        work.resolve("task-" + id));
  }

  private ArchiveTask.View submit(ArchiveTask task, Runnable work) {
    List<ArchiveTask> forgotten = new ArrayList<>();
    synchronized (tasks) {
      tasks.put(task.id(), task);
      Iterator<ArchiveTask> oldest = tasks.values().iterator();
      while (tasks.size() > KEPT_TASKS && oldest.hasNext()) {
        ArchiveTask old = oldest.next();
        if (old.state().finished()) {
          oldest.remove();
          forgotten.add(old);
        }
      }
    }
    forgotten.forEach(old -> deleteTree(old.directory()));
    executor.execute(
        () -> {
          task.started(clock.instant());
          try {
            work.run();
          } catch (RuntimeException | Error e) {
            // Whatever goes wrong, the task is not left RUNNING for ever.
            LOG.log(Level.SEVERE, "Archive task " + task.id() + " failed", e);
            task.failed(e.toString(), clock.instant());
          }
        });
    return task.view(clock.instant());
  }

  /** An I/O failure of a request as what the caller did wrong, or as the archive not answering. */
  private static RuntimeException refusal(IOException e) {
    if (e instanceof ArchiveRequestException refused) {
      if (refused.reason() != null && refused.reason().startsWith("no answer within")) {
        return new ArchiveUnavailableException(refused.getMessage(), refused);
      }
      if (refused.reason() != null && refused.reason().startsWith("unknown file")) {
        return new NotFoundException(refused.getMessage());
      }
      return new IllegalArgumentException(refused.getMessage(), refused);
    }
    return new ArchiveUnavailableException(
        "The archive could not deliver: " + (e.getMessage() == null ? e : e.getMessage()), e);
  }

  private static void deleteQuietly(Path path) {
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      LOG.warning(() -> "Cannot remove " + path + ": " + e);
    }
  }

  private static void deleteTree(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(ArchiveAccess::deleteQuietly);
    } catch (IOException e) {
      LOG.warning(() -> "Cannot remove " + root + ": " + e);
    }
  }
}
