"""The `config=` grammar of a `{{Tile}}`: features on every copy vs. the illustration partition.

    {{Feature|name=Monastery}} + ({{Feature|name=Farmhouse}};2x{{Feature|name=None}}) + ({{TextS}})

- a `{{Feature}}` outside parentheses is on every copy; its `count` (or an `Nx` prefix) is how
  many of that feature one tile shows;
- a parenthesised, `;`-separated group of Features partitions the copies by illustration:
  each item's `count` (or `Nx` prefix) is a number of copies;
- `({{TextS}})` marks the start tile; `(*)` and `<sup>'''*'''</sup>` are footnote markers;
- parts are joined by ` + ` or ` - `.
Anything else is reported as a problem and skipped: this parser never raises on wiki data.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property

from mwparserfromhell.nodes import Node, Tag, Template, Text
from mwparserfromhell.wikicode import Wikicode

from carcdb.pipeline.numbers import ascii_int, why_not_int
from carcdb.pipeline.parse.values import TemplateParams, template_key, wanted_key
from carcdb.schemas.findings import Severity
from carcdb.schemas.tiles import ILLUSTRATION_FEATURES, STRUCTURAL_FEATURES, FeatureKind

_MULTIPLIER = re.compile(r"([0-9]+)\s*[x×X]\s*$")
_PIECE = re.compile(r"\s+|[();+*]|-|–|[^\s();+*–-]+")
_FEATURE = wanted_key("Feature")
_START_TILE = wanted_key("TextS")
_FOOTNOTE_MARKUP = re.compile(r"<[^>]*>|'")
# A node's text: `str(node)`, or the text the document's walk already computed for it.
TextOf = Callable[[Node], str]


@dataclass(frozen=True)
class ConfigProblem:
    code: str
    severity: Severity
    message: str
    snippet: str


@dataclass(slots=True)  # not frozen: made per Feature, and a frozen __init__ costs more
class FeatureItem:
    name: str
    kind: FeatureKind
    number: int  # multiplicity on every copy, or copies in the partition
    edition: str | None
    raw: str


@dataclass
class ParsedConfig:
    features: list[FeatureItem] = field(default_factory=list)
    illustrations: list[FeatureItem] = field(default_factory=list)
    start_tile: bool = False
    footnote: bool = False
    problems: list[ConfigProblem] = field(default_factory=list)

    def feature_counts(self) -> dict[str, int]:
        return _totals(self.features)

    def illustration_counts(self) -> dict[str, int]:
        return _totals(self.illustrations)

    def feature_editions(self) -> list[str]:
        """The editions the Features name, sorted (read once per entry by the stage)."""
        editions = {item.edition for item in [*self.features, *self.illustrations] if item.edition}
        return sorted(editions)

    def problem(self, code: str, message: str, snippet: str, severity: Severity) -> None:
        self.problems.append(ConfigProblem(code, severity, message, snippet))


def _totals(items: list[FeatureItem]) -> dict[str, int]:
    totals: dict[str, int] = {}
    for item in items:
        totals[item.name] = totals.get(item.name, 0) + item.number
    return totals


def feature_kind(name: str) -> FeatureKind | None:
    if name in STRUCTURAL_FEATURES:
        return FeatureKind.STRUCTURAL
    if name in ILLUSTRATION_FEATURES:
        return FeatureKind.ILLUSTRATION
    return None


def parse_count(raw: str | None) -> int | None:
    """A non-negative integer count in ASCII digits that the warehouse can store, or None
    when `raw` is not one (`two`, `-1`, `²`, empty, 2147483648)."""
    if raw is None:
        return None
    return ascii_int(raw)


def count_problem(raw: str) -> str:
    """Why `parse_count(raw)` is None, for a finding's message."""
    return why_not_int(raw)


# Tokens: ("feature", Template) ("start",) ("star",) ("footnote",) ("open",) ("close",)
# ("sep",) ("join",) ("mult", "3") ("junk", text) ("template", Template)
Token = tuple[str, object]


def _is_footnote_tag(text: str) -> bool:
    """Is a tag's text (`<sup>'''*'''</sup>`) a footnote marker?"""
    return _FOOTNOTE_MARKUP.sub("", text).strip() == "*"


def _text_tokens(text: str) -> Iterator[Token]:
    # An `Nx` multiplier is only a multiplier right before a Feature, i.e. at the end of a
    # text node; split on it separately so `2x` elsewhere is junk.
    match = _MULTIPLIER.search(text)
    if match is None:
        yield from _plain_tokens(text)
        return
    yield from _plain_tokens(text[: match.start()])
    yield ("mult", match.group(1))


def _plain_tokens(text: str) -> Iterator[Token]:
    for piece_match in _PIECE.finditer(text):
        piece = piece_match.group(0)
        if piece.isspace():
            continue
        if piece == "(":
            yield ("open", piece)
        elif piece == ")":
            yield ("close", piece)
        elif piece == ";":
            yield ("sep", piece)
        elif piece in {"+", "-", "–"}:
            yield ("join", piece)
        elif piece == "*":
            yield ("star", piece)
        else:
            yield ("junk", piece)


def _tokens(code: Wikicode, text_of: TextOf) -> Iterator[Token]:
    for node in code.nodes:
        if isinstance(node, Text):
            yield from _text_tokens(node.value)
        elif isinstance(node, Template):
            key = template_key(node)
            if key == _FEATURE:
                yield ("feature", node)
            elif key == _START_TILE:
                yield ("start", node)
            else:
                yield ("template", node)
        elif isinstance(node, Tag) and _is_footnote_tag(text_of(node)):
            yield ("footnote", node)
        elif text_of(node).strip():
            yield ("junk", text_of(node))


