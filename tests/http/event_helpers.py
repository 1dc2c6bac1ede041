"""Driving an event through its pages, as a director's browser does: the new-event form, the
director's page and its forms, the table cards (the tables' edit links)."""

from __future__ import annotations

import re
from typing import Any

from scorepad_helpers import csrf

from scorepad.security import CSRF_FIELD

#: a deal of Coinche per kind of result at a table (NS's and EW's points differ)
DEALS = {
    "ns": {"taker": "NS", "bid": 110, "trump": "H", "taker_points": 94, "belote": ["NS"]},
    "ew": {"taker": "EW", "bid": 80, "trump": "S", "taker_points": 100},
    "out": {"thrown_in": True},
}


class Director:
    """An event made on the new-event form, run from its director's page."""

    def __init__(self, client, teams: list[str], **form: str) -> None:
        self.client = client
        fields = {
            "name": "Club night",
            "variant": "coinche",
            "teams": "\n".join(teams),
            "rounds": "3",
            "pairing": "swiss",
            "match_deals": "2",
            **form,
        }
        made = client.post("/events/new", data={CSRF_FIELD: csrf(client), **fields})
        assert made.status_code == 303, made.get_data(as_text=True)[:2000]
        where = made.headers["Location"]
        found = re.search(r"/events/([^/]+)/director\?t=([^&]+)", where)
        assert found, where
        self.eid, self.token = found[1], found[2]

    def post(self, action: str, **form: Any):
        return self.client.post(
            f"/events/{self.eid}/{action}",
            data={CSRF_FIELD: csrf(self.client), "t": self.token, **form},
        )

    def page(self) -> str:
        response = self.client.get(f"/events/{self.eid}/director?t={self.token}")
        assert response.status_code == 200
        return response.get_data(as_text=True)

    def start(self, number: int) -> None:
        response = self.post("director/start", round=str(number))
        assert response.status_code == 200, done(response)

    def cards(self) -> dict[int, tuple[str, str]]:
        """Print the table cards: each table's game id and edit token, by table number."""
        response = self.post("cards")
        assert response.status_code == 200
        page = response.get_data(as_text=True)
        tables = {}
        for number, link in re.findall(
            r'data-card="(\d+)".*?data-edit-link>([^<]+)<', page, flags=re.S
        ):
            gid, token = re.search(r"/e/([^?]+)\?t=(.+)$", link.replace("&amp;", "&")).groups()
            tables[int(number)] = (gid, token)
        return tables

    def api(self) -> dict[str, Any]:
        response = self.client.get(f"/events/{self.eid}/export.json")
        assert response.status_code == 200
        return response.json


def done(response) -> str:
    """What the director's page says the last action did."""
    found = re.search(r"data-done>([^<]*)<", response.get_data(as_text=True))
    return found[1] if found else ""
