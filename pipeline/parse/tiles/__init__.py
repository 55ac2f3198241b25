"""Tile distributions (docs/tiles.md): the "tiles" parse stage and its parts.

- `identity`: product, edition token and code from image names; editions from headings
- `config`: the `config=` grammar (features on every copy, illustration partition, markers)
- `lists`: lists, entries and section context from the shared document (tolerant pass)
- `stage`: records and findings, edition/product resolution, section totals
"""

from carcdb.pipeline.parse.tiles.stage import TILES_STAGE, extract

__all__ = ["TILES_STAGE", "extract"]
