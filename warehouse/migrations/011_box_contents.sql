-- Box contents (issue 26): what each page's Contents sections say a box holds, one row per
-- item a sentence counts, with the provenance columns and the section path; a re-parse
-- replaces a revision's rows by revision_key.

CREATE TABLE box_contents_items (
    title          VARCHAR NOT NULL,
    language       VARCHAR NOT NULL,
    revision_key   VARCHAR NOT NULL,
    line           INTEGER NOT NULL,
    col            INTEGER NOT NULL,
    snippet        VARCHAR NOT NULL,
    ordinal        INTEGER NOT NULL,   -- order in the revision
    sentence_index INTEGER NOT NULL,   -- the sentence it was read from
    section        VARCHAR NOT NULL,   -- heading path joined by ' > '
    product        VARCHAR,
    edition        VARCHAR,
    item           VARCHAR NOT NULL,   -- tiles | inn | cathedral | meeple | large_meeple | ...
    count          INTEGER NOT NULL,
    basis          VARCHAR NOT NULL,   -- box | per_player
    colours        INTEGER,            -- colours the sentence names
    sentence       VARCHAR NOT NULL
);

-- The box contents of every page's current revision.
CREATE VIEW box_contents AS
SELECT b.title, b.language, b.product, b.edition, b.item, b.count, b.basis, b.colours,
       b.sentence, b.section, b.line, b.col, b.snippet, b.revision_key, b.ordinal,
       b.sentence_index
FROM box_contents_items b
JOIN current_revisions c ON c.revision_key = b.revision_key;
