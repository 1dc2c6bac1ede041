"""``atout duel``: two bots compared on duplicate deals, and the parallel runner it shares
with ``atout simulate``.

Duplicate deals cancel the luck of the cards: each of the ``--deals N`` deals (N counts pairs)
is played twice from the same shuffled deck and dealer, bot A holding the North–South seats the
first time and the East–West seats the second. Each deal is scored as the first deal of a match
(a fixed context: totals 0–0, no pot), so every pair is independent. The margin of a pair is the
mean, over its two deals, of A's score-sheet points minus B's; the command reports the mean
margin over the pairs with a 95% confidence interval (normal approximation: mean ± 1.96 times
the standard error of the pair margins), the contracts each bot's team took and made, and the
milliseconds of CPU time bot A spent per decision (mean and 95th percentile; CPU time, so
other work on the machine does not count).

That is a game of two fixed teams (a variant whose score columns are the teams ``NS`` and
``EW``). In any other game the sides change from deal to deal, so a "pair" is the same deal
played once per seat: bot A takes each seat in turn, bot B the remaining seats. A deal's
margin is A's points as a player less the mean of B's players' points, a player's points
being the deal's settlement when the variant settles (``atout_settle`` of the deal's points,
as if the match ended after it) and otherwise the sum of the score columns of the player's
group (or keyed by the seat's name); the pair's margin is the mean over its deals.

Every pair is seeded on its own (the deck from ``seed`` and the pair's number, each bot from the
pair, the seat and the deal), so ``--jobs`` only spreads the pairs over worker processes: the
result is the same for any number of jobs (the timings aside).

JSON (``--json``)::

    {"variant": "cuatrola", "preset": "app", "bot": "search", "against": "rules",
     "deals": 500, "margin": 0.02, "ci95": [-0.05, 0.09],
     "contracts": {"rules": {"taken": 432, "made": 63}, "search": {"taken": 568, "made": 122}},
     "decision_ms": {"mean": 33.07, "p95": 106.86}}

When A and B are the same bot, ``contracts`` has one key.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import click

from framework.app.cli_params import (
    AS_JSON,
    SEED,
    check_bot,
    help_text,
    jobs_option,
    load_rules,
    variant_options,
    whole_number_option,
)
from framework.app.language import say
from framework.bots.base import Bot, play_out
from framework.bots.registry import make_bot
from framework.core.messages import KERNEL, Number
from framework.core.options import Rules
from framework.core.seats import TEAMS
from framework.engine.deal import Deal
from framework.engine.deal_log import deal_line
from framework.engine.infoset import InfoSet
from framework.engine.match import MatchState
from framework.rules.plugins import Variant, load_variant
from framework.rules.scoring import DealScore

__all__ = [
    "DuelResult",
    "PairResult",
    "duel",
    "match_sides",
    "parallel_map",
    "play_pair",
    "run_duel",
    "run_simulation",
]

_ = KERNEL.message
_n = KERNEL.plural
_np = KERNEL.contextual_plural

T = TypeVar("T")
R = TypeVar("R")


# ---- the parallel runner -------------------------------------------------------------------

_WORKER: dict[str, Any] = {}


def _call_worker(item: Any) -> Any:
    fn = _WORKER["fn"]
    return fn(item)


def _init_worker(fn: Callable[[Any], Any]) -> None:
    _WORKER["fn"] = fn


def parallel_map(fn: Callable[[T], R], items: Sequence[T], jobs: int) -> Iterator[R]:
    """``fn`` over ``items`` in ``jobs`` worker processes (1: in this process), results in the
    order of ``items``. ``fn`` must be a module-level function (it is sent to the workers)."""
    if jobs <= 1 or len(items) <= 1:
        for item in items:
            yield fn(item)
        return
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ctx.Pool(min(jobs, len(items)), initializer=_init_worker, initargs=(fn,)) as pool:
        yield from pool.imap(_call_worker, items, chunksize=1)


class Progress:
    """A one-line progress bar on stderr, only when stderr is a terminal (nothing when piped
    or when ``enabled`` is False), its words said by ``say`` (the command's language)."""

    def __init__(
        self, total: int, label: str, enabled: bool = True, say: Callable[[object], str] = str
    ) -> None:
        self.total = total
        self.label = label
        self.enabled = enabled and sys.stderr.isatty()
        self.say = say
        self.done = 0
        self.started = time.perf_counter()

    def step(self, count: int = 1, note: str = "") -> None:
        self.done += count
        if not self.enabled:
            return
        elapsed = time.perf_counter() - self.started
        rate = self.done / elapsed if elapsed > 0 else 0.0
        width = 24
        filled = int(width * self.done / max(1, self.total))
        bar = "#" * filled + "-" * (width - filled)
        line = _(
            "{label} [{bar}] {done}/{total} {rate}/s {note}",
            label=self.label,
            bar=bar,
            done=self.done,
            total=self.total,
            rate=Number(rate, 1),
            note=note,
        )
        sys.stderr.write(f"\r{self.say(line)}\x1b[K")
        sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


# ---- duplicate pairs -----------------------------------------------------------------------


class _Timed(Bot):
    """A bot whose decisions are timed in CPU time (``time.process_time``, the time the
    deciding process spent), so a loaded machine does not inflate the figures."""

    def __init__(self, inner: Bot, times: list[float]) -> None:
        self.inner = inner
        self.name = inner.name
        self.times = times

    def choose_call(self, info: InfoSet, calls: Sequence[Any]) -> Any:
        start = time.process_time()
        call = self.inner.choose_call(info, calls)
        self.times.append(time.process_time() - start)
        return call

    def choose_action(self, info: InfoSet, actions: Sequence[Any]) -> Any:
        start = time.process_time()
        action = self.inner.choose_action(info, actions)
        self.times.append(time.process_time() - start)
        return action

    def choose_card(self, info: InfoSet, legal: int) -> int:
        start = time.process_time()
        card = self.inner.choose_card(info, legal)
        self.times.append(time.process_time() - start)
        return card


@dataclass(frozen=True)
class RulesSpec:
    """The game a worker process plays, as it travels to it: the variant's name and its rules'
    :meth:`Rules.to_json` snapshot."""

    variant: str
    rules: dict[str, Any]

    def load(self) -> tuple[Variant, Rules]:
        """The variant and its rules, each one object per process (see :func:`_rules`)."""
        variant = _variant(self.variant)
        return variant, _rules(variant, self.rules)


@dataclass(frozen=True)
class PairSpec(RulesSpec):
    """One pair of a duel: what a worker needs to play it."""

    bot: str
    against: str
    seed: int
    number: int
    budget: int | None


@dataclass(frozen=True)
class PairResult:
    """The two deals of a pair.

    :param margin: mean over the pair's deals (two; one per seat when the sides change) of A's
        points minus B's.
    :param taken: contracts taken by A's team and by B's team (all the pair's deals).
    :param made: contracts made by A's team and by B's team.
    :param times: A's decision times in seconds.
    """

    margin: float
    taken: tuple[int, int]
    made: tuple[int, int]
    times: tuple[float, ...]


_VARIANTS: dict[str, Variant] = {}
_RULES: dict[tuple[str, str], Rules] = {}


def _variant(name: str) -> Variant:
    found = _VARIANTS.get(name)
    if found is None:
        found = _VARIANTS[name] = load_variant(name)
    return found


def _rules(variant: Variant, data: dict[str, Any]) -> Rules:
    """The rules of a pair or a block: one object per process for the same rules. The hooks
    keep their answers per rules (the deal pattern, the play rules) and find the same object
    at once, where equal rules made again per block or pair are compared on every deal."""
    key = (variant.name, json.dumps(data, sort_keys=True))
    found = _RULES.get(key)
    if found is None:
        found = _RULES[key] = variant.rules_from_json(data)
    return found


def play_pair(spec: PairSpec) -> PairResult:
    """Play pair ``spec.number`` of a duel: the same deck twice, A at NS then at EW (in a game
    whose sides change: the same deck once per seat, A at that seat, B at the others)."""
    variant, rules = spec.load()
    table = variant.table(rules)
    seats = range(len(table.seats))
    if table.scores_teams:
        teams = [tuple(s for s in seats if s % 2 == team) for team in (0, 1)]
        return _play_seatings(spec, variant, rules, teams, _team_margin)
    # A at each seat that plays the deal (a seat that sits out of it plays nothing).
    out = variant.hooks.deal_pattern(rules).out_of(spec.number % len(seats), len(seats))
    players = [(seat,) for seat in seats if seat != out]
    return _play_seatings(spec, variant, rules, players, _player_margin)


#: A's margin in one deal of a pair: (variant, rules, the deal's score, A's seats) -> margin
Margin = Callable[[Variant, Rules, DealScore, tuple[int, ...]], float]


def _team_margin(variant: Variant, rules: Rules, score: DealScore, seats: tuple[int, ...]) -> float:
    """A's team's points less B's."""
    ours = seats[0] % 2
    return score.points[TEAMS[ours]] - score.points[TEAMS[1 - ours]]


def _player_margin(
    variant: Variant, rules: Rules, score: DealScore, seats: tuple[int, ...]
) -> float:
    """A's points as a player less the mean of the others'."""
    points = variant.player_points(rules, score.points)
    others = [p for seat, p in enumerate(points) if seat not in seats]
    return points[seats[0]] - sum(others) / len(others)


def _play_seatings(
    spec: PairSpec,
    variant: Variant,
    rules: Rules,
    seatings: Sequence[tuple[int, ...]],
    margin: Margin,
) -> PairResult:
    """The same deck and dealer once per seating (A's seats, B at the others), each deal a
    match's first (the deal's own context: every score column at 0, no pot); the pair's
    margin is the mean of the deals' ``margin``."""
    seats = len(variant.table(rules).seats)
    dealer = spec.number % seats
    deal_seed = spec.seed * 1_000_003 + spec.number
    times: list[float] = []
    margins = []
    taken = [0, 0]
    made = [0, 0]
    for ours in seatings:
        bots: list[Bot] = []
        for seat in range(seats):
            bot_seed = deal_seed * seats + seat  # the same bot at a seat in every deal
            if seat in ours:
                bots.append(_Timed(make_bot(spec.bot, bot_seed, budget=spec.budget), times))
            else:
                bots.append(make_bot(spec.against, bot_seed, budget=spec.budget))
        deal = Deal.new(variant, rules, dealer, seed=deal_seed)
        play_out(deal, bots)
        score = deal.score()
        margins.append(margin(variant, rules, score, ours))
        contract = deal.contract
        kind = None if contract is None else variant.hooks.contract_kind(rules, contract)
        if contract is not None and (kind is None or kind.has_taker):  # (a kind nobody takes)
            side = 0 if contract.taker in ours else 1
            taken[side] += 1
            if score.made:
                made[side] += 1
    return PairResult(
        statistics.fmean(margins), (taken[0], taken[1]), (made[0], made[1]), tuple(times)
    )


def match_sides(variant: Variant, rules: Rules) -> tuple[str, ...]:
    """What wins a match of ``variant`` under ``rules``: the groups of its score columns
    (players), or the columns themselves when they have no groups (the teams)."""
    columns = variant.table(rules).score_columns
    groups = tuple(dict.fromkeys(c.group for c in columns if c.group))
    return groups or tuple(c.key for c in columns)


@dataclass(frozen=True)
class DuelResult:
    """A whole duel, as ``atout duel --json`` prints it (:meth:`to_json`)."""

    variant: str
    preset: str
    bot: str
    against: str
    pairs: tuple[PairResult, ...]

    @property
    def margin(self) -> float:
        return statistics.fmean(p.margin for p in self.pairs)

    @property
    def ci95(self) -> tuple[float, float]:
        n = len(self.pairs)
        if n < 2:
            return (self.margin, self.margin)
        half = 1.96 * statistics.stdev(p.margin for p in self.pairs) / math.sqrt(n)
        return (self.margin - half, self.margin + half)

    def to_json(self) -> dict[str, Any]:
        taken = [sum(p.taken[i] for p in self.pairs) for i in (0, 1)]
        made = [sum(p.made[i] for p in self.pairs) for i in (0, 1)]
        contracts = {
            self.against: {"taken": taken[1], "made": made[1]},
            self.bot: {"taken": taken[0], "made": made[0]},
        }
        if self.bot == self.against:
            contracts = {self.bot: {"taken": taken[0] + taken[1], "made": made[0] + made[1]}}
        times = sorted(t for p in self.pairs for t in p.times)
        mean = statistics.fmean(times) * 1000 if times else 0.0
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))] * 1000 if times else 0.0
        lo, hi = self.ci95
        return {
            "variant": self.variant,
            "preset": self.preset,
            "bot": self.bot,
            "against": self.against,
            "deals": len(self.pairs),
            "margin": round(self.margin, 2),
            "ci95": [round(lo, 2), round(hi, 2)],
            "contracts": contracts,
            "decision_ms": {"mean": round(mean, 2), "p95": round(p95, 2)},
        }


