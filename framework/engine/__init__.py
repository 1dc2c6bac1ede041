"""The engine: deals and matches played and scored through a variant's rules.

A seeded deal, its auction and its play as a log of events (:mod:`~framework.engine.deal`), what
one seat knows of it (:mod:`~framework.engine.infoset`), a match as a score sheet of deal records
(:mod:`~framework.engine.match`), and a deal written as one JSON line
(:mod:`~framework.engine.deal_log`). Nothing on the path of a card calls a hook: the engine asks
the rules API once per deal and keeps the answers.

It builds on :mod:`framework.rules` and :mod:`framework.core`.
"""
