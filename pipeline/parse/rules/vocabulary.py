"""Per-language rules lexicon: the words for points, features, units, states and headings.

The words live in `lang/<code>.json` (and the number words in `pipeline/parse/words/`), not in
code, so a new language is a new data file; how features relate (an inn modifies a road) is
`features.json`, the same for every language. Every word is a stem matched case-insensitively
at a word start: `oraș` matches `orașul`, `orașe`; a multi-word entry (`oraș finalizat`) lets
each of its words take an ending; a word ending in `=` (`is=`) is matched as written, with no
ending. In a language that writes compounds (`"compounds": true`: de, nl) a unit stem also
matches as the last part of a word (`Stadtteil`, `wegtegel`). Keys: docs/rules.md.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from carcdb.pipeline.numbers import ascii_int, is_ascii_digits
from carcdb.pipeline.parse.number_words import NumberLexicon, number_lexicon
from carcdb.pipeline.parse.rules.feature_relations import Relations, relations
from carcdb.pipeline.parse.rules.unspaced import lexicon_words, word_pattern

FALLBACK_LANGUAGE = "en"
NEVER = re.compile(r"(?!)")
SPACES = r"\s+"


@dataclass(frozen=True)
class Phrase:
    """A canonical meaning (`city`, `coat_of_arms`, `incomplete` ...) and its stem pattern."""

    meaning: str
    pattern: re.Pattern[str]
    stems: tuple[str, ...] = ()  # the stems written (`specificity`)

    def specificity(self, matched: str) -> int:
        """The longest stem the match starts with: of two on one word ("Stadttürme") it names it."""
        text = matched.lower()
        return max(
            (len(stem) for stem in self.stems if text.startswith(stem.rstrip("=").split()[0])),
            default=0,
        )


@dataclass(frozen=True)
class Vocabulary:
    language: str
    points: re.Pattern[str]  # "<number> [connector] <point word>", groups: sign, number
    points_word: re.Pattern[str]  # a point word on its own ("Punkte gibt es für ...")
    points_lower: re.Pattern[str]  # the points words in lower-case text, no word test (fast)
    bare_number: re.Pattern[str]  # a number or number word (articles too) on its own
    after_number: re.Pattern[str]  # spaces and an optional connector after a number ("5 de")
    connector: re.Pattern[str]  # a connector on its own ("additional", "dodatkowo")
    threshold: re.Pattern[str]  # a threshold word right before a number: "trece de (50 puncte)"
    # a clause opening with a threshold word a few words before its number: "Maximal kann man
    # (15 Punkte)", "At most you can score (15 points)"
    threshold_opening: re.Pattern[str]
    numbers: NumberLexicon
    per: re.Pattern[str]
    plus: re.Pattern[str]
    alternative: re.Pattern[str]  # "or" between two unit phrases: "cetate sau oraș finalizat"
    conjunction: re.Pattern[str]  # "and" between two unit phrases: "per tile and coat of arms"
    qualifier: re.Pattern[str]  # "with" after a unit: "tile with a farmhouse" (not the feature)
    place: re.Pattern[str]  # "in" after a unit: "per fish in the lake" (where it is counted)
    preposition: re.Pattern[str]  # "from", "vor": a feature after one is an object, no subject
    determiner: re.Pattern[str]  # "the", "dem": between a preposition and its feature
    genitive: re.Pattern[str]  # "de", "of" after a tile unit: "par tuile de ville" (its feature)
    relative: re.Pattern[str]  # ", which" after a unit: "jedes Gebäude, das sich ... befindet"
    joiner: re.Pattern[str]  # what may stand between two listed features: ", ", " and ", " or "
    around: re.Pattern[str]  # "around it" after a tile unit: the tiles around the feature
    itself: re.Pattern[str]  # "per sé", "por sí mismo" after a "per": the feature itself (flat)
    score_noun: re.Pattern[str]  # "punteggio", "valeur": "un punteggio triplo" is a factor
    negation: re.Pattern[str]  # "not", "nicht", "ne": "not completed" is incomplete
    nothing: re.Pattern[str]  # "nothing", "rien", "worthless": a zero amount on its own
    zero_filler: re.Pattern[str]  # "any", "extra": between a negation and its points word
    score_verb: re.Pattern[str]  # "scores", "is worth", "erhält": a sentence that states points
    scoring_verb: re.Pattern[str]  # the score verbs that are no copula ("is=", "sind="): "scored"
    others: re.Pattern[str]  # "the other players": their nothing is no feature's rate
    penalty: re.Pattern[str]  # "loses", "resta" right before an amount: it is subtracted
    penalty_after: re.Pattern[str]  # "... 3 Punkte zahlt", "2 points are deducted": after it
    penalty_word: re.Pattern[str]  # a penalty word anywhere: "buy ... back for 3 points"
    price: re.Pattern[str]  # "for" right before an amount: with a penalty word before, its price
    instead: re.Pattern[str]  # "instead of", "statt", "au lieu de"
    from_word: re.Pattern[str]  # "from" (of "from 2 to 3 points")
    to_word: re.Pattern[str]  # "to" (of "from 2 to 3 points")
    each_after: re.Pattern[str]  # "(2 points) each", "jeweils"
    respectively: re.Pattern[str]  # "respectively", "rispettivamente": amounts in list order
    most: re.Pattern[str]  # "the most", "die meisten": a flat amount is a majority's
    condition: re.Pattern[str]  # "when", "wenn": an amount's own condition
    as_many: re.Pattern[str]  # "as many points as", "so viele Punkte": 1 per the unit named after
    one_point: re.Pattern[str]  # a singular points word that is 1 alone: pl "punkt za każdy"
    otherwise: re.Pattern[str]  # "otherwise", "sinon": a clause of the other state
    contrast: re.Pattern[str]  # "but", "whereas": a clause that names its own state
    correction: re.Pattern[str]  # "sondern", "sino": the "but" of "not 4 points but 2"
    lesser: re.Pattern[str]  # ", or less if": its condition's state is the lesser case's
    also: re.Pattern[str]  # "(also for the shields)": the rates before's units, and this one
    including: re.Pattern[str]  # "per tile, including the fish": the fish are counted too
    example: re.Pattern[str]  # "example", "here": a worked example
    colour: re.Pattern[str]  # "red", "rot": a player's in a worked example, or a piece's look
    player: re.Pattern[str]  # "player", "Spieler": the noun a player's colour goes with
    only: re.Pattern[str]  # "only", "nur": a size's own rule ("a city of only 2 tiles")
    likeness: re.Pattern[str]  # "like", "wie" (and a determiner) before a feature: a comparison
    demonstrative: re.Pattern[str]  # "this", "acest": before a feature, a worked example
    pronoun: re.Pattern[str]  # "she", "er" opening a sentence: the sentence before's subject
    abbreviation: re.Pattern[str]  # "bzw.", "np." ending a piece: no sentence ends there
    multiplier_word: re.Pattern[str]  # "double", "verdoppelt"
    features: tuple[Phrase, ...]
    units: tuple[Phrase, ...]
    per_units: tuple[Phrase, ...]  # a unit and its "per" in one word (Hungarian "lapkánként")
    figures: tuple[Phrase, ...]  # "knight", "Bauer": after a "per", a follower counted
    per_bare: re.Pattern[str]  # "for" right before a unit word: "2 points for fish"
    per_after_points: re.Pattern[str]  # "a" between a points word and a unit: "3 points a tile"
    units_first: bool  # the language writes "per tile 2 points" (Hungarian): unit before
    instead_follows: bool  # "instead of" follows the amount it replaces (hu "1 helyett")
    adjectives_follow: bool  # an adjective follows its noun (fr "une tuile double")
    states: tuple[Phrase, ...]  # in priority order: incomplete, completed, end_game, during_game
    any_feature: re.Pattern[str]  # matches where some `features` phrase matches (see `_any_of`)
    any_state: re.Pattern[str]  # likewise for `states`
    house_rule_headings: tuple[str, ...]
    scoring_headings: tuple[str, ...]
    end_game_headings: tuple[str, ...]
    relations: Relations
    unspaced: re.Pattern[str] | None = None  # ja, zh: the words `unspaced.spaced` marks

    def number(self, text: str) -> int | None:
        """A number `points` or `bare_number` matched; None beyond what the warehouse stores."""
        if is_ascii_digits(text):
            return ascii_int(text)
        return self.numbers.value(text)


def _word(word: str) -> str:
    """A stem takes any ending; a word written with a final `=` (`is=`, `inn=`) none."""
    if word.endswith("=") and len(word) > 1:
        return re.escape(word[:-1]) + r"(?!\w)"
    return re.escape(word) + r"\w*"


def _stem_words(stem: str) -> str:
    """`oraș finalizat` -> each word with any ending, words separated by spaces."""
    return r"\s+".join(_word(word) for word in stem.split())


def stem_pattern(stem: str) -> str:
    """`oraș finalizat` -> each word at a word start, any ending, words separated by spaces."""
    return r"(?<!\w)" + _stem_words(stem)


def _alternatives(stems: list[str], compound: bool = False) -> str:
    """Any of the stems (`stem_pattern`), longest first. The word-start test is written once
    before the group rather than in each branch: the same test at the same position, so the
    same matches, but a mid-word position is dropped after one test instead of one per stem.
    `compound`: a stem may also end a compound word (`Stadt|teil`); the match then starts at
    the stem, inside the word."""
    if not stems:
        return "(?:)"
    ordered = sorted(stems, key=len, reverse=True)
    body = _by_first_character([_stem_words(stem) for stem in ordered])
    tails = [re.escape(stem) for stem in ordered if " " not in stem and not stem.endswith("=")]
    if compound and tails:
        # the last part of a compound, with a short ending: "Landschafts|karte", "Stadt|teile"
        return rf"(?:(?<!\w)(?:{body})|(?<=\w\w\w)(?:{'|'.join(tails)})\w{{0,3}}(?!\w))"
    return r"(?<!\w)(?:" + body + ")"


def _by_first_character(pieces: list[str]) -> str:
    """`a|b|c` with the pieces grouped by their first character (`x(?:yz|w)|...`), each group
    in the given order: the same matches (at most one group can match at a position), but a
    position is tried against one group instead of every piece."""
    groups: dict[str, list[str]] = {}
    for piece in pieces:
        first = piece[:2] if piece.startswith("\\") else piece[:1]
        groups.setdefault(first, []).append(piece[len(first) :])
    return "|".join(
        first + (f"(?:{'|'.join(rest)})" if len(rest) > 1 else rest[0])
        for first, rest in groups.items()
    )


def _phrases(table: dict[str, list[str]], compound: bool = False) -> tuple[Phrase, ...]:
    return tuple(
        Phrase(
            meaning,
            re.compile(_alternatives(stems, compound), re.IGNORECASE),
            tuple(stem.lower() for stem in stems),
        )
        for meaning, stems in table.items()
    )


def _any_of(table: dict[str, list[str]]) -> re.Pattern[str]:
    """One pattern that finds a match exactly when some phrase of `table` (`_phrases`) has
    one, at the leftmost position any of them matches: a single scan that tells when the
    per-phrase scans would all find nothing. With no stems it matches everywhere, so it never
    rules a scan out."""
    stems = [stem for phrase_stems in table.values() for stem in phrase_stems]
    return re.compile(_alternatives(stems), re.IGNORECASE)


STATE_PRIORITY = ("incomplete", "completed", "end_game", "during_game")


def words_or_empty(data: dict[str, object], key: str) -> list[str]:
    """An optional word list of a language file (absent: none)."""
    value = data.get(key, [])
    assert isinstance(value, list), key
    return [str(v) for v in value]


def _whole_words(words: list[str]) -> str:
    """Any of `words` as a whole word (cs "s" is no stem), a multi-word entry's words apart."""
    spaced = [SPACES.join(re.escape(part) for part in w.split()) for w in words]
    # the word-start test once for all words (as `_alternatives` does): the same matches
    ordered = sorted(spaced, key=len, reverse=True)
    return r"(?<!\w)(?:" + _by_first_character(ordered) + r")(?!\w)"


