"""``atout serve``: the click command that runs the scorepad (attached to the ``atout`` group by
``framework.cli``; also ``python -m scorepad``)."""

from __future__ import annotations

import logging
import os

import click

__all__ = ["serve_command"]


class ServeError(click.ClickException):
    """A bad argument of ``atout serve``: one line on stderr naming it, exit status 2."""

    exit_code = 2

    def show(self, file=None) -> None:
        click.echo(f"atout: {self.format_message()}", err=True)


def _fail(ctx: click.Context, option: str, message: str) -> None:
    raise ServeError(f"serve: {option}: {message}")


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; 0.0.0.0 to let phones on the network connect.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on.")
@click.option("--db", "db_url", default=None, metavar="URL",
              help="SQLAlchemy database URL (default: $DATABASE_URL, else a SQLite file in "
                   "$XDG_DATA_HOME/atout/scorepad.sqlite3).")
@click.option("--public-url", default=None, metavar="URL",
              help="Base URL phones use to reach this server, for QR codes and shared links "
                   "(default: $ATOUT_PUBLIC_URL, else found from the request or the LAN address).")
@click.option("--threads", default=8, show_default=True, type=click.IntRange(1, 256),
              help="Worker threads of the WSGI server.")
@click.option("--connection-limit", default=1000, show_default=True,
              type=click.IntRange(10, 100000),
              help="Open connections accepted at once (one per phone watching the live page).")
@click.pass_context
def serve_command(ctx: click.Context, host: str, port: int, db_url: str | None,
                  public_url: str | None, threads: int, connection_limit: int) -> None:
    """Run the scorepad, the web app that keeps the score of a real table."""
    from sqlalchemy.exc import SQLAlchemyError

    from scorepad import build_app, serve_app
    from scorepad.db import default_database_url

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    if public_url and not public_url.startswith(("http://", "https://")):
        _fail(ctx, "--public-url", f"{public_url!r} is not an http:// or https:// URL")
    url = db_url or os.environ.get("DATABASE_URL") or default_database_url()
    try:
        app = build_app(url, public_url)
    except (SQLAlchemyError, ImportError, ValueError, OSError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        _fail(ctx, "--db", f"cannot use this database: {first}")
        return
    try:
        serve_app(app, host, port, threads, connection_limit)
    except OSError as exc:
        _fail(ctx, "--host/--port", f"cannot listen on {host}:{port}: {exc.strerror or exc}")
    except KeyboardInterrupt:
        pass
