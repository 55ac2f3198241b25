"""Orchestration: everything that reads inputs, stores them, parses them and runs the checks.

The only package that writes revisions and parse results to the warehouse. Modules:
- `build`: `import_sources()` / `build_corpus()` / `store_and_parse()` (one transaction each)
- `extract`: one API extraction run: stores each batch `pipeline.extract.api` yields
- `parse_runner`, `workers`, `early_parse`: parsing stored revisions, in worker processes
- `known_sources`: inputs an earlier run stored (not read again)
- `tuning`: the process-level speed settings (collector pause, DuckDB threads and memory)
"""
