"""The pieces a scoring text is read in: sentences (for `claims`) and clauses (for states).

A sentence is a line, an inline list item or a sentence of the rule's plain text. Text copied
from a printed rulebook breaks its lines anywhere: a line that does not end a sentence is
joined to the next when the next starts in lower case or the line leaves a parenthesis open
("(für jede Landschaftskarte" / "1 Punkt)."), a word hyphenated at a line's end is one
word again ("Plätt-" / "chen"); a literal `<br />` is a line break and an HTML entity is
its character (a copy of a page's source: "2&nbsp;points"); an image's file name a rendered
copy shows ("Token LB Tower4 C1.png") is no text. A piece that
starts in lower case after a full stop is glued back to the sentence before it, and so is one
after an abbreviation's full stop (a language's `abbreviations`: "bzw.", "np.", "e.g."; or a
single lower-case letter's, as in "d.h."): German capitalises the noun after "bzw.". Bold
markers of copied Markdown (`**dokończone**`) are dropped.

A clause is a part of a sentence between semicolons, contrast words ("but", "mais") and
"otherwise" words ("otherwise", "sinon"): each clause may name its own state ("2 points if
completed, otherwise 1").
"""

from __future__ import annotations

import html
import re
from itertools import islice

from carcdb.pipeline.parse.rules.vocabulary import Vocabulary

LIST_ITEM = re.compile(r"\s*[-–•*#]\s")  # a list item ("- Straße: 1 Punkt pro Plättchen")

# a full-width full stop ends a sentence with no space after it, after its closing quote
SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])(?![」』”）])|(?<=[。！？][」』”）])")
COMMA_END = re.compile(r"[,、，]\s*$")
# a full stop no sentence ends at: a single lower-case letter's ("d.h.", "z. B."; not a worked
# example's "city A.")
INITIAL_END = re.compile(r"(?<!\w)[^\W\d_]\.$")
INLINE_ITEM = re.compile(r"\s[*#]+\s")
BREAK_TAG = re.compile(r"<br\s*/?>", re.IGNORECASE)
BOLD = re.compile(r"(?<=\w)\*\*|\*\*(?=\w)")
ENDS_SENTENCE = re.compile(r"[.!?:;|)\]。！？]\s*$")
CLAUSE_MARK = re.compile(r";")
WORDS = re.compile(r"\w+")
LAST_WORD = re.compile(r"\w+$")
LIST_LINE = re.compile(r"[-–•*#]\s")
PARAMETER = re.compile(r"\|?\w+=")
HYPHEN_END = re.compile(r"[^\W\d_]{2}-$")
# an image's file name as a rendered copy shows it: its capitalised words, then the name
FILE_NAME = re.compile(r"(?:\b[A-Z][\w-]*\s+){0,4}[\w-]+\.(?i:png|jpe?g|gif|svg|webp)\b")


def _hyphenated(pending: str, line: str, vocab: Vocabulary | None) -> bool:
    """A word a printed text hyphenated at the line's end ("pro Plätt-" / "chen"), not a
    compound's first part before "and" ("Straßen-" / "und Stadtteile")."""
    if HYPHEN_END.search(pending) is None:
        return False
    first = line.split(maxsplit=1)[0]
    return vocab is None or vocab.joiner.match(f" {first} ") is None


