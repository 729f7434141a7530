-- A small NetarchiveSuite harvest database for NetarchiveSuiteImportIT: the tables of
-- NetarchiveSuite 7.x/8.x (createHarvestDB.pgsql, PostgreSQL) that the import reads or reports,
-- with the columns that release defines, and rows written for the test. __RUN__ is replaced by a
-- token of the test run, so that repeated runs on one server do not meet each other's objects,
-- and __PORT__ by the port of the test's synthetic site (its hosts are the domains' web sites).
-- The crawl templates are inserted by the test (their texts are long).

DROP SCHEMA public CASCADE;
CREATE SCHEMA public;

CREATE TABLE schemaversions (tablename VARCHAR(100) NOT NULL, version INT NOT NULL);
INSERT INTO schemaversions VALUES ('domains', 3), ('configurations', 5), ('seedlists', 1),
    ('passwords', 1), ('ownerinfo', 1), ('historyinfo', 2), ('harvestdefinitions', 4),
    ('partialharvests', 1), ('fullharvests', 5), ('schedules', 1), ('ordertemplates', 2),
    ('jobs', 10), ('harvestchannel', 1), ('global_crawler_trap_lists', 1);

CREATE TABLE domains (
    domain_id BIGINT NOT NULL PRIMARY KEY, name VARCHAR(300) NOT NULL UNIQUE,
    comments VARCHAR(30000), defaultconfig BIGINT NOT NULL, crawlertraps TEXT,
    edition BIGINT NOT NULL, alias BIGINT, lastaliasupdate TIMESTAMP);
CREATE TABLE configurations (
    config_id BIGINT NOT NULL PRIMARY KEY, name VARCHAR(300) NOT NULL, comments VARCHAR(30000),
    domain_id BIGINT NOT NULL, template_id BIGINT NOT NULL, maxobjects BIGINT NOT NULL DEFAULT -1,
    maxrate INT, overridelimits BIGINT, maxbytes BIGINT NOT NULL DEFAULT -1);
CREATE TABLE config_passwords (
    config_id BIGINT NOT NULL, password_id INT NOT NULL, PRIMARY KEY (config_id, password_id));
CREATE TABLE config_seedlists (
    config_id BIGINT NOT NULL, seedlist_id INT NOT NULL, PRIMARY KEY (config_id, seedlist_id));
CREATE TABLE seedlists (
    seedlist_id BIGINT NOT NULL PRIMARY KEY, name VARCHAR(300) NOT NULL, comments VARCHAR(30000),
    domain_id BIGINT NOT NULL, seeds TEXT NOT NULL);
CREATE TABLE passwords (
    password_id BIGINT NOT NULL PRIMARY KEY, name VARCHAR(300) NOT NULL, comments VARCHAR(30000),
    domain_id BIGINT NOT NULL, url VARCHAR(300) NOT NULL, realm VARCHAR(300) NOT NULL,
    username VARCHAR(20) NOT NULL, password VARCHAR(40) NOT NULL);
CREATE TABLE ownerinfo (
    ownerinfo_id BIGINT NOT NULL PRIMARY KEY, domain_id BIGINT NOT NULL,
    created TIMESTAMP NOT NULL, info VARCHAR(1000) NOT NULL);
CREATE TABLE historyinfo (
    historyinfo_id BIGINT NOT NULL PRIMARY KEY, stopreason INT NOT NULL,
    objectcount BIGINT NOT NULL, bytecount BIGINT NOT NULL, config_id BIGINT NOT NULL,
    harvest_id BIGINT NOT NULL, job_id BIGINT, harvest_time TIMESTAMP NOT NULL);
CREATE TABLE harvestdefinitions (
    harvest_id BIGINT NOT NULL PRIMARY KEY, name VARCHAR(300) NOT NULL UNIQUE,
    comments VARCHAR(30000), numevents INT NOT NULL, submitted TIMESTAMP NOT NULL,
    isactive BOOL NOT NULL, edition BIGINT NOT NULL, channel_id BIGINT, audience VARCHAR(100));