def run_duel(
    variant: Variant,
    rules_json: dict[str, Any],
    bot: str,
    against: str,
    deals: int,
    seed: int,
    jobs: int,
    budget: int | None = None,
    progress: Progress | None = None,
) -> DuelResult:
    """Play ``deals`` duplicate pairs of ``bot`` against ``against`` under the rules
    ``rules_json`` (a :meth:`Rules.to_json` snapshot)."""
    specs = [
        PairSpec(variant.name, rules_json, bot, against, seed, n, budget) for n in range(deals)
    ]
    results: list[PairResult] = []
    for result in parallel_map(play_pair, specs, jobs):
        results.append(result)
        if progress is not None:
            mean = statistics.fmean(r.margin for r in results)
            progress.step(note=_("margin {margin}", margin=Number(mean, 1, sign=True)))
    if progress is not None:
        progress.close()
    return DuelResult(variant.name, str(rules_json.get("preset")), bot, against, tuple(results))


@click.command(
    help=help_text(
        _("Compare two bots on duplicate deals: the margin of --bot over --against per deal.")
    )
)
@variant_options
@click.option("--bot", "bot", required=True, help=help_text(_("Bot A, the one measured.")))
@click.option("--against", "against", required=True, help=help_text(_("Bot B.")))
@whole_number_option(
    "--deals",
    "-n",
    bounds=(1, 10**6),
    default=100,
    help=_("Duplicate pairs to play (each deal is played twice, seats swapped)."),
)
@SEED
@jobs_option(
    None, _("Worker processes (default: the machine's cores); the result does not depend on it.")
)
@whole_number_option(
    "--budget",
    bounds=(1, 10**4),
    help=_("The search bot's sampled deals per decision (default: its own)."),
)
@AS_JSON
def duel(
    variant_name: str,
    bot: str,
    against: str,
    preset: str | None,
    overrides: tuple[str, ...],
    deals: int,
    seed: int,
    jobs: int | None,
    budget: int | None,
    as_json: bool,
) -> None:
    check_bot(bot, "--bot")
    check_bot(against, "--against")
    variant, rules = load_rules(variant_name, preset, overrides)
    progress = Progress(
        deals,
        _("{variant} {bot} v {against}", variant=variant.name, bot=bot, against=against),
        enabled=not as_json,
        say=say,
    )
    result = run_duel(
        variant,
        rules.to_json(),
        bot,
        against,
        deals,
        seed,
        jobs or os.cpu_count() or 1,
        budget,
        progress,
    )
    data = result.to_json()
    lines = _duel_lines(f"{variant.name}/{rules.preset}", seed, data)
    click.echo(json.dumps(data) if as_json else "\n".join(say(line) for line in lines))


