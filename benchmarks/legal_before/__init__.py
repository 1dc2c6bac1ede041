"""The legal-play functions as they were before the step functions (benchmark only).

Issue 13 item 3 rewrote each rule set's ``legal`` and ``explain`` as one step function
(:mod:`framework.rules.steps`) with the promise that the hot path is no slower. To check that in one
run, on one loaded machine, :func:`load_baseline` reads the rule modules of a baseline commit
(:data:`BASELINE`, main just before the change) from git history (``git show REV:PATH``) into a
temporary package and imports them: ``belote``, ``bela``, ``bulgarian``, ``cuatrola``,
``klaverjas``, each importing the baseline's ``belote`` where the module imported
``variants.belote.rules``, so the old code runs whole. The benchmarks run from a git checkout
with its history; without git or the revision they refuse (:class:`BaselineError`).

:func:`old_play_rules` builds a contract's play rules from the old module, with the same
arguments the variant's ``atout_play_rules`` hook passes to the new one; :class:`OldLegal` is a
plugin that makes a loaded variant play with them (``load_variant(name, [OldLegal(...)])``),
so whole deals run on the old functions; :func:`compare` times old and new side by side.

    python benchmarks/kernel_bench.py --compare-legal [--baseline REV]   # about a minute
"""

from __future__ import annotations

import atexit
import importlib
import importlib.util
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from kernel_bench import Position, play_deals, sample_positions, time_queries

from framework.api import Contract, PlayRules, Rules, hookimpl, load_variant

#: The commit whose rule modules are "before": main just before legal plays became steps.
BASELINE = "a09db56"
#: The variant benchmarked for each rule set (its default preset).
RULE_SETS = {
    "belote": "coinche",
    "bela": "bela",
    "bulgarian": "bulgarian-belot",
    "cuatrola": "cuatrola",
    "klaverjas": "klaverjas",
}
#: Each rule set's module: its file in the repository, the name it is imported by.
SOURCES = {
    "belote": ("variants/belote/rules.py", "variants.belote.rules"),
    "bela": ("variants/bela/rules.py", "variants.bela.rules"),
    "bulgarian": ("variants/bulgarian/rules.py", "variants.bulgarian.rules"),
    "cuatrola": ("variants/cuatrola/rules.py", "variants.cuatrola.rules"),
    "klaverjas": ("examples/klaverjas/atout_klaverjas/rules.py", "atout_klaverjas.rules"),
}
ROOT = Path(__file__).resolve().parents[2]

Baseline = Mapping[str, ModuleType]


class BaselineError(Exception):
    """The baseline's rule modules cannot be read from git; the message is one line."""


def _git(*args: str) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True)
    except FileNotFoundError:
        raise BaselineError(
            "git is not installed: the baseline rule modules are read from git history"
        ) from None


def _reason(done: subprocess.CompletedProcess[str]) -> str:
    lines = done.stderr.strip().splitlines()
    return lines[-1] if lines else "unknown revision"


_loaded: dict[str, Baseline] = {}


def load_baseline(rev: str = BASELINE) -> Baseline:
    """The rule modules of commit ``rev`` by rule set, imported from a temporary package (removed
    when the process ends; loaded once per commit)."""
    done = _git("rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    if done.returncode:
        raise BaselineError(
            f"baseline {rev!r}: {_reason(done)} (in {ROOT}; a git checkout with "
            f"its history is needed)"
        )
    sha = done.stdout.strip()
    if sha in _loaded:
        return _loaded[sha]
    package = f"legal_baseline_{sha[:12]}"
    folder = Path(tempfile.mkdtemp(prefix="atout-baseline-")) / package
    atexit.register(shutil.rmtree, folder.parent, True)
    folder.mkdir()
    (folder / "__init__.py").write_text(f'"""Rule modules of {sha}."""\n')
    for name, (path, _module) in SOURCES.items():
        done = _git("show", f"{sha}:{path}")
        if done.returncode:
            raise BaselineError(f"baseline {rev!r} has no {path}: {_reason(done)}")
        source = done.stdout
        for other, (_path, module) in SOURCES.items():  # the baseline's modules, not today's
            source = source.replace(f"from {module} import", f"from .{other} import")
        (folder / f"{name}.py").write_text(source)
    spec = importlib.util.spec_from_file_location(
        package, folder / "__init__.py", submodule_search_locations=[str(folder)]
    )
    assert spec is not None and spec.loader is not None
    sys.modules[package] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sys.modules[package])
    _loaded[sha] = {name: importlib.import_module(f"{package}.{name}") for name in SOURCES}
    return _loaded[sha]


