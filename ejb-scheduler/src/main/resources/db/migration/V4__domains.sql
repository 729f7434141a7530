-- Domains, their configurations, seed lists, passwords and crawler traps.
-- Sized for millions of domains: ids come from sequences (so inserts batch), and the columns
-- the lists and the splitter filter and sort on are indexed. Portable: H2 2.x and PostgreSQL 15.

CREATE SEQUENCE domain_seq START WITH 1 INCREMENT BY 50;
CREATE SEQUENCE domain_configuration_seq START WITH 1 INCREMENT BY 50;
CREATE SEQUENCE seed_list_seq START WITH 1 INCREMENT BY 50;
CREATE SEQUENCE domain_password_seq START WITH 1 INCREMENT BY 1;

CREATE TABLE domain (
    id                       BIGINT        NOT NULL,
    name                     VARCHAR(253)  NOT NULL,
    unicode_name             VARCHAR(253)  NOT NULL,
    tld                      VARCHAR(64)   NOT NULL,
    comments                 VARCHAR(4000),
    alias_of_id              BIGINT,
    alias_set_at             TIMESTAMP WITH TIME ZONE,
    -- Checked by the application: a domain and its default configuration are created together,
    -- and a circular foreign key cannot be deferred on every supported database.
    default_configuration_id BIGINT,
    created_at               TIMESTAMP WITH TIME ZONE NOT NULL,
    version                  INTEGER       NOT NULL,
    CONSTRAINT pk_domain PRIMARY KEY (id),
    CONSTRAINT uq_domain_name UNIQUE (name),
    CONSTRAINT fk_domain_alias_of FOREIGN KEY (alias_of_id) REFERENCES domain (id),
    CONSTRAINT ck_domain_alias CHECK ((alias_of_id IS NULL AND alias_set_at IS NULL)
                                   OR (alias_of_id IS NOT NULL AND alias_set_at IS NOT NULL AND alias_of_id <> id))
);
CREATE INDEX ix_domain_tld ON domain (tld);
CREATE INDEX ix_domain_alias_of ON domain (alias_of_id);
CREATE INDEX ix_domain_unicode_name ON domain (unicode_name);

CREATE TABLE domain_crawler_trap (
    domain_id  BIGINT        NOT NULL,
    position   INTEGER       NOT NULL,
    expression VARCHAR(1000) NOT NULL,
    CONSTRAINT pk_domain_crawler_trap PRIMARY KEY (domain_id, position),
    CONSTRAINT fk_domain_crawler_trap_domain FOREIGN KEY (domain_id) REFERENCES domain (id) ON DELETE CASCADE
);

CREATE TABLE seed_list (
    id        BIGINT          NOT NULL,
    domain_id BIGINT          NOT NULL,
    name      VARCHAR(128)    NOT NULL,
    seeds     VARCHAR(1000000) NOT NULL,
    comments  VARCHAR(4000),
    version   INTEGER         NOT NULL,
    CONSTRAINT pk_seed_list PRIMARY KEY (id),
    CONSTRAINT uq_seed_list_name UNIQUE (domain_id, name),
    CONSTRAINT fk_seed_list_domain FOREIGN KEY (domain_id) REFERENCES domain (id) ON DELETE CASCADE
);

CREATE TABLE domain_password (
    id        BIGINT        NOT NULL,
    domain_id BIGINT        NOT NULL,
    name      VARCHAR(128)  NOT NULL,
    url       VARCHAR(2048) NOT NULL,
    realm     VARCHAR(256)  NOT NULL,
    username  VARCHAR(256)  NOT NULL,
    password  VARCHAR(256)  NOT NULL,
    comments  VARCHAR(4000),
    version   INTEGER       NOT NULL,
    CONSTRAINT pk_domain_password PRIMARY KEY (id),
    CONSTRAINT uq_domain_password_name UNIQUE (domain_id, name),
    CONSTRAINT fk_domain_password_domain FOREIGN KEY (domain_id) REFERENCES domain (id) ON DELETE CASCADE
);

CREATE TABLE domain_configuration (
    id                 BIGINT       NOT NULL,
    domain_id          BIGINT       NOT NULL,
    name               VARCHAR(128) NOT NULL,
    template_id        BIGINT       NOT NULL,
    max_objects        BIGINT       NOT NULL,
    max_bytes          BIGINT       NOT NULL,
    max_request_rate   INTEGER      NOT NULL,
    max_hops           INTEGER      NOT NULL,
    honor_robots       BOOLEAN      NOT NULL,
    extract_javascript BOOLEAN      NOT NULL,
    comments           VARCHAR(4000),
    version            INTEGER      NOT NULL,
    CONSTRAINT pk_domain_configuration PRIMARY KEY (id),
    CONSTRAINT uq_domain_configuration_name UNIQUE (domain_id, name),
    CONSTRAINT fk_domain_configuration_domain FOREIGN KEY (domain_id) REFERENCES domain (id) ON DELETE CASCADE,
    CONSTRAINT fk_domain_configuration_template FOREIGN KEY (template_id) REFERENCES harvest_template (id),
    CONSTRAINT ck_domain_configuration_max_objects CHECK (max_objects = -1 OR max_objects > 0),
    CONSTRAINT ck_domain_configuration_max_bytes CHECK (max_bytes = -1 OR max_bytes > 0),
    CONSTRAINT ck_domain_configuration_rate CHECK (max_request_rate BETWEEN 1 AND 100000),
    CONSTRAINT ck_domain_configuration_hops CHECK (max_hops BETWEEN 0 AND 1000)
);
CREATE INDEX ix_domain_configuration_template ON domain_configuration (template_id);

CREATE TABLE configuration_seed_list (
    configuration_id BIGINT NOT NULL,
    seed_list_id     BIGINT NOT NULL,
    CONSTRAINT pk_configuration_seed_list PRIMARY KEY (configuration_id, seed_list_id),
    CONSTRAINT fk_configuration_seed_list_configuration FOREIGN KEY (configuration_id) REFERENCES domain_configuration (id) ON DELETE CASCADE,
    CONSTRAINT fk_configuration_seed_list_seed_list FOREIGN KEY (seed_list_id) REFERENCES seed_list (id) ON DELETE CASCADE
);
CREATE INDEX ix_configuration_seed_list_seed_list ON configuration_seed_list (seed_list_id);

CREATE TABLE configuration_password (
    configuration_id BIGINT NOT NULL,
    password_id      BIGINT NOT NULL,
    CONSTRAINT pk_configuration_password PRIMARY KEY (configuration_id, password_id),
    CONSTRAINT fk_configuration_password_configuration FOREIGN KEY (configuration_id) REFERENCES domain_configuration (id) ON DELETE CASCADE,
    CONSTRAINT fk_configuration_password_password FOREIGN KEY (password_id) REFERENCES domain_password (id) ON DELETE CASCADE
);
