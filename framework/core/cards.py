"""Cards and decks: the notation contract of ``design.md`` and the small-int form used inside.

A deck names its ranks (in natural order, lowest first) and its suits. Inside the kernel a card is
a small int, ``suit * len(ranks) + rank``, and a set of cards is an int bitmask with bit ``card``
set. :class:`Deck` parses and formats at the edges (CLI, records, scorepad); nothing on the hot
path ever handles strings.

>>> FRENCH_32.format(FRENCH_32.parse("10♥"))
'TH'
>>> FRENCH_32.format_mask(FRENCH_32.parse_mask("7S JS"))
'7S JS'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from framework.core.errors import NotationError
from framework.core.messages import KERNEL, Message

__all__ = [
    "FRENCH_32",
    "SPANISH_20",
    "Card",
    "Deck",
    "bits",
    "cards_of",
    "popcount",
    "suited_names",
]


def popcount(mask: int) -> int:
    """Number of cards in a bitmask.

    >>> popcount(0b1011)
    3
    """
    return mask.bit_count()


def bits(mask: int) -> Iterator[int]:
    """Yield the cards of a bitmask, lowest first.

    >>> list(bits(0b1010))
    [1, 3]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of(mask: int) -> list[int]:
    """The cards of a bitmask as a list, lowest first."""
    return list(bits(mask))