def old_play_rules(old: Baseline, rule_set: str, rules: Rules, contract: Contract) -> PlayRules:
    """The play rules of ``contract`` built by the baseline module of ``rule_set``."""
    den = contract.denomination
    module = old[rule_set]
    if rule_set == "belote":
        return module.play_rules(
            den,
            rules.undertrump,
            rules.partner_ruff,
            rules.overtrump_partner_on_trump_lead,
            rules.at_overtake_partner,
            rules.at_values,
        )
    if rule_set == "bela":
        return module.play_rules(
            den, rules.must_head_led_suit, rules.trump_when_partner_wins, rules.must_undertrump
        )
    if rule_set == "bulgarian":
        return module.play_rules(den, rules.overtrump_over_partner)
    if rule_set == "cuatrola":
        return module.play_rules(
            module.SUITS.index(den), rules.cannot_overtrump, rules.partner_exemption
        )
    if rule_set == "klaverjas":
        return module.play_rules(den, rules.trump_partner, rules.undertrump == "only_if_no_other")
    raise ValueError(f"no rule set {rule_set!r}")


class OldLegal:
    """A plugin placed above a variant: its deals are played with the old legal functions."""

    def __init__(self, old: Baseline, rule_set: str) -> None:
        self.old = old
        self.rule_set = rule_set

    @hookimpl(tryfirst=True)
    def atout_play_rules(self, rules: Rules, contract: Contract) -> PlayRules:
        return old_play_rules(self.old, self.rule_set, rules, contract)


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


def positions(
    old: Baseline, rule_set: str, count: int
) -> list[tuple[Callable[..., int], Callable[..., int], Position]]:
    """``count`` legal-play queries from random deals of the rule set's variant: (new legal,
    old legal, args) each, the same position for both."""
    variant = load_variant(RULE_SETS[rule_set])
    rules = variant.rules(None)
    out = []
    for deal, args in sample_positions(variant, rules, count):
        assert deal.play_rules is not None and deal.contract is not None
        old_legal = old_play_rules(old, rule_set, rules, deal.contract).legal
        out.append((deal.play_rules.legal, old_legal, args))
    return out


def deals_per_s(variant: Any, deals: int) -> float:
    """Play-only deals per second of ``variant`` (:func:`kernel_bench.play_deals`)."""
    return deals / play_deals(variant, variant.rules(None), deals)


def compare(
    old: Baseline,
    count: int = 1000,
    loops: int = 100,
    repeat: int = 5,
    deals: int = 500,
    rule_sets: tuple[str, ...] = tuple(RULE_SETS),
) -> dict[str, Any]:
    """Old (``old``, from :func:`load_baseline`) and new legal functions, alternating
    ``repeat`` times (old first, then new first); the best of each kept.

    Per rule set: microseconds per legal query on the same positions (and a check that old
    and new agree on every one), and play-only deals per second of its variant with old and
    new play rules (the same seeds, the same random bots: the same cards are played).
    """
    out: dict[str, Any] = {}
    for rule_set in rule_sets:
        found = positions(old, rule_set, count)
        for new_legal, old_legal, args in found:
            assert new_legal(*args) == old_legal(*args), (rule_set, args)
        new_calls = [(n, a) for n, _o, a in found]
        old_calls = [(o, a) for _n, o, a in found]
        name = RULE_SETS[rule_set]
        new_variant = load_variant(name)
        old_variant = load_variant(name, [OldLegal(old, rule_set)])
        warm(new_variant)
        warm(old_variant)
        q_new, q_old, d_new, d_old = [], [], [], []
        for i in range(repeat):  # old first, then new first: an order effect cancels
            for mode in ("old", "new") if i % 2 == 0 else ("new", "old"):
                if mode == "old":
                    q_old.append(time_queries(old_calls, loops))
                    d_old.append(deals_per_s(old_variant, deals))
                else:
                    q_new.append(time_queries(new_calls, loops))
                    d_new.append(deals_per_s(new_variant, deals))
        out[rule_set] = {
            "us_per_legal_old": round(min(q_old), 4),
            "us_per_legal_new": round(min(q_new), 4),
            "legal_ratio": round(min(q_new) / min(q_old), 3),
            "deals_per_s_old": round(max(d_old)),
            "deals_per_s_new": round(max(d_new)),
            "deals_ratio": round(max(d_new) / max(d_old), 3),
        }
    return out
