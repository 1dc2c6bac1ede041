"""``atout score``, ``simulate`` and ``duel`` on a game scored per player (issue 20, item 4):
totals by score column, the settlement at the match's end, and a duel whose engines take each
seat in turn. The game is ``tests/unit/toy_pools.py``, installed as ``toy-pools``."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ATOUT = shutil.which("atout", path=str(Path(sys.executable).parent)) or "atout"

KEYS = [f"{seat}.{kind}" for seat in "NESW" for kind in ("pool", "mountain")]
SHEET = [
    {"taker": "NS", "taker_points": 30},
    {"taker": "EW", "taker_points": 10},
    {"taker": "EW", "taker_points": 40},
    {"taker": "NS", "taker_points": 40},
    {"taker": "NS", "taker_points": 30},
]


def run(*args: str, env: dict[str, str], stdin: str | None = None):
    result = subprocess.run(
        [ATOUT, *args], capture_output=True, text=True, timeout=300, env=env, input=stdin
    )
    assert result.returncode == 0 and "Traceback" not in result.stderr, result
    return result.stdout


def test_score_keys_the_totals_by_column_and_settles_the_finished_match(toy_pools_env):
    out = json.loads(
        run(
            "score",
            "toy-pools",
            "-p",
            "short",
            "--json",
            env=toy_pools_env,
            stdin=json.dumps(SHEET),
        )
    )
    assert list(out["totals"]) == KEYS
    assert out["totals"]["N.pool"] == 50 and out["totals"]["E.mountain"] == 10
    assert list(out["deals"][0]["score"]["points"]) == KEYS
    assert out["outcome"]["over"] and out["outcome"]["winner"] == "N"
    assert out["outcome"]["settlement"] == {"N": 20, "E": -20, "S": 20, "W": -20}
    text = run("score", "toy-pools", "-p", "short", env=toy_pools_env, stdin=json.dumps(SHEET))
    lines = text.splitlines()
    assert lines[0].split() == ["1", "N.pool", "15,", "S.pool", "15", "made"]
    assert lines[1].split() == ["2", "E.mountain", "10,", "W.mountain", "10", "failed"]
    assert lines[-2].startswith("totals: N.pool 50, N.mountain 0, E.pool 20, E.mountain 10, ")
    assert lines[-2].endswith("; a pool is full")
    assert lines[-1] == "settlement: N +20, E -20, S +20, W -20"


def test_score_of_one_deal_says_the_columns_it_wrote(toy_pools_env):
    record = json.dumps({"taker": "EW", "taker_points": 30})
    assert run("score", "toy-pools", env=toy_pools_env, stdin=record).splitlines()[0] == (
        "made: E.pool 15, W.pool 15"
    )


def test_simulate_counts_points_by_column_wins_by_player_and_the_settlements(toy_pools_env):
    out = json.loads(
        run("simulate", "toy-pools", "-p", "short", "-n", "60", "--json", env=toy_pools_env)
    )
    assert list(out["points"]) == KEYS
    assert sum(out["points"].values()) > 0
    assert list(out["match_wins"]) == list("NESW")
    assert out["matches"] >= 2 and sum(out["match_wins"].values()) <= out["matches"]
    assert list(out["settlement"]) == list("NESW")
    assert sum(out["settlement"].values()) == 0 and any(out["settlement"].values())
    text = run("simulate", "toy-pools", "-p", "short", "-n", "60", env=toy_pools_env).splitlines()
    assert text[1].startswith("points N.pool ")
    wins = out["match_wins"]
    assert f"won N {wins['N']}, E {wins['E']}, S {wins['S']}, W {wins['W']}" in text[1]
    assert text[2].startswith("settlement: N ")


def test_duel_takes_each_seat_in_turn_and_its_margin_is_a_players(toy_pools_env):
    out = json.loads(
        run(
            "duel",
            "toy-pools",
            "--bot",
            "rules",
            "--against",
            "random",
            "-n",
            "3",
            "-j",
            "1",
            "--json",
            env=toy_pools_env,
        )
    )
    assert out["deals"] == 3
    # Each pair is one deal per seat: 12 deals, each taken by one bot or thrown in.
    contracts = out["contracts"]
    assert contracts["rules"]["taken"] + contracts["random"]["taken"] <= 12
    assert contracts["rules"]["taken"] >= 1  # (bot A took one seat in four of each deal)
    low, high = out["ci95"]
    assert low <= out["margin"] <= high
