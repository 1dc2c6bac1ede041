"""A record field holding one answer per seat: ``{"N": 6, "E": 3, "S": 1}`` (a Préférence
record's ``tricks`` and ``whist``, ``docs/variants/preference.md`` §13).

Each seat's answer is read by the field ``of`` (an integer or a choice); a seat that is not one
of ``seats`` is refused naming it; the normal form lists the seats in playing order. (A form
that draws it is the scorepad's: ``scorepad.widgets`` registers a widget by field kind.)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import KW_ONLY, dataclass
from typing import Any, ClassVar

from framework.api import Field, RecordError
from variants.preference.declaration import _


@dataclass(frozen=True)
class SeatMapField(Field):
    """One answer per seat.

    :param of: the field each seat's answer is read with (its name and label are not shown).
    :param seats: the seats that may be named, in playing order.
    """

    _: KW_ONLY
    of: Field = None  # type: ignore[assignment]
    seats: tuple[str, ...] = ()

    kind: ClassVar[str] = "seat_map"

    def read(self, value: Any, where: str, clean: Mapping[str, Any]) -> Any:
        if not isinstance(value, Mapping):
            raise RecordError(
                where,
                _("is an object of seats, e.g. {example}", example=self._example()),
            )
        out = {}
        for seat in value:
            if not isinstance(seat, str) or seat.strip().upper() not in self.seats:
                raise RecordError(
                    where,
                    _(
                        "{seat} is not a seat here; seats: {seats}",
                        seat=repr(seat),
                        seats=" ".join(self.seats),
                    ),
                )
        given = {s.strip().upper(): v for s, v in value.items()}
        for seat in self.seats:
            if seat in given and given[seat] is not None:
                out[seat] = self.of.read(given[seat], f"{where}.{seat}", clean)
        return out

    def _example(self) -> str:
        sample = "6" if self.of.kind == "integer" else '"whist"'
        return "{" + ", ".join(f'"{s}": {sample}' for s in self.seats[:2]) + "}"

    def allows(self, value: Any) -> bool:
        return isinstance(value, Mapping) and all(
            s in self.seats and self.of.allows(v) for s, v in value.items()
        )

    def is_empty(self, value: Any) -> bool:
        return value is None or value == {}

    def words(self, value: Any) -> list[Any]:
        return []  # the explanation says them

    def _describe(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "of": self.of.describe()}
