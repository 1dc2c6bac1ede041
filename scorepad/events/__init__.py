"""A team event's rules, as pure functions of plain frozen data: who meets whom
(:mod:`~scorepad.events.pairing`), the ranking (:mod:`~scorepad.events.standings`) and the
comparison of duplicate boards (:mod:`~scorepad.events.boards`), with no database and no
request; and the one module that stores events and reads them back
(:mod:`~scorepad.events.store`), which the event's pages and API call. Nothing here names a card
game.
"""

from __future__ import annotations

from framework.core.errors import AtoutError

__all__ = ["EventError"]


class EventError(AtoutError, ValueError):
    """An event's format or results that cannot be used: the field and the reason (a message
    of the scorepad's catalog, shown in the reader's language)."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(reason)
        self.field = field
        self.reason = reason
