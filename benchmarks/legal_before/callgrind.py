"""Instruction counts of the old and new legal functions, repeatable on a loaded machine.

Timings here swing by 20 % with the other engineers' load; callgrind's instruction counts do
not. Each run executes the same setup (imports, the sampled positions, the loaded variants) and
then one workload; the difference between a run with the workload and one without is its cost::

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python benchmarks/legal_before/callgrind.py RULE_SET MODE WHAT

``MODE`` is ``old``, ``new`` or ``none`` (setup only); ``WHAT`` is ``legal`` (every position,
``LOOPS`` times) or ``deals`` (``DEALS`` play-only deals). ``python
benchmarks/legal_before/callgrind.py --all`` runs every combination under valgrind and prints
instructions per legal query and per deal, old and new.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
COUNT, LOOPS, DEALS = 300, 10, 20


def workload(rule_set: str, mode: str, what: str) -> None:
    sys.path.insert(0, str(HERE.parent))
    import legal_before
    from framework.api import load_variant

    found = legal_before.positions(rule_set, COUNT)
    name = legal_before.RULE_SETS[rule_set]
    variants = {"new": load_variant(name), "old": load_variant(name,
                                                                [legal_before.OldLegal(rule_set)])}
    legal_before._deals(variants["new"], 1)  # warm both: the play rules cached per contract
    legal_before._deals(variants["old"], 1)
    if mode == "none":
        return
    if what == "legal":
        calls = [(n if mode == "new" else o, a) for n, o, a in found]
        for _ in range(LOOPS):
            for legal, args in calls:
                legal(*args)
    else:
        legal_before._deals(variants[mode], DEALS)


def _instructions(args: list[str]) -> int:
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, __file__, *args], capture_output=True, text=True,
                         check=True)
    return int(re.search(r"Collected : (\d+)", run.stderr).group(1))  # type: ignore[union-attr]


def run_all(rule_sets: list[str]) -> dict[str, dict[str, float]]:
    out = {}
    for rule_set in rule_sets:
        base = _instructions([rule_set, "none", "legal"])
        row: dict[str, float] = {}
        for what, per in (("legal", COUNT * LOOPS), ("deals", DEALS)):
            for mode in ("old", "new"):
                row[f"{what}_{mode}_ir"] = round(
                    (_instructions([rule_set, mode, what]) - base) / per)
            row[f"{what}_ratio"] = round(row[f"{what}_new_ir"] / row[f"{what}_old_ir"], 4)
        out[rule_set] = row
        print(rule_set, json.dumps(row), flush=True)
    return out


if __name__ == "__main__":
    if sys.argv[1] == "--all":
        sys.path.insert(0, str(HERE.parent))
        from legal_before import RULE_SETS

        run_all(sys.argv[2:] or list(RULE_SETS))
    else:
        workload(*sys.argv[1:4])
