"""The exceptions a user of atout can meet. Each carries a message a person understands.

Every error the CLI or the scorepad shows to a user is an :class:`AtoutError`; anything else is a
bug in atout.
"""

from __future__ import annotations

from collections.abc import Sequence

from framework.core.messages import KERNEL

__all__ = [
    "AtoutError",
    "NotationError",
    "OptionError",
    "PluginError",
    "RecordError",
    "RuleViolation",
]

_ = KERNEL.message


class AtoutError(Exception):
    """Base of every error that is the user's input, not a bug."""


class NotationError(AtoutError, ValueError):
    """A card, seat, team or contract that does not follow the notation."""


class RuleViolation(AtoutError):
    """An action the rules forbid: an illegal call, a card that may not be played.

    The message explains the rule to the player, e.g. "you must overtrump: play 9S or JS".
    """


class OptionError(AtoutError, ValueError):
    """An unknown rule option, a bad option value or an unknown preset.

    :param message: the whole message (``option target: 'x' is not a whole number``).
    :param why: what is wrong with the value, without the option's name, for a form that shows
        it under the option's label (``'x' is not a whole number``); the whole message if not
        given.
    :param option: the name of the option whose value is wrong, if one is.
    """

    def __init__(self, message: str, why: str | None = None, option: str | None = None) -> None:
        super().__init__(message)
        self.why = message if why is None else why
        #: the option whose value is wrong, if one is
        self.option = option


class RecordError(AtoutError, ValueError):
    """A deal record that is not valid; names the field and the reason.

    :param field: the record field at fault (dotted for nested fields, e.g.
        ``announcements.0.kind``).
    :param reason: what is wrong, said to a player.
    :param asked: the reason is the variant's own question for a field left out ("Which card
        tops the tierce?"): a whole sentence, which a form shows without the field's name.
    """

    def __init__(
        self, field: str, reason: str, others: Sequence[RecordError] = (), *, asked: bool = False
    ) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason
        self.asked = asked
        #: the record's other faults found in the same reading (the other missing fields),
        #: for a reader that shows them all; ``field`` and ``reason`` are the first
        self.others = tuple(others)

    @classmethod
    def together(cls, faults: Sequence[RecordError]) -> RecordError:
        """One error for several faults of a record: the first, with the others."""
        first, *others = faults
        return cls(first.field, first.reason, others, asked=first.asked)

    @property
    def all(self) -> tuple[RecordError, ...]:
        """This fault and the others found with it, in the record's field order."""
        return (self, *self.others)


class PluginError(AtoutError):
    """A variant plugin that cannot be loaded or breaks the hook contract."""

    def __init__(self, variant: str, reason: str) -> None:
        super().__init__(_("variant {variant}: {reason}", variant=repr(variant), reason=reason))
        self.variant = variant
        self.reason = reason
