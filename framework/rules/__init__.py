"""The rules API: what a variant plugin implements, and the kernel's side of it.

The hook catalogue (:mod:`~framework.rules.hookspecs`, with the ``hookimpl`` marker) and the plugin
registry that loads and stacks variants and calls them (:mod:`~framework.rules.plugins`, with the
kernel's default answers in :mod:`~framework.rules.defaults` and the hooks asked on every deal
resolved once per deal in the private :mod:`framework.rules._fastpath`); and the vocabulary the
hooks are written in: what a variant declares once (:mod:`~framework.rules.declaration`), how it
deals (:mod:`~framework.rules.dealing`), the auction's calls and contracts
(:mod:`~framework.rules.auction`), the phases between the auction and the play (take the talon,
discard, name the game, decide: :mod:`~framework.rules.phases`), the play rules of a contract
(:mod:`~framework.rules.tricks`, written as step functions: :mod:`~framework.rules.steps`),
announcements (:mod:`~framework.rules.announcements`), a deal as a variant reads it
(:mod:`~framework.rules.played`), the deal record's schema (:mod:`~framework.rules.schema`), a
deal's score (:mod:`~framework.rules.scoring`) and the end of a match
(:mod:`~framework.rules.outcome`).

It builds on :mod:`framework.core` only; the engine, the bots and the application build on it.
"""
