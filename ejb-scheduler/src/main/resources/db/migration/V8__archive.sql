-- Netarchive EE schema, version 8: the archive's administrative data (reference/004, "Admin for
-- the Repository"): every archived file with its SHA-512 checksum, the store state of its copy on
-- each replica with the last checksum and file-list checks, and the clients waiting for the
-- answer to a store. Written by the ArcRepository (archive-mdb) in the transaction of the message
-- that changed it.
-- Portable SQL: runs unchanged on H2 2.x and PostgreSQL 15. The CHECK constraints mirror the
-- validation in ArchivedFile, ReplicaCopy and StoreRequester.

-- Ids come in blocks of 50 (pooled-lo), as the ArchivedFile mapping says.
CREATE SEQUENCE archive_file_seq START WITH 1 INCREMENT BY 50;

CREATE TABLE archive_file (
    id           BIGINT        NOT NULL,
    -- a plain file name (ArchiveFileNames): no path separators, not starting with a dot
    name         VARCHAR(255)  NOT NULL,
    sha512       VARCHAR(128)  NOT NULL,
    size_bytes   BIGINT        NOT NULL,
    -- where the replicas fetch the file while it is stored (the client's remote file), and the
    -- secret that authenticates the fetch; kept so that uploads can be repeated after a restart
    source_uri   VARCHAR(2000),
    source_token VARCHAR(200),
    -- the file's path on the offering machine, read directly by a bitarchive on that machine
    source_local_path VARCHAR(2000),
    source_host  VARCHAR(255),
    created_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    version      INTEGER       NOT NULL,
    CONSTRAINT pk_archive_file PRIMARY KEY (id),
    CONSTRAINT uq_archive_file_name UNIQUE (name),
    CONSTRAINT ck_archive_file_name CHECK (CHAR_LENGTH(name) BETWEEN 1 AND 255
        AND name NOT LIKE '.%' AND POSITION('/' IN name) = 0 AND POSITION('\' IN name) = 0),
    CONSTRAINT ck_archive_file_sha512 CHECK (CHAR_LENGTH(sha512) = 128
        AND REPLACE(TRANSLATE(sha512, '0123456789abcdef', '0000000000000000'), '0', '') = ''),
    CONSTRAINT ck_archive_file_size CHECK (size_bytes >= 0)
);

-- One row per file and replica (NetarchiveSuite's replicafileinfo).
CREATE TABLE archive_replica_copy (
    file_id           BIGINT        NOT NULL,
    replica_id        VARCHAR(40)   NOT NULL,
    store_state       VARCHAR(20)   NOT NULL,
    -- uploads tried in the current store, counting the first
    attempts          INTEGER       NOT NULL,
    failure_reason    VARCHAR(2000),
    state_changed_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    -- the checksum the replica last reported for its copy, and what that check found
    replica_checksum  VARCHAR(128),
    checksum_status   VARCHAR(20)   NOT NULL,
    checksum_checked_at TIMESTAMP WITH TIME ZONE,
    CONSTRAINT pk_archive_replica_copy PRIMARY KEY (file_id, replica_id),
    CONSTRAINT fk_archive_replica_copy_file FOREIGN KEY (file_id) REFERENCES archive_file (id)
        ON DELETE CASCADE,
    CONSTRAINT ck_archive_replica_copy_state CHECK (store_state IN
        ('UPLOAD_STARTED', 'DATA_UPLOADED', 'UPLOAD_COMPLETED', 'UPLOAD_FAILED')),
    CONSTRAINT ck_archive_replica_copy_attempts CHECK (attempts >= 1),
    CONSTRAINT ck_archive_replica_copy_checksum CHECK (checksum_status IN
        ('UNKNOWN', 'OK', 'CORRUPT'))
);

-- The store states of a replica, and the unfinished stores resumed at start-up.
CREATE INDEX ix_archive_replica_copy_state ON archive_replica_copy (replica_id, store_state);
CREATE INDEX ix_archive_replica_copy_checksum ON archive_replica_copy (replica_id, checksum_status);

-- Clients waiting for the answer to a store of the file; answered and removed together.
CREATE TABLE archive_store_waiter (
    file_id    BIGINT       NOT NULL,
    request_id VARCHAR(100) NOT NULL,
    reply_to   VARCHAR(300) NOT NULL,
    CONSTRAINT pk_archive_store_waiter PRIMARY KEY (file_id, request_id, reply_to),
    CONSTRAINT fk_archive_store_waiter_file FOREIGN KEY (file_id) REFERENCES archive_file (id)
        ON DELETE CASCADE
);
