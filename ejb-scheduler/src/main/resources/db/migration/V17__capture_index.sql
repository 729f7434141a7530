-- Netarchive EE schema, version 16: which archived files the archive-wide capture index holds
-- (issue 13). A file with a copy UPLOAD_COMPLETED and no INDEXED row here is waiting to be indexed:
-- the indexer (CaptureIndexing, archive-mdb) takes such files in the order they were stored,
-- commits their captures to the Lucene index, then records them here. A crash between the two
-- indexes the file again, which replaces its captures (no duplicates). A rebuild empties the table.
-- Portable SQL: runs unchanged on H2 2.x and PostgreSQL 15.

CREATE TABLE capture_index_file (
    -- the archived file's name (archive_file.name); not a foreign key, so that the index's record
    -- of a file outlives nothing and blocks no change of the archive's admin data
    file_name   VARCHAR(255)  NOT NULL,
    state       VARCHAR(20)   NOT NULL,
    -- where the captures came from: the job's CDX in its metadata WARC, or the file read itself
    source      VARCHAR(20),
    captures    BIGINT        NOT NULL,
    -- tries since the file was last indexed; a file that failed 3 times is left until a rebuild
    attempts    INTEGER       NOT NULL,
    failure     VARCHAR(2000),
    changed_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT pk_capture_index_file PRIMARY KEY (file_name),
    CONSTRAINT ck_capture_index_file_state CHECK (state IN ('INDEXED', 'FAILED')),
    CONSTRAINT ck_capture_index_file_source CHECK (source IS NULL
        OR source IN ('METADATA_CDX', 'WARC')),
    CONSTRAINT ck_capture_index_file_counts CHECK (captures >= 0 AND attempts >= 0)
);

CREATE INDEX ix_capture_index_file_state ON capture_index_file (state);
