"""The gettext catalog of ``variants.french_belote`` (domain ``atout_french_belote``, in
``locale/``).

Every word this package shows a player is written with ``_`` (or ``_n`` for a plural); see
:mod:`framework.messages` and ``docs/plugins.md`` (Translations).
"""

from __future__ import annotations

from pathlib import Path

from framework.api import Domain

DOMAIN = Domain("atout_french_belote", Path(__file__).parent / "locale")
_ = DOMAIN.message
_n = DOMAIN.plural
