"""The scoring engine: tile shapes, boards, rule modules, game records, simulation.

Independent of the wiki parsing (no warehouse, no parse imports). Modules, in dependency
order: shape_data / oriented / tileset (re-exported by geometry: the tile shapes of every
product, rotations, the tiles of a game) -> board (placement, union-find features) and naive
(the flood-fill board: the benchmark's baseline and the tests' independent cross-check) ->
figures (typed figures and majorities) -> ruleset (the numbers) -> scoring (formulas, events)
-> rules (the modules: base game, abbey, mayor, wagon, barn, courier) -> game (the turn
structure both boards share) -> records (record format and replay) / simulate (random games)
/ config_file (reading `--config`).
"""
