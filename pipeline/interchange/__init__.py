"""Data in and out of carcdb in other tools' formats.

- `tables`: every table and view as CSV, Parquet, JSON lines, one SQLite file or a portable
  DuckDB copy, with a manifest (`carcdb export`);
- `jcz_xml`, `jcz_export`, `jcz_import`, `shapes`, `jcz_compare`: JCloisterZone's tile
  definition XML written from and read into the warehouse, and compared with its shapes and
  counts (`carcdb export --format jcz`, `carcdb import-shapes`, check `interchange.jcz`).
"""
