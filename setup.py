"""Packaging: the repository's top-level folders pipeline/, schemas/ and warehouse/ are
installed as `carcdb.pipeline`, `carcdb.schemas` and `carcdb.warehouse` (setuptools'
package-dir mapping), so the wheel holds `carcdb` alone and no generic top-level names.
Everything else is in pyproject.toml; `benchmarks` is not installed."""

from setuptools import find_namespace_packages, setup

MAPPED = ("pipeline", "schemas", "warehouse")

setup(
    package_dir={"carcdb": "carcdb", **{f"carcdb.{name}": name for name in MAPPED}},
    packages=[
        "carcdb",
        # Namespace packages too: the data folders (pipeline/sample, parse/rules/lang ...)
        # are packages of their files, as setuptools asks (else it warns once per folder).
        *(
            f"carcdb.{name}"
            for name in find_namespace_packages(
                include=[f"{m}*" for m in MAPPED], exclude=["*__pycache__*"]
            )
        ),
    ],
)
