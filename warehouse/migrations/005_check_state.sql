-- Reusing check results (issue 8): a build whose check inputs did not change keeps the
-- stored results instead of running every check again. `check_state` holds at most one
-- row: the fingerprint of what the stored `check_results` were computed from.

-- Results keep the order the checks returned them in, so reused results read back the same.
ALTER TABLE check_results ADD COLUMN position INTEGER;

CREATE TABLE check_state (
    fingerprint    VARCHAR NOT NULL,   -- sha256: checks version and names + what they read
    checks_version INTEGER NOT NULL,
    results        INTEGER NOT NULL,
    seconds        DOUBLE NOT NULL,    -- how long running the checks took
    computed_at    TIMESTAMP NOT NULL,
    run_id         INTEGER             -- the build that ran them (NULL: `carcdb check`)
);
