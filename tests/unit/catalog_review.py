"""What the translators have reviewed: which catalogs are complete in which language, and the
words that really are the same as in English. (Each game's own terms are in its plugin's
``locale/glossary.toml``.)

tests/unit/test_catalogs.py reads this file. A language is listed in :data:`COMPLETE` for a
domain once every message of that domain is translated; from then on the test fails for any
message that is missing, fuzzy, or left in English without being listed in
:data:`SAME_AS_ENGLISH`. Extend the lists as catalogs are finished — never remove a language
to make the test pass.
"""

from __future__ import annotations

#: domain -> the languages whose catalog of that domain is complete
COMPLETE: dict[str, tuple[str, ...]] = {
    "atout": (),
    "scorepad": ("fr",),
    "atout_belote": (),
    "atout_coinche": (),
    "atout_french_belote": (),
    "atout_bulgarian": (),
    "atout_bela": (),
    "atout_cuatrola": (),
    "atout_klaverjas": (),
}

#: language -> English msgids whose translation is rightly the same text (reviewed)
SAME_AS_ENGLISH: dict[str, set[str]] = {
    "fr": {"Total", "Pot", "pot", "Option", "Options", "Source", "Sources"},
    "ru": set(),
    "bg": set(),
    "hr": set(),
    "es": set(),
    "nl": set(),
}
