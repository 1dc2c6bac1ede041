"""The gettext catalog of ``variants.coinche`` (domain ``atout_coinche``, in ``locale/``).

Every word this package shows a player is written with ``_`` (or ``_n`` for a plural); see
:mod:`framework.messages` and ``docs/plugins.md`` (Translations).
"""

from __future__ import annotations

from pathlib import Path

from framework.api import Domain

DOMAIN = Domain("atout_coinche", Path(__file__).parent / "locale")
_ = DOMAIN.message
_n = DOMAIN.plural
