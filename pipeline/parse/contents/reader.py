"""One Contents sentence -> the items it counts: one grammar, every language's words as data.

A count is a number (digits or a number word) and the noun phrase after it:
- `18 landscape tiles` -> tiles; a land tile noun with a feature (`12 land tiles showing
  river segments`) counts both; a tile noun naming a feature (`6 carte ristorante`, `2
  квадрата с собором`) counts the feature; `points` makes score tiles, `start` the start
  tile (already among the tiles: not counted); `2 tile types` counts nothing;
- a feature or a good alone (`6 posadas`, `9 s vínem`, `9x vin`): the feature, or the good's
  token after a token noun (`20 jetons (9 x vin ...)`);
- a figure noun: the figure it names, `meeple` for a figure of no kind, `large_meeple` with a
  large modifier (`sei grandi subordinati`);
- `6 of the 18 tiles include images of an Inn` (partitive): the first feature after the tiles;
- `Inn on the Lake (6 tiles)`, `płytki terenu (18 sztuk)`: the noun before the parenthesis;
- `N colours`, `N players` count no item: they say how many colours the box holds;
- coordination: `a Pig and Builder figure` counts both with one number.
Colours and players: `in each of the six colours` multiplies the counts of one of its clause
(`a builder and a pig` -> 6 each); `per player`, `each player`, `po`/`câte` make the nearest
count a count per player (`basis` `per_player`); an indefinite article counts 1 only for an
item a box holds once (a scoreboard, a bag, a neutral figure), never a player's figure or a
tile. A number the grammar places nowhere is returned as unplaced.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pipeline.parse.contents.lexicon import Lexicon, vocabulary
from pipeline.parse.contents.tokens import Token, tokenize
from schemas.contents import ContentsBasis

# Punctuation that ends a clause (for binding "each player" and "in each of N colours").
_CLAUSE_ENDS = frozenset("();:.•–—-!?")
_PHRASE_LIMIT = 12  # tokens a noun phrase may span after its number
# Words that may stand between "each" and its colour or player word ("each of the six colours").
_BETWEEN_EACH_AND_COLOUR = ("determiner", "link", "partitive", "each", "adjective")


@dataclass(frozen=True)
class ReadItem:
    item: str
    count: int
    basis: ContentsBasis
    colours: int | None
    start: int  # the count's offset in the sentence


@dataclass
class Reading:
    items: list[ReadItem] = field(default_factory=list)
    unplaced: list[Token] = field(default_factory=list)  # numbers counting nothing known


@dataclass
class _Phrase:
    items: list[str] = field(default_factory=list)
    stop: int = 0  # the token after the phrase
    colours: int | None = None  # `5 colours`
    dropped: bool = False  # read, and deliberately counts nothing (`start tile`, `types`)
    context: str | None = None  # `tiles` / `token`: what a later bare good belongs to
    generic: bool = False  # a figure of no named kind (`по 1 фишке`: one of those just named)


@dataclass(frozen=True)
class _Marker:
    """`each player`, `in each of the six colours` at token `index`; `number` is the six."""

    index: int
    number: int | None


def _kind(item: str) -> str:
    return vocabulary().items[item].kind


def _per_player(item: str) -> bool:
    return vocabulary().items[item].per_player


class _Sentence:
    def __init__(self, text: str, lex: Lexicon) -> None:
        self.lex = lex
        self.tokens = tokenize(text)
        self.consumed: set[int] = set()  # feature words a partitive count took
        self.clauses = self._clauses()

    # token classes -------------------------------------------------------------------
    def word(self, index: int, word_class: str) -> bool:
        token = self.tokens[index]
        return token.kind == "word" and self.lex.is_(word_class, token.folded)

    def number(self, index: int) -> int | None:
        """The count a token states (None for an ordinal, a score value, zero, not a number)."""
        token = self.tokens[index]
        if token.kind == "number":
            return token.value or None
        if token.kind == "word":
            return self.lex.numbers.get(token.folded) or None
        return None

    def article(self, index: int) -> bool:
        token = self.tokens[index]
        return token.kind == "word" and token.folded in self.lex.articles

    def item(self, index: int) -> str | None:
        token = self.tokens[index]
        if token.kind == "item":
            return token.text if token.text in vocabulary().items else None
        if token.kind != "word" or index in self.consumed:
            return None
        return self.lex.items.get(token.folded)

    def _clauses(self) -> list[int]:
        clause, out = 0, []
        for token in self.tokens:
            if token.kind == "punct" and token.text in _CLAUSE_ENDS:
                clause += 1
            out.append(clause)
        return out

    # markers -------------------------------------------------------------------------
    def markers(self) -> tuple[list[_Marker], set[int]]:
        """`each player` / `in each of the N colours`, and the indexes of the numbers they hold."""
        found: list[_Marker] = []
        held: set[int] = set()
        index, count = 0, len(self.tokens)
        while index < count:
            if not self.word(index, "each"):
                index += 1
                continue
            number_at: int | None = None
            ahead = index + 1
            while ahead < count and ahead <= index + 5:
                if self.word(ahead, "colour") or self.word(ahead, "player"):
                    value = None if number_at is None else self.number(number_at)
                    found.append(_Marker(index, value))
                    if number_at is not None:
                        held.add(number_at)
                    break
                if number_at is None and self.number(ahead) is not None and not self.article(ahead):
                    number_at = ahead
                elif not any(self.word(ahead, c) for c in _BETWEEN_EACH_AND_COLOUR):
                    break
                ahead += 1
            index = ahead if found and found[-1].index == index else index + 1
        return found, held

    # phrases -------------------------------------------------------------------------
    def later_feature(self, start: int) -> int | None:
        """The first feature word from `start` to the end of the clause."""
        clause = self.clauses[start - 1] if start else 0
        for index in range(start, len(self.tokens)):
            if self.clauses[index] != clause:
                return None
            found = self.item(index)
            if found is not None and _kind(found) in ("feature", "good"):
                return index
        return None

    def partitive(self, at: int) -> _Phrase | None:
        """`6 of the 18 new tiles ... an Inn`, `12 de ces tuiles ... rivière`."""
        ahead = at + 1
        if ahead >= len(self.tokens) or not self.word(ahead, "partitive"):
            return None
        index, determined = ahead + 1, False
        while index < len(self.tokens) and index <= ahead + 4:
            if self.word(index, "determiner") or self.tokens[index].kind == "number":
                determined = True
            elif not self.word(index, "adjective"):
                break
            index += 1
        if not determined or index >= len(self.tokens) or self.item(index) != "tiles":
            return None
        feature = self.later_feature(index + 1)
        # `stop` stays before the tiles: their own number (the 18) is read as a count too.
        if feature is None:
            return _Phrase(stop=ahead)
        self.consumed.add(feature)
        found = self.item_of_consumed(feature)
        return _Phrase(items=[found], stop=ahead, context="tiles")

    def item_of_consumed(self, index: int) -> str:
        found = self.lex.items.get(self.tokens[index].folded)
        assert found is not None
        return found

    def before_parenthesis(self, at: int, head: str | None) -> str | None:
        """`Inn on the Lake (6 Tiles)`: the first feature before the parenthesis, in its clause;
        for `(18 pieces)` also the last item there."""
        if at == 0 or self.tokens[at - 1].text != "(":
            return None
        features: list[str] = []
        last: str | None = None
        index = at - 2
        while index >= 0 and self.tokens[index].kind != "punct":
            found = self.item(index)
            if found is not None:
                last = last or found
                if _kind(found) == "feature":
                    features.append(found)
            elif self.word(index, "figure"):
                last = last or "meeple"
            index -= 1
        if features:
            return features[-1]  # the first in reading order
        return last if head is None else None

    def phrase(self, at: int, context: str | None) -> _Phrase:
        partitive = self.partitive(at)
        if partitive is not None:
            return partitive
        tokens, lex = self.tokens, self.lex
        head: str | None = None
        head_at = -1
        kind: str | None = None
        generic = False
        mods: set[str] = set()
        feature: str | None = None
        linked = paren = pieces = False
        unknown_before = unknown_after = 0
        index = at + 1
        while index < len(tokens) and index <= at + _PHRASE_LIMIT:
            token = tokens[index]
            if token.kind == "score":
                mods.add("points")
                index += 1
                continue
            if token.kind == "punct":
                if token.text == "(" and head is not None and not paren:
                    paren = True
                    index += 1
                    continue
                break
            if token.kind in ("number", "ordinal"):
                break
            found = self.item(index)
            if found is not None:
                found_kind = _kind(found)
                if head is None or (generic and found_kind == "figure"):
                    head, head_at, kind, generic = found, index, found_kind, False
                    index += 1
                    continue
                if feature is None and (
                    (kind == "tiles" and found_kind in ("feature", "good"))
                    or (kind == "token" and found_kind == "good")
                ):
                    feature = found
                    index += 1
                break
            if token.kind != "word":
                break
            folded = token.folded
            if head is None and lex.is_("colour", folded):
                return _Phrase(stop=index + 1, colours=tokens[at].value or self.number(at))
            if head is None and lex.is_("player", folded):
                return _Phrase(stop=index + 1, dropped=True)
            if lex.is_("figure", folded):
                if head is None:
                    head, head_at, kind, generic = "meeple", index, "figure", True
                elif kind != "figure":
                    break
                index += 1
                continue
            if lex.is_("token", folded):
                if head is None or kind == "good":
                    feature = head
                    head, head_at, kind = "", index, "token"
                    index += 1
                    continue
                break
            modifiers = [m for m in ("large", "land", "points", "start") if lex.is_(m, folded)]
            if modifiers:
                mods.update(modifiers)
                index += 1
                continue
            if lex.is_("kinds", folded) or lex.is_("without", folded):
                return _Phrase(stop=index + 1, dropped=True)
            if head is None and lex.is_("pieces", folded):
                pieces = True
                index += 1
                break
            if lex.is_("stop", folded) or lex.is_("and", folded) or lex.is_("each", folded):
                break
            if lex.is_("link", folded):
                linked = linked or head is not None
                index += 1
                continue
            if lex.is_("determiner", folded) or lex.is_("adjective", folded) or self.article(index):
                index += 1
                continue
            if folded in lex.numbers:
                break
            if head is None:
                unknown_before += 1
                if unknown_before > 1:
                    break
            elif linked and kind in ("tiles", "token") and unknown_after < 2:
                unknown_after += 1
            else:
                break
            index += 1
        phrase = _Phrase(stop=index)
        if head_at >= 0 and tokens[head_at].kind == "word":
            # A compound carries its modifiers: `Startkarte`, `Punktekarten`, `landtegels`.
            folded = tokens[head_at].folded
            mods.update(m for m in ("large", "land", "points", "start") if lex.is_(m, folded))
        if pieces or kind == "tiles":
            owner = self.before_parenthesis(at, None if pieces else head)
            land = "land" in mods
            if pieces:
                phrase.items = [owner] if owner else []
                phrase.context = "tiles" if owner == "tiles" else None
                return phrase
            phrase.context = "tiles"
            if "start" in mods:
                phrase.dropped = True
            elif "points" in mods:
                phrase.items = ["score_tile"]
            elif feature is not None:
                phrase.items = ["tiles", feature] if land else [feature]
            elif owner is not None and not land:
                phrase.items = [owner]
            else:
                phrase.items = ["tiles"]
            return phrase
        if kind == "token":
            phrase.context = "token"
            good = vocabulary().items[feature].token if feature else None
            if good is not None:
                phrase.items = [good]
            elif "points" in mods:
                phrase.items = ["score_tile"]
            return phrase
        if head is None or kind is None:
            return phrase
        if kind == "good":
            token_form = vocabulary().items[head].token
            phrase.items = [token_form if context == "token" and token_form else head]
            return phrase
        if head == "meeple" and "large" in mods:
            head = "large_meeple"
        phrase.items = [head]
        phrase.generic = generic
        return phrase

    def coordinated(self, stop: int) -> str | None:
        """`a Pig and Builder figure`: an item right after `and`, with no number of its own."""
        if stop + 1 >= len(self.tokens) or not self.word(stop, "and"):
            return None
        return self.item(stop + 1)


def _article_counts(item: str) -> bool:
    """An indefinite article counts 1 of an item a box holds once: not a player's figure set,
    not tiles (`a tile` in a Contents sentence is one of those already counted)."""
    info = vocabulary().items[item]
    return info.kind in ("other", "figure") and not info.per_player


def read_sentence(text: str, lex: Lexicon) -> Reading:
    """The items one sentence counts (see the module docstring), in reading order."""
    sentence = _Sentence(text, lex)
    tokens = sentence.tokens
    markers, held = sentence.markers()
    counts = [
        index
        for index in range(len(tokens))
        if index not in held and sentence.number(index) is not None
    ]
    distributive = {
        index for index in counts if index > 0 and sentence.word(index - 1, "distributive")
    }
    phrases: dict[int, _Phrase] = {}
    colours: int | None = None
    context: str | None = None
    skip_until = -1
    for index in counts:
        if index < skip_until:
            continue
        phrase = sentence.phrase(index, context)
        phrases[index] = phrase
        context = phrase.context or context
        colours = colours or phrase.colours
        skip_until = phrase.stop if phrase.colours is None else -1
    colours = colours or next((m.number for m in markers if m.number), None)
    per_player = set(distributive)
    multiplied: dict[int, int] = {}
    for marker in markers:
        clause = sentence.clauses[marker.index]
        same = [i for i in phrases if sentence.clauses[i] == clause and not phrases[i].colours]
        if marker.number is not None:
            for index in same:
                if index < marker.index and sentence.number(index) == 1:
                    multiplied[index] = marker.number
            continue
        before = [i for i in same if i < marker.index]
        after = [i for i in same if i > marker.index]
        nearest = before[-1] if before else (after[0] if after else None)
        if nearest is not None:
            per_player.add(nearest)
    reading = Reading()
    last_figure: str | None = None
    # An article counts only in a list of contents: at the sentence's start (`O tablă de
    # scor`) or beside other counts (`sei maialini e un sacchetto`), not in prose (`placed
    # in a bag`).
    listing = any(not sentence.article(index) for index in counts) or (
        bool(counts) and counts[0] == 0
    )
    for index, phrase in phrases.items():
        if phrase.colours is not None or phrase.dropped:
            continue
        count = sentence.number(index)
        assert count is not None
        items = list(phrase.items)
        if phrase.generic and index in per_player and last_figure:
            items = [last_figure]
        if not items and (index in per_player or index in multiplied) and last_figure:
            items = [last_figure]
            multiplied.pop(index, None)  # "8 in each of 5 colours": 8 per colour, elided
            per_player.add(index)
        extra = sentence.coordinated(phrase.stop)
        if extra is not None:
            items.append(extra)
        if not items:
            if not sentence.article(index):
                reading.unplaced.append(tokens[index])
            continue
        for item in items:
            if _kind(item) == "figure":
                last_figure = item
            basis, total = ContentsBasis.BOX, count
            if index in multiplied and _per_player(item):
                total = count * multiplied[index]
            elif sentence.article(index) and not (_article_counts(item) and listing):
                continue  # `a meeple of each colour marks the score`: no count
            elif index in per_player and _per_player(item):
                basis = ContentsBasis.PER_PLAYER
            figure = _kind(item) == "figure" or _per_player(item)
            reading.items.append(
                ReadItem(item, total, basis, colours if figure else None, tokens[index].start)
            )
    return reading
