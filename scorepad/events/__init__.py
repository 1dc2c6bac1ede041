"""A team event's rules, as pure functions of plain frozen data: who meets whom
(:mod:`~scorepad.events.pairing`), the ranking (:mod:`~scorepad.events.standings`) and the
comparison of duplicate boards (:mod:`~scorepad.events.boards`). No database and no web here:
the event's pages and API store these values and show them. Nothing here names a card game.
"""