CREATE TABLE fullharvests (
    harvest_id BIGINT NOT NULL PRIMARY KEY, maxobjects BIGINT NOT NULL DEFAULT -1,
    previoushd BIGINT, maxbytes BIGINT NOT NULL DEFAULT -1,
    maxjobrunningtime BIGINT NOT NULL DEFAULT 0, isindexready BOOL NOT NULL);
CREATE TABLE partialharvests (
    harvest_id BIGINT NOT NULL PRIMARY KEY, schedule_id BIGINT NOT NULL, nextdate TIMESTAMP);
CREATE TABLE harvest_configs (
    harvest_id BIGINT NOT NULL, config_id BIGINT NOT NULL, PRIMARY KEY (harvest_id, config_id));
CREATE TABLE schedules (
    schedule_id BIGINT NOT NULL PRIMARY KEY, name VARCHAR(300) NOT NULL UNIQUE,
    comments VARCHAR(30000), startdate TIMESTAMP, enddate TIMESTAMP, maxrepeats BIGINT,
    timeunit INT NOT NULL, numtimeunits BIGINT NOT NULL, anytime BOOL NOT NULL, onminute INT,
    onhour INT, ondayofweek INT, ondayofmonth INT, edition BIGINT NOT NULL);
CREATE TABLE ordertemplates (
    template_id BIGINT NOT NULL PRIMARY KEY, name VARCHAR(300) NOT NULL UNIQUE,
    orderxml TEXT NOT NULL, isactive BOOL NOT NULL DEFAULT TRUE);
CREATE TABLE jobs (
    job_id BIGINT NOT NULL PRIMARY KEY, harvest_id BIGINT NOT NULL, status INT NOT NULL,
    channel VARCHAR(300) NOT NULL, snapshot BOOL NOT NULL, forcemaxbytes BIGINT NOT NULL DEFAULT -1,
    forcemaxcount BIGINT, forcemaxrunningtime BIGINT NOT NULL DEFAULT 0,
    orderxml VARCHAR(300) NOT NULL, orderxmldoc TEXT NOT NULL, seedlist TEXT NOT NULL,
    harvest_num INT NOT NULL, harvest_errors VARCHAR(300), harvest_error_details VARCHAR(10000),
    upload_errors VARCHAR(300), upload_error_details VARCHAR(10000), startdate TIMESTAMP,
    enddate TIMESTAMP, submitteddate TIMESTAMP, creationdate TIMESTAMP, resubmitted_as_job BIGINT,
    num_configs INT NOT NULL DEFAULT 0, edition BIGINT NOT NULL, continuationof BIGINT,
    harvestname_prefix VARCHAR(100));
CREATE TABLE job_configs (
    job_id BIGINT NOT NULL, config_id BIGINT NOT NULL, PRIMARY KEY (job_id, config_id));
CREATE TABLE global_crawler_trap_lists (
    global_crawler_trap_list_id BIGINT NOT NULL PRIMARY KEY, name VARCHAR(300) NOT NULL UNIQUE,
    description VARCHAR(20000), isactive BOOL NOT NULL);
CREATE TABLE global_crawler_trap_expressions (
    id BIGINT NOT NULL PRIMARY KEY, crawler_trap_list_id BIGINT NOT NULL,
    trap_expression VARCHAR(1000));
CREATE TABLE harvestchannel (
    id BIGINT NOT NULL PRIMARY KEY, name VARCHAR(300) NOT NULL UNIQUE,
    issnapshot BOOLEAN NOT NULL, isdefault BOOL NOT NULL, comments VARCHAR(30000));
CREATE TABLE eav_attribute (
    tree_id INTEGER NOT NULL, id INTEGER NOT NULL, entity_id INTEGER NOT NULL,
    type_id INTEGER NOT NULL, val_int INTEGER, val_datetime TIMESTAMP,
    val_varchar VARCHAR(8000), val_text TEXT, PRIMARY KEY (tree_id, id));

-- two channels, one per kind
INSERT INTO harvestchannel VALUES
    (1, 'FOCUSED__RUN__', FALSE, TRUE, 'Channel for focused harvests'),
    (2, 'SNAPSHOT__RUN__', TRUE, TRUE, 'Channel for snapshot harvests');

