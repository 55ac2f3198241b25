-- Foundation: runs, source files, pages, revisions, the wiki's catalogs, findings, checks.

CREATE TABLE runs (
    run_id      INTEGER PRIMARY KEY,
    command     VARCHAR NOT NULL,
    started_at  TIMESTAMP NOT NULL,
    finished_at TIMESTAMP,
    summary     VARCHAR           -- JSON
);

CREATE TABLE source_files (
    sha256     VARCHAR PRIMARY KEY,
    path       VARCHAR NOT NULL,
    format     VARCHAR NOT NULL,
    size_bytes BIGINT NOT NULL,
    revisions  INTEGER NOT NULL
);

CREATE TABLE pages (
    title      VARCHAR PRIMARY KEY,
    base_title VARCHAR NOT NULL,
    language   VARCHAR NOT NULL
);

CREATE TABLE revisions (
    revision_key  VARCHAR PRIMARY KEY,  -- rev:<id>, or sha:<sha256(title, text)>
    title         VARCHAR NOT NULL,
    revision_id   BIGINT,
    timestamp     VARCHAR,
    sha256        VARCHAR NOT NULL,     -- of the wikitext
    wikitext      VARCHAR NOT NULL,
    source_kind   VARCHAR NOT NULL,
    source_path   VARCHAR NOT NULL,
    source_sha256 VARCHAR,
    import_seq    BIGINT NOT NULL       -- order of import; decides "last imported"
);

-- A page's current revision: the newest by revision id, else the last imported.
CREATE VIEW current_revisions AS
SELECT r.*
FROM revisions r
QUALIFY row_number() OVER (
    PARTITION BY r.title
    ORDER BY (r.revision_id IS NOT NULL) DESC, r.revision_id DESC NULLS LAST, r.import_seq DESC
) = 1;

CREATE TABLE catalog_page_sightings (
    title         VARCHAR NOT NULL,
    source_sha256 VARCHAR NOT NULL,
    PRIMARY KEY (title, source_sha256)
);

CREATE TABLE catalog_language_sightings (
    code          VARCHAR NOT NULL,
    name          VARCHAR NOT NULL,
    source_sha256 VARCHAR NOT NULL,
    PRIMARY KEY (code, source_sha256)
);

CREATE VIEW catalog_pages AS
SELECT s.title,
       count(*) AS captures,
       list(f.path ORDER BY f.path) AS seen_in
FROM catalog_page_sightings s
LEFT JOIN source_files f ON f.sha256 = s.source_sha256
GROUP BY s.title;

CREATE VIEW catalog_languages AS
SELECT s.code,
       min(s.name) AS name,
       count(*) AS captures
FROM catalog_language_sightings s
GROUP BY s.code;

CREATE TABLE findings (
    stage        VARCHAR NOT NULL,   -- import, tiles, rules, ...: a re-parse replaces its own
    -- revision_key: the revision, or src:<sha256> for problems of a whole input file
    revision_key VARCHAR,
    severity     VARCHAR NOT NULL,
    code         VARCHAR NOT NULL,
    message      VARCHAR NOT NULL,
    title        VARCHAR,
    language     VARCHAR,
    line         INTEGER,
    col          INTEGER,
    snippet      VARCHAR
);

-- Which revisions were parsed by which parser version (incremental builds skip the rest).
CREATE TABLE parsed_revisions (
    revision_key   VARCHAR PRIMARY KEY,
    parser_version VARCHAR NOT NULL
);

CREATE TABLE check_results (
    check_name VARCHAR NOT NULL,
    scope      VARCHAR NOT NULL,
    status     VARCHAR NOT NULL,     -- pass, fail, skip
    severity   VARCHAR NOT NULL,     -- error, warning
    expected   VARCHAR,
    actual     VARCHAR,
    message    VARCHAR NOT NULL,
    evidence   VARCHAR NOT NULL      -- JSON
);
