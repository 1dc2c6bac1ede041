"""Command-line value types and help texts of the ``atout`` commands (``framework.cli``,
``framework.duel``, ``framework.play_cli``, and commands plugged in): a value type refuses a
bad value with a kernel message, and help texts are messages, so the error line and ``--help``
are said in the command's language."""

from __future__ import annotations

from typing import Any

import click

from framework.messages import KERNEL, Message
from framework.untrusted import InputError, parse_int

__all__ = ["HELP", "MATCH_DEALS", "WholeNumber", "help_text"]

_ = KERNEL.message

#: The help texts of the commands and their options, as messages, by their English text with
#: its white space collapsed: click keeps an option's help as a plain string, and the help
#: formatter of ``framework.cli`` finds the message again to say it in the command's language.
HELP: dict[str, Message] = {}


def help_text(message: Message) -> Message:
    """``message`` as a command's or an option's help, found again by the help formatter."""
    HELP[" ".join(message.split())] = message
    return message


class WholeNumber(click.ParamType[int]):
    """A whole number on the command line, read by :func:`framework.untrusted.parse_int`: ASCII
    digits only (click's ``int`` takes ``１０`` and 4,000-digit values), within bounds."""

    name = "integer"

    def __init__(self, minimum: int | None = None, maximum: int | None = None) -> None:
        self.minimum, self.maximum = minimum, maximum

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        text = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
        try:
            return parse_int(text, "value", minimum=self.minimum, maximum=self.maximum)
        except InputError as exc:
            self.fail(exc.reason, param, ctx)


#: ``--match-deals``, on the commands that play matches: the match setting
#: :attr:`framework.options.Rules.match_deals`.
MATCH_DEALS = click.option(
    "--match-deals",
    "match_deals",
    default=None,
    type=WholeNumber(1, 10**6),
    help=help_text(
        _(
            "End each match after this many deals, the highest total winning, whether or not "
            "a target is reached (default: the variant's end of the match)."
        )
    ),
)