-- a schedule of each time unit (1 hourly, 2 daily, 3 weekly, 4 monthly, 5 minutes)
INSERT INTO schedules VALUES
    (1, 'Hourly __RUN__', 'every second hour', NULL, NULL, NULL, 1, 2, FALSE, 15, NULL, NULL, NULL, 1),
    (2, 'Daily __RUN__', 'every day at 03:30', '2026-01-01 00:00:00', NULL, NULL, 2, 1, FALSE, 30, 3, NULL, NULL, 1),
    (3, 'Weekly __RUN__', 'Mondays at 04:00', NULL, '2030-01-01 00:00:00', NULL, 3, 1, FALSE, 0, 4, 2, NULL, 1),
    (4, 'Monthly __RUN__', 'the 15th at 05:45', NULL, NULL, 12, 4, 1, FALSE, 45, 5, NULL, 15, 1),
    (5, 'Once __RUN__', 'Only run once', NULL, NULL, 1, 1, 1, TRUE, NULL, NULL, NULL, NULL, 1),
    (6, 'Minutely __RUN__', 'every ten minutes', NULL, NULL, NULL, 5, 10, TRUE, NULL, NULL, NULL, NULL, 1);

-- ordertemplates: 1 plain (a template this system accepts), 2 in NetarchiveSuite's H3 shape with
-- its placeholders and beans (converted on import), 3 with a placeholder nothing maps (refused);
-- all inserted by the test

-- domains: kb (two configurations, two seed lists, a password, traps), netarkivet, an alias of
-- kb, statsbiblioteket (with a configuration and a seed list that cannot be taken) and a name
-- that is not a domain name
INSERT INTO domains VALUES
    (1, 'kb-__RUN__.dk', 'The Royal Library', 11, E'.*/calendar/.*\n.*[?&]sessionid=.*', 3, NULL, NULL),
    (2, 'netarkivet-__RUN__.dk', NULL, 21, NULL, 1, NULL, NULL),
    (3, 'kbalias-__RUN__.dk', 'old name of kb', 31, NULL, 2, 1, '2020-05-04 10:00:00'),
    (4, 'sb-__RUN__.dk', NULL, 41, '', 1, NULL, NULL),
    (5, 'not a domain __RUN__', NULL, 51, NULL, 1, NULL, NULL);

INSERT INTO seedlists VALUES
    (11, 'defaultseeds', NULL, 1, E'http://www.kb-__RUN__.dk:__PORT__/\n'),
    (12, 'news', 'the news pages', 1, E'http://news.kb-__RUN__.dk:__PORT__/\n# not a seed\nhttp://www.kb-__RUN__.dk:__PORT__/nyheder'),
    (21, 'defaultseeds', NULL, 2, 'http://www.netarkivet-__RUN__.dk:__PORT__/'),
    (31, 'defaultseeds', NULL, 3, 'http://www.kbalias-__RUN__.dk:__PORT__/'),
    (41, 'defaultseeds', NULL, 4, 'http://www.sb-__RUN__.dk:__PORT__/'),
    (42, 'broken', NULL, 4, 'htp://www.sb-__RUN__.dk/'),
    (51, 'defaultseeds', NULL, 5, 'http://example.org/');

INSERT INTO passwords VALUES
    (1, 'intranet', 'staff pages', 1, 'http://intra.kb-__RUN__.dk/', 'KB staff', 'harvester', 'nas-it-secret-1');

INSERT INTO configurations VALUES
    (11, 'defaultconfig', NULL, 1, 1, -1, 60, NULL, 500000000),
    (12, 'deep', 'everything, ten requests a second', 1, 2, 10000, 600, NULL, -1),
    (21, 'defaultconfig', NULL, 2, 1, 2000, NULL, NULL, 100000000),
    (31, 'defaultconfig', NULL, 3, 1, -1, 60, NULL, 500000000),
    (41, 'defaultconfig', NULL, 4, 1, -1, 60, NULL, 500000000),
    (42, 'zero', 'no objects at all', 4, 1, 0, 60, NULL, 500000000),
    (51, 'defaultconfig', NULL, 5, 1, -1, 60, NULL, 500000000);

