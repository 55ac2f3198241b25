"""Pictures of tiles: an SVG drawing of every tile shape, made from the shape data alone.

`tile_svg` draws one `TileGeometry` (cities, roads, fields, monastery, coats of arms) in any
rotation; `carcdb draw` and the HTML report (`pipeline.report`) use it. Pure: no warehouse,
no files.
"""
