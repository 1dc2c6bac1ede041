"""The toy game of ``toy_game.py`` with one contract kind only, spades trumps (as Hearts plays
one, with no trumps): ``atout legal`` and ``atout trick`` play it when ``--contract`` is left
out (tests/cli/test_cli_contract_kinds.py)."""

from __future__ import annotations

import toy_game

from framework.api import ContractKind, Declaration, Rules, hookimpl


@hookimpl
def atout_bases() -> list[object]:
    return [toy_game]


@hookimpl
def atout_declare() -> Declaration:
    return Declaration(title="Toy with one contract kind")


@hookimpl
def atout_contract_kinds(rules: Rules) -> list[ContractKind]:
    return [ContractKind("S", "spades trumps")]
