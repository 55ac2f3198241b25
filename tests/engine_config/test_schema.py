"""The shipped JSON Schema is the one generated from the pydantic model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcdb.pipeline.cli.app import run_app
from carcdb.pipeline.configgen.generate import json_schema
from carcdb.schemas.engine_config import EngineConfig

SHIPPED = Path(__file__).parents[2] / "schemas" / "engine-config.schema.json"


def test_shipped_schema_equals_generated() -> None:
    assert SHIPPED.read_text("utf-8") == json_schema(), (
        "schemas/engine-config.schema.json is stale: "
        "regenerate with `carcdb engine-config --schema > schemas/engine-config.schema.json`"
    )


def test_cli_prints_the_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_app(["engine-config", "--schema"]) == 0
    assert json.loads(capsys.readouterr().out) == EngineConfig.model_json_schema()


def test_schema_names_the_format_and_version() -> None:
    schema = json.loads(SHIPPED.read_text("utf-8"))
    assert schema["properties"]["format"]["const"] == "carcdb-engine-config"
    assert schema["properties"]["format_version"]["const"] == 1
    assert schema["additionalProperties"] is False
