-- Bookkeeping of bulk domain creation (the create-domains batch job): one row per run with its
-- running totals, and one row per line that did not become a new domain, with the reason.
-- Updated in the same transaction as each chunk of domains, so a restarted run stays exact.

CREATE TABLE domain_bulk_run (
    job_instance_id  BIGINT        NOT NULL,
    source_name      VARCHAR(256)  NOT NULL,
    total_lines      BIGINT        NOT NULL,
    lines_done       BIGINT        NOT NULL,
    created          BIGINT        NOT NULL,
    already_existing BIGINT        NOT NULL,
    invalid          BIGINT        NOT NULL,
    started_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    started_by       VARCHAR(64)   NOT NULL,
    CONSTRAINT pk_domain_bulk_run PRIMARY KEY (job_instance_id)
);

CREATE TABLE domain_bulk_problem (
    job_instance_id BIGINT        NOT NULL,
    line_number     BIGINT        NOT NULL,
    input           VARCHAR(1000) NOT NULL,
    reason          VARCHAR(1000) NOT NULL,
    CONSTRAINT pk_domain_bulk_problem PRIMARY KEY (job_instance_id, line_number),
    CONSTRAINT fk_domain_bulk_problem_run FOREIGN KEY (job_instance_id) REFERENCES domain_bulk_run (job_instance_id) ON DELETE CASCADE
);
