"""Pydantic records for everything carcdb extracts, stores and checks.

`schemas` depends on nothing else in the project: `warehouse` and `pipeline` import it.
"""
