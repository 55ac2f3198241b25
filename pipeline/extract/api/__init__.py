"""Live extraction from a MediaWiki API: the only package of carcdb that touches the network.

It fetches and yields; it never stores (`pipeline.run.extract` stores what it yields).

- `client`: HTTP session, politeness (throttle, maxlag), retries, retry budget, cache use
- `transport`: one GET, bounded in time, size and place (no redirect to another host)
- `cache`: on-disk response cache named by hashes
- `discovery`: which titles (translations, categories, prefixes, lists)
- `sweep`: `prop=info` pass and the fetch plan (incremental)
- `fetch` + `pages`: content batches by revision id, sha1 checks; yields `ImportBatch`es
Each answer is checked against its request: what was not asked for is refused, never yielded.
"""

from __future__ import annotations

from carcdb.pipeline.extract.api.client import DEFAULT_ENDPOINT, ApiClient, ClientConfig
from carcdb.pipeline.extract.api.discovery import PageSelection

__all__ = ["DEFAULT_ENDPOINT", "ApiClient", "ClientConfig", "PageSelection"]
