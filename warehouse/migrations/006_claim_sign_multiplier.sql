-- Scoring claims carry their sign and multiplier (issue 17): `(-1) point / tile` is a penalty
-- (sign -1), `(x0) points / tile` multiplies (multiplier 0, points NULL). Existing rows were
-- read without either: sign 1, no multiplier.
ALTER TABLE scoring_claims ADD COLUMN sign INTEGER NOT NULL DEFAULT 1;
ALTER TABLE scoring_claims ADD COLUMN multiplier INTEGER;
