"""Each amount's part of a clause with several amounts (for `claim_phase`): the clause is cut
at a comma between two amounts, or at an "and" when a state word stands before it ("1 point at
the start of the turn and 3 points at the end of the game"); a state word in an amount's part
is that amount's. All words come from the language's vocabulary file.
"""

from __future__ import annotations

from itertools import pairwise

from carcdb.pipeline.parse.rules.vocabulary import Vocabulary


def _top_level_commas(sentence: str, start: int, end: int) -> list[int]:
    """The commas between `start` and `end` outside parentheses."""
    found: list[int] = []
    depth = 0
    for index in range(start, end):
        char = sentence[index]
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif char == "," and depth == 0:
            found.append(index)
    return found


def amount_parts(
    sentence: str,
    clause: tuple[int, int],
    amounts: list[tuple[int, int]],
    vocab: Vocabulary,
    states: list[int],
) -> list[tuple[int, int]]:
    """Each amount's part of a clause (`amounts`: the amounts in the clause, in order;
    `states`: where the sentence's state words start), cut at a comma between two amounts:
    the first comma, or the last one when the next amount is joined by "and"/"or" (the
    condition between is the amount's before it)."""
    start, end = clause
    parts: list[tuple[int, int]] = []
    for (_, here_end), (there_start, _) in pairwise(amounts):
        commas = _top_level_commas(sentence, here_end, there_start)
        if not commas:
            joint = joint_before(sentence, here_end, there_start, vocab, states)
            if joint is None:
                parts.append((start, start))  # no comma: one part with the next amount
                continue
            commas = [joint]  # "1 point at the start of the turn and 3 points at the end"
        joined = vocab.conjunction.match(sentence, commas[-1] + 1) or vocab.alternative.match(
            sentence, commas[-1] + 1
        )
        cut = commas[-1] if joined and len(commas) > 1 else commas[0]
        parts.append((start, cut))
        start = cut
    parts.append((start, end))
    # an amount without a comma after it shares the part of the amount after it
    for index in range(len(parts) - 2, -1, -1):
        if parts[index][0] == parts[index][1]:
            parts[index] = parts[index + 1]
    return parts


def joint_before(
    sentence: str, start: int, end: int, vocab: Vocabulary, states: list[int]
) -> int | None:
    """An "and" between two amounts outside parentheses, when a state word stands between
    (the first amount's condition): the second amount's part starts there."""
    gap = sentence[start:end]
    joint = vocab.conjunction.search(gap)
    if joint is None or "(" in gap or ")" in gap:
        return None
    if not any(start <= at < start + joint.start() for at in states):
        return None
    return start + joint.start()
