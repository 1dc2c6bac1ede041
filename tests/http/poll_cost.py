"""What one request costs the server: the SQL statements it runs and the templates it renders
(for the polls many phones repeat: an unchanged poll must cost one indexed read and no render,
whatever the size of the game or the event)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from flask import Flask, template_rendered
from sqlalchemy import event


@dataclass
class Cost:
    statements: list[str] = field(default_factory=list)
    renders: list[str] = field(default_factory=list)


@contextmanager
def counting(app: Flask) -> Iterator[Cost]:
    """Count, within the block, every SQL statement ``app`` runs on its SQLite database (the
    driver's own trace: raw connections included) and every template it renders."""
    engine = app.extensions["atout_engine"]
    assert engine.dialect.name == "sqlite", "the statement trace is SQLite's"
    cost = Cost()
    active = True

    def statement(sql: str) -> None:
        if active:  # (a connection back in the pool keeps the callback, idle)
            cost.statements.append(sql)

    def trace(dbapi_connection, _record, _proxy) -> None:
        dbapi_connection.set_trace_callback(statement)

    def rendered(_sender, template, context, **_extra) -> None:
        cost.renders.append(template.name)

    event.listen(engine.pool, "checkout", trace)
    template_rendered.connect(rendered, app)
    try:
        yield cost
    finally:
        active = False
        event.remove(engine.pool, "checkout", trace)
        template_rendered.disconnect(rendered, app)
