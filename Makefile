# One entry point for people and CI. Every target creates .venv when it is missing.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev
DB ?= data/carcdb.duckdb
# The oldest DuckDB carcdb supports, in a venv of its own: a test opens our warehouse with it.
DUCKDB14 ?= .venv-duckdb14
export CARCDB_DUCKDB14_VENV := $(abspath $(DUCKDB14))
# pytest workers (pytest-xdist): one per core by default.
PYTEST_JOBS ?= auto
# Temporary folders in memory when /dev/shm has room (scripts/in-memory-tmp).
PYTEST := scripts/in-memory-tmp $(BIN)/python -m pytest -q -n $(PYTEST_JOBS)

# pytest caches each rewritten test module as bytecode: an environment that turns bytecode
# off would recompile every test module in every worker on every run.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test test-all ci lint fmt typecheck pytest pytest-all system-deps duckdb14 min-versions bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP): pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(DEVSTAMP): pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@ $(STAMP)

$(DUCKDB14)/bin/python:
	$(PYTHON) -m venv $(DUCKDB14)
	$(DUCKDB14)/bin/python -m pip install -q 'duckdb==1.4.*'

run: $(STAMP)
	$(BIN)/carcdb build --db $(DB)

# The working lane: lint, types and the fast tests (not `@pytest.mark.slow`).
test: $(DEVSTAMP) lint typecheck pytest

# Everything, slow end-to-end tests included (the DuckDB 1.4 venv is made when missing).
test-all: $(DEVSTAMP) duckdb14 lint typecheck pytest-all

# CI: the system packages the slow tests need, then everything, then the fast tests again
# with every dependency at the lowest version pyproject.toml allows.
ci: system-deps test-all min-versions

system-deps:
	bash scripts/setup-system.sh

duckdb14: $(DUCKDB14)/bin/python

lint: $(DEVSTAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

fmt: $(DEVSTAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# mypy reads carcdb.pipeline ... through links (scripts/mypy_tree.py).
typecheck: $(DEVSTAMP)
	$(BIN)/python scripts/mypy_tree.py
	$(BIN)/mypy

# The fast lane also runs each hypothesis property with fewer examples (tests/lanes.py).
pytest: $(DEVSTAMP)
	CARCDB_TEST_LANE=fast $(PYTEST) -m "not slow"

pytest-all: $(DEVSTAMP)
	$(PYTEST)

# A fresh venv (.venv-min) with every lower bound of pyproject.toml, and the fast tests in it.
min-versions:
	PYTHON=$(PYTHON) bash .ci/min-versions

bench: $(DEVSTAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf .mypy-tree $(VENV) $(DUCKDB14) .venv-min data .mypy_cache .pytest_cache .ruff_cache build *.egg-info
