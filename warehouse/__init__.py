"""The DuckDB warehouse: migrations, atomic idempotent loads, queries, views and exports.

`warehouse` imports only `schemas`; it never imports `pipeline`.
"""
