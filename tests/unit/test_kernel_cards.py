import pytest

from framework.core.cards import FRENCH_32, SPANISH_20, Card, bits, cards_of
from framework.core.errors import NotationError
from framework.core.seats import E, N, S, W, next_seat, parse_seat, parse_team, partner, team_of


@pytest.mark.parametrize("text", ["TH", "10H", "10♥", "th", "T♡"])
def test_ten_is_written_t_or_10_and_suits_as_letters_or_symbols(text):
    assert FRENCH_32.format(FRENCH_32.parse(text)) == "TH"


def test_cards_are_small_ints_suit_major_in_natural_rank_order():
    assert FRENCH_32.parse("7S") == 0
    assert FRENCH_32.parse("AS") == 7
    assert FRENCH_32.parse("7H") == 8
    assert FRENCH_32.size == 32 and FRENCH_32.full == (1 << 32) - 1


def test_spanish_deck_has_twenty_cards_with_caballo_and_sota():
    assert SPANISH_20.size == 20
    assert SPANISH_20.format(SPANISH_20.parse("nc")) == "NC"
    with pytest.raises(NotationError):
        SPANISH_20.parse("7O")


@pytest.mark.parametrize("bad", ["", "X", "1S", "JX", "ZZZ", "11H"])
def test_a_bad_card_names_itself_and_the_deck(bad):
    with pytest.raises(NotationError) as err:
        FRENCH_32.parse(bad)
    assert repr(bad.strip()) in str(err.value) or "not a card" in str(err.value)


def test_a_card_may_not_appear_twice_in_a_hand():
    with pytest.raises(NotationError, match="twice"):
        FRENCH_32.parse_many("JS 9S JS")


def test_masks_round_trip_in_canonical_order():
    mask = FRENCH_32.parse_mask("KH, 7S 10D")
    assert FRENCH_32.format_mask(mask) == "7S KH TD"
    assert cards_of(mask) == list(bits(mask)) == sorted(cards_of(mask))


def test_card_at_the_edges():
    card = Card.parse("A♠")
    assert (str(card), card.rank, card.suit) == ("AS", "A", "S")


def test_seats_follow_playing_order_and_partners_sit_opposite():
    assert [next_seat(s) for s in (N, E, S, W)] == [E, S, W, N]
    assert partner(N) == S and partner(E) == W
    assert team_of(N) == team_of(S) == 0 and team_of(E) == team_of(W) == 1
    assert parse_seat("w") == W and parse_team("we") == 1
    with pytest.raises(NotationError):
        parse_seat("X")
    with pytest.raises(NotationError):
        parse_team("NE")


def test_card_names_decline_the_suit_with_the_rank_in_each_language():
    from framework.core.cards import SPANISH_20
    from framework.core.messages import Translator

    jack = FRENCH_32.parse("JH")
    assert FRENCH_32.card_name(jack) == "jack of hearts"
    said = {
        lang: Translator(lang).render(FRENCH_32.card_name(jack))
        for lang in ("fr", "ru", "bg", "hr", "es")
    }
    # Russian puts the suit in the genitive, Bulgarian has no "of", Croatian names the suit first
    assert said == {
        "fr": "valet de cœur",
        "ru": "валет червей",
        "bg": "вале купа",
        "hr": "herc dečko",
        "es": "jota de corazones",
    }
    knight = SPANISH_20.parse("NB")
    assert SPANISH_20.card_name(knight) == "caballo of clubs"
    assert Translator("es").render(SPANISH_20.card_name(knight)) == "caballo de bastos"


def test_the_spanish_decks_clubs_are_bastos_not_the_french_decks_clubs():
    from framework.core.cards import SPANISH_20
    from framework.core.messages import Translator

    spanish, french = SPANISH_20.suit_name(3), FRENCH_32.suit_name(3)
    assert spanish == french == "clubs"  # English says clubs for both
    assert spanish.context == "Spanish deck" and french.context is None
    es = Translator("es")
    assert (es.render(spanish), es.render(french)) == ("bastos", "tréboles")
    assert [es.render(SPANISH_20.suit_name(s)) for s in range(4)] == [
        "oros",
        "copas",
        "espadas",
        "bastos",
    ]


def test_a_deck_that_words_no_card_names_composes_rank_and_suit():
    from framework.core.cards import Deck
    from framework.core.messages import Translator

    deck = Deck("toy", ("L", "H"), ("X", "Y"), rank_names=("low", "high"), suit_names=("ex", "why"))
    assert deck.card_name(deck.parse("HY")) == "high of why"
    assert Translator("fr").render(deck.card_name(deck.parse("LX"))) == "low de ex"
