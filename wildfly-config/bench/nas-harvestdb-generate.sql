-- Fills a NetarchiveSuite harvest database (the tables of harvestdb-fixture.sql, emptied) with
-- :domains domains, set-based: each domain i has
--   * a name hbench-<i>.<tld> (dk, com, org, se, eu in turn), a comment on every 10th, two crawler
--     traps on every 50th;
--   * a seed list 'defaultseeds' (id i): www.<name>, and a second seed on every 3rd domain;
--   * a configuration 'defaultconfig' (id 2i-1, its default) and, on every 4th domain, a second
--     one 'deep' (id 2i); both use the seed list and template 1;
--   * two historyinfo rows (ids 2i-1, 2i): snapshot harvest 1 ('Snapshot hbench 2019', default
--     configuration) and harvest 2 ('Snapshot hbench 2020', continuing harvest 1; the 'deep'
--     configuration where there is one), each in a job of 1,000 domains, with job_configs rows.
-- Then those indexes of NetarchiveSuite's createHarvestDB.pgsql that lie on the columns the import
-- reads by (the fixture leaves them out; built after the rows, as a restore would), and ANALYZE.
-- Run by nas-harvestdb-generate.sh, which loads the fixture first; template 1 is inserted by the
-- caller (its text comes from the running server).

\set ON_ERROR_STOP on
SET synchronous_commit = off;

TRUNCATE domains, configurations, config_passwords, config_seedlists, seedlists, passwords,
    ownerinfo, historyinfo, harvestdefinitions, fullharvests, partialharvests, harvest_configs,
    schedules, ordertemplates, jobs, job_configs, global_crawler_trap_lists,
    global_crawler_trap_expressions, harvestchannel, eav_attribute;

INSERT INTO harvestchannel VALUES (1, 'SNAPSHOTHBENCH', TRUE, TRUE, 'Channel for snapshot harvests');

INSERT INTO harvestdefinitions VALUES
    (1, 'Snapshot hbench 2019', 'first snapshot', 1, '2019-01-01 00:00:00', FALSE, 1, 1, NULL),
    (2, 'Snapshot hbench 2020', 'second snapshot', 1, '2020-01-01 00:00:00', FALSE, 1, 1, NULL);
INSERT INTO fullharvests VALUES
    (1, 2000, NULL, 100000000, 3600, TRUE),
    (2, -1, 1, 500000000, 0, TRUE);

INSERT INTO domains (domain_id, name, comments, defaultconfig, crawlertraps, edition)
SELECT i,
       'hbench-' || i || '.' || (ARRAY['dk', 'com', 'org', 'se', 'eu'])[i % 5 + 1],
       CASE WHEN i % 10 = 0 THEN 'Benchmark domain ' || i END,
       2 * i - 1,
       CASE WHEN i % 50 = 0 THEN E'.*/calendar/.*\n.*[?&]sessionid=.*' END,
       1
FROM generate_series(1, :domains) AS i;

INSERT INTO seedlists (seedlist_id, name, comments, domain_id, seeds)
SELECT d.domain_id, 'defaultseeds', NULL, d.domain_id,
       'http://www.' || d.name || '/'
           || CASE WHEN d.domain_id % 3 = 0 THEN E'\nhttps://' || d.name || '/news/' ELSE '' END
FROM domains d;

INSERT INTO configurations (config_id, name, comments, domain_id, template_id, maxobjects,
                            maxrate, overridelimits, maxbytes)
SELECT 2 * i - 1, 'defaultconfig', NULL::VARCHAR, i, 1, -1, 60, NULL::BIGINT, 500000000
FROM generate_series(1, :domains) AS i
UNION ALL
SELECT 2 * i, 'deep', 'everything, slowly', i, 1, 10000, 30, NULL, -1
FROM generate_series(4, :domains, 4) AS i;

INSERT INTO config_seedlists (config_id, seedlist_id)
SELECT config_id, domain_id FROM configurations;

-- jobs of 1,000 domains: harvest 1 jobs 1..J, harvest 2 jobs J+1..2J
\set jobs '((' :domains ' + 999) / 1000)'
INSERT INTO jobs (job_id, harvest_id, status, channel, snapshot, orderxml, orderxmldoc, seedlist,
                  harvest_num, startdate, enddate, num_configs, edition)
SELECT j + (h - 1) * :jobs, h, 3, 'SNAPSHOTHBENCH', TRUE, 'nas_hbench_plain', '<beans/>',
       'http://www.hbench-' || ((j - 1) * 1000 + 1) || '.dk/', 0,
       make_timestamp(2018 + h, 3, 1, 0, 0, 0) + j * INTERVAL '1 minute',
       make_timestamp(2018 + h, 3, 2, 0, 0, 0) + j * INTERVAL '1 minute',
       LEAST(1000, :domains - (j - 1) * 1000), 1
FROM generate_series(1, 2) AS h, generate_series(1, :jobs) AS j;

INSERT INTO historyinfo (historyinfo_id, stopreason, objectcount, bytecount, config_id,
                         harvest_id, job_id, harvest_time)
SELECT 2 * i - 1, i % 7, (i * 37) % 20000 + 1, ((i * 37) % 20000 + 1) * 25000, 2 * i - 1, 1,
       (i - 1) / 1000 + 1, TIMESTAMP '2019-03-01 00:00:00' + (i % 86400) * INTERVAL '1 second'
FROM generate_series(1, :domains) AS i
UNION ALL
SELECT 2 * i, (i + 3) % 7, (i * 53) % 30000 + 1, ((i * 53) % 30000 + 1) * 20000,
       CASE WHEN i % 4 = 0 THEN 2 * i ELSE 2 * i - 1 END, 2, :jobs + (i - 1) / 1000 + 1,
       TIMESTAMP '2020-03-01 00:00:00' + (i % 86400) * INTERVAL '1 second'
FROM generate_series(1, :domains) AS i;

INSERT INTO job_configs (job_id, config_id)
SELECT job_id, config_id FROM historyinfo;

-- the indexes of NetarchiveSuite's own schema that the import's reading uses
CREATE INDEX domainnameid ON domains (name);
CREATE INDEX aliasindex ON domains (alias);
CREATE INDEX configurationname ON configurations (name);
CREATE INDEX configdomain ON configurations (domain_id);
CREATE INDEX seedlistname ON seedlists (name);
CREATE INDEX seedlistdomain ON seedlists (domain_id);
CREATE INDEX passworddomain ON passwords (domain_id);
CREATE INDEX ownerinfodomain ON ownerinfo (domain_id);
CREATE INDEX historyinfoharvest ON historyinfo (harvest_id);
CREATE INDEX historyinfoconfigharvest ON historyinfo (config_id, harvest_id);
CREATE INDEX historyinfojob ON historyinfo (job_id);

ANALYZE domains, configurations, config_seedlists, seedlists, historyinfo, harvestdefinitions,
    jobs, job_configs;

SELECT (SELECT COUNT(*) FROM domains) AS domains,
       (SELECT COUNT(*) FROM configurations) AS configurations,
       (SELECT COUNT(*) FROM seedlists) AS seedlists,
       (SELECT COUNT(*) FROM historyinfo) AS historyinfo,
       (SELECT COUNT(*) FROM jobs) AS jobs,
       (SELECT COUNT(*) FROM job_configs) AS job_configs;
