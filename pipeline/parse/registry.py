"""The stage registry and the parse-once driver.

A stage is an extractor over a `ParsedDocument` (tiles, rules, ...). Each stage names the
warehouse tables it fills; every row of those tables carries `revision_key`, so re-parsing a
revision replaces exactly its rows. Stages register in `registered_stages()`.

`PARSER_VERSION` changes whenever any stage's output may change: stored revisions parsed by
another version are parsed again by the next build. It is `PARSER_RELEASE` (bumped by hand,
with a note below of what changed) and a digest of what the stages' output is made from: the
parse package's modules and data files (lexicons, relations, number words), the record
models and the modules the package imports (`parse_digest`). A reader change that forgets the
bump still parses every stored revision again.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable

from carcdb.pipeline.parse.contents import CONTENTS_STAGE
from carcdb.pipeline.parse.document import ParsedDocument, RevisionText
from carcdb.pipeline.parse.rules.stage import RULES_STAGE
from carcdb.pipeline.parse.stage import ParseStage, StageOutput
from carcdb.pipeline.parse.tiles import TILES_STAGE

PARSER_RELEASE = "13"  # 2: tiles; 3: rules; 4: review fixes; 5: linear node spans; 6: claims
# in the compact notation, signs and multipliers, reference rows, listed features, note bodies
# 5 changes no record of the sample or the bench corpora; it fixes one offset: a parameter value
# made only of "=" (`{{a|b==}}`) was placed one character early. 7: units joined by "and",
# unit qualifiers ("tile with a farmhouse"), row-label heads and quoted names, last-cell phases.
# 8: the page as it shows itself (`inclusion`: no `<includeonly>` content, no `<noinclude>` or
# `<onlyinclude>` tags), and no parse beyond `limits.PARSE_PAGE` (a `parse.too-large` finding).
# 9: box contents (the contents stage).
# 10: the rules reader of docs/rules.md (lexicons in 14 languages, one grammar of statement shapes,
# context phases, modifier features inn/cathedral/pig/goods ...).
# 11: "as many points as" shapes, relative clauses qualifying a unit, state words of another
# amount's unit, Slavic "za"/"за" as "per" (the corpus's rd-c batch).
# 12: phase-opening sentences introduce the sentences after them, subject units before the next
# amount, flat "N points for <feature>", multipliers of per-tile features per tile, lexicons
# completed in every language (issue 26's generalisation work).
# 13: the version carries `parse_digest` (sessions 14-19's reader passes changed the output of
# the rules and contents stages without a bump).

# What the stages' output is made from, besides the parse package itself.
DIGESTED = ("carcdb.pipeline.parse", "carcdb.schemas")
DIGESTED_MODULES = ("numbers.py", "products.py")  # of carcdb.pipeline


def _files(node: Traversable, prefix: str) -> Iterator[tuple[str, Traversable]]:
    for child in sorted(node.iterdir(), key=lambda c: c.name):
        if child.is_dir():
            if child.name != "__pycache__":
                yield from _files(child, f"{prefix}{child.name}/")
        elif child.name.endswith((".py", ".json")):
            yield f"{prefix}{child.name}", child


def tree_digest(roots: Sequence[tuple[str, Traversable]]) -> str:
    """A digest of every module and JSON file under the named roots (a file is one too), by
    name and content."""
    digest = hashlib.sha256()
    for root_name, root in roots:
        entries = _files(root, f"{root_name}/") if root.is_dir() else [(root_name, root)]
        for name, entry in entries:
            digest.update(name.encode() + b"\0" + entry.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def parse_digest() -> str:
    """The digest of the modules and data files the stages' output is made from (`DIGESTED`):
    the same for the same code and lexicons, whatever the machine or the install."""
    pipeline = resources.files("carcdb.pipeline")
    return tree_digest(
        [(package, resources.files(package)) for package in DIGESTED]
        + [(f"carcdb.pipeline/{name}", pipeline.joinpath(name)) for name in DIGESTED_MODULES]
    )


PARSER_VERSION = f"{PARSER_RELEASE}+{parse_digest()}"


def registered_stages() -> list[ParseStage]:
    """Every parse stage, in the order they run. Add new stages here."""
    return [TILES_STAGE, RULES_STAGE, CONTENTS_STAGE]


@dataclass
class RevisionParse:
    revision_key: str
    outputs: dict[str, StageOutput]
    # Of the whole parse, the seconds building the tree took (`parse_wikitext`): measured at
    # the same moments as the stages, so their ratio holds even when the machine's speed drifts.
    tree_seconds: float = 0.0


def parse_revision(revision: RevisionText, stages: Sequence[ParseStage]) -> RevisionParse:
    started = time.perf_counter()
    document = ParsedDocument(revision)  # parses; everything else on it is computed lazily
    tree_seconds = time.perf_counter() - started
    outputs = {stage.name: stage.extract(document) for stage in stages}
    return RevisionParse(revision.revision_key, outputs, tree_seconds)
