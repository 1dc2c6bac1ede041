"""The search bot's calls in a game whose phases follow the auction (Préférence: the talon,
the discard, the contract named, the defenders' whists): each call is valued by the deal
played from that call, never by another level's deal rescored."""

from __future__ import annotations

import variants.preference
from framework.bots import search
from framework.bots.registry import make_bot
from framework.engine.deal import Deal
from framework.engine.infoset import InfoSet
from framework.engine.match import MatchState
from framework.rules.plugins import variant_from_plugins

PREFERENCE = variant_from_plugins("preference", [variants.preference])


def test_each_call_is_played_from_its_own_level(monkeypatch) -> None:
    rules = PREFERENCE.rules("sochi", {})
    deal = Deal.new(
        PREFERENCE,
        rules,
        0,
        seed=1_000_003,
        context=MatchState.start(PREFERENCE, rules, 0).context(),
    )
    deal.apply_call(1, next(c for c in deal.legal_calls(1) if c.kind == "pass"))
    deal.apply_call(2, next(c for c in deal.legal_calls(2) if c.kind == "pass"))
    bids: set[str] = set()
    playout = search.playout

    def spy(trial: Deal) -> Deal:
        if trial.contract is not None and trial.phase == "phases":
            bids.add(trial.contract.extra.get("bid", trial.contract.name or ""))
        return playout(trial)

    monkeypatch.setattr(search, "playout", spy)
    calls = deal.legal_calls(0)
    call = make_bot("search", seed=3, budget=2).choose_call(InfoSet(deal, 0), calls)
    candidates = {c.text for c in search._candidates(calls, levels=1) if c.kind == "bid"}
    assert candidates <= bids  # every bid tried is played out from that bid
    # N's hand here fails every high contract (9NT was the choice when a misère's deal, where
    # nobody whists, was rescored as 9NT made unopposed).
    assert call.text not in {"9NT", "10S", "10C", "10D", "10H"}


def test_the_contracts_compared_when_naming() -> None:
    """The rule bot's contract, the lowest of each kind offered and one level above the rule
    bot's: not every contract offered (some twenty in Préférence, each played out)."""
    from framework.api import Contract, PhaseAction

    def named(code: str, denomination: str, value: int, name: str | None = None) -> PhaseAction:
        return PhaseAction("name", code, code, contract=Contract(denomination, 0, value, name))

    offered = [named(f"{v}{d}", d, v) for d in ("S", "H") for v in (7, 8, 9, 10)]
    offered.append(named("MISERE", "NT", 10, "misere"))
    default = offered[1]  # 8S
    chosen = {a.code for a in search._named(default, [a for a in offered if a != default])}
    assert chosen == {"7S", "9S", "7H", "MISERE"}
