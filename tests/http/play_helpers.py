"""Helpers of the HTTP tests that play a table against the computer: load a table, and the
person's simplest next move as the table's form posts it (a module of its own: every test
directory has a ``conftest``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from framework.core.cards import bits
from scorepad import play as tables
from scorepad.db import get_session


def load_table(app, key: str) -> tables.Table:
    with app.app_context():
        return tables.load(get_session(), key)


def next_move(table: tables.Table, token: str) -> dict[str, Any]:
    """The person's next move, as the form posts it: the next deal once the deal is over, a
    pass in the auction, the first legal action after it (a discard: the hand's first two
    cards), else the first legal card."""
    deal, me = table.deal, table.seat
    data: dict[str, Any] = {"_csrf": token, "deal": str(table.number)}
    data["event"] = str(deal.event_count)
    if deal.is_over:
        data["action"] = "next"
    elif deal.phase == "auction":
        data["call"] = "PASS"
    elif deal.phase == "phases":
        action = deal.legal_actions(me)[0]
        if action.kind == "discard":
            cards = [deal.deck.format(c) for c in bits(deal.hand(me))][:2]
            data |= {"action": "act", "cards": cards}
        else:
            data |= {"action": "act", "value": action.code}
    else:
        data["card"] = deal.deck.format(next(bits(deal.legal_mask())))
    return data


def play_until(app, client, key: str, token: str, done: Callable[[Any], bool]) -> tables.Table:
    """Play the person's seat with :func:`next_move` until ``done(table)``; the table then."""
    for _ in range(2000):
        table = load_table(app, key)
        if done(table):
            return table
        moved = client.post(
            f"/play/{key}/move", data=next_move(table, token), headers={"HX-Request": "true"}
        )
        assert moved.status_code == 200, moved.data[:300]
    raise AssertionError("the table never got there")
