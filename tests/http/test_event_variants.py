"""An event (a club night) is for games of two teams of two: its pairings, standings and board
slips compare the two teams at a table. Every installed variant of another shape (Préférence:
three players, each scored alone) is left out of the new-event page's picker
(test_event_pages), and an event of it is refused, by the form saying why and by the API
naming the variant field too, and nothing is stored."""

from __future__ import annotations

import pytest
from scorepad_helpers import csrf
from sqlalchemy import func, select
from sqlmodel import Session

from framework.rules.plugins import load_variant, variant_names
from scorepad.columns import plays_as_two_teams
from scorepad.models import Event
from scorepad.security import CSRF_FIELD

#: the installed variants that are not games of two teams of two
OTHER_SHAPES = [n for n in variant_names() if not plays_as_two_teams(load_variant(n).info)]
REASON = "an event is for games of two teams of two; choose another variant"


def stored_events(app) -> int:
    with Session(app.extensions["atout_engine"]) as session:
        return int(session.scalar(select(func.count()).select_from(Event)) or 0)


def test_preference_is_a_variant_of_another_shape():
    assert "preference" in OTHER_SHAPES


@pytest.mark.parametrize("name", OTHER_SHAPES)
def test_the_new_event_form_refuses_it_saying_why(app, client, name):
    form = {"name": "Night", "variant": name, "teams": "A\nB", "rounds": "1", "pairing": "swiss"}
    refused = client.post("/events/new", data={CSRF_FIELD: csrf(client), **form})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 422, page[:2000]
    assert REASON in page
    assert stored_events(app) == 0


@pytest.mark.parametrize("name", OTHER_SHAPES)
def test_the_api_refuses_an_event_of_it_naming_the_variant(app, client, name):
    body = {"name": "Soirée", "variant": name, "teams": [{"name": "A"}, {"name": "B"}],
            "rounds": 1, "pairing": "swiss"}  # fmt: skip
    refused = client.post("/api/events", json=body)
    assert refused.status_code == 422, refused.json
    assert refused.json["field"] == "variant" and REASON in str(refused.json), refused.json
    assert stored_events(app) == 0


def test_the_new_event_page_says_which_games_it_does_not_offer(client):
    """The picker leaves a game of another shape out, and the page says so by its title, with
    where to keep its score instead; a game it offers is not in that line."""
    page = client.get("/events/new").get_data(as_text=True)
    line = page.split("data-left-out>", 1)[1].split("</p>", 1)[0]
    assert "as an event&#39;s tables are two teams of two" in line
    assert "Keep their score on a score sheet." in line
    for name in OTHER_SHAPES:
        assert load_variant(name).info.title in line
    offered = [n for n in variant_names() if n not in OTHER_SHAPES]
    assert offered
    for name in offered:
        assert load_variant(name).info.title not in line
    french = client.get("/events/new?lang=fr").get_data(as_text=True)
    assert "Tenez leur score sur une feuille de marque." in french
