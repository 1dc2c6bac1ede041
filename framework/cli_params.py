"""Command-line value types of the ``atout`` commands (``framework.cli``, ``framework.duel``,
``framework.play_cli``): each refuses a bad value with a kernel message, so the error line is
said in the command's language."""

from __future__ import annotations

from typing import Any

import click

from framework.untrusted import InputError, parse_int

__all__ = ["WholeNumber"]


class WholeNumber(click.ParamType[int]):
    """A whole number on the command line, read by :func:`framework.untrusted.parse_int`: ASCII
    digits only (click's ``int`` takes ``１０`` and 4,000-digit values), within bounds."""

    name = "integer"

    def __init__(self, minimum: int | None = None, maximum: int | None = None) -> None:
        self.minimum, self.maximum = minimum, maximum

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        text = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
        try:
            return parse_int(text, "value", minimum=self.minimum, maximum=self.maximum)
        except InputError as exc:
            self.fail(exc.reason, param, ctx)
