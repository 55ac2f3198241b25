-- Columns holding JSON text become DuckDB's JSON type (issue 18): the values are the same
-- text, but every reader (`carcdb sql --json`, the JSON-lines and Parquet exports, a user's
-- own DuckDB) now knows they are JSON, and a value that is not JSON cannot be stored.

ALTER TABLE runs ALTER COLUMN summary TYPE JSON;
ALTER TABLE tile_lists ALTER COLUMN edition_sources TYPE JSON;
ALTER TABLE tiles ALTER COLUMN edition_sources TYPE JSON;
ALTER TABLE tiles ALTER COLUMN features TYPE JSON;
ALTER TABLE tiles ALTER COLUMN illustrations TYPE JSON;
ALTER TABLE check_results ALTER COLUMN evidence TYPE JSON;
ALTER TABLE rules ALTER COLUMN section_path TYPE JSON;
ALTER TABLE rules ALTER COLUMN other_expansion_links TYPE JSON;
ALTER TABLE rules ALTER COLUMN ruling_dates TYPE JSON;
ALTER TABLE scoring_claims ALTER COLUMN section_path TYPE JSON;
ALTER TABLE scoring_claims ALTER COLUMN counts TYPE JSON;
ALTER TABLE api_extractions ALTER COLUMN summary TYPE JSON;
