-- The NetarchiveSuite import as a batch job (README, "Switching from NetarchiveSuite"): what a
-- restart after a crash needs to go on where the import stood. Each step's position in the source
-- (the last NetarchiveSuite domain_id, alias or historyinfo_id it took) is stored with the counts
-- and problems of the chunk that reached it, so a resumed import neither starts again from zero
-- nor counts anything twice.

ALTER TABLE nas_import_run ADD COLUMN time_zone VARCHAR(64);
-- the source's password sealed as the domains' crawler passwords are (PasswordSeal), kept only
-- while the import runs so that a restart can open the source again; cleared at its end
ALTER TABLE nas_import_run ADD COLUMN source_secret VARCHAR(4000);
-- the batch job execution running it now
ALTER TABLE nas_import_run ADD COLUMN execution_id BIGINT;
-- how many times it was resumed after a server stop, when last, and from where
ALTER TABLE nas_import_run ADD COLUMN resumed INTEGER DEFAULT 0 NOT NULL;
ALTER TABLE nas_import_run ADD COLUMN resumed_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE nas_import_run ADD COLUMN resumed_from VARCHAR(1000);
-- problems beyond those listed (ImportTally.MAX_PROBLEMS), counted only
ALTER TABLE nas_import_run ADD COLUMN problems_unlisted BIGINT DEFAULT 0 NOT NULL;

CREATE TABLE nas_import_step (
    run_id   BIGINT      NOT NULL,
    step     VARCHAR(64) NOT NULL,
    -- the last source key taken (a domain_id, a historyinfo_id, the number of aliases)
    position BIGINT      NOT NULL,
    done     BOOLEAN     NOT NULL,
    CONSTRAINT pk_nas_import_step PRIMARY KEY (run_id, step),
    CONSTRAINT fk_nas_import_step_run FOREIGN KEY (run_id) REFERENCES nas_import_run (id) ON DELETE CASCADE
);

-- configurations that use a NetarchiveSuite template which was not imported, per template
CREATE TABLE nas_import_fallback (
    run_id         BIGINT       NOT NULL,
    template_id    BIGINT       NOT NULL,
    template_name  VARCHAR(1000) NOT NULL,
    configurations BIGINT       NOT NULL,
    CONSTRAINT pk_nas_import_fallback PRIMARY KEY (run_id, template_id),
    CONSTRAINT fk_nas_import_fallback_run FOREIGN KEY (run_id) REFERENCES nas_import_run (id) ON DELETE CASCADE
);

-- a dry run's domains that a real import would create (its later steps ask), removed at its end
CREATE TABLE nas_import_dry_domain (
    run_id BIGINT       NOT NULL,
    name   VARCHAR(255) NOT NULL,
    CONSTRAINT pk_nas_import_dry_domain PRIMARY KEY (run_id, name),
    CONSTRAINT fk_nas_import_dry_domain_run FOREIGN KEY (run_id) REFERENCES nas_import_run (id) ON DELETE CASCADE
);