def _stems_or_never(words: list[str], suffix: str = "") -> re.Pattern[str]:
    if not words:
        return NEVER
    return re.compile(_alternatives(words) + suffix, re.IGNORECASE)


def _words_or_never(words: list[str], prefix: str = "", suffix: str = "") -> re.Pattern[str]:
    if not words:
        return NEVER
    return re.compile(prefix + f"(?:{_whole_words(words)})" + suffix, re.IGNORECASE)


def _as_many(data: dict[str, object], point_words: str) -> re.Pattern[str]:
    """ "as many points as" (`as_many` before a points word) or "points equal to the number
    of" (`equal_count` after one): 1 point per the unit named after it."""
    before = _words_or_never(
        words_or_empty(data, "as_many"),
        suffix=rf"\s+(?:[^\W\d]+\s+){{0,2}}?(?:{point_words})(?!\w)",
    )
    after = _words_or_never(
        words_or_empty(data, "equal_count"), prefix=rf"(?<!\w)(?:{point_words})\s+"
    )
    forms = [form.pattern for form in (before, after) if form is not NEVER]
    return re.compile("|".join(forms), re.IGNORECASE) if forms else NEVER


def _either(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def _abbreviations(words: list[str]) -> re.Pattern[str]:
    """Abbreviations written with their full stops ("bzw.", "z.B."), at a piece's end."""
    if not words:
        return NEVER
    spaced = [r"\s*".join(re.escape(part) for part in w.split()) for w in words]
    ordered = sorted(spaced, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(ordered) + r")$", re.IGNORECASE)


def _number_pattern(numbers: NumberLexicon, with_zero: bool, with_articles: bool) -> str:
    words = [
        w
        for w in numbers.cardinals
        if with_articles or w not in numbers.articles  # "a", "ein": no ellipsis
    ]
    if with_zero:
        words += sorted(numbers.zero)
    return r"[0-9]+" + (f"|{_either(words)}" if words else "")


def build_vocabulary(data: dict[str, object], numbers: NumberLexicon | None = None) -> Vocabulary:
    def words(key: str) -> list[str]:
        value = data[key]
        assert isinstance(value, list), key
        return [str(v) for v in value]

    def table(key: str) -> dict[str, list[str]]:
        value = data[key]
        assert isinstance(value, dict), key
        return {str(k): [str(s) for s in v] for k, v in value.items()}

    def optional_table(key: str) -> dict[str, list[str]]:
        return table(key) if key in data else {}

    language = str(data["language"])
    numbers = number_lexicon(language) if numbers is None else numbers
    compound = bool(data.get("compounds", False))
    # optional words between the number and the point word: "20 de puncte", "2 more points"
    fillers = words("number_connectors")
    connectors = rf"(?:(?:{_either(fillers)})\s+)?" if fillers else ""
    point_words = _either(words("points"))
    # "2 puncte", "(+1) punct", "(-1) point", "zwei Punkte", "keine Punkte": a sign in
    # parentheses marks an adjustment
    points = re.compile(
        rf"(?<![\w/])(?:\(\s*(?P<sign>[+\-−–])\s*)?"
        rf"(?P<number>{_number_pattern(numbers, True, True)})"
        rf"(?:(?![\w/])\s*\)?\s*{connectors}|(?<=[0-9])(?=[^\W\d]))"  # "1Punkt" too
        rf"(?:{point_words})(?!\w)",
        re.IGNORECASE,
    )
    # whole words (not stems): "a" (cs), "e" (it), "y" (es) are words of their own
    joined = _either(words_or_empty(data, "and"))
    alternatives = words_or_empty(data, "or")
    joint = _either([*words_or_empty(data, "and"), *alternatives])
    determiners = _either(words_or_empty(data, "determiners"))
    # after "and"/"or" a coordination may repeat its preposition or take a possessive
    # ("für seinen Garten oder sein Kloster", "al giardino o al monastero")
    coordination = _either(words_or_empty(data, "coordination_fillers"))
    repeated = rf"(?:\s+(?:{coordination})(?!\w)){{0,2}}" if coordination else ""
    joiner = re.compile(
        # "Straßen- und Stadtteile": a compound's first part, its hyphen right after it
        r"(?:-(?=\s))?\s*(?:,|/|&)?\s*"
        + (rf"(?:(?<!\w)(?:{joint})(?!\w){repeated})?" if joint else "")
        + (rf"\s*(?:(?<!\w)(?:{determiners})(?!\w))?" if determiners else "")
        + r"\s*$",
        re.IGNORECASE,
    )
    states = table("states")
    features = table("features")
    state_table = {name: states[name] for name in STATE_PRIORITY if name in states}
    multipliers = sorted(numbers.multipliers, key=len, reverse=True)
    return Vocabulary(
        language=language,
        points=points,
        points_word=re.compile(rf"(?<!\w)(?:{point_words})(?!\w)", re.IGNORECASE),
        points_lower=re.compile(_either([w.lower() for w in words("points")])),
        bare_number=re.compile(
            rf"(?<![\w/.+\-])(?:{_number_pattern(numbers, False, True)})(?![\w/])",
            re.IGNORECASE,
        ),
        after_number=re.compile(r"\s*" + connectors, re.IGNORECASE),
        connector=_words_or_never(fillers),
        threshold=_words_or_never(words("thresholds"), suffix=r"\s*$"),
        threshold_opening=_words_or_never(
            words("thresholds"), prefix=r"(?:^|[,;:.!?(])\s*", suffix=r"(?:\s+[^\W\d_]+){1,3}\s*$"
        ),
        numbers=numbers,
        per=_words_or_never(words("per")),
        plus=re.compile(r"\s*" + _alternatives(words("plus")), re.IGNORECASE),
        alternative=re.compile(
            r"\s*(?:,?\s*" + _alternatives(alternatives) + r"\s+|/\s*)", re.IGNORECASE
        ),
        conjunction=re.compile(rf"\s+(?:{joined})\s+" if joined else r"(?!)", re.IGNORECASE),
        qualifier=_words_or_never(words_or_empty(data, "unit_qualifiers"), r"\s+", r"\s"),
        place=_words_or_never(words_or_empty(data, "places")),
        preposition=_words_or_never(words_or_empty(data, "prepositions")),
        determiner=_words_or_never(words_or_empty(data, "determiners")),
        genitive=_words_or_never(words_or_empty(data, "genitive")),
        relative=_words_or_never(words_or_empty(data, "relatives"), r"\s*,\s*", r"\s"),
        joiner=joiner,
        around=_stems_or_never(words_or_empty(data, "around")),
        itself=_words_or_never(words_or_empty(data, "itself"), r"\s*"),
        score_noun=_words_or_never(words_or_empty(data, "score_nouns")),
        negation=_words_or_never(words_or_empty(data, "negation")),
        nothing=_words_or_never(words_or_empty(data, "nothing")),
        zero_filler=_words_or_never([*words_or_empty(data, "zero_fillers"), *fillers]),
        score_verb=_stems_or_never(words_or_empty(data, "score_verbs")),
        scoring_verb=_stems_or_never(
            [w for w in words_or_empty(data, "score_verbs") if not w.endswith("=")]
        ),
        others=_words_or_never(words_or_empty(data, "others")),
        # "loses 2", "pay them 3", "pay the tower's owner 3": a penalty word a few words
        # before the number, no clause's punctuation between
        penalty=_words_or_never(
            words_or_empty(data, "penalty"), suffix=r"[^\w,;.:]*(?:\w+[^\w,;.:]+){0,4}$"
        ),
        penalty_after=_words_or_never(
            words_or_empty(data, "penalty"), prefix=r"^[^\w,;.]*(?:\w+[^\w,;.]+)?"
        ),
        penalty_word=_words_or_never(words_or_empty(data, "penalty")),
        price=_words_or_never(words_or_empty(data, "price"), suffix=r"\s*$"),
        instead=_stems_or_never(words_or_empty(data, "instead")),
        from_word=_words_or_never(words_or_empty(data, "from"), suffix=r"\s*$"),
        to_word=_words_or_never(words_or_empty(data, "to"), suffix=r"\s*$"),
        each_after=_words_or_never(words_or_empty(data, "each_after"), r"^\s*"),
        respectively=_words_or_never(words_or_empty(data, "respectively")),
        most=_words_or_never(words_or_empty(data, "most")),
        condition=_words_or_never(words_or_empty(data, "conditions")),
        as_many=_as_many(data, point_words),
        one_point=_words_or_never(words_or_empty(data, "one_point")),
        otherwise=_words_or_never(words_or_empty(data, "otherwise")),
        contrast=_words_or_never(words_or_empty(data, "contrast")),
        correction=_words_or_never(words_or_empty(data, "correction")),
        only=_words_or_never(words_or_empty(data, "only")),
        lesser=_words_or_never(words_or_empty(data, "lesser"), prefix=r",\s*"),
        also=_words_or_never(words_or_empty(data, "also"), prefix=r"\(\s*", suffix=r"\s*$"),
        including=_words_or_never(words_or_empty(data, "including")),
        example=_words_or_never(words_or_empty(data, "example_markers")),
        colour=_words_or_never(words_or_empty(data, "colours")),
        player=_words_or_never(words_or_empty(data, "player_words")),
        likeness=_words_or_never(
            words_or_empty(data, "likeness"),
            suffix=rf"\s+(?:(?:{determiners})\s+)?$" if determiners else r"\s+$",
        ),
        demonstrative=_words_or_never(words_or_empty(data, "demonstratives"), suffix=r"\s+"),
        pronoun=_words_or_never(words_or_empty(data, "pronouns"), suffix=r"\s+"),
        abbreviation=_abbreviations(words_or_empty(data, "abbreviations")),
        multiplier_word=_words_or_never(multipliers) if multipliers else NEVER,
        features=_phrases(features),
        units=_phrases(table("units"), compound),
        per_units=_phrases(optional_table("per_units")),
        figures=_phrases({"follower": words_or_empty(data, "figures")})
        if words_or_empty(data, "figures")
        else (),
        per_bare=_words_or_never(words_or_empty(data, "per_bare"), suffix=r"\s+"),
        per_after_points=_words_or_never(words_or_empty(data, "per_after_points"), suffix=r"\s+"),
        units_first=data.get("unit_order") == "before",
        instead_follows=data.get("instead_order") == "after",
        adjectives_follow=data.get("adjective_order") == "after",
        states=_phrases(state_table),
        any_feature=_any_of(features),
        any_state=_any_of(state_table),
        house_rule_headings=tuple(words("house_rule_headings")),
        scoring_headings=tuple(words("scoring_headings")),
        end_game_headings=tuple(words("end_game_headings")),
        relations=relations(),
        unspaced=None if data.get("spaced", True) else word_pattern(lexicon_words(data, numbers)),
    )


def available_languages() -> list[str]:
    folder = resources.files("carcdb.pipeline.parse.rules").joinpath("lang")
    return sorted(
        entry.name.removesuffix(".json")
        for entry in folder.iterdir()
        if entry.name.endswith(".json")
    )


class NoVocabularyError(LookupError):
    """No `lang/<code>.json` for the language (a KeyError is a data file's bug, not this)."""


@cache
def vocabulary(language: str) -> Vocabulary:
    """The vocabulary of `language`; raises NoVocabularyError when it has no data file."""
    folder = resources.files("carcdb.pipeline.parse.rules").joinpath("lang")
    entry = folder.joinpath(f"{language}.json")
    if not entry.is_file():
        raise NoVocabularyError(language)
    return build_vocabulary(json.loads(entry.read_text("utf-8")))
