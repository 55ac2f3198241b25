"""The engine configuration generator: reads the warehouse, writes `EngineConfig` documents.

Separate from `pipeline.engine` (the pure game): this package runs queries on the warehouse
(through `warehouse`), maps the wiki's scoring claims to the engine's scoring keys and picks
the draw pile; the engine reads only the documents it writes.
"""
