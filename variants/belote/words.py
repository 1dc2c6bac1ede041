"""The belote family's words alone: a base plugin (``atout_bases``) for a variant that plays the
family's cards but stands alone, not on the family plugin (Bela, Bulgarian Belot), and says
some of the family's words (:func:`variants.belote.which_top_of`'s question, the reasons of the
legal-play rules it shares with the family: :func:`variants.belote.trump_reason`...).

It declares the family's catalog (``atout_belote``) and answers no other hook, so it changes
none of the variant's rules: the variant's words and the family's are both translated wherever
the variant is shown (the CLI's ``--lang``, the scorepad).
"""

from __future__ import annotations

from framework.api import Declaration, hookimpl
from variants.belote.declaration import DOMAIN


@hookimpl
def atout_declare() -> Declaration:
    return Declaration(catalog=DOMAIN)
