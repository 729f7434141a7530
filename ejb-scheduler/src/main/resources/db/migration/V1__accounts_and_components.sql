-- Netarchive EE schema, version 1: user accounts (read by the server's JDBC security realm)
-- and the last known state of each component (server parts, agents, bitarchive instances).
-- Portable SQL: runs unchanged on H2 2.x and PostgreSQL 15.

CREATE TABLE nas_user (
    username            VARCHAR(64)  NOT NULL,
    -- SCRAM-SHA-256 salted password (PBKDF2-HMAC-SHA256), base64, with its salt and iterations
    password_hash       VARCHAR(128) NOT NULL,
    password_salt       VARCHAR(64)  NOT NULL,
    password_iterations INTEGER      NOT NULL,
    enabled             BOOLEAN      NOT NULL,
    created_at          TIMESTAMP WITH TIME ZONE NOT NULL,
    version             INTEGER      NOT NULL,
    CONSTRAINT pk_nas_user PRIMARY KEY (username),
    CONSTRAINT ck_nas_user_iterations CHECK (password_iterations >= 4096)
);

CREATE TABLE nas_user_role (
    username  VARCHAR(64) NOT NULL,
    role_name VARCHAR(32) NOT NULL,
    CONSTRAINT pk_nas_user_role PRIMARY KEY (username, role_name),
    CONSTRAINT fk_nas_user_role_user FOREIGN KEY (username) REFERENCES nas_user (username) ON DELETE CASCADE,
    CONSTRAINT ck_nas_user_role_name CHECK (role_name IN ('admin', 'curator', 'viewer', 'agent'))
);

CREATE TABLE component_status (
    component      VARCHAR(200) NOT NULL,
    kind           VARCHAR(40)  NOT NULL,
    instance_name  VARCHAR(200) NOT NULL,
    state          VARCHAR(80)  NOT NULL,
    channel        VARCHAR(200),
    current_job    VARCHAR(80),
    details        VARCHAR(4000),
    first_seen     TIMESTAMP WITH TIME ZONE NOT NULL,
    last_heartbeat TIMESTAMP WITH TIME ZONE NOT NULL,
    version        INTEGER      NOT NULL,
    CONSTRAINT pk_component_status PRIMARY KEY (component)
);
