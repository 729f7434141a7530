-- Netarchive EE schema, version 10: the component monitor keeps one row per running instance of a
-- component (every harvester agent calls itself 'harvester-agent' and differs by its instance
-- name), how often the instance said it sends heartbeats (to tell when it is missing), and its
-- last log messages of level warning and above, as its latest heartbeat listed them.
-- Portable SQL: runs unchanged on H2 2.x and PostgreSQL 15.

ALTER TABLE component_status DROP CONSTRAINT pk_component_status;
ALTER TABLE component_status ADD CONSTRAINT pk_component_status
    PRIMARY KEY (component, instance_name);
ALTER TABLE component_status ADD COLUMN heartbeat_interval_seconds BIGINT;

CREATE TABLE component_warning (
    component     VARCHAR(200)  NOT NULL,
    instance_name VARCHAR(200)  NOT NULL,
    -- oldest first, as in the heartbeat
    entry_order   INTEGER       NOT NULL,
    logged_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    log_level     VARCHAR(40)   NOT NULL,
    logger        VARCHAR(400)  NOT NULL,
    message       VARCHAR(2000) NOT NULL,
    CONSTRAINT pk_component_warning PRIMARY KEY (component, instance_name, entry_order),
    CONSTRAINT fk_component_warning_status FOREIGN KEY (component, instance_name)
        REFERENCES component_status (component, instance_name) ON DELETE CASCADE
);
