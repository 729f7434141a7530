-- Netarchive EE schema, version 19: the archive of a NetarchiveSuite installation taken over in
-- place (issue 17, "Archive records"). Its admin data (file, MD5, upload state per replica) is
-- imported into archive_adopted_copy; its bitarchive directories are adopted where they lie
-- (archive_adopted_directory) and never written to; each copy is verified in the background
-- against the recorded MD5 and, if it matches, enters archive_file / archive_replica_copy with the
-- SHA-512 computed from the same read.
-- Portable SQL: runs unchanged on H2 2.x and PostgreSQL 15.

-- A replica's adopted directories (NetarchiveSuite bitarchive directories with filedir/), opened
-- read-only by that replica's bitarchive at every start.
CREATE TABLE archive_adopted_directory (
    replica_id  VARCHAR(40)   NOT NULL,
    directory   VARCHAR(1000) NOT NULL,
    adopted_by  VARCHAR(100)  NOT NULL,
    adopted_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT pk_archive_adopted_directory PRIMARY KEY (replica_id, directory)
);

-- One row per file and replica of the imported admin data, and what its verification found.
CREATE TABLE archive_adopted_copy (
    file_name     VARCHAR(255)  NOT NULL,
    replica_id    VARCHAR(40)   NOT NULL,
    -- as the admin data records it
    recorded_md5  VARCHAR(32)   NOT NULL,
    nas_state     VARCHAR(30)   NOT NULL,
    nas_state_at  TIMESTAMP WITH TIME ZONE,
    -- the admin data line it came from last
    source_line   INTEGER       NOT NULL,
    imported_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    verification  VARCHAR(20)   NOT NULL,
    -- what the verification read: where, how long, its MD5 and SHA-512
    path          VARCHAR(2000),
    size_bytes    BIGINT,
    found_md5     VARCHAR(32),
    sha512        VARCHAR(128),
    verified_at   TIMESTAMP WITH TIME ZONE,
    detail        VARCHAR(2000),
    CONSTRAINT pk_archive_adopted_copy PRIMARY KEY (file_name, replica_id),
    CONSTRAINT ck_archive_adopted_copy_verification CHECK (verification IN
        ('UNVERIFIED', 'VERIFIED', 'CORRUPT', 'MISSING')),
    CONSTRAINT ck_archive_adopted_copy_state CHECK (nas_state IN ('UPLOAD_STARTED',
        'DATA_UPLOADED', 'UPLOAD_COMPLETED', 'UPLOAD_FAILED', 'UNKNOWN_UPLOAD_STATE'))
);
CREATE INDEX ix_archive_adopted_copy_verification
    ON archive_adopted_copy (replica_id, verification, file_name);
