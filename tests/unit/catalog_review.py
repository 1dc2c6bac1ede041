"""What the translators have reviewed: which catalogs are complete in which language, the words
that really are the same as in English, and each game's own terms in its home language.

tests/unit/test_catalogs.py reads this file. A language is listed in :data:`COMPLETE` for a
domain once every message of that domain is translated; from then on the test fails for any
message that is missing, fuzzy, or left in English without being listed in
:data:`SAME_AS_ENGLISH`. Extend the lists as catalogs are finished — never remove a language
to make the test pass.

Each game's own words live beside its catalogs, in ``<package>/locale/glossary.toml`` (read by
the glossary test).
"""

from __future__ import annotations

ALL = ("fr", "ru", "bg", "hr", "es")

#: domain -> the languages whose catalog of that domain is complete
COMPLETE: dict[str, tuple[str, ...]] = {
    "atout": ALL,
    "scorepad": ALL,
    "atout_belote": ALL,
    "atout_coinche": ALL,
    "atout_french_belote": ALL,
    "atout_bulgarian": ALL,
    "atout_bela": ALL,
    "atout_cuatrola": ALL,
    "atout_preference": ALL,
    "atout_klaverjas": ("nl",),
}

#: formulas: numbers, signs and names only, written the same in every language
FORMULAS = {
    "({base}+{bid}) x{mult}",
    "({base}+{bid}+{announcements}) x{mult}",
    "{a} < {b}",
    "{a} > {b}",
    "{a} >= {b}",
    "{first}; {then}",
    "{first}, {then}",
    "{head} ({notes})",
    "{suit} ({name})",
    "{team} {raw}",
    "{team} {raw} -> {points}",
    "{team} {total}",
    "{option}: {value}",
    "{seat}: {call}",
    "{kind} ({cards})",
    "{declarers} {declarers_points}, {opponents} {opponents_points}",
    "{taker} {taker_total} < {defender} {defender_total}",
    "{taker} {taker_total} = {defender} {defender_total}",
    "{taker} {taker_total} > {defender} {defender_total}",
    # the command line's lines made of names and numbers
    "{deals} ({counts})",
    "{level} {denomination}",
    "{ns} {ns_points}, {ew} {ew_points}",
    "{seat} {call}",
    "{flag}: {reason}",
    "{flag} {value}: {reason}",
    "{bot}: {taken}, {made}",
    # an error line: where, then what is wrong
    "{field}: {reason}",
    "{source}: {reason}",
    "{source}: {field}: {reason}",
    "{command}: {reason}",
    "{command}: {option}: {reason}",
    "{made}, {failed}",
    "{thrown}, {counts}",
    # the progress bar of simulate and duel (its words are the note's)
    "{label} [{bar}] {done}/{total} {rate}/s {note}",
    # a score sheet's result of any shape: a player or column and its points, in a list
    "{who} {points}",
    "{first} – {rest}",
    "{group} {column}",
    # Préférence's tricks that add up past ten: "N 6 + E 3 + S 2"
    "{seat} {n}",
    "{first} + {then}",
}

#: the formulas French writes with a space before the colon
FRENCH_COLON = {
    "{first}; {then}",
    "{option}: {value}",
    "{seat}: {call}",
    "{flag}: {reason}",
    "{bot}: {taken}, {made}",
    "{flag} {value}: {reason}",
    "{field}: {reason}",
    "{source}: {reason}",
    "{source}: {field}: {reason}",
    "{command}: {reason}",
    "{command}: {option}: {reason}",
}

#: language -> English msgids whose translation is rightly the same text (reviewed)
SAME_AS_ENGLISH: dict[str, set[str]] = {
    # French: the belote words English borrowed, the Spanish names of Cuatrola's bets
    "fr": FORMULAS - FRENCH_COLON
    | {
        "Total",
        "Pot",
        "pot",
        "Option",
        "Options",
        "Source",
        "Sources",
        "Capot",
        "capot",
        "Belote-rebelote",
        "Coinche",
        "coinche",
        "surcoinche",
        "Coinche (belote coinchée / contrée)",
        "tierce",
        "quarte",
        "quinte",
        "sixte",
        "carré",
        "Cuatrola",
        "cuatrola",
        "quintola",
        "Cuatrola (4)",
        "Quintola (5)",
        "Solo (2)",
        "solo",
        # the match summary's counts of French calls, and Bela's own word (Croatian)
        "Capots",
        "Coinches",
        "Surcoinches",
        "Bela",
        "{points} (pot {pot})",
        # the play table's declarations: the games' own words (belote; Bela's bela and belot)
        "belote",
        "bela",
        "belot",
        # an event's words written the same in French
        "Points",
        "points",
        "Score",
        "Table",
        "Table %(number)s",
        # the cards kept back, the same word in French (the play table's middle)
        "talon",
        # the command line's placeholder and version line, written the same in French
        "[OPTIONS]",
        "{prog}, version {version}",
        # Préférence's own words, the same in French: whist, misère, consolation, raspasy (the
        # Russian word kept as the game's term) and the city names of its presets
        "Whist",
        "whist",
        "Misère",
        "misère",
        "Consolation",
        "Raspasy",
        "raspasy",
        "Rostov",
        "Stalingrad",
    },
    "ru": set(FORMULAS),
    "bg": set(FORMULAS),
    # Croatian: Cuatrola's Spanish names, the Bulgarian doubling words (used as is), "pot"
    "hr": FORMULAS
    | {
        "talon",
        "Pot",
        "pot",
        # the talon is "talon" in Croatian card games too
        "talon: {cards}",
        "Cuatrola",
        "cuatrola",
        "quintola",
        "Cuatrola (4)",
        "Quintola (5)",
        "Solo (2)",
        "solo",
        "Bela",
        "Bot B.",
        "kontra",
        "rekontra",
        "surkontra",
        "Kontra",
        "Rekontra",
        "Surkontra",
        # Bela's own words for king and queen of trump and for eight cards in sequence;
        # Cuatrola's Spanish cante
        "bela",
        "belot",
        "cante",
        # a preset of Préférence named after the city, written the same in Croatian
        "Rostov",
    },
    # Spanish: Cuatrola's own words are Spanish; Coinche's calls keep their French names
    "es": FORMULAS
    | {
        "Total",
        "Error",
        "no",
        "No",
        "Belote-rebelote",
        "Belots",
        "Coinche",
        "coinche",
        "surcoinche",
        "Coinches",
        "Surcoinches",
        "Bela",
        "belote",
        "bela",
        "carré",
        "belot",
        "cante",
        "Cuatrola",
        "cuatrola",
        "quintola",
        "Cuatrola (4)",
        "Quintola (5)",
        "Solo (2)",
        "solo",
        "Cantes",
        "oros",
        "copas",
        "espadas",
        "bastos",
        "sota",
        "caballo",
        "rey",
        "{team} {total} ({cards} + cantes {cantes})",
        # card values and orders in the notation's letters (J, Q, K are used in Spain too)
        "J 14, 9 9, A 6, 10 5, K 3, Q 1",
        "J 13, 9 9, A 6, 10 5, K 3, Q 2",
        "J 9 A 10 K Q",
        "J 9 A K Q 10",
        # Préférence's whist and raspasy (the Russian word kept as the game's term), its presets
        # named after the cities
        "Whist",
        "whist",
        "Raspasy",
        "raspasy",
        "Sochi",
        "Rostov",
    },
    # Dutch: a pit (all eight tricks), stuk (king and queen of trumps) and roem are the Dutch
    # words English players borrowed
    "nl": {"Pit", "stuk", "roem"},
}
