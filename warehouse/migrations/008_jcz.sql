-- JCloisterZone tile definitions imported for comparison (issue 18, `carcdb import-shapes`):
-- every tile definition, tile set and tile-set entry of each imported file, with the file's
-- sha256 and path and the element's line:col and opening tag. Re-importing a file (same
-- path or same content) replaces its rows.

CREATE TABLE jcz_tiles (
    source_sha256 VARCHAR NOT NULL,
    path          VARCHAR NOT NULL,
    line          INTEGER NOT NULL,
    col           INTEGER NOT NULL,
    snippet       VARCHAR NOT NULL,
    tile_id       VARCHAR NOT NULL,
    geometry      JSON,              -- TileGeometry; NULL when `unsupported`
    unsupported   VARCHAR,           -- what carcdb's shape model cannot hold
    ignored       JSON NOT NULL      -- child elements not compared (garden, tower, ...)
);

CREATE TABLE jcz_tile_sets (
    source_sha256 VARCHAR NOT NULL,
    path          VARCHAR NOT NULL,
    line          INTEGER NOT NULL,
    col           INTEGER NOT NULL,
    snippet       VARCHAR NOT NULL,
    set_id        VARCHAR NOT NULL,
    product       VARCHAR,           -- the warehouse product and edition it is compared with
    edition       VARCHAR
);

CREATE TABLE jcz_tile_set_refs (
    source_sha256 VARCHAR NOT NULL,
    path          VARCHAR NOT NULL,
    line          INTEGER NOT NULL,
    col           INTEGER NOT NULL,
    snippet       VARCHAR NOT NULL,
    set_id        VARCHAR NOT NULL,
    tile_id       VARCHAR NOT NULL,
    count         INTEGER NOT NULL
);