@dataclass(frozen=True)
class Deck:
    """A deck of cards: its notation and the lookup tables built from it.

    :param name: a short identifier, e.g. ``"french-32"``.
    :param ranks: rank letters in natural order, lowest first (the order of sequences).
    :param suits: suit letters.
    :param aliases: extra spellings accepted on input (``"10"`` for ``"T"``, ``"♠"`` for ``"S"``).
    :param rank_names: the ranks' English words, in the order of ``ranks`` (``"jack"``), for
        a person or a screen reader; empty: the rank letters are used.
    :param suit_names: the suits' English words, in the order of ``suits`` (``"hearts"``).
    :param suit_symbols: how each suit is drawn (``"♥"``); empty: the suit letters.
    :param suit_colours: each suit's colour on the cards (``"red"``, ``"black"``), for display.
    :param card_names: each card in words, in card order (``"jack of hearts"``), when the deck
        words its cards itself; empty: ``"{rank} of {suit}"`` from the rank and suit names. A
        deck that is translated names its cards one message per suit (``"{rank} of hearts"``),
        because a language declines the suit with the rank (Russian "валет червей", Bulgarian
        "вале купа" with no "of"): :func:`suited_names` builds them.

    Any number of ranks and suits (atout's own decks are :data:`FRENCH_32` and
    :data:`SPANISH_20`; a 52-card game declares its deck so). A card is the small int
    ``suit * len(ranks) + rank``; the tables built from the deck, which a step function and a
    bot read:

    :ivar size: the number of cards; ``full`` the mask of them all.
    :ivar suit_of: per card, its suit's index; ``rank_of`` its rank's index (lowest 0).
    :ivar suit_masks: per suit, the mask of its cards; ``rank_masks`` per rank, the mask of
        its cards in every suit; ``card_masks`` per card, ``1 << card``.
    :ivar names: per card, its canonical notation (``"JH"``).
    """

    name: str
    ranks: tuple[str, ...]
    suits: tuple[str, ...]
    aliases: Mapping[str, str] = field(default_factory=dict)
    rank_names: tuple[str, ...] = ()
    suit_names: tuple[str, ...] = ()
    suit_symbols: tuple[str, ...] = ()
    suit_colours: tuple[str, ...] = ()
    card_names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        n = len(self.ranks)
        size = n * len(self.suits)
        setter = object.__setattr__
        setter(self, "aliases", MappingProxyType(dict(self.aliases)))
        setter(self, "size", size)
        setter(self, "full", (1 << size) - 1)
        setter(self, "suit_of", tuple(c // n for c in range(size)))
        setter(self, "rank_of", tuple(c % n for c in range(size)))
        # 1 << card per card: the hot path looks a card's mask up (a card above 8 makes a new
        # int at every shift; the table's ints exist once).
        setter(self, "card_masks", tuple(1 << c for c in range(size)))
        setter(self, "suit_masks", tuple(((1 << n) - 1) << (s * n) for s in range(len(self.suits))))
        setter(
            self,
            "rank_masks",
            tuple(sum(1 << (s * n + r) for s in range(len(self.suits))) for r in range(n)),
        )
        setter(self, "names", tuple(self.ranks[c % n] + self.suits[c // n] for c in range(size)))
        setter(self, "_by_name", {name: c for c, name in enumerate(self.names)})

    # Attributes set in __post_init__, declared for type checkers.
    size: int = field(init=False, repr=False, compare=False)
    full: int = field(init=False, repr=False, compare=False)
    suit_of: tuple[int, ...] = field(init=False, repr=False, compare=False)
    rank_of: tuple[int, ...] = field(init=False, repr=False, compare=False)
    card_masks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    suit_masks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    rank_masks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _by_name: dict[str, int] = field(init=False, repr=False, compare=False)

    def card(self, rank: str, suit: str) -> int:
        """The card of a rank letter and a suit letter."""
        return self.parse(rank + suit)

    def suit_index(self, text: str) -> int:
        """Parse a suit letter or symbol into its index."""
        key = self.aliases.get(text.strip(), text.strip()).upper()
        try:
            return self.suits.index(key)
        except ValueError:
            raise NotationError(
                _(
                    "{text} is not a suit; use one of {suits}",
                    text=repr(text),
                    suits=" ".join(self.suits),
                )
            ) from None

    def parse(self, text: str) -> int:
        """Parse one card (``"JS"``, ``"10H"``, ``"A♠"``) into its small int."""
        raw = text.strip()
        if len(raw) < 2:
            raise NotationError(
                _(
                    "{text} is not a card: write rank then suit, e.g. {card}",
                    text=repr(text),
                    card=self.names[-1],
                )
            )
        rank, suit = raw[:-1], raw[-1]
        rank = self.aliases.get(rank, rank).upper()
        suit = self.aliases.get(suit, suit).upper()
        card = self._by_name.get(rank + suit)
        if card is None:
            raise NotationError(
                _(
                    "{text} is not a card of the {deck} deck (ranks {ranks}, suits {suits})",
                    text=repr(text),
                    deck=self.name,
                    ranks=" ".join(self.ranks),
                    suits=" ".join(self.suits),
                )
            )
        return card

    def parse_many(self, text: str | Iterable[str]) -> list[int]:
        """Parse cards separated by spaces or commas; a card may not appear twice."""
        words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
        cards = [self.parse(w) for w in words]
        seen: set[int] = set()
        for c in cards:
            if c in seen:
                raise NotationError(_("{card} appears twice", card=self.names[c]))
            seen.add(c)
        return cards

    def parse_mask(self, text: str | Iterable[str]) -> int:
        """Parse cards into a bitmask."""
        mask = 0
        for c in self.parse_many(text):
            mask |= 1 << c
        return mask

    def format(self, card: int) -> str:
        """The canonical ASCII name of a card."""
        return self.names[card]

    def format_many(self, cards: Iterable[int]) -> str:
        return " ".join(self.names[c] for c in cards)

    def format_mask(self, mask: int) -> str:
        return self.format_many(bits(mask))

    def suit_name(self, suit: int) -> str:
        """A suit's English word (``"hearts"``), or its letter when the deck names none."""
        return self.suit_names[suit] if self.suit_names else self.suits[suit]

    def suit_symbol(self, suit: int) -> str:
        """How a suit is drawn (``"♥"``), or its letter when the deck has no symbols."""
        return self.suit_symbols[suit] if self.suit_symbols else self.suits[suit]

    def suit_colour(self, suit: int) -> str:
        """A suit's colour on the cards (``"red"``), or ``""`` when the deck says none."""
        return self.suit_colours[suit] if self.suit_colours else ""

    def card_name(self, card: int) -> str:
        """A card in words, for a person or a screen reader.

        >>> FRENCH_32.card_name(FRENCH_32.parse("JH"))
        'jack of hearts'
        """
        if self.card_names:
            return self.card_names[card]
        rank = self.rank_of[card]
        word = self.rank_names[rank] if self.rank_names else self.ranks[rank]
        return _("{rank} of {suit}", rank=word, suit=self.suit_name(self.suit_of[card]))

    def card_face(self, card: int) -> str:
        """A card as drawn on a face: rank then suit symbol (``"10♥"``, ``"JH"`` without
        symbols).

        >>> FRENCH_32.card_face(FRENCH_32.parse("TH"))
        '10♥'
        """
        rank = self.ranks[self.rank_of[card]]
        rank = next((k for k, v in self.aliases.items() if v == rank and k.isdigit()), rank)
        return rank + self.suit_symbol(self.suit_of[card])


_ = KERNEL.message
_p = KERNEL.contextual


def suited_names(
    rank_names: tuple[str, ...], suits: tuple[Callable[[str], Message], ...]
) -> tuple[str, ...]:
    """A deck's ``card_names``: each suit's message (``lambda rank: _("{rank} of hearts",
    rank=rank)``) applied to each rank word, in card order (suit by suit)."""
    return tuple(suit(rank) for suit in suits for rank in rank_names)


_FRENCH_RANKS = (
    _("seven"),
    _("eight"),
    _("nine"),
    _("ten"),
    _("jack"),
    _("queen"),
    _("king"),
    _("ace"),
)
_FRENCH_ALIASES = {
    "10": "T",
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "♤": "S",
    "♡": "H",
    "♢": "D",
    "♧": "C",
}

#: The 32-card French deck (piquet pack) of the Belote family.
FRENCH_32 = Deck(
    "french-32",
    tuple("789TJQKA"),
    tuple("SHDC"),
    _FRENCH_ALIASES,
    _FRENCH_RANKS,
    (_("spades"), _("hearts"), _("diamonds"), _("clubs")),
    ("♠", "♥", "♦", "♣"),
    ("black", "red", "red", "black"),
    suited_names(
        _FRENCH_RANKS,
        (
            lambda rank: _("{rank} of spades", rank=rank),
            lambda rank: _("{rank} of hearts", rank=rank),
            lambda rank: _("{rank} of diamonds", rank=rank),
            lambda rank: _("{rank} of clubs", rank=rank),
        ),
    ),
)

#: The 20-card Spanish deck of Cuatrola: rey (K), caballo (N), sota (J); oros, copas,
#: espadas, bastos. Natural order lowest first: J N K 3 A. Its suits' words are in the gettext
#: context "Spanish deck": English says "clubs" for both decks' clubs, Spanish "tréboles" for
#: the French deck's and "bastos" for these.
_SPANISH_RANKS = (_("sota"), _("caballo"), _("rey"), _("three"), _("ace"))
SPANISH_20 = Deck(
    "spanish-20",
    ("J", "N", "K", "3", "A"),
    tuple("OCEB"),
    {},
    _SPANISH_RANKS,
    (
        _p("Spanish deck", "coins"),
        _p("Spanish deck", "cups"),
        _p("Spanish deck", "swords"),
        _p("Spanish deck", "clubs"),
    ),
    (),
    ("gold", "red", "blue", "green"),
    suited_names(
        _SPANISH_RANKS,
        (
            lambda rank: _p("Spanish deck", "{rank} of coins", rank=rank),
            lambda rank: _p("Spanish deck", "{rank} of cups", rank=rank),
            lambda rank: _p("Spanish deck", "{rank} of swords", rank=rank),
            lambda rank: _p("Spanish deck", "{rank} of clubs", rank=rank),
        ),
    ),
)


@dataclass(frozen=True, order=True)
class Card:
    """A card at the edges: parsed from and formatted to the notation contract.

    >>> Card.parse("10♥")
    Card('TH')
    """

    index: int
    deck: Deck = field(default=FRENCH_32, compare=False)

    @classmethod
    def parse(cls, text: str, deck: Deck = FRENCH_32) -> Card:
        return cls(deck.parse(text), deck)

    @property
    def rank(self) -> str:
        return self.deck.ranks[self.deck.rank_of[self.index]]

    @property
    def suit(self) -> str:
        return self.deck.suits[self.deck.suit_of[self.index]]

    def __str__(self) -> str:
        return self.deck.names[self.index]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"
