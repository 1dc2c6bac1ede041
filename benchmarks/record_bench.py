"""Deal-record validation through the declared schema, per variant.

Every record a person or a program writes is validated once when it is saved, and again when a
match is rebuilt from its records (a score sheet page, ``atout score``, the conformance kit).
This measures microseconds per record for the records of random played deals of each installed
variant's default preset, through ``variant.hooks.validate_record`` (the schema's fields, then
the variant's ``check``).

Run::

    python benchmarks/record_bench.py            # 300 deals per variant
    python benchmarks/record_bench.py --deals 50 --repeat 3

Each figure is the best of ``--repeat`` passes over the records (ten times each), the least
disturbed by other work on the machine.
"""

from __future__ import annotations

import argparse
import json

from timing import best_us

from framework.bots.base import RandomBot, play_out
from framework.engine.deal import Deal
from framework.rules.plugins import load_variant, variant_names
from framework.rules.scoring import MatchContext


def records_of(name: str, deals: int) -> tuple[object, object, list[dict[str, object]]]:
    variant = load_variant(name)
    rules = variant.rules()
    out = []
    for seed in range(deals):
        deal = Deal.new(variant, rules, seed % 4, seed)
        play_out(deal, [RandomBot(seed * 4 + s) for s in range(4)])
        out.append(json.loads(json.dumps(deal.record())))
    return variant, rules, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    context = MatchContext()
    for name in variant_names():
        variant, rules, records = records_of(name, args.deals)
        validate = variant.hooks.validate_record  # type: ignore[attr-defined]
        figure = best_us(validate, [(rules, record, context) for record in records], args.repeat)
        print(f"{name:24} {figure:7.1f} us per record")


if __name__ == "__main__":
    main()
