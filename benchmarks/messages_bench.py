"""Rendering score explanations in a language: what a score sheet page pays per deal line.

A score sheet page renders every deal's explanation (a :class:`framework.core.messages.Message`
tree: the variant's sentence, its numbers, the team names) in the page's language. This measures
microseconds per explanation for the explanations of random played deals of each installed
variant's default preset: ``str()`` (the English text, already built), and
:meth:`Translator.render` in English, French and Croatian with team names (Croatian groups
thousands: 1001 reads "1.001").

Run::

    python benchmarks/messages_bench.py              # 200 deals per variant
    python benchmarks/messages_bench.py --deals 50 --repeat 3

Each figure is the best of ``--repeat`` passes over the explanations (ten times each).
"""

from __future__ import annotations

import argparse

from timing import best_us

from framework.bots.base import RandomBot, play_out
from framework.core.messages import Names, Translator
from framework.engine.deal import Deal
from framework.engine.match import Match
from framework.rules.plugins import load_variant, variant_names

NAMES = Names(
    teams={"NS": "Anne & Paul", "EW": "Marc & Zoé"},
    seats={0: "Anne", 1: "Marc", 2: "Paul", 3: "Zoé"},
)


def explanations(name: str, deals: int) -> tuple[object, list[str]]:
    """The explanations of ``deals`` random deals of the variant, scored as one sheet (a new
    sheet whenever a match ends)."""
    variant = load_variant(name)
    rules = variant.rules()
    match = Match(variant, rules)
    out = []
    for seed in range(deals):
        if match.outcome.over:
            match = Match(variant, rules)
        deal = Deal.new(variant, rules, match.dealer, seed, context=match.context())
        play_out(deal, [RandomBot(seed * 4 + s) for s in range(4)])
        out.append(match.add(deal.record()).explanation)
    return variant, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"{'variant':24} {'str':>7} {'en':>7} {'fr':>7} {'hr':>7}  (us per explanation)")
    for name in variant_names():
        variant, texts = explanations(name, args.deals)
        domains = variant.translations  # type: ignore[attr-defined]
        calls = [(text,) for text in texts]
        figures = [best_us(str, calls, args.repeat)]
        for lang in ("en", "fr", "hr"):
            translator = Translator(lang, domains, NAMES)
            figures.append(best_us(translator.render, calls, args.repeat))
        print(f"{name:24} " + " ".join(f"{f:7.1f}" for f in figures))


if __name__ == "__main__":
    main()