class _Reader:
    """Walks the tokens once, keeping the parenthesis state; records problems, never raises."""

    def __init__(self, config: ParsedConfig, code: Wikicode, text_of: TextOf) -> None:
        self.config = config
        self.code = code
        self.text_of = text_of
        self.in_group = False
        self.group_features: list[FeatureItem] = []
        self.pending_mult: str | None = None

    @cached_property
    def whole(self) -> str:
        """The config text: the snippet for problems of its structure (rare: made on demand)."""
        return "".join(self.text_of(node) for node in self.code.nodes)

    def feature(self, template: Template) -> None:
        raw = self.text_of(template)
        mult, self.pending_mult = self.pending_mult, None
        params = TemplateParams(template)
        name = params.text("name")
        if not name:
            self.config.problem(
                "tiles.feature-without-name", "Feature without name= (skipped)", raw, Severity.ERROR
            )
            return
        kind = feature_kind(name)
        if kind is None:
            self.config.problem(
                "tiles.unknown-feature",
                f"unknown feature name {name!r} (skipped)",
                raw,
                Severity.ERROR,
            )
            return
        count_raw = params.text("count")
        count = parse_count(count_raw)
        if count_raw is not None and (count is None or count == 0):
            why = "is zero, not a positive count" if count == 0 else count_problem(count_raw)
            self.config.problem(
                "tiles.invalid-count",
                f"Feature count {count_raw[:40]!r} {why} (feature skipped)",
                raw,
                Severity.ERROR,
            )
            return
        number = count or 1
        prefix = None if mult is None else parse_count(mult)
        if mult is not None and prefix is None and count is None:
            self.config.problem(
                "tiles.invalid-count",
                f"prefix {mult[:20]}x {count_problem(mult)} (feature skipped)",
                raw,
                Severity.ERROR,
            )
            return
        if mult is not None:
            if count is not None and count != prefix:
                self.config.problem(
                    "tiles.count-conflict",
                    f"prefix {mult[:20]}x and count={count} disagree; count= is used",
                    f"{mult}x{raw}",
                    Severity.WARNING,
                )
            elif prefix == 0:
                self.config.problem(
                    "tiles.invalid-count", "prefix 0x (feature skipped)", raw, Severity.ERROR
                )
                return
            elif prefix is not None:
                number = prefix
        item = FeatureItem(name, kind, number, params.text("edition") or None, raw)
        if self.in_group:
            self.group_features.append(item)
            return
        if kind is FeatureKind.ILLUSTRATION:
            # The notes only describe structural features outside parentheses; keep the
            # grammar's reading (on every copy) and say so.
            self.config.problem(
                "tiles.illustration-on-every-copy",
                f"illustration {name} outside parentheses: read as on every copy",
                raw,
                Severity.INFO,
            )
        self.config.features.append(item)

    def open(self) -> None:
        if self.in_group:
            self.config.problem(
                "tiles.config-nested-group",
                "nested parenthesis in config",
                self.whole,
                Severity.WARNING,
            )
            return
        self.in_group = True
        self.group_features = []

    def close(self) -> None:
        if not self.in_group:
            self.config.problem(
                "tiles.config-unbalanced", "')' without '(' in config", self.whole, Severity.WARNING
            )
            return
        self.in_group = False
        if self.group_features:
            if self.config.illustrations:
                self.config.problem(
                    "tiles.config-two-partitions",
                    "a second parenthesised partition; its items are added to the first",
                    self.whole,
                    Severity.WARNING,
                )
            self.config.illustrations.extend(self.group_features)

    def finish(self) -> None:
        if self.pending_mult is not None:
            self.config.problem(
                "tiles.config-unparsed",
                f"{self.pending_mult}x not followed by a Feature",
                self.whole,
                Severity.WARNING,
            )
        if self.in_group:
            self.config.problem(
                "tiles.config-unbalanced",
                "'(' never closed in config",
                self.whole,
                Severity.WARNING,
            )
            self.close()


def parse_config(code: Wikicode | None, text_of: TextOf = str) -> ParsedConfig:
    """Read one `config=` value (comments already removed by the caller).

    `text_of(node)` must answer `str(node)`; a document passes the texts its walk computed.
    """
    config = ParsedConfig()
    if code is None:
        return config
    reader = _Reader(config, code, text_of)
    for kind, value in _tokens(code, text_of):
        if kind != "feature" and kind != "mult" and reader.pending_mult is not None:
            config.problem(
                "tiles.config-unparsed",
                f"{reader.pending_mult}x not followed by a Feature",
                reader.whole,
                Severity.WARNING,
            )
            reader.pending_mult = None
        if kind == "feature":
            assert isinstance(value, Template)
            reader.feature(value)
        elif kind == "mult":
            reader.pending_mult = str(value)
        elif kind == "open":
            reader.open()
        elif kind == "close":
            reader.close()
        elif kind == "start":
            config.start_tile = True
        elif kind in {"star", "footnote"}:
            config.footnote = True
        elif kind == "sep":
            if not reader.in_group:
                config.problem(
                    "tiles.config-unparsed",
                    "';' outside parentheses",
                    reader.whole,
                    Severity.WARNING,
                )
        elif kind == "join":
            if reader.in_group:
                config.problem(
                    "tiles.config-unparsed",
                    f"{value!s} inside parentheses",
                    reader.whole,
                    Severity.WARNING,
                )
        elif kind == "template":
            config.problem(
                "tiles.config-unknown-template",
                f"unexpected template {value!s} in config",
                str(value),
                Severity.WARNING,
            )
        else:
            config.problem(
                "tiles.config-unparsed",
                f"unexpected text {value!s} in config",
                reader.whole,
                Severity.WARNING,
            )
    reader.finish()
    return config
