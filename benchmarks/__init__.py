"""Benchmarks: `make bench` runs every `benchmarks/bench_*.py` and prints one table.

A benchmark module defines `run() -> list[dict]`; each dict is a row with the keys
`benchmark`, `metric`, `value`, `unit` and optionally `note`. Rows that compare two things
measured in the same run (a ratio to a baseline) say so in `note`.
"""
