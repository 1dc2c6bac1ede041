"""atout's kernel: cards, seats, deals, auctions, tricks, announcements, scoring, matches, bots.

The kernel knows no game's rules; it reaches them through the pluggy hooks of
:mod:`framework.rules.hookspecs`, answered by the variant plugins of the ``atout.variants``
entry-point group.

The public plugin API is :mod:`framework.api`: a plugin imports every name it needs from there,
and from nowhere else in the kernel.
"""
