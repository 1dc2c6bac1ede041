"""Fixtures of the scorepad's HTTP tests (flaskr's pattern).

``app`` runs on an in-memory SQLite database and, when ``ATOUT_TEST_POSTGRES`` holds a
PostgreSQL URL, once more on a fresh schema of that server (tests are then generated for both;
without the variable only SQLite ones exist). Its test client checks every response to a route
of the OpenAPI document against it (:mod:`openapi_check`). A play table's seed is 1, 2, 3...
in the order a test starts its tables, so a test that looks for a deal tries the same deals on
every run.
"""

from __future__ import annotations

import itertools
import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from migration_helpers import migrate
from openapi_check import CheckedClient

from scorepad import create_app

POSTGRES = os.environ.get("ATOUT_TEST_POSTGRES")


def _backends() -> list[Any]:
    params = [pytest.param("sqlite", id="sqlite")]
    if POSTGRES:
        params.append(pytest.param("postgres", id="postgres", marks=pytest.mark.postgres))
    return params


@pytest.fixture(autouse=True)
def _checked_client(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every app's test client checks its responses against the OpenAPI document."""
    monkeypatch.setattr(Flask, "test_client_class", CheckedClient)


@pytest.fixture(autouse=True)
def _table_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every play table a test starts is dealt from the seeds 1, 2, 3... (a table draws its
    seed with ``secrets.randbelow``; its bots are seeded from it): a test that plays until a
    deal shows something tries the same deals on every run, and fails on every run or none."""
    seeds = itertools.count(1)
    monkeypatch.setattr(secrets, "randbelow", lambda _n: next(seeds))


@pytest.fixture(params=_backends())
def db_url(request: pytest.FixtureRequest, postgres_schema: Callable[[str], str]) -> str:
    """A fresh, empty database for one test."""
    return "sqlite://" if request.param == "sqlite" else postgres_schema("t_")


@pytest.fixture(params=_backends())
def old_url(
    request: pytest.FixtureRequest, tmp_path: Path, postgres_schema: Callable[[str], str]
) -> str:
    """A database at the schema before the migration the test's module tests (its revision
    ``PREVIOUS``), no rows yet: a SQLite file (it outlives the engines each migration opens and
    closes) or a fresh PostgreSQL schema."""
    url = (
        f"sqlite:///{tmp_path / 'old.sqlite3'}"
        if request.param == "sqlite"
        else postgres_schema("m_")
    )
    migrate(url, request.module.PREVIOUS)
    return url


@pytest.fixture
def app(db_url: str):
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": db_url,
            "PUBLIC_URL": "http://table.example:8000",
            # each change shows at once (tests change a game many times a second)
            "FRAGMENT_SECONDS": 0,
        }
    )
    yield app
    app.extensions["atout_engine"].dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def new_game(client):
    """Create a game through the API; returns (id, edit token, full response)."""

    def make(**body: Any) -> tuple[str, str, dict[str, Any]]:
        body.setdefault("variant", "coinche")
        response = client.post("/api/games", json=body)
        assert response.status_code == 201, response.json
        return response.json["id"], response.json["edit_token"], response.json

    return make
