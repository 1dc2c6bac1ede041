"""Instruction counts of the old and new legal functions, repeatable on a loaded machine.

Timings here swing by 20 % with the other engineers' load; callgrind's instruction counts do
not. One process per rule set runs the same setup (imports, the sampled positions, the two
loaded variants), then four workloads, each entered through its own C builtin so that
``callgrind_annotate --inclusive=yes`` separates them: the old legal function over every
position ``LOOPS`` times (inside ``any``), the new one (inside ``all``), ``DEALS`` play-only
deals with the old play rules (inside ``max``) and with the new (inside ``min``)::

    python benchmarks/legal_before/callgrind.py [RULE_SET ...]   # under valgrind, all by default

prints, per rule set, instructions per legal query and per deal, old and new, and their ratio.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
COUNT, LOOPS, DEALS = 300, 10, 20
ENTRIES = {"legal_old": "builtin_any", "legal_new": "builtin_all", "deals_old": "builtin_max",
           "deals_new": "builtin_min"}


def workload(rule_set: str) -> None:
    sys.path.insert(0, str(HERE.parent))
    import legal_before
    from framework.api import load_variant

    found = legal_before.positions(rule_set, COUNT)
    name = legal_before.RULE_SETS[rule_set]
    variants = {"new": load_variant(name),
                "old": load_variant(name, [legal_before.OldLegal(rule_set)])}
    for variant in variants.values():
        legal_before._deals(variant, 1)  # warm: the play rules cached per contract

    def queries(mode: str) -> None:
        calls = [(n if mode == "new" else o, a) for n, o, a in found]
        for _ in range(LOOPS):
            for legal, args in calls:
                legal(*args)

    any(queries("old") for _ in [0])
    all(queries("new") for _ in [0])
    max([0], key=lambda _: legal_before._deals(variants["old"], DEALS))
    min([0], key=lambda _: legal_before._deals(variants["new"], DEALS))


def measure(rule_set: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        sys.executable, __file__, "--run", rule_set], capture_output=True,
                       check=True)
        text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100",
                               out], capture_output=True, text=True, check=True).stdout
    row: dict[str, float] = {}
    for key, symbol in ENTRIES.items():
        match = re.search(r"^\s*([\d,]+)\s.*:" + symbol + r"\b", text, re.M)
        assert match, symbol
        total = int(match.group(1).replace(",", ""))
        row[f"{key}_ir"] = round(total / (COUNT * LOOPS if key.startswith("legal") else DEALS))
    row["legal_ratio"] = round(row["legal_new_ir"] / row["legal_old_ir"], 4)
    row["deals_ratio"] = round(row["deals_new_ir"] / row["deals_old_ir"], 4)
    return row


if __name__ == "__main__":
    if sys.argv[1:2] == ["--run"]:
        workload(sys.argv[2])
    else:
        sys.path.insert(0, str(HERE.parent))
        from legal_before import RULE_SETS

        for rule_set in sys.argv[1:] or list(RULE_SETS):
            print(rule_set, json.dumps(measure(rule_set)), flush=True)
