"""A local MediaWiki API for tests and demos (`carcdb fake-wiki`), with fault injection.

Not part of extraction: it serves a corpus read through `pipeline.extract`, and the
extractor talks to it over real HTTP like to any wiki.
"""
