"""Box contents records: what a page's Contents section says a box holds (docs/contents.md).

A Contents sentence ("18 landscape tiles, including 6 inns and 2 cathedrals", "6 large
meeples", "a builder and a pig in each of the six colours") gives one `BoxContent` per item
it counts. `item` is the corpus vocabulary (`tiles`, a feature on tiles such as `inn`, a figure
such as `large_meeple`, a token, `scoreboard` ...); `count` is a box total (`basis` `box`) or,
where the sentence only says how many each player has, a count per player (`per_player`).
Every record keeps its `location` (page, language, revision, line:col, raw snippet) and the
section path it stands under.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from carcdb.schemas.base import Record, SourceLocation


class ContentsBasis(StrEnum):
    BOX = "box"  # the whole box holds `count`
    PER_PLAYER = "per_player"  # each player (colour) has `count`; the sentence gives no total


class BoxContent(Record):
    location: SourceLocation
    ordinal: int = Field(ge=0, description="Order of the record in its revision")
    sentence_index: int = Field(ge=0, description="The sentence it was read from (0-based)")
    section: str = Field(description="Heading path, outermost first, joined by ' > '")
    product: str | None = Field(description="From the page's tile lists (or its title)")
    edition: str | None = Field(
        description="From the section heading, else the page's lists when they name one"
    )
    item: str = Field(min_length=1, description="Vocabulary item: tiles, inn, meeple ...")
    count: int = Field(ge=0)
    basis: ContentsBasis = ContentsBasis.BOX
    colours: int | None = Field(
        default=None, ge=1, description="Colours (players) the sentence names, if any"
    )
    sentence: str = Field(description="The sentence as plain text")
