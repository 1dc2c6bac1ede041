"""The gettext catalog of Klaverjas (domain ``atout_klaverjas``, in ``locale/``; Dutch).

Every word the variant shows a player is written with ``_`` (or ``_n`` for a plural); see
:mod:`framework.messages` and atout's plugin guide (Translations).
"""

from __future__ import annotations

from pathlib import Path

from framework.api import Domain

DOMAIN = Domain("atout_klaverjas", Path(__file__).parent / "locale")
_ = DOMAIN.message
_n = DOMAIN.plural
