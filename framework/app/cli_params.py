"""What the ``atout`` commands (``cli``, ``duel``, ``play``, and commands plugged in) read from a
command line the same way: value types that refuse a bad value with a kernel message, help texts
as messages (so the error line and ``--help`` are said in the command's language), the variant
and its rules from VARIANT, --preset and --option, a bot's name, and why a file cannot be
read or written."""

from __future__ import annotations

import errno
from collections.abc import Callable, Sequence
from typing import IO, Any, TypeVar

import click

from framework.bots.registry import BOTS
from framework.core.errors import AtoutError, OptionError
from framework.core.messages import KERNEL, Message
from framework.core.options import Rules
from framework.core.untrusted import InputError, parse_int
from framework.rules.plugins import Variant, load_variant

_ = KERNEL.message

__all__ = [
    "AS_JSON",
    "DEALS_ALONE",
    "HELP",
    "MATCH_DEALS",
    "SEED",
    "SEEDS",
    "WholeNumber",
    "check_bot",
    "help_text",
    "jobs_option",
    "load_rules",
    "open_to_write",
    "os_reason",
    "variant_options",
    "whole_number_option",
]

#: The help texts of the commands and their options, as messages, by their English text with
#: its white space collapsed: click keeps an option's help as a plain string, and the help
#: formatter of ``framework.app.cli`` finds the message again to say it in the command's language.
HELP: dict[str, Message] = {}


def help_text(message: Message) -> Message:
    """``message`` as a command's or an option's help, found again by the help formatter."""
    HELP[" ".join(message.split())] = message
    return message


class WholeNumber(click.ParamType[int]):
    """A whole number on the command line, read by :func:`framework.core.untrusted.parse_int`: ASCII
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


_F = TypeVar("_F", bound=Callable[..., Any])


def whole_number_option(
    *names: str,
    bounds: tuple[int, int],
    help: Message,
    default: int | None = None,
    metavar: str | None = None,
) -> Callable[[_F], _F]:
    """An option taking a whole number within ``bounds`` (both included), read by
    :class:`WholeNumber`; its ``default``, when it has one, shown in ``--help``."""
    return click.option(
        *names,
        default=default,
        show_default=default is not None,
        type=WholeNumber(*bounds),
        metavar=metavar,
        help=help_text(help),
    )


def jobs_option(default: int | None, help: Message) -> Callable[[_F], _F]:
    """``--jobs``/``-j``, on the commands that play deals in worker processes (simulate, duel):
    how many (their result does not depend on it)."""
    return whole_number_option("--jobs", "-j", bounds=(1, 1024), default=default, help=help)


#: ``--json``, on the commands that can answer in JSON instead of words.
AS_JSON = click.option("--json", "as_json", is_flag=True, help=help_text(_("Print JSON.")))

#: ``--match-deals``, on the commands that play matches: the match setting
#: :attr:`framework.core.options.Rules.match_deals`.
MATCH_DEALS = whole_number_option(
    "--match-deals",
    bounds=(1, 10**6),
    help=_(
        "End each match after this many deals, the highest total winning, whether or not "
        "a target is reached (default: the variant's end of the match)."
    ),
)

#: ``--deals-alone``, on the commands that play matches: the match setting
#: :attr:`framework.core.options.Rules.deals_alone`.
DEALS_ALONE = click.option(
    "--deals-alone",
    is_flag=True,
    help=help_text(
        _(
            "Score each deal alone, as a match's first: no totals or pot carried from one deal "
            "to the next, as duplicate boards are scored."
        )
    ),
)

#: the seeds a command takes: any 64-bit signed integer
SEEDS = (-(2**63), 2**63 - 1)

#: ``--seed``, on the commands that play many deals from one seed (simulate, duel): the same
#: seed plays the same deals.
SEED = whole_number_option("--seed", "-s", bounds=SEEDS, default=0, help=_("The random seed."))


def variant_options(func: Any) -> Any:
    """The argument VARIANT and the options ``--preset`` and ``--option`` (what
    :func:`load_rules` reads), on every command that plays or judges a variant's rules."""
    func = click.option(
        "--option",
        "-o",
        "overrides",
        multiple=True,
        metavar="KEY=VALUE",
        help=help_text(_("Override one rule option of the preset (repeatable).")),
    )(func)
    func = click.option(
        "--preset",
        "-p",
        default=None,
        help=help_text(_("A preset of the variant (default: its first).")),
    )(func)
    return click.argument("variant_name", metavar="VARIANT")(func)


def load_rules(
    variant_name: str,
    preset: str | None,
    overrides: Sequence[str],
    match_deals: int | None = None,
    deals_alone: bool = False,
) -> tuple[Variant, Rules]:
    """The variant and its rules from the command line's VARIANT, --preset, --option,
    --match-deals and --deals-alone."""
    variant = load_variant(variant_name)
    values: dict[str, str] = {}
    for item in overrides:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(
                _("{flag} {value}: write KEY=VALUE", flag="--option", value=repr(item))
            )
        values[key.strip()] = value.strip()
    return variant, variant.rules(preset, values, match_deals, deals_alone)


def os_reason(exc: OSError) -> str:
    """Why a file cannot be read or written, as the system says it (``No such file or
    directory``), as a message for the common reasons, so that another language says it too."""
    found = {
        errno.ENOENT: _("No such file or directory"),
        errno.EACCES: _("Permission denied"),
        errno.EISDIR: _("Is a directory"),
        errno.ENOTDIR: _("Not a directory"),
        errno.EROFS: _("Read-only file system"),
        errno.ENOSPC: _("No space left on device"),
        errno.EADDRINUSE: _("Address already in use"),
        errno.EADDRNOTAVAIL: _("Cannot assign requested address"),
        errno.EPERM: _("Operation not permitted"),
        errno.ENAMETOOLONG: _("File name too long"),
        errno.ELOOP: _("Too many levels of symbolic links"),
        errno.EIO: _("Input/output error"),
        errno.EMFILE: _("Too many open files"),
        errno.EFBIG: _("File too large"),
        errno.EDQUOT: _("Disk quota exceeded"),
    }.get(exc.errno or 0)
    text = exc.strerror or str(exc)
    return found if found is not None and found == text else text


def open_to_write(path: str, flag: str, append: bool = False) -> IO[str]:
    """``path`` (the value of the option ``flag``) opened to write UTF-8 text, at its end with
    ``append``; else the error naming ``flag``, the path and why. The caller closes it."""
    try:
        return open(path, "a" if append else "w", encoding="utf-8")
    except OSError as exc:
        raise AtoutError(
            _("{flag} {path}: cannot write: {reason}", flag=flag, path=path, reason=os_reason(exc))
        ) from None


def check_bot(name: str, option: str) -> str:
    """``name`` if it is a bot's name, else the error naming ``option`` and the bots."""
    if name not in BOTS:
        raise AtoutError(
            _(
                "{flag} {name}: no such bot; bots: {bots}",
                flag=option,
                name=repr(name),
                bots=", ".join(BOTS),
            )
        )
    return name