def _duel_lines(game: str, seed: int, data: dict[str, Any]) -> list[str]:
    """What ``atout duel`` prints from its JSON ``data``: the match-up, the margin, each bot's
    contracts, the time per decision. Each count is its own plural (French "1 contrat pris",
    Russian "взято 2 контракта"), its words agreeing with contracts, not deals."""
    bot, against = data["bot"], data["against"]
    lo, hi = data["ci95"]
    margin, low, high = (
        Number(data["margin"], 1, sign=True),
        Number(lo, 1, sign=True),
        Number(hi, 1, sign=True),
    )
    lines: list[str] = [
        _n(
            "{game}: {bot} against {against}, {n} duplicate pair, seed {seed}",
            "{game}: {bot} against {against}, {n} duplicate pairs, seed {seed}",
            game=game,
            bot=bot,
            against=against,
            n=data["deals"],
            seed=str(seed),
        ),
        _(
            "margin {margin} points per deal (95% CI {low} .. {high})",
            margin=margin,
            low=low,
            high=high,
        ),
    ]
    for name, c in data["contracts"].items():
        lines.append(
            _(
                "{bot}: {taken}, {made}",
                bot=name,
                taken=_n("{n} contract taken", "{n} contracts taken", n=c["taken"]),
                made=_np("contracts", "{n} made", "{n} made", n=c["made"]),
            )
        )
    mean, p95 = Number(data["decision_ms"]["mean"], 1), Number(data["decision_ms"]["p95"], 1)
    lines.append(
        _("{bot}: {mean} ms per decision (95th percentile {p95} ms)", bot=bot, mean=mean, p95=p95)
    )
    return lines


