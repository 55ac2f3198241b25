"""Questions about the quality of stored rules text: sentences that still hold wiki markup.

Plain text is what a reader sees; a stored rule text or claim sentence holding `{{`, `}}`,
`[[`, `]]`, `'''`, a table line (`{|`, `|-`, `||`) or an HTML tag is markup that leaked.
"""

from __future__ import annotations

import duckdb

# DuckDB regular expression (RE2) for markup a plain text must not hold.
MARKUP = r"\{\{|\}\}|\[\[|\]\]|'''|\{\||\|-|\|\||</?(?:span|div|ul|li|ol|td|tr|table|br|ref)\b"


def markup_in_sentences(conn: duckdb.DuckDBPyConnection) -> list[tuple[str, str, int, int, str]]:
    """(title, table, line, col, text) of current rules texts and claim sentences with markup."""
    rows = conn.execute(
        "SELECT r.title, 'rules', r.line, r.col, r.text FROM rules r "
        "JOIN current_revisions c ON c.revision_key = r.revision_key "
        "WHERE regexp_matches(r.text, ?) "
        "UNION ALL "
        "SELECT s.title, 'scoring_claims', s.line, s.col, s.sentence FROM scoring_claims s "
        "JOIN current_revisions c ON c.revision_key = s.revision_key "
        "WHERE regexp_matches(s.sentence, ?) "
        "ORDER BY 1, 3, 4",
        [MARKUP, MARKUP],
    ).fetchall()
    return [(str(t), str(k), int(line), int(col), str(x)) for t, k, line, col, x in rows]


def checked_texts(conn: duckdb.DuckDBPyConnection) -> int:
    """How many current rules texts and claim sentences there are (what the check read)."""
    row = conn.execute(
        "SELECT (SELECT count(*) FROM rules r JOIN current_revisions c USING (revision_key))"
        " + (SELECT count(*) FROM scoring_claims s JOIN current_revisions c USING (revision_key))"
    ).fetchone()
    return int(row[0]) if row else 0
