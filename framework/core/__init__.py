"""The basics every other layer builds on, knowing no rule of any game: cards and decks
(:mod:`~framework.core.cards`), seats and teams (:mod:`~framework.core.seats`), the kernel's
errors (:mod:`~framework.core.errors`), messages and their translation
(:mod:`~framework.core.messages`), the reading of untrusted text and numbers
(:mod:`~framework.core.untrusted`), and a variant's options and resolved rule set
(:mod:`~framework.core.options`).

It imports nothing of the other layers.
"""
