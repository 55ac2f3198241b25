-- Live extraction from a MediaWiki API: one row per `carcdb extract` run, and every page
-- it could not fetch (revisions themselves go to `revisions` like any other import).

CREATE TABLE api_extractions (
    extraction_id INTEGER PRIMARY KEY,
    endpoint      VARCHAR NOT NULL,
    finished_at   TIMESTAMP NOT NULL,
    outcome       VARCHAR NOT NULL,    -- complete, or stopped (the API could not be used)
    fetched       INTEGER NOT NULL,
    unchanged     INTEGER NOT NULL,
    problems      INTEGER NOT NULL,
    requests      INTEGER NOT NULL,
    retries       INTEGER NOT NULL,
    summary       VARCHAR NOT NULL     -- JSON: the whole report
);

CREATE TABLE api_page_problems (
    extraction_id INTEGER NOT NULL,
    title         VARCHAR NOT NULL,
    problem       VARCHAR NOT NULL,    -- missing, invalid, deleted, failed
    detail        VARCHAR
);
