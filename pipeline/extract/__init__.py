"""Turning input files (captures, wikitext, XML exports, API JSON) into page revisions.

Only `pipeline.extract.api` touches the network; everything else here reads local files.
"""
