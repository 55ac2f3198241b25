-- Times become instants (issue 28 item 7): TIMESTAMP WITH TIME ZONE, shown in UTC (every
-- connection sets its TimeZone to UTC, warehouse/connection.py). A revision's timestamp was
-- the wiki's ISO 8601 text (`2024-05-01T12:00:00Z`, the only form stored), so Parquet, pandas
-- and DuckDB read it as text; run, extraction and check times were UTC wall-clock times
-- without a zone, which a reader in another zone took for its own.

ALTER TABLE revisions ALTER COLUMN timestamp TYPE TIMESTAMPTZ
    USING CAST(timestamp AS TIMESTAMPTZ);

-- The stored wall-clock times were UTC (datetime.now(UTC) without its zone).
ALTER TABLE runs ALTER COLUMN started_at TYPE TIMESTAMPTZ USING timezone('UTC', started_at);
ALTER TABLE runs ALTER COLUMN finished_at TYPE TIMESTAMPTZ USING timezone('UTC', finished_at);
ALTER TABLE api_extractions ALTER COLUMN finished_at TYPE TIMESTAMPTZ
    USING timezone('UTC', finished_at);
ALTER TABLE check_state ALTER COLUMN computed_at TYPE TIMESTAMPTZ
    USING timezone('UTC', computed_at);
-- DuckDB's current_timestamp, written without a zone in the connection's own: read as UTC
-- (the zone every connection uses since this migration).
ALTER TABLE schema_migrations ALTER COLUMN applied_at TYPE TIMESTAMPTZ
    USING timezone('UTC', applied_at);
