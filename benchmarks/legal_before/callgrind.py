"""Instruction counts of the old and new legal functions, repeatable on a loaded machine.

Timings here swing by 20 % with the other engineers' load; callgrind's instruction counts do
not. One process per rule set runs the setup (imports, the sampled positions, the two loaded
variants), then the workloads, each entered through its own C function that nothing else in
atout calls (itertools' ``takewhile``, ``dropwhile``, ``filterfalse``, ``starmap``,
``compress`` and ``functools.reduce``), so that ``callgrind_annotate --inclusive=yes`` gives
each workload alone. (Builtins such as ``any`` or ``min`` would not do: the engine calls them,
and their inclusive cost then mixes in the setup and the deals.) The legal queries run
old, new, new, old (so that a drift over the run cancels); the play-only deals old, then new::

    python benchmarks/legal_before/callgrind.py [--baseline REV] [RULE_SET ...]   # all by default

prints, per rule set, instructions per legal query and per deal, old and new, and their ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
COUNT, LOOPS, DEALS = 300, 10, 20
ENTRIES = {
    "legal_old_1": "takewhile_next",
    "legal_new_1": "dropwhile_next",
    "legal_new_2": "filterfalse_next",
    "legal_old_2": "starmap_next",
    "deals_old": "compress_next",
    "deals_new": "functools_reduce",
}


def workload(rule_set: str, baseline: str) -> None:
    sys.path.insert(0, str(HERE.parent))
    import legal_before
    from framework.api import load_variant

    old = legal_before.load_baseline(baseline)
    found = legal_before.positions(old, rule_set, COUNT)
    name = legal_before.RULE_SETS[rule_set]
    variants = {
        "new": load_variant(name),
        "old": load_variant(name, [legal_before.OldLegal(old, rule_set)]),
    }
    for variant in variants.values():  # warm: every step function compiled, rules cached
        legal_before.warm(variant)
        legal_before.deals_per_s(variant, 1)

    def queries(mode: str) -> None:
        calls = [(n if mode == "new" else o, a) for n, o, a in found]
        for _ in range(LOOPS):
            for legal, args in calls:
                legal(*args)

    import functools
    import itertools

    list(itertools.takewhile(lambda _: queries("old") is None, [0]))
    list(itertools.dropwhile(lambda _: queries("new") is not None, [0]))
    list(itertools.filterfalse(lambda _: queries("new") is not None, [0]))
    list(itertools.starmap(lambda: queries("old"), [()]))
    list(itertools.compress((legal_before.deals_per_s(variants["old"], DEALS) for _ in [0]), [1]))
    functools.reduce(lambda a, b: legal_before.deals_per_s(variants["new"], DEALS), [0, 0])


def measure(rule_set: str, baseline: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                __file__,
                "--run",
                rule_set,
                baseline,
            ],
            capture_output=True,
            check=True,
        )
        text = subprocess.run(
            ["callgrind_annotate", "--inclusive=yes", "--threshold=100", out],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    total: dict[str, int] = {}
    for key, symbol in ENTRIES.items():
        match = re.search(r"^\s*([\d,]+)\s.*:" + symbol + r"\b", text, re.M)
        assert match, symbol
        total[key] = int(match.group(1).replace(",", ""))
    queries = 2 * COUNT * LOOPS
    row: dict[str, float] = {
        "legal_old_ir": round((total["legal_old_1"] + total["legal_old_2"]) / queries),
        "legal_new_ir": round((total["legal_new_1"] + total["legal_new_2"]) / queries),
        "deals_old_ir": round(total["deals_old"] / DEALS),
        "deals_new_ir": round(total["deals_new"] / DEALS),
    }
    row["legal_ratio"] = round(row["legal_new_ir"] / row["legal_old_ir"], 4)
    row["deals_ratio"] = round(row["deals_new_ir"] / row["deals_old_ir"], 4)
    return row


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(HERE.parent))
    import legal_before

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--baseline",
        metavar="REV",
        default=legal_before.BASELINE,
        help="the commit whose rule modules are 'before' (default: %(default)s)",
    )
    parser.add_argument(
        "rule_sets",
        nargs="*",
        metavar="RULE_SET",
        help=f"of {', '.join(legal_before.RULE_SETS)} (default: all)",
    )
    args = parser.parse_args(argv)
    unknown = sorted(set(args.rule_sets) - set(legal_before.RULE_SETS))
    if unknown:
        parser.error(f"no rule set {', '.join(unknown)}")
    try:
        legal_before.load_baseline(args.baseline)  # refused here, not inside valgrind
    except legal_before.BaselineError as error:
        print(f"callgrind: {error}", file=sys.stderr)
        return 2
    for rule_set in args.rule_sets or list(legal_before.RULE_SETS):
        print(rule_set, json.dumps(measure(rule_set, args.baseline)), flush=True)
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--run"]:
        workload(sys.argv[2], sys.argv[3])
    else:
        sys.exit(main())
