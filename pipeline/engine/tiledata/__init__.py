"""Tile data files of the scoring engine (a package so the JSON ships in wheels)."""
