-- Revisions keyed by page and revision id (issue 19): `rev:<id>` becomes `rev:<id>/<title>`,
-- so two pages giving the same revision id (two wikis, an edited file) stay two revisions
-- instead of the second being dropped as already stored. Every row that carries a revision
-- key follows, rule and claim ids included (they start with their revision's key).

CREATE TEMPORARY TABLE _rekey AS
SELECT revision_key AS old_key, revision_key || '/' || title AS new_key
FROM revisions
WHERE revision_key LIKE 'rev:%' AND revision_key NOT LIKE 'rev:%/%';

UPDATE revisions SET revision_key = k.new_key
FROM _rekey k WHERE revisions.revision_key = k.old_key;

UPDATE parsed_revisions SET revision_key = k.new_key
FROM _rekey k WHERE parsed_revisions.revision_key = k.old_key;

UPDATE findings SET revision_key = k.new_key
FROM _rekey k WHERE findings.revision_key = k.old_key;

UPDATE tile_lists SET revision_key = k.new_key
FROM _rekey k WHERE tile_lists.revision_key = k.old_key;

UPDATE tiles SET revision_key = k.new_key
FROM _rekey k WHERE tiles.revision_key = k.old_key;

UPDATE tile_features SET revision_key = k.new_key
FROM _rekey k WHERE tile_features.revision_key = k.old_key;

UPDATE tile_illustrations SET revision_key = k.new_key
FROM _rekey k WHERE tile_illustrations.revision_key = k.old_key;

UPDATE rules SET
    revision_key = k.new_key,
    rule_id = k.new_key || substr(rules.rule_id, length(k.old_key) + 1),
    parent_id = CASE
        WHEN starts_with(rules.parent_id, k.old_key || ':')
        THEN k.new_key || substr(rules.parent_id, length(k.old_key) + 1)
        ELSE rules.parent_id
    END
FROM _rekey k WHERE rules.revision_key = k.old_key;

UPDATE rule_dates SET
    revision_key = k.new_key,
    rule_id = k.new_key || substr(rule_dates.rule_id, length(k.old_key) + 1)
FROM _rekey k WHERE rule_dates.revision_key = k.old_key;

UPDATE scoring_claims SET
    revision_key = k.new_key,
    rule_id = k.new_key || substr(scoring_claims.rule_id, length(k.old_key) + 1),
    claim_id = k.new_key || substr(scoring_claims.claim_id, length(k.old_key) + 1)
FROM _rekey k WHERE scoring_claims.revision_key = k.old_key;

-- The stored check results name the old keys in their evidence: run the checks again.
DELETE FROM check_state;

DROP TABLE _rekey;
