"""The play table asks whether to announce (issue 21, item 6) on a phone (390×844): where the
variant lets a player keep a combination quiet (the belote family: "an undeclared combination
scores nothing"), the person's first card comes with "Announce your tierce?" Yes / No. The
question fits the screen with the hand, answering it and playing the card goes on, and the
announcement is then shown once, at the person's place."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from test_play_auction_screen import inside, play_until, state, tap_and_wait

pytestmark = pytest.mark.playwright

QUESTION = re.compile(r"Announce your (.+)\?")


def playable(page: Page):
    return page.locator("[data-card]:not([aria-disabled=true])").first


def to_the_question(page: Page, server: str, name: str, limit: int = 600) -> None:
    """Play on (passing, the first playable card, the next deal) until the person is asked
    whether to announce, with their first card."""
    play_until(
        page,
        server,
        name,
        lambda p, phase, mine: (
            phase == "play" and mine == "true" and p.locator("[data-announce-choice]").count() > 0
        ),
        "asked whether to announce",
        limit,
    )


def said_at_my_place(page: Page) -> str:
    """What the table shows to the eyes, the other places and what they did since left out
    (another seat may announce the same kind): the person's place, the status, the hand, the
    rest of the page."""
    return page.locator("[data-table]").evaluate(
        "t => { const c = t.cloneNode(true);"
        " c.querySelectorAll('.visually-hidden, [hidden], details:not([open]) > :not(summary),"
        " [data-seat]:not(.seat-bottom), [data-since]').forEach(e => e.remove());"
        " return c.textContent; }"
    )


def shown_once(page: Page, words: list[str]) -> None:
    """Each announced combination is at the person's place once, and said nowhere else."""
    mine = page.locator(".seat-bottom [data-announcement]")
    expect(mine).to_have_count(len(words))
    text = said_at_my_place(page)
    for said in words:
        assert text.count(said) == 1, (said, text)


@pytest.mark.parametrize("name", ["coinche"])  # French Belote announces only with a house rule
def test_the_person_is_asked_whether_to_announce_and_the_announcement_is_shown_once(
    phone, server, name
):
    to_the_question(phone, server, name)
    questions = phone.locator("[data-announce-choice]")
    words = [
        QUESTION.fullmatch(questions.nth(i).locator("legend").inner_text()).group(1)
        for i in range(questions.count())
    ]
    # the question fits one screen with the whole hand, nothing sideways
    assert inside(phone, questions) == [], "a question is off screen"
    assert inside(phone, phone.locator("[data-card]")) == [], "a card is off screen"
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    # answered: No, then Yes after all (each a tap on its words), then the card
    for i in range(questions.count()):
        question = questions.nth(i)
        question.get_by_text("No", exact=True).tap()
        expect(question.locator("input[value=no]")).to_be_checked()
        question.get_by_text("Yes", exact=True).tap()
        expect(question.locator("input[value=yes]")).to_be_checked()
    card = playable(phone).get_attribute("data-card")
    tap_and_wait(phone, playable(phone))
    expect(phone.locator("[data-announce-choice]")).to_have_count(0)
    expect(phone.locator(f"[data-card='{card}']")).to_have_count(0)  # it left the hand
    # the bots played on to the person's next card: the first trick is over, the best
    # combinations shown (their cards on the table), each still once, in place of its words
    assert state(phone)[2:] == ("play", "true")
    shown_once(phone, words)
