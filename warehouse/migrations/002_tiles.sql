-- Tile distributions: lists, entries, per-tile features and illustration shares (issue 3).
-- Every table has the provenance columns title, language, revision_key, line, col, snippet;
-- a re-parse replaces a revision's rows by revision_key.

CREATE TABLE tile_lists (
    title                  VARCHAR NOT NULL,
    language               VARCHAR NOT NULL,
    revision_key           VARCHAR NOT NULL,
    line                   INTEGER NOT NULL,
    col                    INTEGER NOT NULL,
    snippet                VARCHAR NOT NULL,
    list_index             INTEGER NOT NULL,
    product                VARCHAR,
    edition                VARCHAR,
    section                VARCHAR NOT NULL,
    section_key            VARCHAR NOT NULL,
    declared_total         INTEGER,          -- tiles=N
    special                INTEGER,          -- special=N (tiles outside the draw pile)
    declares_section_total BOOLEAN NOT NULL, -- an empty list that only declares tiles=N
    section_total_list     INTEGER,          -- list_index of that declaring list
    entries                INTEGER NOT NULL,
    tile_count             INTEGER NOT NULL,
    edition_sources        VARCHAR NOT NULL  -- JSON {image, features, heading}
);

CREATE TABLE tiles (
    title           VARCHAR NOT NULL,
    language        VARCHAR NOT NULL,
    revision_key    VARCHAR NOT NULL,
    line            INTEGER NOT NULL,
    col             INTEGER NOT NULL,
    snippet         VARCHAR NOT NULL,
    list_index      INTEGER NOT NULL,
    entry_index     INTEGER NOT NULL,
    image           VARCHAR NOT NULL,
    product         VARCHAR,
    edition         VARCHAR,
    code            VARCHAR NOT NULL,
    count           INTEGER NOT NULL,
    start_tile      BOOLEAN NOT NULL,
    footnote        BOOLEAN NOT NULL,
    special         BOOLEAN NOT NULL,
    recovered       BOOLEAN NOT NULL,   -- read by the tolerant pass (unbalanced braces)
    image_series    VARCHAR,
    edition_sources VARCHAR NOT NULL,   -- JSON {image, features, heading}
    features        VARCHAR NOT NULL,   -- JSON {name: multiplicity}, on every copy
    illustrations   VARCHAR NOT NULL    -- JSON {feature: copies}, partition of the copies
);

CREATE TABLE tile_features (
    title        VARCHAR NOT NULL,
    language     VARCHAR NOT NULL,
    revision_key VARCHAR NOT NULL,
    line         INTEGER NOT NULL,
    col          INTEGER NOT NULL,
    snippet      VARCHAR NOT NULL,
    list_index   INTEGER NOT NULL,
    entry_index  INTEGER NOT NULL,
    code         VARCHAR NOT NULL,
    name         VARCHAR NOT NULL,
    kind         VARCHAR NOT NULL,      -- structural, illustration
    multiplicity INTEGER NOT NULL,
    edition      VARCHAR
);

CREATE TABLE tile_illustrations (
    title        VARCHAR NOT NULL,
    language     VARCHAR NOT NULL,
    revision_key VARCHAR NOT NULL,
    line         INTEGER NOT NULL,
    col          INTEGER NOT NULL,
    snippet      VARCHAR NOT NULL,
    list_index   INTEGER NOT NULL,
    entry_index  INTEGER NOT NULL,
    code         VARCHAR NOT NULL,
    feature      VARCHAR NOT NULL,
    kind         VARCHAR NOT NULL,
    copies       INTEGER NOT NULL,
    edition      VARCHAR
);

-- The distribution of every page's current revision: one row per tile entry.
CREATE VIEW tile_distribution AS
SELECT t.title, t.product, t.edition, t.language, t.code, t.count,
       t.features, t.illustrations, t.start_tile, t.footnote, t.special,
       t.image, t.list_index, t.entry_index, l.section, t.revision_key
FROM tiles t
JOIN current_revisions c ON c.revision_key = t.revision_key
JOIN tile_lists l ON l.revision_key = t.revision_key AND l.list_index = t.list_index;

-- Tiles per page, product and edition (current revisions): draw-pile tiles and special ones.
CREATE VIEW edition_totals AS
SELECT title, language, product, edition,
       coalesce(sum(count) FILTER (WHERE NOT special), 0) AS tiles,
       coalesce(sum(count) FILTER (WHERE special), 0) AS special_tiles,
       count(*) AS entries,
       count(DISTINCT list_index) AS lists,
       revision_key
FROM tile_distribution
GROUP BY title, language, product, edition, revision_key;
