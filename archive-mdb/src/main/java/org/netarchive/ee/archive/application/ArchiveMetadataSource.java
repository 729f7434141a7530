package org.netarchive.ee.archive.application;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.netarchive.ee.archive.application.ArchiveAdmin.FileFilter;
import org.netarchive.ee.archive.application.ArchivedFileView.CopyView;
import org.netarchive.ee.archive.domain.model.bitarchive.BitarchiveStorage;
import org.netarchive.ee.archive.domain.model.index.JobDataCache;
import org.netarchive.ee.archive.domain.model.repository.ReplicaStoreState;

/**
 * A job's metadata WARCs ({@code <jobID>-metadata-<n>.warc}, as the agent names them) read directly
 * from a replica this server holds: a file counts once the admin data says its copy on that replica
 * is {@code UPLOAD_COMPLETED} (stored and checksum-verified), and the replica keeps bytes (not
 * checksum-only). A replica on another machine is not read: an installation whose bytes are only
 * elsewhere would take the metadata through the named batch jobs {@code crawl-log} and {@code
 * metadata-cdx}, which this server does not do yet.
 */
final class ArchiveMetadataSource implements JobDataCache.MetadataSource {

  private static final int MAX_FILES = 1000;

  private final ArchiveAdmin admin;
  private final Bitarchives bitarchives;
  private final List<String> replicaIds;

  ArchiveMetadataSource(ArchiveAdmin admin, Bitarchives bitarchives, List<String> replicaIds) {
    this.admin = admin;
    this.bitarchives = bitarchives;
    this.replicaIds = replicaIds;
  }

  @Override
  public List<Path> metadataFiles(long jobId) throws IOException {
    List<Path> files = new ArrayList<>();
    for (ArchivedFileView file :
        admin.list(new FileFilter(jobId + "-metadata-", null, null, null), 0, MAX_FILES)) {
      readableCopy(file).ifPresent(files::add);
    }
    return files;
  }

  private Optional<Path> readableCopy(ArchivedFileView file) {
    for (String replica : replicaIds) {
      CopyView copy = file.copy(replica);
      if (copy == null || copy.state() != ReplicaStoreState.UPLOAD_COMPLETED) {
        continue;
      }
      Optional<BitarchiveStorage> storage = bitarchives.local(replica);
      if (storage.isEmpty() || storage.get().checksumOnly()) {
        continue;
      }
      Optional<Path> path = storage.get().find(file.name());
      if (path.isPresent()) {
        return path;
      }
    }
    return Optional.empty();
  }
}
