"""The MediaWiki API carcdb talks to by default, and the contact its User-Agent carries.

Apart from the client (`pipeline.extract.api.client`, which imports `requests`) so that the
command line can show the defaults without importing it.
"""

from __future__ import annotations

DEFAULT_ENDPOINT = "https://wikicarpedia.com/api.php"
DEFAULT_CONTACT = "no contact given; pass --contact or set CARCDB_CONTACT"