INSERT INTO config_seedlists VALUES (11, 11), (12, 11), (12, 12), (21, 21), (31, 31), (41, 41),
    (42, 41), (51, 51);
INSERT INTO config_passwords VALUES (12, 1);

-- the EAV attributes of configuration 'deep' of kb: 5 hops, robots.txt ignored (1), no JavaScript;
-- and of netarkivet's default configuration: 3 hops (its crawl ends soon in the site's endless
-- calendar, which netarkivet has no crawler trap for)
INSERT INTO eav_attribute (tree_id, id, entity_id, type_id, val_int) VALUES
    (2, 1, 12, 1, 5), (2, 2, 12, 2, 1), (2, 3, 12, 3, 0), (2, 4, 21, 1, 3);

INSERT INTO ownerinfo VALUES (1, 1, '2015-01-01 12:00:00', 'Contact: webmaster');

INSERT INTO global_crawler_trap_lists VALUES (1, 'Calendars __RUN__', 'endless calendars', TRUE);
INSERT INTO global_crawler_trap_expressions VALUES
    (1, 1, '.*/calendar/\d{4}/.*'), (2, 1, '.*[?&]month=\d+.*');

-- harvests: a selective one (daily, on the focused channel, active) and two snapshots, the second
-- continuing the first
INSERT INTO harvestdefinitions VALUES
    (10, 'Selective __RUN__', 'the library''s pages', 3, '2020-01-01 00:00:00', TRUE, 2, 1, 'researchers'),
    (11, 'Snapshot __RUN__ 2019', 'first snapshot', 1, '2019-01-01 00:00:00', FALSE, 1, 2, NULL),
    (12, 'Snapshot __RUN__ 2020', 'second snapshot', 0, '2020-01-01 00:00:00', FALSE, 1, 2, NULL);
INSERT INTO partialharvests VALUES (10, 2, '2026-12-01 03:30:00');
INSERT INTO fullharvests VALUES
    (11, 2000, NULL, 100000000, 3600, TRUE),
    (12, -1, 11, 500000000, 0, FALSE);
INSERT INTO harvest_configs VALUES (10, 12), (10, 21);

-- jobs and what they harvested
INSERT INTO jobs (job_id, harvest_id, status, channel, snapshot, orderxml, orderxmldoc, seedlist,
                  harvest_num, startdate, enddate, num_configs, edition)
VALUES (1, 11, 3, 'SNAPSHOT__RUN__', TRUE, 'nas_plain', '<beans/>', 'http://www.kb-__RUN__.dk/', 0,
        '2019-03-01 02:00:00', '2019-03-02 02:00:00', 2, 1),
       (2, 10, 3, 'FOCUSED__RUN__', FALSE, 'nas_h3', '<beans/>', 'http://news.kb-__RUN__.dk/', 1,
        '2020-02-01 03:30:00', '2020-02-01 05:00:00', 2, 1);
INSERT INTO job_configs VALUES (1, 11), (1, 21), (2, 12), (2, 21);
-- stop reasons as NetarchiveSuite numbers them (0 complete, 2 the harvest's size limit, 5 the
-- configuration's object limit): in snapshot 2019 kb stopped at its size limit and netarkivet
-- completed, so snapshot 2020, which continues it, harvests kb again (expecting objects from this
-- history) and leaves netarkivet out
INSERT INTO historyinfo VALUES
    (1, 2, 1800, 100000000, 11, 11, 1, '2019-03-01 02:00:00'),
    (2, 0, 1500, 20000000, 21, 11, 1, '2019-03-01 02:00:00'),
    (3, 5, 10000, 300000000, 12, 10, 2, '2020-02-01 03:30:00'),
    (4, 0, 900, 10000000, 21, 10, 2, '2020-02-01 03:30:00'),
    (5, 0, 10, 1000, 21, 10, NULL, '2018-01-01 00:00:00');
