-- Rules records (issue 4): rules texts, their dates, scoring claims; views per kind and
-- per language for translation alignment. Provenance columns first, as in every record table.

CREATE TABLE rules (
    title                 VARCHAR NOT NULL,
    language              VARCHAR NOT NULL,
    revision_key          VARCHAR NOT NULL,
    line                  INTEGER NOT NULL,
    col                   INTEGER NOT NULL,
    snippet               VARCHAR NOT NULL,
    rule_id               VARCHAR NOT NULL,
    base_title            VARCHAR NOT NULL,
    section_path          VARCHAR NOT NULL,   -- JSON list of headings
    ordinal               INTEGER NOT NULL,
    kind                  VARCHAR NOT NULL,
    form                  VARCHAR NOT NULL,
    template              VARCHAR,
    rule_title            VARCHAR,            -- the record's `title` field
    text                  VARCHAR NOT NULL,
    raw                   VARCHAR NOT NULL,
    in_ref                BOOLEAN NOT NULL,
    parent_id             VARCHAR,
    other_expansion       VARCHAR,
    other_expansion_links VARCHAR NOT NULL,   -- JSON list
    ruling_dates          VARCHAR NOT NULL    -- JSON list of YYYY-MM
);

CREATE TABLE rule_dates (
    title        VARCHAR NOT NULL,
    language     VARCHAR NOT NULL,
    revision_key VARCHAR NOT NULL,
    line         INTEGER NOT NULL,
    col          INTEGER NOT NULL,
    snippet      VARCHAR NOT NULL,
    rule_id      VARCHAR NOT NULL,
    source       VARCHAR NOT NULL,   -- history | ruling
    raw          VARCHAR NOT NULL,
    year         INTEGER NOT NULL,
    month        INTEGER NOT NULL,
    date         VARCHAR NOT NULL    -- YYYY-MM
);

CREATE TABLE scoring_claims (
    title        VARCHAR NOT NULL,
    language     VARCHAR NOT NULL,
    revision_key VARCHAR NOT NULL,
    line         INTEGER NOT NULL,
    col          INTEGER NOT NULL,
    snippet      VARCHAR NOT NULL,
    claim_id     VARCHAR NOT NULL,
    rule_id      VARCHAR NOT NULL,
    base_title   VARCHAR NOT NULL,
    section_path VARCHAR NOT NULL,   -- JSON list of headings
    feature      VARCHAR NOT NULL,   -- road | city | monastery | field | barn | ... | unknown
    state        VARCHAR NOT NULL,   -- completed | incomplete | during_game | end_game | unknown
    unit         VARCHAR NOT NULL,   -- tile | coat_of_arms | completed_city | ... | unknown
    points       INTEGER,
    bonus        BOOLEAN NOT NULL,
    sentence     VARCHAR NOT NULL,
    counts       VARCHAR NOT NULL    -- JSON list of {number, unit}
);

-- Rules of each page's current revision, counted per kind.
CREATE VIEW rules_by_kind AS
SELECT r.title, r.language, r.base_title, r.kind, count(*) AS rules
FROM rules r
JOIN current_revisions c ON c.revision_key = r.revision_key
GROUP BY r.title, r.language, r.base_title, r.kind;

-- For one base page, rules of each kind per language (current revisions, every language the
-- page exists in): a translation that lost a clarification shows `behind` with fewer rules.
CREATE VIEW translation_alignment AS
WITH kinds AS (
    SELECT DISTINCT base_title, kind FROM rules_by_kind
),
grid AS (
    SELECT k.base_title, k.kind, p.language, p.title, coalesce(b.rules, 0) AS rules
    FROM kinds k
    JOIN pages p ON p.base_title = k.base_title
    LEFT JOIN rules_by_kind b
        ON b.base_title = k.base_title AND b.kind = k.kind AND b.language = p.language
)
SELECT base_title, kind, language, title, rules,
       max(rules) OVER (PARTITION BY base_title, kind) AS most,
       rules < max(rules) OVER (PARTITION BY base_title, kind) AS behind
FROM grid;
