"""A tile's identity from its image name, and edition codes from headings.

The image file is the most reliable language-independent id of a tile type:
`Base_Game_C3_Tile_A.png` is Base Game / C3 / A, `20AE_Base_Game_C2_Tile_A.png` is the
20th Anniversary tile A (its `C2` names the art series, not the edition), and
`Winter_Edition_C2.1_Tile_Z01.png`, `Abbey_And_Mayor_C2_Tile_B.jpg`, `The Courier C1 01.png`
follow the same shape. Spaces and underscores are the same thing in MediaWiki file names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from carcdb.pipeline.products import BASE_GAME, image_tokens, product

ANNIVERSARY_PREFIX = "20ae"
ANNIVERSARY = "20th Anniversary"

EDITION_TOKEN = r"C\d(?:\.\d)?|WE\d|WD"
_IMAGE = re.compile(
    rf"^(?P<product>.+?)_(?P<edition>{EDITION_TOKEN})_(?:tile_)?(?P<code>[a-z0-9]+)"
    r"\.(?:png|jpe?g|gif|svg|webp)$",
    re.IGNORECASE,
)
_HEADING_EDITION = re.compile(rf"(?<![A-Za-z0-9])({EDITION_TOKEN})(?![A-Za-z0-9.])")
# `{{TileDistributionExpansion|title={{TextSecondEdition}}}}`: the title is a text template.
EDITION_TEXT_TEMPLATES = {
    "TextFirstEdition": "C1",
    "TextSecondEdition": "C2",
    "TextThirdEdition": "C3",
}


@dataclass(frozen=True)
class ImageIdentity:
    product: str | None  # None when the product token is not one we know
    product_token: str
    edition_token: str
    code: str

    @property
    def image_is_edition(self) -> bool:
        """Whether the image's edition token names the edition (not just an art series)."""
        # (20th Anniversary images say C2 on a C3-rules list; Winter Edition images say
        # C3/C2.1/C2/C1 for the WE3/WE2/WE1/WD printings: their token is kept, never compared.)
        found = None if self.product is None else product(self.product)
        return found is not None and not found.series_only_images


def identify_image(image: str) -> ImageIdentity | None:
    """Product, edition token and tile code of an image name; None when it has no such shape."""
    name = "_".join(image.strip().split())
    name = name.removeprefix("File:").removeprefix("Image:")
    match = _IMAGE.match(name)
    if match is None:
        return None
    token = match.group("product")
    anniversary = False
    if token.lower().startswith(ANNIVERSARY_PREFIX + "_"):
        anniversary = True
        token = token[len(ANNIVERSARY_PREFIX) + 1 :]
    product_name = image_tokens().get(token.lower())
    if anniversary:
        product_name = ANNIVERSARY if product_name == BASE_GAME else None

    return ImageIdentity(
        product=product_name,
        product_token=match.group("product"),
        edition_token=match.group("edition").upper(),
        code=match.group("code").upper(),
    )


def heading_edition(title: str) -> str | None:
    """The edition code a heading names (`Ediția C3`, `Ediția 2022 (WE3)`), if exactly one."""
    codes = {match.group(1) for match in _HEADING_EDITION.finditer(title)}
    return codes.pop() if len(codes) == 1 else None
