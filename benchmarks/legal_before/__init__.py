"""The legal-play functions as they were before the step functions (benchmark only).

Issue 13 item 3 rewrote each rule set's ``legal`` and ``explain`` as one step function
(:mod:`framework.steps`) with the promise that the hot path is no slower. To check that in one
run, on one loaded machine, this package keeps the rule modules of commit ``a09db56`` (main
just before the change), unchanged: ``belote``, ``bela``, ``bulgarian``, ``cuatrola``,
``klaverjas``. Nothing outside ``benchmarks/`` imports them.

:func:`old_play_rules` builds a contract's play rules from the old module, with the same
arguments the variant's ``atout_play_rules`` hook passes to the new one; :class:`OldLegal` is a
plugin that makes a loaded variant play with them (``load_variant(name, [OldLegal(name)])``),
so whole deals run on the old functions; :func:`compare` times old and new side by side.

    python benchmarks/kernel_bench.py --compare-legal          # every rule set, about a minute
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kernel_bench import Position, play_deals, sample_positions, time_queries

from framework.api import Contract, PlayRules, Rules, hookimpl, load_variant

from . import bela, belote, bulgarian, cuatrola, klaverjas

#: The variant benchmarked for each rule set (its default preset).
RULE_SETS = {"belote": "coinche", "bela": "bela", "bulgarian": "bulgarian-belot",
             "cuatrola": "cuatrola", "klaverjas": "klaverjas"}


def old_play_rules(rule_set: str, rules: Rules, contract: Contract) -> PlayRules:
    """The play rules of ``contract`` built by the pre-change module of ``rule_set``."""
    den = contract.denomination
    if rule_set == "belote":
        return belote.play_rules(den, rules.undertrump, rules.partner_ruff,
                                 rules.overtrump_partner_on_trump_lead, rules.at_overtake_partner,
                                 rules.at_values)
    if rule_set == "bela":
        return bela.play_rules(den, rules.must_head_led_suit, rules.trump_when_partner_wins,
                               rules.must_undertrump)
    if rule_set == "bulgarian":
        return bulgarian.play_rules(den, rules.overtrump_over_partner)
    if rule_set == "cuatrola":
        return cuatrola.play_rules(cuatrola.SUITS.index(den), rules.cannot_overtrump,
                                   rules.partner_exemption)
    if rule_set == "klaverjas":
        return klaverjas.play_rules(den, rules.trump_partner,
                                    rules.undertrump == "only_if_no_other")
    raise ValueError(f"no rule set {rule_set!r}")


class OldLegal:
    """A plugin placed above a variant: its deals are played with the old legal functions."""

    def __init__(self, rule_set: str) -> None:
        self.rule_set = rule_set

    @hookimpl(tryfirst=True)
    def atout_play_rules(self, rules: Rules, contract: Contract) -> PlayRules:
        return old_play_rules(self.rule_set, rules, contract)


def warm(variant: Any) -> None:
    """Build the play rules of every contract kind once: the first use of a step function
    compiles it (tens of milliseconds, once per process), which a figure per deal must not
    count."""
    rules = variant.rules(None)
    for kind in variant.hooks.contract_kinds(rules):
        try:
            variant.hooks.play_rules(rules, kind.contract(0))
        except Exception:  # a kind the variant does not play (Klaverjas has no NT or AT)
            continue


def positions(rule_set: str, count: int) -> list[tuple[Callable[..., int], Callable[..., int],
                                                         Position]]:
    """``count`` legal-play queries from random deals of the rule set's variant: (new legal,
    old legal, args) each, the same position for both."""
    variant = load_variant(RULE_SETS[rule_set])
    rules = variant.rules(None)
    out = []
    for deal, args in sample_positions(variant, rules, count):
        assert deal.play_rules is not None and deal.contract is not None
        old_legal = old_play_rules(rule_set, rules, deal.contract).legal
        out.append((deal.play_rules.legal, old_legal, args))
    return out


def deals_per_s(variant: Any, deals: int) -> float:
    """Play-only deals per second of ``variant`` (:func:`kernel_bench.play_deals`)."""
    return deals / play_deals(variant, variant.rules(None), deals)


def compare(count: int = 1000, loops: int = 100, repeat: int = 5, deals: int = 500,
            rule_sets: tuple[str, ...] = tuple(RULE_SETS)) -> dict[str, Any]:
    """Old and new legal functions, alternating ``repeat`` times (old first, then new first);
    the best of each kept.

    Per rule set: microseconds per legal query on the same positions (and a check that old
    and new agree on every one), and play-only deals per second of its variant with old and
    new play rules (the same seeds, the same random bots: the same cards are played).
    """
    out: dict[str, Any] = {}
    for rule_set in rule_sets:
        found = positions(rule_set, count)
        for new_legal, old_legal, args in found:
            assert new_legal(*args) == old_legal(*args), (rule_set, args)
        new_calls = [(n, a) for n, _o, a in found]
        old_calls = [(o, a) for _n, o, a in found]
        name = RULE_SETS[rule_set]
        new_variant, old_variant = load_variant(name), load_variant(name, [OldLegal(rule_set)])
        warm(new_variant)
        warm(old_variant)
        q_new, q_old, d_new, d_old = [], [], [], []
        for i in range(repeat):  # old first, then new first: an order effect cancels
            for mode in (("old", "new") if i % 2 == 0 else ("new", "old")):
                if mode == "old":
                    q_old.append(time_queries(old_calls, loops))
                    d_old.append(deals_per_s(old_variant, deals))
                else:
                    q_new.append(time_queries(new_calls, loops))
                    d_new.append(deals_per_s(new_variant, deals))
        out[rule_set] = {
            "us_per_legal_old": round(min(q_old), 4), "us_per_legal_new": round(min(q_new), 4),
            "legal_ratio": round(min(q_new) / min(q_old), 3),
            "deals_per_s_old": round(max(d_old)), "deals_per_s_new": round(max(d_new)),
            "deals_ratio": round(max(d_new) / max(d_old), 3)}
    return out
