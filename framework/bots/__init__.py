"""Bots: players that see only their seat's information set.

The interface and the random bot, with :func:`~framework.bots.base.play_out` that drives a deal
with one bot per seat (:mod:`~framework.bots.base`); the rule-based bot
(:mod:`~framework.bots.rulebot`); the determinized search bot (:mod:`~framework.bots.search`);
and the bots by name (:mod:`~framework.bots.registry`).

It builds on :mod:`framework.engine` and below.
"""