def _lines(text: str, vocab: Vocabulary | None = None) -> list[str]:
    """The text's lines, with a line broken inside a sentence joined to the next: one that
    leaves a parenthesis open, that ends in a "per" word, a scoring verb or a connector ("2
    Punkte für jeden" / "Stadtteil.", "otrzymuje dodatkowo" / "10 punktów."), or that does
    not end a sentence when the next starts in lower case, or that ends in a comma when the next
    starts in a script without case."""
    if "&" in text:
        text = html.unescape(text)  # a copy of a page's source: "2&nbsp;points"
    if "." in text:
        text = FILE_NAME.sub(" ", text)  # a rendered page's images: "Token LB Tower4 C1.png"
    lines = [line.strip() for line in BREAK_TAG.sub("\n", BOLD.sub("", text)).split("\n")]
    joined: list[str] = []
    pending = ""
    for line in lines:
        if not line:
            continue
        if pending:
            open_paren = pending.count("(") > pending.count(")")
            dangling = vocab is not None and _dangling(pending, vocab)
            lower = (line[:1].islower() and not ENDS_SENTENCE.search(pending)) or (
                _caseless(line) and COMMA_END.search(pending) is not None
            )
            # a list item or a template parameter ("variant=finalscoring") is a line of its own
            whole = LIST_LINE.match(pending) is not None or PARAMETER.match(line) is not None
            if not whole and (open_paren or dangling or lower):
                if lower and _hyphenated(pending, line, vocab):
                    pending = pending[:-1] + line  # "Plätt-" / "chen": one word broken
                else:
                    pending += " " + line
                continue
            joined.append(pending)
        pending = line
    if pending:
        joined.append(pending)
    return joined


def _caseless(line: str) -> bool:
    """The line starts in a script without case (Chinese, Japanese, Korean): only a comma
    ending the line before says its sentence goes on (a heading or a table row ends in none)."""
    first = line[:1]
    return first.isalpha() and not first.isupper() and not first.islower()


def _dangling(line: str, vocab: Vocabulary) -> bool:
    last = LAST_WORD.search(line)
    if last is None:
        return False
    return (
        vocab.per.fullmatch(line, last.start()) is not None
        or vocab.score_verb.fullmatch(line, last.start()) is not None
        or vocab.connector.fullmatch(line, last.start()) is not None
    )


def _abbreviated(piece: str, vocab: Vocabulary | None) -> bool:
    """The piece ends at an abbreviation's full stop, not a sentence's."""
    if not piece.endswith("."):
        return False
    initial = INITIAL_END.search(piece)
    return (initial is not None and piece[initial.start()].islower()) or (
        vocab is not None and vocab.abbreviation.search(piece) is not None
    )


def sentences(text: str, vocab: Vocabulary | None = None) -> list[str]:
    """Lines, inline list items, then sentences (a piece starting in lower case is glued back)."""
    return [sentence for _, sentence in sentence_lines(text, vocab)]


def sentence_lines(text: str, vocab: Vocabulary | None = None) -> list[tuple[int, str]]:
    """`sentences`, each with the number of its line."""
    found: list[tuple[int, str]] = []
    for number, line in enumerate(_lines(text, vocab)):
        for item in INLINE_ITEM.split(line):
            pieces: list[str] = []
            for piece in SENTENCE_END.split(item):
                if pieces and (piece[:1].islower() or _abbreviated(pieces[-1], vocab)):
                    pieces[-1] += " " + piece
                else:
                    pieces.append(piece)
            found.extend((number, p.strip()) for p in pieces if p.strip(" *#"))
    return found


PLAIN, CONTRAST, OTHERWISE = "", "contrast", "otherwise"
Clause = tuple[int, int, str]  # start, end, how it starts: PLAIN, CONTRAST or OTHERWISE


def clauses(sentence: str, vocab: Vocabulary) -> list[Clause]:
    """The clauses of a sentence, each with the kind of word it starts with."""
    cuts = [(m.start(), m.end(), PLAIN) for m in CLAUSE_MARK.finditer(sentence)]
    for pattern, kind in ((vocab.contrast, CONTRAST), (vocab.otherwise, OTHERWISE)):
        cuts += [
            (at, at, kind)
            for m in pattern.finditer(sentence)
            if not (kind == OTHERWISE and _negated_condition(sentence, m, vocab))
            and (at := _segment_opening(sentence, m.start(), vocab))
        ]
    cuts += [(at, at, PLAIN) for at in _clause_joints(sentence, vocab)]
    found: list[Clause] = []
    opening = sentence.lstrip(" ,•*-")
    start = len(sentence) - len(opening)
    otherwise = vocab.otherwise.match(opening)
    kind = (
        OTHERWISE
        if otherwise is not None and not _negated_condition(opening, otherwise, vocab)
        else (CONTRAST if vocab.contrast.match(opening) else PLAIN)
    )
    for cut_start, cut_end, cut_kind in sorted(cuts):
        if sentence[start:cut_start].strip():  # no clause of spaces alone ("; if not, 1")
            found.append((start, cut_start, kind))
        start, kind = max(start, cut_end), cut_kind
    found.append((start, len(sentence), kind))
    return found


