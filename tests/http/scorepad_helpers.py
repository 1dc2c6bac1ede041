"""Helpers of the scorepad's HTTP tests (a module of its own: every test directory has a
``conftest``)."""

from __future__ import annotations

import secrets


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


#: a few valid Coinche records and what they score under the default (house) preset
MADE_110 = {"taker": "NS", "bid": 110, "trump": "H", "taker_points": 94, "belote": ["NS"]}
FAILED_110 = {"taker": "NS", "bid": 110, "trump": "H", "taker_points": 30}
EW_80 = {"taker": "EW", "bid": 80, "trump": "S", "taker_points": 100}


def login(client, gid: str, token: str) -> None:
    """Open the edit link in this client (puts the token in its session)."""
    response = client.get(f"/e/{gid}?t={token}")
    assert response.status_code == 303


def csrf(client) -> str:
    """This client's CSRF token (read from a page that has a form)."""
    with client.session_transaction() as session:
        if "csrf" not in session:
            session["csrf"] = secrets.token_urlsafe(24)
        return session["csrf"]
