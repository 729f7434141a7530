-- The repository asks again the replicas of unfinished stores whose state has stood still for a
-- while (ArcRepository.askSilentReplicasAgain, every 30 seconds): this index finds the copies still
-- uploading or being checked, oldest change first, without reading every copy of the archive.
-- Portable between H2 2.x and PostgreSQL 15.
CREATE INDEX ix_archive_replica_copy_silent ON archive_replica_copy (store_state, state_changed_at);
