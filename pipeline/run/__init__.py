"""Orchestration: everything that reads inputs, stores them, parses them and runs the checks.

The only package that writes revisions and parse results to the warehouse. Modules:
- `session`: `StoreSession`, the one store-and-parse unit every command stores through
- `build`: `import_sources()` / `build_corpus()` / `store_and_parse()` (a whole-run session:
  one transaction)
- `extract`: one API extraction run: stores each group of batches `pipeline.extract.api`
  yields (a session with a transaction per group)
- `parse_runner`, `workers`, `early_parse`: parsing stored revisions, in worker processes
- `known_sources`: inputs an earlier run stored (not read again)
- `tuning`: the process-level speed settings (collector pause, DuckDB threads and memory)
"""