LEADING_WORDS = 4  # words of a comma segment before its contrast word ("am Ende jedoch")


NEXT_LETTER = re.compile(r"\s*[^\W\d_]")
CONDITION_WORDS = 3  # words after "if not" that may name the state it negates


def _negated_condition(sentence: str, match: re.Match[str], vocab: Vocabulary) -> bool:
    """An "otherwise" made of "if" and a negation ("if not", "si no", "se no", "zo niet") with
    a word right after it is a negated condition ("0 points if not completed", "si no se
    termina"), not "otherwise" ("if not, 1 point")."""
    last = WORDS.findall(match.group(0))[-1:]
    if not last or vocab.negation.fullmatch(last[0]) is None:
        return False
    if NEXT_LETTER.match(sentence, match.end()) is None:
        return False
    # "si no se termina", "if not completed": a state word follows; "si no lo está solo 1
    # punto" (if it is not) is still "otherwise"
    window = " ".join(WORDS.findall(sentence[match.end() : match.end() + 40])[:CONDITION_WORDS])
    return vocab.any_state.search(window) is not None


def _segment_opening(sentence: str, start: int, vocab: Vocabulary) -> int:
    """Where the clause a contrast word opens starts: at the word, or at the comma opening its
    segment when a few words stand between ("..., am Ende jedoch 0": the end is the contrast's)."""
    comma = sentence.rfind(",", 0, start)
    if comma < 0:
        return start
    between = sentence[comma + 1 : start]
    if len(WORDS.findall(between)) > LEADING_WORDS or any(c in between for c in ";:()"):
        return start
    if any(c.isdigit() for c in between) or vocab.points_word.search(between):
        return start  # "..., when completed, 2 points but 1": the amount stays before the cut
    return comma + 1


JOINT_WORDS = 3  # words between "and" and the verb of the clause it opens: "an inn"


def _clause_joints(sentence: str, vocab: Vocabulary) -> list[int]:
    """Where an "and" opens a clause of its own: after a multiplier, it is followed by a
    feature and, a few words on, a multiplier of its own ("A cathedral triples the value of a
    city and an inn doubles that of roads"): the second factor is the inn's alone."""
    joints: list[int] = []
    for joint in vocab.conjunction.finditer(sentence):
        if vocab.multiplier_word.search(sentence, 0, joint.start()) is None:
            continue
        words = islice(WORDS.finditer(sentence, joint.end()), JOINT_WORDS + 1)
        verb = next((w for w in words if vocab.multiplier_word.match(sentence, w.start())), None)
        if verb is not None and vocab.any_feature.search(sentence, joint.end(), verb.start()):
            joints.append(joint.start())
    return joints


def clause_of(position: int, spans: list[Clause]) -> int:
    """The index of the clause holding `position`."""
    for index, (start, end, _) in enumerate(spans):
        if start <= position < end:
            return index
    return len(spans) - 1


def comma_segment(
    sentence: str, amount: tuple[int, int], clause: tuple[int, int]
) -> tuple[int, int]:
    """The part of the clause between commas (outside parentheses) or the parenthesis that
    holds the amount: "each road is 1 point per tile, each cloister is 9 points"."""
    start, end = clause
    depth = 0
    for index in range(clause[0], clause[1]):
        char = sentence[index]
        if char == "(":
            if index <= amount[0]:
                start = index
            elif depth == 0:
                end = min(end, index)
                break
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
            if index >= amount[1]:
                end = min(end, index)
                break
            start = index
        elif char == "," and depth == 0:
            if index < amount[0]:
                start = index
            elif index >= amount[1]:
                end = index
                break
    return start, end
