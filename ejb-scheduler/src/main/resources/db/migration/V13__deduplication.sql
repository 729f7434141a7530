-- Deduplication (issue 12). What each job found unchanged in its deduplication index and archived
-- as revisit records instead of content: per domain, in the harvest history (0 for jobs without
-- deduplication and for imported history).
ALTER TABLE harvest_history ADD COLUMN duplicate_objects BIGINT DEFAULT 0 NOT NULL;
ALTER TABLE harvest_history ADD COLUMN duplicate_bytes BIGINT DEFAULT 0 NOT NULL;
ALTER TABLE harvest_history ADD CONSTRAINT ck_harvest_history_duplicates
    CHECK (duplicate_objects BETWEEN 0 AND objects AND duplicate_bytes BETWEEN 0 AND bytes);

-- Revisit dependencies: the archived files holding the originals a job's revisit records point
-- into. A file named here is needed to replay the job: the archive refuses to remove a copy of it
-- unless a good copy stays (ArcRepository). Written when the job's final report arrives. A file
-- name, not a foreign key: the original may have been archived by an earlier system.
CREATE TABLE job_revisit_dependency (
    file_name  VARCHAR(255)  NOT NULL,
    job_id     BIGINT        NOT NULL,
    CONSTRAINT pk_job_revisit_dependency PRIMARY KEY (file_name, job_id),
    CONSTRAINT fk_job_revisit_dependency_job FOREIGN KEY (job_id) REFERENCES harvest_job (id)
);
CREATE INDEX ix_job_revisit_dependency_job ON job_revisit_dependency (job_id);
