"""Live extraction from a MediaWiki API: the only package of carcdb that touches the network.

- `client`: HTTP session, politeness (throttle, maxlag), retries, retry budget, cache use
- `cache`: on-disk response cache named by hashes
- `discovery`: which titles (translations, categories, prefixes, lists)
- `sweep`: `prop=info` pass and the fetch plan (incremental)
- `fetch` + `pages`: content batches by revision id, sha1 checks, per-batch storing
- `run`: one extraction run and its report
- `fakecorpus` + `fakewiki`: a local MediaWiki API server with fault injection
"""

from __future__ import annotations

from pipeline.extract.api.client import DEFAULT_ENDPOINT, ApiClient, ClientConfig
from pipeline.extract.api.discovery import PageSelection
from pipeline.extract.api.run import ExtractReport, extract_from_api

__all__ = [
    "DEFAULT_ENDPOINT",
    "ApiClient",
    "ClientConfig",
    "ExtractReport",
    "PageSelection",
    "extract_from_api",
]
