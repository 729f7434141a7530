-- Bookkeeping of long seed lists added to a selective harvest (the add-seeds batch job): one row
-- per run with its running totals, and one row per line or domain whose seeds were not added, with
-- the reason. Updated in the same transaction as each chunk of seeds, so a restarted run stays
-- exact.

CREATE TABLE harvest_seed_run (
    job_instance_id      BIGINT        NOT NULL,
    harvest_id           BIGINT        NOT NULL,
    total_lines          BIGINT        NOT NULL,
    lines_done           BIGINT        NOT NULL,
    seeds_accepted       BIGINT        NOT NULL,
    seeds_added          BIGINT        NOT NULL,
    domains_created      BIGINT        NOT NULL,
    configurations_added BIGINT        NOT NULL,
    seeds_refused        BIGINT        NOT NULL,
    domains_refused      BIGINT        NOT NULL,
    started_at           TIMESTAMP WITH TIME ZONE NOT NULL,
    started_by           VARCHAR(64)   NOT NULL,
    CONSTRAINT pk_harvest_seed_run PRIMARY KEY (job_instance_id),
    CONSTRAINT fk_harvest_seed_run_harvest FOREIGN KEY (harvest_id)
        REFERENCES harvest_definition (id) ON DELETE CASCADE
);
CREATE INDEX ix_harvest_seed_run_harvest ON harvest_seed_run (harvest_id);

-- A refused domain is recorded at the line of its first seed in the chunk; a line is refused at
-- most once (as a bad seed, or as the first seed of a refused domain).
CREATE TABLE harvest_seed_problem (
    job_instance_id BIGINT        NOT NULL,
    line_number     BIGINT        NOT NULL,
    input           VARCHAR(2100) NOT NULL,
    reason          VARCHAR(1000) NOT NULL,
    CONSTRAINT pk_harvest_seed_problem PRIMARY KEY (job_instance_id, line_number),
    CONSTRAINT fk_harvest_seed_problem_run FOREIGN KEY (job_instance_id)
        REFERENCES harvest_seed_run (job_instance_id) ON DELETE CASCADE
);
