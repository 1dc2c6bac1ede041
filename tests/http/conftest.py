"""Fixtures of the scorepad's HTTP tests (flaskr's pattern).

``app`` runs on an in-memory SQLite database and, when ``ATOUT_TEST_POSTGRES`` holds a
PostgreSQL URL, once more on a fresh schema of that server (tests are then generated for both;
without the variable only SQLite ones exist). Its test client checks every response to a route
of the OpenAPI document against it (:mod:`openapi_check`).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from openapi_check import CheckedClient
from sqlalchemy import create_engine, text

from scorepad import create_app
from scorepad.db import normalize_url

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


@pytest.fixture(params=_backends())
def db_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh, empty database for one test."""
    if request.param == "sqlite":
        yield "sqlite://"
        return
    url = normalize_url(POSTGRES)
    schema = "t_" + secrets.token_hex(6)
    admin = create_engine(url)
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    sep = "&" if "?" in url else "?"
    try:
        yield f"{url}{sep}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture
def app(db_url: str):
    app = create_app({"TESTING": True, "DATABASE_URL": db_url,
                      "PUBLIC_URL": "http://table.example:8000"})
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