# ---- atout simulate's blocks -----------------------------------------------------------------

#: ``atout simulate`` plays its deals in blocks of this many deals, a fresh match starting at
#: each block (as well as when a match ends), so blocks run in parallel with the same result.
SIMULATE_BLOCK = 250


@dataclass(frozen=True)
class BlockSpec(RulesSpec):
    """Deals ``start`` to ``start + count - 1`` of a simulation."""

    bot: str
    seed: int
    start: int
    count: int
    records: bool


def simulate_block(spec: BlockSpec) -> dict[str, Any]:
    """Play one block of ``atout simulate``: matches in sequence from a fresh one; deal ``n``
    is shuffled with seed ``seed * 1_000_003 + n`` and the bots are seeded from ``seed``.

    :return: the block's counts, and its deals as JSON lines when ``spec.records``.
    """

    variant, rules = spec.load()
    table = variant.table(rules)
    seats = range(len(table.seats))
    bots = [make_bot(spec.bot, spec.seed * 4 + i + spec.start * 8) for i in seats]
    # Where the match stands and its scores so far: what Match.add keeps, less the records
    # (a block reads none back): a Match costs about 5,000 instructions to make (callgrind),
    # and a random Coinche match ends after 1.3 deals.
    state = MatchState.start(variant, rules)
    # A fresh match's state per first dealer, made once: states are immutable, and a random
    # Coinche match ends every 1.3 deals (callgrind, simulate: about 1,300 instructions a deal).
    starts = [MatchState.start(variant, rules, dealer) for dealer in seats]
    scores: list[DealScore] = []
    alone = rules.deals_alone
    # The counts as local variables until the block's end (the loop runs once a deal).
    thrown_in = made = failed = matches = ns = ew = 0
    teams = table.scores_teams  # (else the points by column)
    by_column = dict.fromkeys(table.column_keys, 0)
    match_wins = dict.fromkeys(match_sides(variant, rules), 0)
    settlement = dict.fromkeys(table.seats, 0)
    lines: list[dict[str, Any]] = []
    for n in range(spec.start, spec.start + spec.count):
        deal = Deal.new(
            variant,
            rules,
            state.dealer,
            seed=spec.seed * 1_000_003 + n,
            context=state.context(alone),
        )
        play_out(deal, bots)
        if deal.contract is None:
            thrown_in += 1
        # Match.add's steps: the engine's own record, scored in the deal's context.
        record, result = state.check_played(deal)
        scores.append(result)
        state = state.after(variant, rules, result, scores)
        if spec.records:
            lines.append(deal_line(deal, n + 1, record, result, seed=spec.seed * 1_000_003 + n))
        if result.made is True:
            made += 1
        elif result.made is False:
            failed += 1
        points = result.points
        if teams:
            ns += points["NS"]  # TEAMS, unrolled
            ew += points["EW"]
        else:
            for column, value in points.items():
                by_column[column] += value
        outcome = state.outcome
        if outcome.over:
            matches += 1
            if outcome.winner:
                match_wins[outcome.winner] = match_wins.get(outcome.winner, 0) + 1
            for seat, value in outcome.settlement.items():
                settlement[seat] += value
            state = starts[state.dealer]
            scores = []
    return {
        "thrown_in": thrown_in,
        "made": made,
        "failed": failed,
        "points": {"NS": ns, "EW": ew} if teams else by_column,
        "matches": matches,
        "match_wins": match_wins,
        "settlement": settlement,
        "lines": lines,
        "count": spec.count,
    }


def run_simulation(
    variant: Variant,
    rules_json: dict[str, Any],
    bot: str,
    deals: int,
    seed: int,
    jobs: int,
    records: bool = False,
    progress: Progress | None = None,
) -> Iterator[dict[str, Any]]:
    """The blocks of a simulation, in order (see :func:`simulate_block`)."""
    specs = [
        BlockSpec(
            variant.name, rules_json, bot, seed, start, min(SIMULATE_BLOCK, deals - start), records
        )
        for start in range(0, deals, SIMULATE_BLOCK)
    ]
    for block in parallel_map(simulate_block, specs, jobs):
        if progress is not None:
            progress.step(block["count"], _("deals"))
        yield block
    if progress is not None:
        progress.close()
