# One entry point for people and CI. Every target creates .venv when it is missing.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev
DB ?= data/carcdb.duckdb

.PHONY: run test lint fmt typecheck pytest bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(DEVSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@ $(STAMP)

run: $(STAMP)
	$(BIN)/carcdb build --db $(DB)

test: $(DEVSTAMP) lint typecheck pytest

lint: $(DEVSTAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

fmt: $(DEVSTAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

typecheck: $(DEVSTAMP)
	$(BIN)/mypy

pytest: $(DEVSTAMP)
	$(BIN)/python -m pytest -q

bench: $(DEVSTAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) data .mypy_cache .pytest_cache .ruff_cache build *.egg-info
