-- NetarchiveSuite's admin database (the database-based ArcRepository admin), written for the ITs
-- from the tables its published createArchiveDB.pgsql defines (NetarchiveSuite 4 to 8): replica,
-- replicafileinfo, file, segment and schemaversions. Only the columns and types, no data; the IT
-- adds the rows. Runs in the schema the connection's search_path names first.

CREATE TABLE schemaversions (
    tablename varchar(100) NOT NULL,
    version integer NOT NULL
);
INSERT INTO schemaversions (tablename, version) VALUES
    ('replica', 1), ('replicafileinfo', 1), ('file', 1), ('segment', 1);

CREATE TABLE replica (
    replica_guid bigint NOT NULL PRIMARY KEY,
    replica_id varchar(300) NOT NULL UNIQUE,
    replica_name varchar(300) NOT NULL UNIQUE,
    replica_type varchar(50) NOT NULL,
    filelist_updated timestamp,
    checksum_updated timestamp
);

CREATE TABLE replicafileinfo (
    replicafileinfo_guid bigint NOT NULL PRIMARY KEY,
    replica_id varchar(300) NOT NULL,
    file_id bigint,
    segment_id bigint,
    checksum varchar(300),
    upload_status integer,
    checksum_status integer,
    filelist_status integer,
    filelist_checkdatetime timestamp,
    checksum_checkdatetime timestamp
);
CREATE INDEX fileandreplica ON replicafileinfo (file_id, replica_id);

CREATE TABLE file (
    file_id bigint NOT NULL PRIMARY KEY,
    filename varchar(300)
);
CREATE INDEX fileindex ON file (filename);

CREATE TABLE segment (
    segment_guid bigint NOT NULL PRIMARY KEY,
    replica_id bigint,
    segment_id bigint,
    segment_address varchar(300),
    filelist_checkdatetime timestamp,
    checksum_checkdatetime timestamp
);
