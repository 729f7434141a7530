-- The job list (Harvest status section, GET /api/jobs) shows the newest jobs first, optionally
-- of one harvest (newest run first), status or channel. Each of those orders gets an index that
-- holds it and covers the id query of a page, so the first page of a million jobs is read from
-- an index's start instead of sorting them all. (H2 reads an index in its own direction only:
-- hence the DESC columns; the status at the end of the harvest index lets "jobs of this harvest
-- with this status" be answered from the index alone.)
CREATE INDEX ix_harvest_job_newest ON harvest_job (id DESC);
CREATE INDEX ix_harvest_job_status_newest ON harvest_job (status, id DESC);
DROP INDEX ix_harvest_job_harvest;
CREATE INDEX ix_harvest_job_harvest ON harvest_job (harvest_id, harvest_run DESC, id DESC, status);
DROP INDEX ix_harvest_job_channel;
CREATE INDEX ix_harvest_job_channel ON harvest_job (channel_id, id DESC);
-- "Does this channel have waiting jobs?" for the channels no agent serves.
CREATE INDEX ix_harvest_job_status_channel ON harvest_job (status, channel_id);
