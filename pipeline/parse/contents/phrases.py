"""The noun phrases of one Contents sentence: what each count counts, before any binding.

`TokenSentence` holds a sentence's tokens and the word classes of its lexicon; `phrase(at)`
reads the noun phrase after the count at token `at` (the rules are `reader`'s docstring),
`markers()` finds "each player" / "in each of the N colours". Every scan is bounded by
`PHRASE_LIMIT` tokens, so a long hostile sentence costs time linear in its length.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from carcdb.pipeline.parse.contents.joins import join_compounds, join_number_words
from carcdb.pipeline.parse.contents.lexicon import Lexicon, vocabulary
from carcdb.pipeline.parse.contents.tokens import tokenize

# Punctuation that ends a clause (for binding "each player" and "in each of N colours").
CLAUSE_ENDS = frozenset("();:.•–—-!?")
PHRASE_LIMIT = 12  # tokens a noun phrase may span after its number
# Punctuation that separates the members of a list of contents (`72 tiles, a scoreboard`).
LIST_SEPARATORS = frozenset(",;:•·–—-+")
# What stands between a noun and its count written after it (`Tessere (72)`, `Meeples: 40`,
# `Land tiles x 72`), and what may end that list member.
AFTER_NOUN = frozenset({"(", ":", "x", "×"})
MEMBER_ENDS = LIST_SEPARATORS | {".", ")"}
# Words that may stand between "each" and its colour or player word ("each of the six colours").
_BETWEEN_EACH_AND_COLOUR = ("determiner", "link", "partitive", "each", "adjective")


@dataclass
class Phrase:
    items: list[str] = field(default_factory=list)
    stop: int = 0  # the token after the phrase
    colours: int | None = None  # `5 colours`
    dropped: bool = False  # read, and deliberately counts nothing (`start tile`, `types`)
    context: str | None = None  # `tiles` / `token`: what a later bare good belongs to
    generic: bool = False  # a figure of no named kind (`по 1 фишке`: one of those just named)


@dataclass(frozen=True)
class Marker:
    """`each player`, `in each of the six colours` at token `index`; `number` is the six."""

    index: int
    number: int | None


def kind_of(item: str) -> str:
    """The vocabulary kind of `item` (`tiles`, `feature`, `good`, `figure` ...)."""
    return vocabulary().items[item].kind


def per_player_item(item: str) -> bool:
    """Whether each player holds one set of `item` (a figure, the abbey tiles)."""
    return vocabulary().items[item].per_player


class TokenSentence:
    def __init__(self, text: str, lex: Lexicon) -> None:
        self.lex = lex
        self.tokens = join_compounds(text, join_number_words(tokenize(text), lex), lex)
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

    def noun(self, index: int) -> bool:
        """Whether token `index` names an item or is a figure or token noun."""
        if index >= len(self.tokens):
            return False
        return (
            self.item(index) is not None or self.word(index, "figure") or self.word(index, "token")
        )

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
            if token.kind == "punct" and token.text in CLAUSE_ENDS:
                clause += 1
            out.append(clause)
        return out

    # markers -------------------------------------------------------------------------
    def markers(self) -> tuple[list[Marker], set[int]]:
        """`each player` / `in each of the N colours`, and the indexes of the numbers they hold."""
        found: list[Marker] = []
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
                    found.append(Marker(index, value))
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
        """The first feature word from `start` to the end of the clause (two phrases on)."""
        clause = self.clauses[start - 1] if start else 0
        for index in range(start, min(len(self.tokens), start + 2 * PHRASE_LIMIT)):
            if self.clauses[index] != clause:
                return None
            found = self.item(index)
            if found is not None and kind_of(found) in ("feature", "good"):
                return index
        return None

    def partitive(self, at: int) -> Phrase | None:
        """`6 of the 18 new tiles ... an Inn`, `12 de ces tuiles ... rivière`."""
        ahead = at + 1
        if ahead >= len(self.tokens) or not self.word(ahead, "partitive"):
            return None
        index, determined = ahead + 1, False
        while index < len(self.tokens) and index <= ahead + 5:
            if self.word(index, "determiner") or self.tokens[index].kind == "number":
                determined = True
            elif not (self.word(index, "adjective") or self.word(index, "land")):
                break  # `20 of the new 24 new land tiles`
            index += 1
        if not determined or index >= len(self.tokens) or self.item(index) != "tiles":
            return None
        feature = self.later_feature(index + 1)
        # `stop` stays before the tiles: their own number (the 18) is read as a count too.
        if feature is None:
            return Phrase(stop=ahead)
        self.consumed.add(feature)
        found = self.item_of_consumed(feature)
        return Phrase(items=[found], stop=ahead, context="tiles")

    def item_of_consumed(self, index: int) -> str:
        found = self.lex.items.get(self.tokens[index].folded)
        assert found is not None
        return found

    def before_parenthesis(
        self, at: int, head: str | None, openers: frozenset[str] = frozenset("(")
    ) -> str | None:
        """`Inn on the Lake (6 Tiles)`: the first feature before the parenthesis, in its clause;
        for `(18 pieces)` also the last item there (`openers`: what may stand before the count:
        `:` and `x` too for a count alone after its noun)."""
        if at == 0 or self.tokens[at - 1].folded not in openers:
            return None
        features: list[str] = []
        last: str | None = None
        index = at - 2
        while index >= max(0, at - 2 - PHRASE_LIMIT) and self.tokens[index].kind != "punct":
            found = self.item(index)
            if found is not None:
                last = last or found
                if kind_of(found) == "feature":
                    features.append(found)
            elif self.word(index, "figure"):
                last = last or "meeple"
            index -= 1
        if features:
            return features[-1]  # the first in reading order
        return last if head is None else None

    def copies(self, stop: int) -> int | None:
        """`in jeweils sechs Exemplaren`, `in 6 copies each` right after a phrase (from `stop`):
        the index of the number of copies, each of them the phrase's count over again."""
        tokens, index = self.tokens, stop
        for word_class in ("link", "each"):
            if index < len(tokens) and self.word(index, word_class):
                index += 1
        if index + 1 >= len(tokens) or self.number(index) is None or self.article(index):
            return None
        return index if self.word(index + 1, "pieces") else None

    def tower_pieces(self, index: int, head: str | None, pieced: bool, tiles_at: int) -> bool:
        """A tower word naming the tower's pieces: after a pieces word (`piezas de torre`),
        before one (`Turm-Ebenen`, `tower pieces`), or right after a tile noun (`peças de torre`,
        `dílků věže`). A tower alone counts nothing (it is The Tower's tile dispenser, or one of The
        City's towers, by product)."""
        if not self.word(index, "tower"):
            return False
        if head is None:
            return pieced or (index + 1 < len(self.tokens) and self.word(index + 1, "pieces"))
        if tiles_at < 0:
            return False
        return index == tiles_at + 1 or (index == tiles_at + 2 and self.word(index - 1, "link"))

    def after_its_noun(self, at: int) -> bool:
        """`(72)`, `: 72`, `x 72`: the count is all that follows its noun (a parenthesis holds
        nothing else; after a colon or a times sign the list member ends there)."""
        tokens = self.tokens
        if at == 0 or tokens[at - 1].folded not in AFTER_NOUN:
            return False
        if tokens[at - 1].text == "(":
            return at + 1 < len(tokens) and tokens[at + 1].text == ")"
        return (
            at + 1 == len(tokens) or tokens[at + 1].text in MEMBER_ENDS or self.word(at + 1, "and")
        )

    def phrase(self, at: int, context: str | None) -> Phrase:
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
        linked = paren = pieces = pieced = False
        unknown_before = unknown_after = 0
        index = at + 1
        while index < len(tokens) and index <= at + PHRASE_LIMIT:
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
                found_kind = kind_of(found)
                material = kind in ("good", "tiles") and found_kind == "other"
                if (
                    head is None
                    or (generic and found_kind == "figure")
                    or (material and index == head_at + 1)
                ):
                    # `1 cloth bag`, `1 tile dispenser`: a good right before another noun is
                    # its material, a tile noun what it holds
                    head, head_at, kind, generic = found, index, found_kind, False
                    index += 1
                    continue
                if feature is None and (
                    (kind == "tiles" and found_kind in ("feature", "good"))
                    or (kind == "token" and found_kind in ("good", "other"))
                ):
                    feature = found
                    index += 1
                break
            if token.kind != "word":
                break
            folded = token.folded
            if head is None and lex.is_("colour", folded):
                if not self.noun(index + 1):
                    return Phrase(stop=index + 1, colours=tokens[at].value or self.number(at))
                index += 1  # `40 kolorowych pionków`, `40 coloured meeples`: an adjective
                continue
            if head is None and lex.is_("player", folded):
                return Phrase(stop=index + 1, dropped=True)
            if lex.is_("figure", folded):
                if head is None:
                    head, head_at, kind, generic = "meeple", index, "figure", True
                elif kind != "figure":
                    break
                index += 1
                continue
            if lex.is_("token", folded):
                # `wine tokens`, `catapult tokens`: a piece with a token form, then the noun
                if head is None or (head and vocabulary().items[head].token):
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
                return Phrase(stop=index + 1, dropped=True)
            if self.tower_pieces(index, head, pieced, head_at if kind == "tiles" else -1):
                # `30 piezas de torre`, `30 peças de torre`, `30 Turm-Ebenen`: tower pieces
                pieces_after = head is None and not pieced
                head, head_at, kind, generic = "tower_piece", index, "other", False
                index += 2 if pieces_after else 1
                continue
            if head is None and lex.is_("pieces", folded):
                following = index + 1 < len(tokens)
                if following and self.word(index + 1, "link"):
                    index, pieced = index + 2, True  # `30 piezas de seguidores`: the noun after
                    continue
                if following and self.word(index + 1, "tower"):
                    index, pieced = index + 1, True  # `30 секций башни`
                    continue
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
        phrase = Phrase(stop=index)
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
            elif feature is not None and kind_of(feature) == "other":
                phrase.items = [feature]  # `12 żetonów zamków`: castle tokens are castles
            elif "points" in mods:
                phrase.items = ["score_tile"]
            elif "land" in mods and feature is None:  # `72 żetony terenu`: land tokens are tiles
                phrase.items, phrase.context = ["tiles"], "tiles"
            elif head:  # `20 Warenplättchen`: a word naming the token item itself
                phrase.items = [head]
            return phrase
        if head is None and self.after_its_noun(at):
            # `Tessere Paesaggio (72)`, `Landschaftskarten: 72`: the count of the noun before.
            owner = self.before_parenthesis(at, None, AFTER_NOUN)
            phrase.items = [owner] if owner else []
            phrase.context = "tiles" if owner == "tiles" else None
            return phrase
        if head is None or kind is None:
            return phrase
        if kind == "good":
            token_form = vocabulary().items[head].token
            phrase.items = [token_form if context == "token" and token_form else head]
            return phrase
        if head == "meeple" and "large" in mods:
            head = "large_meeple"
        if head == "scoreboard" and "start" in mods:
            head = "start_board"  # `1 start board`, `1 Starttafel`: the board play starts on
        phrase.items = [head]
        phrase.generic = generic
        return phrase
