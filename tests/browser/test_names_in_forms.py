"""The score sheet says the players' and teams' names (390×844): every choice of a seat or a
team in every variant's deal form, the sheet's line of a deal and its preview; a seat letter
only where the table gave no name. The records keep their codes."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_table_screen import PLAYERS, TYPICAL, api, new_game

from framework.rules.schema import CountsField, SeatField, TeamField
from scorepad.games import variant as load

pytestmark = pytest.mark.playwright

CODES = {"N", "E", "S", "W", "NS", "EW"}
NAMES = {*PLAYERS.values(), "Anne & Paul", "Léa & Marc"}


def party_fields(fields, prefix: str = "") -> list[str]:
    """The form names of the fields whose values are seats or teams (items' rows: the first)."""
    out = []
    for f in fields:
        name = prefix + f.name
        if isinstance(f, SeatField | TeamField) or (
            isinstance(f, CountsField) and isinstance(f.of, TeamField)
        ):
            out.append(name)
        if f.subfields:
            out += party_fields(f.subfields, f"{name}-0-")
    return out


@pytest.mark.parametrize("name", sorted(TYPICAL))
def test_every_seat_and_team_choice_of_the_form_says_the_names(phone, server, name):
    v = load(name)
    wanted = party_fields(v.hooks.record_fields(v.rules(v.default_preset)))
    assert wanted, f"{name} asks no seat or team"
    game = new_game(server, name)
    phone.goto(game["urls"]["edit"])
    phone.locator("#deal-form").wait_for()
    for field in wanted:
        box = phone.locator(f"#deal-form [data-field='{field}']")
        expect(box).to_have_count(1)
        said = [
            t.strip()
            for t in box.locator("label.pill > span, option, .count-label").all_text_contents()
        ]
        assert said and not CODES & set(said), (field, said)
        assert NAMES & set(said), (field, said)


@pytest.mark.parametrize("name", ["bela", "bulgarian-belot", "cuatrola"])
def test_the_sheet_line_and_the_preview_say_the_declarers_name(phone, server, name):
    record = dict(TYPICAL[name])
    game = new_game(server, name)
    api(server, f"/api/games/{game['id']}/deals", record, game["edit_token"])
    stored = api(server, f"/api/games/{game['id']}")["deals"][0]["record"]
    assert "N" in stored.values()  # the record keeps the seat's code
    phone.goto(game["urls"]["edit"])
    line = phone.locator("#sheet [data-summary]")
    expect(line).to_contain_text("Anne")
    assert ": N" not in line.inner_text()
    # the last deal's line at the top, too
    expect(phone.locator("[data-last-deal]")).to_contain_text("Anne")
    # a seat without a name keeps its letter
    bare = new_game(server, name, players={**PLAYERS, "N": ""})
    api(server, f"/api/games/{bare['id']}/deals", record, bare["edit_token"])
    phone.goto(bare["urls"]["edit"])
    expect(phone.locator("#sheet [data-summary]")).to_contain_text(": N")
