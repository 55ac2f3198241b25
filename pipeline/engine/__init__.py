"""The scoring engine: tile geometry, board, base-game rules, game records, simulation.

Independent of the wiki parsing. Modules, in dependency order:
geometry (tile data and rotations) -> board (placement, union-find features) ->
rules (the configuration) -> scoring (points, majority, events) -> game (turn structure) ->
records (record format and replay) / simulate (random games) / drawpile (tile counts);
naive is the benchmark's baseline and the tests' independent cross-check.
"""
