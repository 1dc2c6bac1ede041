"""The scorepad's JSON API as an OpenAPI 3.1 document: the one description of its routes, request
bodies, responses and errors.

:func:`document` builds it; the app serves it at ``GET /api/openapi.json``, the docs render it
(``docs/hooks/openapi.py`` writes the "HTTP API reference" page and ``openapi.json`` from it),
the HTTP tests validate every response they get against it (``tests/http/openapi_check.py``) and
Schemathesis generates requests from it (``tests/serve/test_schemathesis.py``). A test checks
that every JSON route of the app is in it and that every route in it exists, so a route added
without its description fails CI.

The schemas are JSON Schema 2020-12 (OpenAPI 3.1's dialect). Objects whose fields the scorepad
defines are closed (``additionalProperties: false``). Request schemas say what the server takes,
both ways (Schemathesis checks that it refuses what they refuse and takes what they take): the
served document (``document(variants)``) has a new game per installed variant, generated from
the variant's description (its presets, its options closed with their types, choices and
bounds, the points to win it allows); every number within the JSON reader's 18 digits; text
without control characters. The one part it cannot say in full is a deal record: the game's
variant and rules decide it (the path names the game, not the body), so a deal body is the
record's shape (values the JSON reader takes) and a record that fits it may still get a 422
naming the field. The objects a variant defines in responses (a record, a record field's layout
hints) are open.
"""

from __future__ import annotations

import copy
from typing import Any

from framework.rules.plugins import Variant, variant_names
from scorepad import installed
from scorepad.events.pairing import PAIRINGS
from scorepad.events.standings import BYES, RANKINGS, tie_breaks
from scorepad.events.store import MATCH_POINT_FIELDS
from scorepad.games import MAX_DEALS, added_seats, seat_options

__all__ = ["JSON_ROUTES", "document"]

#: the routes outside ``/api/`` that answer JSON or a file meant for programs, and so are in the
#: document too (the pages, forms and fragments are not)
JSON_ROUTES = (
    "/g/{gid}/export.json",
    "/g/{gid}/export.csv",
    "/g/{gid}/qr.svg",
    "/play/{key}/state.json",
)

#: a seat's or a score column's code (the variant's: ``N``, ``NS``, ``N.pool``)
_CODE = {"type": "string", "minLength": 1, "maxLength": 100}

JSON = "application/json"

#: the largest number the JSON reader takes (at most 18 digits: framework.core.untrusted)
_LARGEST = 10**18 - 1
#: a string the names' check takes: no control character, no line break (framework.core.untrusted;
#: a lone surrogate, refused too, is not Unicode text: no client sends one, no generator makes one)
_PLAIN_TEXT = "^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]*$"


def _bounded(low: int | None = None, high: int | None = None) -> dict[str, Any]:
    """A whole number the server can read: within the JSON reader's 18 digits, and ``low`` and
    ``high`` when given."""
    return {
        "type": "integer",
        "minimum": -_LARGEST if low is None else low,
        "maximum": _LARGEST if high is None else high,
    }


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _obj(
    properties: dict[str, Any],
    required: list[str] | tuple[str, ...] = (),
    *,
    optional: tuple[str, ...] | None = None,
    closed: bool = True,
    description: str | None = None,
) -> dict[str, Any]:
    """An object schema with ``properties``, of which ``required`` are required, or (given
    ``optional``) every one but ``optional``, in the properties' order."""
    if optional is not None:
        required = [key for key in properties if key not in optional]
    out: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        out["required"] = list(required)
    if closed:
        out["additionalProperties"] = False
    if description:
        out["description"] = description
    return out


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def _by_code(schema: dict[str, Any], description: str) -> dict[str, Any]:
    """An object keyed by the variant's codes (its seats, teams or score columns)."""
    return {
        "type": "object",
        "propertyNames": _CODE,
        "additionalProperties": schema,
        "description": description,
    }


_MESSAGE = _obj(
    {
        "id": {
            "type": "string",
            "description": "the English text with `{name}` placeholders (the gettext msgid)",
        },
        "params": {
            "type": "object",
            "description": "the placeholders' values: numbers, text, "
            '`{"team": "NS"}`, `{"seat": "S"}` or a message',
        },
        "domain": {
            "type": "string",
            "description": "the catalog that translates it: `atout` or the variant's",
        },
        "plural": {"type": "string", "description": "the plural form's text, for `params.n`"},
        "context": {"type": "string", "description": "the gettext context (msgctxt) of `id`"},
        "case": {
            "type": "string",
            "enum": ["lower"],
            "description": "`lower`: shown in lower case (a label inside a sentence)",
        },
    },
    ["id", "params", "domain"],
    description="A text as data (its id and parameters), so a "
    "client can show it in its own language.",
)

_ERROR = _obj(
    {
        "error": {"type": "string", "description": "a sentence for a person"},
        "error_message": _ref("Message"),
        "field": {
            "type": "string",
            "description": "the field at fault, dotted for nested ones "
            "(`teams.NS`, `announcements.0.kind`), or `body`, `Content-Type`, `Host`, `id`, "
            "`number`",
        },
        "ends_at": {
            "type": "integer",
            "description": "on a 409 of a replace: the deal the match "
            "would now end at (send the change again with `drop_later: true`)",
        },
    },
    ["error"],
    description="Every refusal. A refused write changes nothing.",
)

_POINTS = _by_code(
    {"type": "integer"},
    "points by score column (the variant's `score_columns`: `NS` and `EW` for the "
    "four-seat games, `N.pool`... for a score per player)",
)

_URLS = _obj(
    {
        "edit": {
            "type": "string",
            "format": "uri",
            "description": "opens the game for writing in a browser (holds the edit token)",
        },
        "live": {"type": "string", "format": "uri", "description": "the read-only live page"},
        "qr": {"type": "string", "format": "uri", "description": "an SVG QR code of `live`"},
        "api": {"type": "string", "format": "uri", "description": "this game in the API"},
    },
    ["edit", "live", "qr", "api"],
)

_CREATED = _obj(
    {
        "id": {
            "type": "string",
            "pattern": "^[A-Za-z0-9_-]{1,32}$",
            "description": "the game's public id",
        },
        "edit_token": {
            "type": "string",
            "description": "the secret that allows writes: shown "
            "this once (the server keeps only its hash)",
        },
        "urls": _URLS,
    },
    ["id", "edit_token", "urls"],
)

_NEW_TOKEN = _obj(
    {
        "id": {"type": "string", "description": "the game's public id"},
        "edit_token": {
            "type": "string",
            "description": "the game's new edit token: shown this "
            "once; the old one is refused from now on",
        },
        "revoked_grants": {
            "type": "integer",
            "minimum": 0,
            "description": "how many browsers "
            "lost their right to edit (they had opened an old edit link)",
        },
        "urls": _obj(
            {
                "edit": {
                    "type": "string",
                    "format": "uri",
                    "description": "the new edit link (secret)",
                }
            },
            ["edit"],
        ),
    },
    ["id", "edit_token", "revoked_grants", "urls"],
)

_NAME = _nullable(
    {
        "type": "string",
        "maxLength": 40,
        "pattern": _PLAIN_TEXT,
        "description": "at most 40 characters once runs of "
        "spaces are made one; no control character",
    }
)

_NEW_GAME = _obj(
    {
        "variant": {
            "type": "string",
            "minLength": 1,
            "description": "an installed variant (`GET /api/variants`)",
        },
        "preset": _nullable(
            {
                "type": "string",
                "description": "one of its presets; default: the variant's default preset",
            }
        ),
        "teams": _nullable(
            _by_code(
                _NAME,
                "the teams' names by team column (`NS`, `EW` in the four-seat games; a "
                "variant that scores per player has none); default: their players' names "
                "(`Anne & Paul`), else the team's code",
            )
        ),
        "players": _nullable(
            _by_code(
                _NAME,
                "the players' names by the variant's seat names (its `seats`), each optional",
            )
        ),
        "target": _nullable(
            {
                **_bounded(1),
                "description": "the variant's `target` option "
                "(points to win), at most the option's maximum, else ten times its "
                "default",
            }
        ),
        "match_deals": _nullable(
            {
                **_bounded(1, MAX_DEALS),
                "description": "a match of this many deals: it ends after them, the highest "
                "total winning (a tie is a draw), whether or not a target is reached; "
                "default: the match ends at the variant's target",
            }
        ),
        "deals_alone": _nullable(
            {
                "type": "boolean",
                "description": "true: each deal is scored alone, as a match's first deal "
                "(totals at 0, no pot carried from one deal to the next, a thrown-in deal "
                "stays thrown in); the totals still add the deals up. Default: false",
            }
        ),
        "options": _nullable(
            {
                "type": "object",
                "description": "house rules over the preset: "
                '`{"option": value}` (the options of `GET /api/variants`)',
            }
        ),
        "first_dealer": _nullable(
            {
                **_CODE,
                "description": "who deals first, one of the variant's seats (default: its "
                "last, W in the four-seat games); the deal passes to the next seat each deal",
            }
        ),
    },
    ["variant"],
    description="A new game. A field the scorepad does not know is refused.",
)

_RECORD_NOTE = (
    "A deal record in the variant's format (the `record_fields` of "
    "`GET /api/variants`, and the variant's page); every variant also takes "
    '`{"thrown_in": true}` for a deal all passed.'
)

#: a record field's value as the JSON reader takes it (no float: a record holds whole numbers;
#: at most 18 digits; no lone surrogate or control character): a scalar, a list of them or of
#: objects of them (an announcement), written out to two levels, not recursive
#: (one schema per level, each keyword applying to its own type: few cases to generate)
_SCALAR = {
    "type": ["null", "boolean", "integer", "string"],
    "minimum": -_LARGEST,
    "maximum": _LARGEST,
    "pattern": _PLAIN_TEXT,
}
_RECORD_VALUE = {
    **_SCALAR,
    "type": ["null", "boolean", "integer", "string", "array"],
    "items": {
        **_SCALAR,
        "type": ["null", "boolean", "integer", "string", "object"],
        "additionalProperties": _SCALAR,
        "propertyNames": {"pattern": _PLAIN_TEXT},
    },
}


def _record_body(fields: dict[str, Any]) -> dict[str, Any]:
    """A write's body: a deal record (the variant's fields, values as the JSON reader takes them)
    and the scorepad's ``fields``."""
    out = _obj(fields, closed=False, description=_RECORD_NOTE)
    out["additionalProperties"] = _RECORD_VALUE
    out["propertyNames"] = {"pattern": _PLAIN_TEXT}
    return out


_BOARD = {
    **_bounded(1),
    "description": "a table of an event on boards: which board of the round this deal is "
    "(default: the first not recorded yet; the boards may be recorded in any order), dealt by "
    "that board's dealer; a board outside the round, one recorded already, or any board for "
    "a game not on boards is 422 naming `board`",
}

_DEAL_BODY = {
    **_record_body(
        {
            "expected_number": _nullable(
                {
                    **_bounded(),
                    "description": "the number this deal "
                    "should get: another number (someone was faster) is a 409",
                }
            ),
            "board": _nullable(_BOARD),
        }
    ),
    "examples": [{"thrown_in": True}],
}

_REPLACE_BODY = _record_body(
    {
        "expected_number": {**_RECORD_VALUE, "description": "ignored on a replace"},
        "board": _nullable(
            {
                **_BOARD,
                "description": "a table of an event on boards: the board this deal is now "
                "(default: the one it was); one another deal is, or any board for a game not on "
                "boards, is 422 naming `board`",
            }
        ),
        "drop_later": {
            "type": "boolean",
            "description": "when the change ends the match earlier: "
            "remove the deals after its new end in the same write (else 409 with "
            "`ends_at`)",
        },
    }
)

_WRITTEN = _obj(
    {
        "number": {"type": "integer", "minimum": 1, "description": "the deal's number"},
        "points": _POINTS,
        "totals": _by_code(
            {"type": "integer"},
            "running totals by score column after this deal (after the last deal, for a delete)",
        ),
        "pot": {
            "type": "integer",
            "description": "points carried into the next deal (the variant says which)",
        },
        "made": {
            "type": ["boolean", "null"],
            "description": "whether the contract was made (null: no contract, e.g. thrown in)",
        },
        "explanation": {"type": "string", "description": "how the deal was scored, in one line"},
        "explanation_message": _ref("Message"),
        "over": {"type": "boolean", "description": "whether the match is over"},
        "winner": {
            "type": ["string", "null"],
            "description": "the winning team (or player, as the variant says), null while not "
            "over or on a draw",
        },
        "version": {"type": "integer", "description": "the game's version after the write"},
    },
    ["number", "totals", "over", "winner", "version"],
    description="A write's result (a delete has no `points`, `made`, `pot`, `explanation`).",
)

_DEAL = _obj(
    {
        "number": {"type": "integer", "minimum": 1},
        "board": {
            "type": "integer",
            "minimum": 1,
            "description": "a table of an event on boards: which board this deal is (its "
            "scorer said it; the boards may come in any order)",
        },
        "dealer": {**_CODE, "description": "one of the variant's seats"},
        "record": {
            "type": "object",
            "description": "the record as the variant normalised it (defaults filled in)",
        },
        "points": _POINTS,
        "totals": _by_code({"type": "integer"}, "the running totals after this deal"),
        "pot": {"type": "integer"},
        "made": {"type": ["boolean", "null"]},
        "explanation": {"type": "string"},
        "explanation_message": _ref("Message"),
    },
    optional=("board", "explanation_message"),
)

_RULES = _obj(
    {
        "variant": {"type": "string"},
        "preset": {"type": "string"},
        "options": {
            "type": "object",
            "description": "every option's value (a snapshot: a later "
            "version of the variant never rescores an old game)",
        },
        "overrides": {"type": "object", "description": "the values set over the preset"},
        "match_deals": {
            **_bounded(1),
            "description": "the match ends after this many deals (absent: at the variant's target)",
        },
        "deals_alone": {
            "type": "boolean",
            "description": "true: each deal is scored alone, nothing carried (absent: false)",
        },
    },
    ["variant", "preset", "options", "overrides"],
)

_GAME_FIELDS: dict[str, Any] = {
    "id": {"type": "string"},
    "variant": {"type": "string"},
    "preset": {"type": "string"},
    "rules": _ref("Rules"),
    "teams": _by_code(
        {"type": "string"}, "the teams' names by team column (`{}` when it scores per player)"
    ),
    "target": {
        "type": ["integer", "null"],
        "description": "points to win (null: the variant has no target, or the match is "
        "a fixed number of deals, `rules.match_deals`)",
    },
    "players": _by_code(
        {"type": "string"}, "the named seats by the variant's seat names (`{}` when none)"
    ),
    "first_dealer": {**_CODE, "description": "one of the variant's seats"},
    "seats": {
        "type": "array",
        "items": _CODE,
        "description": "the variant's seats in playing order (`N E S W` in the four-seat games)",
    },
    "columns": {
        "type": "array",
        "items": _obj(
            {
                "key": {**_CODE, "description": "the code of its points and totals"},
                "label": {
                    "type": "string",
                    "description": "its words (English; a team column: the team's name)",
                },
                "group": {
                    "type": "string",
                    "description": "the seat whose group it is in (`''`: none)",
                },
            },
            ["key", "label", "group"],
        ),
        "description": "the score columns, in the sheet's order: `points` and `totals` are "
        "keyed by them",
    },
    "deals": {"type": "array", "items": _ref("Deal")},
    "totals": {**_POINTS, "description": "the totals by score column"},
    "pot": {"type": "integer"},
    "over": {"type": "boolean"},
    "winner": {
        "type": ["string", "null"],
        "description": "the winning team (or player), null while not over or on a draw",
    },
    "settlement": _by_code(
        {"type": "integer"},
        "once the match is over, the variant's final settlement by seat (integers summing to "
        "zero); absent when it settles nothing",
    ),
    "result": {
        "type": "string",
        "description": "the end of the match in one line ('' while it goes on)",
    },
    "result_message": _ref("Message"),
    "next_dealer": {"type": ["string", "null"], "description": "one of the variant's seats"},
    "next_dealer_name": {"type": ["string", "null"]},
    "version": {"type": "integer", "description": "goes up by one with every write"},
    "problem": {
        "type": "string",
        "description": "why the sheet cannot be scored (a deal the variant refuses now)",
    },
}
#: what a game may lack (every other field is always there)
_GAME_OPTIONAL = ("settlement", "result_message", "problem")

_GAME = _obj(_GAME_FIELDS, optional=_GAME_OPTIONAL, description="The game and its score sheet.")

_EXPORT = _obj(
    {
        **_GAME_FIELDS,
        "created_at": {"type": "string", "description": "ISO 8601"},
        "updated_at": {"type": "string", "description": "ISO 8601"},
    },
    optional=_GAME_OPTIONAL,
)

_OPTION = _obj(
    {
        "name": {"type": "string"},
        "type": {"enum": ["bool", "int", "str"]},
        "default": {},
        "doc": {"type": "string"},
        "choices": {"type": "array"},
        "minimum": {"type": "integer"},
        "maximum": {"type": "integer"},
        "pattern": {
            "type": "string",
            "description": "a text option's values, as a regular expression (an option of a "
            "variant's own kind: a list of numbers written with commas)",
        },
    },
    ["name", "type", "default", "doc"],
)

_FIELD = _obj(
    {
        "name": {"type": "string", "description": "the record's key"},
        "label": {"type": "string"},
        "kind": {"enum": ["choice", "integer", "boolean", "counts", "items", "card", "seats"]},
        "required": {"type": "boolean"},
        "default": {},
        "help": {"type": "string"},
        "choices": {"type": "array"},
    },
    ["name", "label", "kind", "required"],
    closed=False,
    description="One field of the deal record (`describe()` of its record schema); layout "
    "hints such as `rare`, `shown_when`, `only_when`, `most`, `maximum_by`, `minimum`, "
    "`maximum` may follow (see the plugin guide).",
)

_VARIANT = _obj(
    {
        "name": {"type": "string"},
        "title": {"type": "string"},
        "summary": {"type": "string"},
        "distribution": {"type": "string", "description": "the Python distribution it comes from"},
        "version": {"type": "string"},
        "deck": {"type": "string"},
        "seats": {
            "type": "array",
            "items": {"type": "string"},
            "description": "the seats' names in playing order (`N E S W`)",
        },
        "default_preset": {"type": "string"},
        "presets": {
            "type": "array",
            "items": _obj(
                {
                    "name": {"type": "string"},
                    "doc": {"type": "string"},
                    "values": {"type": "object"},
                },
                ["name", "doc", "values"],
            ),
        },
        "options": {"type": "array", "items": _ref("Option")},
        "hooks": {"type": "array", "items": {"type": "string"}},
        "module": {"type": "string"},
        "stack": {"type": "array", "items": {"type": "string"}},
        "record_fields": {
            "type": "array",
            "items": _ref("RecordField"),
            "description": "the record fields of the default preset",
        },
    },
    optional=(),
)

#: what the seats did, in order: ``[seat, text]`` pairs (the calls, the cards of a trick)
_BY_SEAT = {
    "type": "array",
    "items": {
        "type": "array",
        "prefixItems": [_CODE, {"type": "string"}],
        "minItems": 2,
        "maxItems": 2,
    },
}

_PLAY_STATE = _obj(
    {
        "variant": {"type": "string"},
        "preset": {"type": "string"},
        "deal": {"type": "integer", "description": "the deal's number"},
        "event": {
            "type": "integer",
            "description": "how many events the deal has had (a move answers this number)",
        },
        "phase": {"type": "string"},
        "seat": {**_CODE, "description": "the person's seat"},
        "turn": {"type": ["string", "null"], "description": "whose turn it is (a seat)"},
        "dealer": _CODE,
        "hand": {
            "type": "array",
            "items": _obj(
                {
                    "card": {"type": "string"},
                    "legal": {"type": "boolean"},
                    "reason": {"type": ["string", "null"]},
                    "reason_message": _ref("Message"),
                },
                ["card", "legal", "reason"],
            ),
            "description": "the person's hand only; "
            "`reason_message` (the reason's message id and params) beside an English reason",
        },
        "calls": _BY_SEAT,
        "legal_calls": {"type": "array", "items": {"type": "string"}},
        "legal_actions": {
            "type": "array",
            "items": {"type": "string"},
            "description": "the actions the person may take in a phase after the auction (the "
            "variant's codes: TAKE, WHIST, PASS; a discard: its cards); `action=act` with "
            "`value` (or `cards`) takes one",
        },
        "talon": {
            "type": ["string", "null"],
            "description": "the talon's cards as the person has seen them (null: unseen)",
        },
        "contract": {"type": ["string", "null"]},
        "trick": _BY_SEAT,
        "last_trick": {"anyOf": [{"type": "null"}, _BY_SEAT]},
        "turn_up": {"type": ["string", "null"]},
        "record": {"type": ["object", "null"]},
        "score": {
            "anyOf": [
                {"type": "null"},
                _obj(
                    {
                        "made": {"type": ["boolean", "null"]},
                        "points": _POINTS,
                        "pot": {"type": "integer"},
                        "explanation": {"type": "string"},
                        "explanation_message": _ref("Message"),
                        "wins_match": {},
                        "can_end_match": {"type": "boolean"},
                        "details": {"type": "object"},
                    },
                    ["made", "points", "pot", "explanation"],
                ),
            ]
        },
        "totals": _POINTS,
        "over": {"type": "boolean"},
        "winner": {"type": ["string", "null"]},
    },
    optional=("legal_actions", "talon"),
    description="The play table as the person's seat sees it (no other seat's hand).",
)

# ---- events (scorepad.events.store, scorepad.views.event_api) -----------------------------------

#: a name that must say something: text without control characters holding a character that is
#: not a space (names are read with runs of spaces made one, so one of spaces only is empty)
_SPACES = "\\u0020\\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000"
_CONTROLS = "\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029"
_SAYS_SOMETHING = f"^[^{_CONTROLS}]*[^{_CONTROLS}{_SPACES}][^{_CONTROLS}]*$"


def _required_name(most: int, description: str) -> dict[str, Any]:
    return {
        "type": "string",
        "minLength": 1,
        "maxLength": most,
        "pattern": _SAYS_SOMETHING,
        "description": f"{description}: at most {most} characters once runs of spaces are made "
        "one; no control character",
    }


_TEAM_ENTRY = _obj(
    {
        "name": _required_name(40, "the team's name"),
        "players": _nullable(
            {
                "type": "array",
                "maxItems": 2,
                "items": _NAME,
                "description": "its players in seat order on its side (the first team of a "
                "table sits N and S, the other E and W), each optional",
            }
        ),
        "club": _NAME,
    },
    ["name"],
)

_ROUND_LENGTH = _obj(
    {
        "deals": _nullable(
            {
                **_bounded(1, MAX_DEALS),
                "description": "a round is a match of this many deals (the highest total wins)",
            }
        ),
        "target": _nullable(
            {**_bounded(1), "description": "a round is a match to these points (the target)"}
        ),
    },
    description="How long a round lasts: a number of deals or a target, at most one of them; "
    "neither: the preset's end of a match.",
)

_BYE_RULE = _obj(
    {
        "kind": _nullable(
            {
                "enum": list(BYES),
                "description": "a win with the round's average points (default), a win with "
                "a fixed score, or nothing",
            }
        ),
        "points": _nullable({**_bounded(0, 100_000), "description": "a fixed bye's points"}),
        "against": _nullable(
            {**_bounded(0, 100_000), "description": "a fixed bye's points against"}
        ),
    },
    description="How a bye scores.",
)

_MATCH_POINTS = _obj(
    {k: _nullable(_bounded(0, 100)) for k in MATCH_POINT_FIELDS},
    description="What a win, a draw and a loss are worth (default 2, 1, 0; a win at least a "
    "draw, a draw at least a loss).",
)

_NEW_EVENT = _obj(
    {
        "name": _required_name(80, "the event's name"),
        "variant": _NEW_GAME["properties"]["variant"],
        "preset": _NEW_GAME["properties"]["preset"],
        "options": _NEW_GAME["properties"]["options"],
        "teams": {
            "type": "array",
            "minItems": 2,
            "maxItems": 200,
            "items": _TEAM_ENTRY,
            "description": "the teams, numbered from 0 in this order (the seeding of round 1)",
        },
        "rounds": {
            **_bounded(1, 200),
            "description": "how many rounds: a round-robin of n teams has n - 1 (n when n is "
            "odd); Swiss and random pairings at most that",
        },
        "round": _nullable(_ROUND_LENGTH),
        "pairing": {"enum": list(PAIRINGS)},
        "boards": _nullable(
            {
                "type": "boolean",
                "description": (
                    "rounds played on boards (duplicate; needs `round.deals`): each deal of a "
                    "table's game is the board its write says (`board`; default: the first not "
                    "recorded), dealt by its slips' dealer; a record naming "
                    "another dealer is refused"
                ),
            }
        ),
        "bye": _nullable(_BYE_RULE),
        "match_points": _nullable(_MATCH_POINTS),
        "ranking": _nullable(
            {
                "enum": list(RANKINGS),
                "description": (
                    "what ranks the teams first (default match_points): `boards` ranks by "
                    "the sum of the board differences of the closed rounds, then match "
                    "points, points and points difference (an event on boards only: "
                    "otherwise 422 naming `ranking`); Swiss pairings follow the ranking"
                ),
            }
        ),
        "seed": _nullable(
            {
                **_bounded(0, 2**31 - 1),
                "description": "the seed of random pairings and boards (default: random)",
            }
        ),
    },
    ["name", "variant", "teams", "rounds", "pairing"],
    description="A new event (round 1 is proposed). A field the scorepad does not know is refused; "
    "an optional field sent as null is not given.",
)

_EVENT_CREATED = _obj(
    {
        "id": {
            "type": "string",
            "pattern": "^[A-Za-z0-9_-]{1,32}$",
            "description": "the event's public id",
        },
        "director_token": {
            "type": "string",
            "description": "the director's secret: shown this once (the server keeps its hash)",
        },
        "urls": _obj(
            {
                "director": {
                    "type": "string",
                    "format": "uri",
                    "description": "the director's page (holds the token)",
                },
                "wall": {"type": "string", "format": "uri", "description": "the public wall"},
                "cards": {
                    "type": "string",
                    "format": "uri",
                    "description": "where the director prints the table cards (holds the token)",
                },
                "api": {"type": "string", "format": "uri", "description": "this event in the API"},
            },
            ["director", "wall", "cards", "api"],
        ),
    },
    ["id", "director_token", "urls"],
)

_PAIR = {
    "type": "array",
    "items": {"type": "integer", "minimum": 0},
    "minItems": 2,
    "maxItems": 2,
    "description": "two team numbers: the first sits NS (the variant's first side)",
}

_EVENT_TABLE = _obj(
    {
        "table": {"type": "integer", "minimum": 1},
        "teams": _PAIR,
        "game_id": {
            "type": ["string", "null"],
            "description": "the table's game (`GET /api/games/<id>`); null until the round starts",
        },
        "state": {
            "enum": ["waiting", "not_started", "playing", "finished"],
            "description": "waiting: the round is proposed; not_started: no deal yet",
        },
        "totals": {
            "type": "array",
            "items": {"type": "integer"},
            "minItems": 2,
            "maxItems": 2,
            "description": "the two teams' totals, in the order of `teams`",
        },
        "deals": {"type": "integer", "minimum": 0},
    },
    optional=(),
)

_ROUND = _obj(
    {
        "number": {"type": "integer", "minimum": 1},
        "state": {"enum": ["proposed", "playing", "closed"]},
        "tables": {"type": "array", "items": _ref("EventTable")},
        "byes": {"type": "array", "items": {"type": "integer", "minimum": 0}},
        "forced_reason": {
            "type": "string",
            "description": "the director's reason for closing it while tables played",
        },
    },
    ["number", "state", "tables", "byes"],
)

_STANDING = _obj(
    {
        "rank": {"type": "integer", "minimum": 1, "description": "equal teams share a rank"},
        "team": {"type": "integer", "minimum": 0, "description": "the team's number"},
        "name": {"type": "string"},
        **{
            k: {"type": "integer", "minimum": 0}
            for k in ("played", "won", "drawn", "lost", "byes", "match_points")
        },
        "points": {"type": "integer"},
        "against": {"type": "integer"},
        "difference": {"type": "integer"},
        "boards": {
            "type": "integer",
            "description": "an event ranked by boards: the sum of the team's board differences "
            "over the closed rounds, rounded to a whole point (the ranking uses the exact sum)",
        },
    },
    optional=("boards",),
)

_EVENT = _obj(
    {
        "id": {"type": "string"},
        "name": {"type": "string"},
        "variant": {"type": "string"},
        "preset": {"type": "string"},
        "options": {"type": "object", "description": "the house rules over the preset"},
        "format": _obj(
            {
                "rounds": {"type": "integer", "minimum": 1},
                "round": _obj(
                    {
                        "deals": {"type": "integer", "minimum": 1},
                        "target": {"type": "integer", "minimum": 1},
                    }
                ),
                "pairing": {"enum": list(PAIRINGS)},
                "boards": {"type": "boolean"},
                "bye": _obj(
                    {
                        "kind": {"enum": list(BYES)},
                        "points": {"type": "integer"},
                        "against": {"type": "integer"},
                    },
                    ["kind"],
                ),
                "match_points": _obj(
                    {k: {"type": "integer"} for k in MATCH_POINT_FIELDS},
                    list(MATCH_POINT_FIELDS),
                ),
                "ranking": {
                    "enum": list(RANKINGS),
                    "description": "what ranks the teams first",
                },
                "tie_breaks": {
                    "type": "array",
                    "items": {"enum": list(tie_breaks("boards"))},
                    "description": "what ranks the teams, in order",
                },
            },
            optional=(),
        ),
        "teams": {
            "type": "array",
            "items": _obj(
                {
                    "name": {"type": "string"},
                    "players": {"type": "array", "items": {"type": ["string", "null"]}},
                    "club": {"type": ["string", "null"]},
                    "withdrawn_from": {
                        "type": ["integer", "null"],
                        "description": "the first round it is not paired in",
                    },
                },
                ["name", "players", "club", "withdrawn_from"],
            ),
        },
        "rounds": {"type": "array", "items": _ref("Round")},
        "standings": {"type": "array", "items": _ref("Standing")},
        "over": {"type": "boolean", "description": "every round is played and closed"},
        "version": {
            "type": "integer",
            "description": "goes up with every change of the event and every deal of its tables",
        },
    },
    optional=("over", "version"),
    description="An event: its format, its teams (numbered from 0), its rounds and the standings "
    "(the closed rounds and the finished tables of the round being played).",
)

_NEXT_ROUND_BODY = _obj(
    {
        "force": _nullable(
            {"type": "boolean", "description": "close the round although tables still play"}
        ),
        "reason": _nullable(
            {**_required_name(200, "why"), "description": "why (needed with `force`; kept)"}
        ),
    },
    description="Optional (no body: close normally).",
)

_NEXT_ROUND = _obj(
    {"closed": _ref("Round"), "proposed": {"anyOf": [_ref("Round"), {"type": "null"}]}},
    ["closed", "proposed"],
)

_PAIRING_BODY = _obj(
    {
        "tables": {
            "type": "array",
            "minItems": 1,
            "items": _obj(
                {"teams": {**_PAIR, "items": _bounded(0, 199)}},
                ["teams"],
            ),
            "description": "the tables in order; every team still in the event plays, but one "
            "with the bye when their count is odd",
        }
    },
    ["tables"],
)

_CHANGED_ROUND = _obj(
    {
        **_ROUND["properties"],
        "warnings": {
            "type": "array",
            "items": {"type": "string"},
            "description": "pairs that met before, a second bye (the change is made)",
        },
    },
    [*_ROUND["required"], "warnings"],
)

_MINTED = _obj(
    {
        "round": {"type": ["integer", "null"]},
        "tables": {
            "type": "array",
            "items": _obj(
                {
                    "table": {"type": "integer", "minimum": 1},
                    "teams": _PAIR,
                    "names": {"type": "array", "items": {"type": "string"}},
                    "game_id": {"type": "string"},
                    "edit_token": {
                        "type": "string",
                        "description": "the table's new edit token (shown this once)",
                    },
                    "urls": _obj(
                        {k: {"type": "string", "format": "uri"} for k in ("edit", "live", "api")},
                        ["edit", "live", "api"],
                    ),
                },
                ["table", "teams", "names", "game_id", "edit_token", "urls"],
            ),
        },
        "warning": {
            "type": "string",
            "description": "tokens minted before were replaced: their links no longer work",
        },
    },
    ["round", "tables"],
)

SCHEMAS: dict[str, Any] = {
    "Error": _ERROR,
    "Message": _MESSAGE,
    "NewGame": _NEW_GAME,
    "Created": _CREATED,
    "Game": _GAME,
    "Export": _EXPORT,
    "Rules": _RULES,
    "Deal": _DEAL,
    "DealBody": _DEAL_BODY,
    "ReplaceBody": _REPLACE_BODY,
    "Written": _WRITTEN,
    "Option": _OPTION,
    "RecordField": _FIELD,
    "Variant": _VARIANT,
    "PlayState": _PLAY_STATE,
    "NewToken": _NEW_TOKEN,
    "NewEvent": _NEW_EVENT,
    "EventCreated": _EVENT_CREATED,
    "Event": _EVENT,
    "Round": _ROUND,
    "EventTable": _EVENT_TABLE,
    "Standing": _STANDING,
    "NextRoundBody": _NEXT_ROUND_BODY,
    "NextRound": _NEXT_ROUND,
    "PairingBody": _PAIRING_BODY,
    "ChangedRound": _CHANGED_ROUND,
    "MintedTables": _MINTED,
}

_WHY = {
    400: "the body is not acceptable JSON (`field: body`, or the path inside it): malformed, a "
    "byte-order mark, not UTF-8, nested more than 32 levels, NaN, a number of more than 18 "
    "digits, a NUL or lone surrogate; not an object; or an untrusted `Host` "
    "(`field: Host`)",
    401: "no `Authorization: Bearer <edit_token>` (with `WWW-Authenticate: Bearer`)",
    403: "not this game's edit token",
    404: "unknown game (`field: id`) or deal (`field: number`)",
    405: "a method this route does not answer",
    409: "a conflicting write (see the operation)",
    413: "a body over 256 KB",
    415: "not `Content-Type: application/json` (or `+json`) in UTF-8 (`field: Content-Type`)",
    422: "an invalid record or new-game choice (`field` names it, `error` the reason)",
    429: "too many requests from this client: wait (`Retry-After`)",
    500: "the game's variant is no longer installed, or its plugin is broken (the game is kept)",
    503: "a game stored by an earlier version of atout, not scored yet: the server's keeper "
    "runs `atout backfill` once",
}
#: what any route that reads the database may answer when no connection was free within the
#: pool's timeout (scorepad.views.errors): nothing was stored; send it again
_BUSY = "the server is busy (no database connection free): wait `Retry-After` seconds"


def _busy_or(own: str | None, said_as: str = "") -> tuple[str, dict[str, Any]]:
    """A 503's description and headers: the route's own reason for one (``own``), if it has
    one, or busy (``said_as``: how the answer comes, as ``" (a page)"``). ``Retry-After`` is always
    sent when busy is its one reason (a route's own 503, such as a game not scored yet, sends
    none)."""
    busy = _BUSY + said_as
    retry_after = {"Retry-After": {"schema": {"type": "string"}, "required": not own}}
    return (f"{own}; or {busy}" if own else busy), retry_after


def _error(status: int, why: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "description": why or _WHY[status],
        "content": {JSON: {"schema": _ref("Error")}},
    }
    if status == 401:
        out["headers"] = {"WWW-Authenticate": {"schema": {"type": "string"}, "required": True}}
    if status == 405:
        out["headers"] = {
            "Allow": {
                "schema": {"type": "string"},
                "required": True,
                "description": "the methods the route answers",
            }
        }
    if status == 429:
        out["headers"] = {"Retry-After": {"schema": {"type": "string"}}}
    return out


#: who may write a game's deals: its editor, or the director of the event it is a table of
_DEAL_403 = (
    "neither this game's edit token nor the director's token of the event the game is a "
    "table of (a director corrects any table's deals)"
)


def _errors(*codes: int, **why: str) -> dict[str, Any]:
    """Error responses; 400 (untrusted Host), 405 and 503 (busy) can answer any request."""
    out = {}
    for code in sorted({400, 405, 503, *codes}):
        out[str(code)] = _error(code, why.get(f"e{code}"))
    description, headers = _busy_or(why.get("e503") or (_WHY[503] if 503 in codes else None))
    out["503"].update(description=description, headers=headers)
    return out


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {JSON: {"schema": schema}}}


def _located(schema: str, description: str, where: str | None = None) -> dict[str, Any]:
    """A JSON answer (the component ``schema``) with a ``Location`` header (``where``: what it
    points to)."""
    location: dict[str, Any] = {"schema": {"type": "string"}, "required": True}
    if where:
        location["description"] = where
    return {**_json(_ref(schema), description), "headers": {"Location": location}}


def _in_path(name: str, description: str, *, number: bool = False) -> dict[str, Any]:
    """A path parameter: text, or a ``number`` (ASCII digits)."""
    return {
        "name": name,
        "in": "path",
        "required": True,
        "description": description,
        "schema": {"type": "integer", "minimum": 0} if number else {"type": "string"},
    }


_GID = _in_path("gid", "the game's public id")
_NUMBER = _in_path("number", "the deal's number (ASCII digits)", number=True)
_KEY = _in_path("key", "the play table's secret key")
_BEARER: list[dict[str, list[str]]] = [{"editToken": []}]

#: what a request's JSON body may be refused with: too large, not JSON, not valid (named)
_BODY_ERRORS = (413, 415, 422)
_WRITE_ERRORS = (401, 403, 404, *_BODY_ERRORS, 500, 503)


def _body(schema: str) -> dict[str, Any]:
    return {"required": True, "content": {JSON: {"schema": _ref(schema)}}}


def _paths() -> dict[str, Any]:
    game_link = {
        "GetGame": {"operationId": "getGame", "parameters": {"gid": "$response.body#/id"}},
        "AddDeal": {"operationId": "addDeal", "parameters": {"gid": "$response.body#/id"}},
        "DeleteGame": {"operationId": "deleteGame", "parameters": {"gid": "$response.body#/id"}},
        "ExportJson": {"operationId": "exportJson", "parameters": {"gid": "$response.body#/id"}},
    }
    deal_links = {
        "GetGame": {"operationId": "getGame", "parameters": {"gid": "$request.path.gid"}},
        "ReplaceDeal": {
            "operationId": "replaceDeal",
            "parameters": {"gid": "$request.path.gid", "number": "$response.body#/number"},
        },
        "DeleteDeal": {
            "operationId": "deleteDeal",
            "parameters": {"gid": "$request.path.gid", "number": "$response.body#/number"},
        },
    }
    return {
        "/api/games": {
            "post": {
                "operationId": "createGame",
                "tags": ["games"],
                "summary": "Create a game",
                "requestBody": _body("NewGame"),
                "responses": {
                    "201": {
                        **_located(
                            "Created",
                            "the game, its edit token (this once) and its links",
                            "the game in the API",
                        ),
                        "links": game_link,
                    },
                    **_errors(
                        413,
                        415,
                        422,
                        429,
                        e422="a bad choice: `variant`, `preset`, "
                        "`target`, `teams.NS`, `players.N`, `options.<name>`, "
                        "`first_dealer`, or a field the scorepad does not know",
                    ),
                },
            }
        },
        "/api/games/{gid}": {
            "parameters": [_GID],
            "get": {
                "operationId": "getGame",
                "tags": ["games"],
                "summary": "The game and its score sheet",
                "responses": {"200": _json(_ref("Game"), "the game"), **_errors(404, 500, 503)},
            },
            "delete": {
                "operationId": "deleteGame",
                "tags": ["games"],
                "security": _BEARER,
                "summary": "Delete the game and its deals",
                "responses": {
                    "204": {"description": "deleted: its pages answer 404, its live polls 410"},
                    **_errors(
                        401,
                        403,
                        404,
                        409,
                        e409="the game is a table of an event: it stays with the event "
                        "(`field: id`)",
                    ),
                },
            },
        },
        "/api/games/{gid}/token": {
            "parameters": [_GID],
            "post": {
                "operationId": "rotateToken",
                "tags": ["games"],
                "security": _BEARER,
                "summary": "Replace the edit token (a leaked edit link stops working)",
                "description": "Authenticated with the current token; no body is read. The "
                "old token, its edit links and every browser's grant for the "
                "game stop working; the game's version goes up by one.",
                "responses": {
                    "200": _json(
                        _ref("NewToken"), "the new token and edit link (`Cache-Control: no-store`)"
                    ),
                    **_errors(401, 403, 404),
                },
            },
        },
        "/api/games/{gid}/deals": {
            "parameters": [_GID],
            "post": {
                "operationId": "addDeal",
                "tags": ["deals"],
                "security": _BEARER,
                "summary": "Record the next deal",
                "requestBody": _body("DealBody"),
                "responses": {
                    "201": {
                        **_json(_ref("Written"), "the deal's score and the match after it"),
                        "links": deal_links,
                    },
                    **_errors(
                        *_WRITE_ERRORS,
                        409,
                        e403=_DEAL_403,
                        e409="`expected_number` is not the next "
                        "number (`field: expected_number`), the match is over "
                        "(`field: record`), the game holds the most deals it may "
                        "(500, `field: number`), or another writer took the number",
                    ),
                },
            },
        },
        "/api/games/{gid}/deals/{number}": {
            "parameters": [_GID, _NUMBER],
            "put": {
                "operationId": "replaceDeal",
                "tags": ["deals"],
                "security": _BEARER,
                "summary": "Replace deal n (the deals after it are rescored)",
                "requestBody": _body("ReplaceBody"),
                "responses": {
                    "200": _json(_ref("Written"), "the deal's new score and the match"),
                    **_errors(
                        *_WRITE_ERRORS,
                        409,
                        e403=_DEAL_403,
                        e409="a later deal would no longer be "
                        "valid (`field: deals.5`); the match would end at an earlier "
                        "deal (`ends_at` says which: send `drop_later: true`)",
                    ),
                },
            },
            "delete": {
                "operationId": "deleteDeal",
                "tags": ["deals"],
                "security": _BEARER,
                "summary": "Remove deal n (the later deals move up one; the last one: undo)",
                "responses": {
                    "200": _json(_ref("Written"), "the number removed and the match after it"),
                    **_errors(
                        401,
                        403,
                        404,
                        409,
                        500,
                        503,
                        e403=_DEAL_403,
                        e409="a later deal would no longer be valid (`field: deals.5`)",
                    ),
                },
            },
        },
        "/api/variants": {
            "get": {
                "operationId": "listVariants",
                "tags": ["variants"],
                "summary": "The installed variants: presets, options and record fields",
                "responses": {
                    "200": _json(
                        _obj(
                            {"variants": {"type": "array", "items": _ref("Variant")}}, ["variants"]
                        ),
                        "every installed variant",
                    ),
                    **_errors(),
                },
            }
        },
        "/api/openapi.json": {
            "get": {
                "operationId": "openapi",
                "tags": ["meta"],
                "summary": "This document",
                "responses": {
                    "200": _json({"type": "object"}, "the OpenAPI 3.1 document"),
                    **_errors(),
                },
            }
        },
        **_event_paths(),
        "/g/{gid}/export.json": {
            "parameters": [_GID],
            "get": {
                "operationId": "exportJson",
                "tags": ["exports"],
                "summary": "The game as a JSON file (`GET /api/games/<id>` with its dates)",
                "responses": {
                    "200": {
                        **_json(_ref("Export"), "the game"),
                        "headers": {
                            "Content-Disposition": {"schema": {"type": "string"}, "required": True}
                        },
                    },
                    **_page_errors(e404=_UNKNOWN_GAME, e500=_NOT_INSTALLED, e503=_NOT_SCORED),
                },
            },
        },
        "/g/{gid}/export.csv": {
            "parameters": [_GID],
            "get": {
                "operationId": "exportCsv",
                "tags": ["exports"],
                "summary": "One CSV line per deal: points, running totals, pot, made, "
                "explanation, record",
                "responses": {
                    "200": {
                        **_text("the sheet", "text/csv"),
                        "headers": {
                            "Content-Disposition": {"schema": {"type": "string"}, "required": True}
                        },
                    },
                    **_page_errors(e404=_UNKNOWN_GAME, e500=_NOT_INSTALLED, e503=_NOT_SCORED),
                },
            },
        },
        "/g/{gid}/qr.svg": {
            "parameters": [_GID],
            "get": {
                "operationId": "qrCode",
                "tags": ["exports"],
                "summary": "An SVG QR code of the live page",
                "responses": {
                    "200": {
                        "description": "the code (public cache only with a configured public URL)",
                        "content": {"image/svg+xml": {"schema": {"type": "string"}}},
                        "headers": {
                            "X-Atout-URL": {
                                "schema": {"type": "string"},
                                "required": True,
                                "description": "the URL it encodes",
                            }
                        },
                    },
                    **_page_errors(e404=_UNKNOWN_GAME),
                },
            },
        },
        "/play/{key}/state.json": {
            "parameters": [_KEY],
            "get": {
                "operationId": "playState",
                "tags": ["play"],
                "summary": "A play table (a match against the computer) as the person's seat "
                "sees it",
                "responses": {
                    "200": _json(_ref("PlayState"), "the table"),
                    **_page_errors(
                        e404="unknown table (a page)",
                        e500="the variant is not installed",
                        e503=_NOT_SCORED,
                    ),
                },
            },
        },
    }


_EID = _in_path("eid", "the event's public id")
_ROUND_NUMBER = _in_path("number", "the round's number (ASCII digits)", number=True)
_TEAM = _in_path("team", "the team's number in the event (from 0)", number=True)
_DIRECTOR: list[dict[str, list[str]]] = [{"directorToken": []}]
#: what a director's request may be refused with
_DIRECTOR_WHY = {
    "e401": "no `Authorization: Bearer <director_token>` (with `WWW-Authenticate: Bearer`)",
    "e403": "not this event's director token",
    "e404": "unknown event (`field: id`), round (`field: number`) or team (`field: team`)",
    "e500": "the event's variant is no longer installed, or its plugin is broken",
}


def _director_errors(*codes: int, **why: str) -> dict[str, Any]:
    """A director's request's error responses: those of :data:`_DIRECTOR_WHY`, and ``codes``
    with their reasons (``e409="why"``...)."""
    return _errors(401, 403, 404, 500, *codes, **{**_DIRECTOR_WHY, **why})


def _event_paths() -> dict[str, Any]:
    """The events' routes (:mod:`scorepad.views.event_api`)."""
    event_link = {
        "GetEvent": {"operationId": "getEvent", "parameters": {"eid": "$response.body#/id"}},
        "NextRound": {"operationId": "nextRound", "parameters": {"eid": "$response.body#/id"}},
    }
    director = {"tags": ["events"], "security": _DIRECTOR}
    return {
        "/api/events": {
            "post": {
                "operationId": "createEvent",
                "tags": ["events"],
                "summary": "Create an event (round 1 is proposed)",
                "requestBody": _body("NewEvent"),
                "responses": {
                    "201": {
                        **_located(
                            "EventCreated",
                            "the event, its director's token (this once) and its links",
                            "the event in the API",
                        ),
                        "links": event_link,
                    },
                    **_errors(
                        413,
                        415,
                        422,
                        429,
                        e422="a bad field, named (`teams.3.name`, `round.deals`, "
                        "`options.<name>`...): among them a count of rounds the pairing cannot "
                        "play with these teams (`rounds`)",
                        e429="too many creations from this client in the last minute (games, "
                        "play tables and events share one budget): wait (`Retry-After`)",
                    ),
                },
            }
        },
        "/api/events/{eid}": {
            "parameters": [_EID],
            "get": {
                "operationId": "getEvent",
                "tags": ["events"],
                "summary": "The event: its format, teams, rounds with their tables, standings",
                "responses": {
                    "200": _json(_ref("Event"), "the event"),
                    **_errors(404, e404="unknown event (`field: id`)"),
                },
            },
        },
        "/api/events/{eid}/rounds": {
            "parameters": [_EID],
            "post": {
                **director,
                "operationId": "nextRound",
                "summary": "Close the round being played and propose the next one",
                "description": "Refused with 409 while a table plays, unless "
                '`{"force": true, "reason": "..."}` (the reason is kept and the unfinished '
                "tables count as they stand). After the event's last round it only closes "
                "(200, `proposed: null`).",
                "requestBody": {
                    "required": False,
                    "content": {JSON: {"schema": _ref("NextRoundBody")}},
                },
                "responses": {
                    "201": _located("NextRound", "the round closed and the one proposed"),
                    "200": _located("NextRound", "the last round closed: the event is over"),
                    **_director_errors(
                        409,
                        *_BODY_ERRORS,
                        e409="a table still plays (`field: force`), the last round is proposed "
                        "and not started, or every round is played (`field: number`)",
                        e422="`force` or `reason` (needed with `force`), named",
                    ),
                },
            },
        },
        "/api/events/{eid}/rounds/{number}": {
            "parameters": [_EID, _ROUND_NUMBER],
            "put": {
                **director,
                "operationId": "changePairing",
                "summary": "Change a proposed round's pairing",
                "requestBody": _body("PairingBody"),
                "responses": {
                    "200": _json(_ref("ChangedRound"), "the round as changed, with warnings"),
                    **_director_errors(
                        409,
                        *_BODY_ERRORS,
                        e409="the round has started (`field: number`)",
                        e422="a table that is not two teams of the event, a team at two "
                        "tables or withdrawn, or teams left out (`field: tables.<i>.teams`, "
                        "`tables`)",
                    ),
                },
            },
        },
        "/api/events/{eid}/rounds/{number}/start": {
            "parameters": [_EID, _ROUND_NUMBER],
            "post": {
                **director,
                "operationId": "startRound",
                "summary": "Start a proposed round: each table gets its game",
                "description": "No body is read. The tables' games are ordinary games "
                "(`GET /api/games/<game_id>`); their edit tokens are minted by "
                "`GET /api/events/<id>/tables`.",
                "responses": {
                    "200": _json(_ref("Round"), "the round, its tables with their games"),
                    **_director_errors(409, e409="the round has already started (`field: number`)"),
                },
            },
        },
        "/api/events/{eid}/teams/{team}/withdraw": {
            "parameters": [_EID, _TEAM],
            "post": {
                **director,
                "operationId": "withdrawTeam",
                "summary": "Withdraw a team from the next round on",
                "description": "No body is read. A round proposed now is paired again without "
                "it; its results so far stay in the standings.",
                "responses": {
                    "200": _json(
                        _obj(
                            {
                                "team": {"type": "integer", "minimum": 0},
                                "withdrawn_from": {
                                    "type": "integer",
                                    "minimum": 1,
                                    "description": "the first round it is not paired in",
                                },
                            },
                            ["team", "withdrawn_from"],
                        ),
                        "the team and the first round it misses",
                    ),
                    **_director_errors(
                        409,
                        e409="the team has withdrawn already (`field: team`), or the event is over",
                    ),
                },
            },
        },
        "/api/events/{eid}/tables": {
            "parameters": [_EID],
            "get": {
                **director,
                "operationId": "listTables",
                "summary": "The tables of the round being played, with fresh edit tokens",
                "description": "Each call mints every table's edit token again: the tokens "
                "(and table cards) made before stop working (`warning` says so). "
                "`Cache-Control: no-store`.",
                "responses": {
                    "200": _json(_ref("MintedTables"), "the tables and their tokens"),
                    **_director_errors(
                        409,
                        e409="no round has started (`field: number`)",
                    ),
                },
            },
        },
    }


def _text(description: str, mimetype: str = "text/html") -> dict[str, Any]:
    """A response that is not JSON: a page (HTML) or another text."""
    return {"description": description, "content": {mimetype: {"schema": {"type": "string"}}}}


_UNKNOWN_GAME = "unknown game (a page)"
_NOT_INSTALLED = "the game's variant is not installed (a page)"
_NOT_SCORED = "a game stored by an earlier version, not scored yet: `atout backfill` (a page)"


def _page_errors(**why: str) -> dict[str, Any]:
    """A page route's own error pages (``e404="why"``...), then what it answers to an
    untrusted Host or another method (plain text, a page)."""
    out = {code[1:]: _text(text) for code, text in why.items()}
    description, headers = _busy_or(why.get("e503"), " (a page)")
    out["503"] = {**_text(description), "headers": headers}
    out["400"] = _text("an untrusted `Host` (plain text)", "text/plain")
    out["405"] = {
        **_text("a method this route does not answer (a page)"),
        "headers": {"Allow": {"schema": {"type": "string"}, "required": True}},
    }
    return out


def document(variants: list[str] | None = None) -> dict[str, Any]:
    """The OpenAPI 3.1 document of the scorepad's JSON API (a fresh dict each call).

    :param variants: the installed variants' names: a new game's ``variant`` is then one of
        them (the server's own document says so; the docs' one says "a name"). Each is the one
        the scorepad loaded (:func:`scorepad.installed.variant`, once per process).
    """
    from importlib.metadata import PackageNotFoundError, version

    try:
        release = version("atout")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        release = "0"
    out: dict[str, Any] = copy.deepcopy(
        {
            "openapi": "3.1.0",
            "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
            "info": {
                "title": "atout scorepad API",
                "version": release,
                "summary": "Create a game, record its deals and read its score sheet.",
                "description": "The JSON API of `atout serve` (see the guide, docs/api.md). Reads "
                "are public by game id; writes need the game's edit token as "
                "`Authorization: Bearer <edit_token>`. Every error is "
                '`{"error", "field"?}`; a refused write changes nothing.',
                "license": {"name": "MIT", "identifier": "MIT"},
            },
            "tags": [
                {"name": "games"},
                {"name": "deals"},
                {"name": "variants"},
                {"name": "exports"},
                {"name": "play"},
                {"name": "events"},
                {"name": "meta"},
            ],
            "paths": _paths(),
            "components": {
                "schemas": SCHEMAS,
                "securitySchemes": {
                    "editToken": {
                        "type": "http",
                        "scheme": "bearer",
                        "description": "the game's edit token, from its creation (`edit_token`)",
                    },
                    "directorToken": {
                        "type": "http",
                        "scheme": "bearer",
                        "description": "an event's director token, from its creation "
                        "(`director_token`)",
                    },
                },
            },
        }
    )
    if variants is not None:
        schemas = out["components"]["schemas"]
        schemas["NewGame"] = _new_game_per_variant(variants)
        schemas["NewEvent"] = _new_event_per_variant(schemas["NewGame"]["oneOf"])
        keys = _record_keys_per_variant(variants)
        for name in ("DealBody", "ReplaceBody"):
            schemas[name] = _closed_per_variant(schemas[name], keys)
    example = _record_example(variants if variants is not None else variant_names())
    if example is not None:
        out["components"]["schemas"]["DealBody"]["examples"].insert(0, example)
    return out


def _option_value(option: dict[str, Any]) -> dict[str, Any]:
    """The values an option takes (from its ``describe()``: type, choices, bounds, the form of
    a text option's values)."""
    if option.get("choices"):
        return {"enum": list(option["choices"])}
    if option["type"] == "bool":
        return {"type": "boolean"}
    if option["type"] == "int":
        return _bounded(option.get("minimum"), option.get("maximum"))
    return {"type": "string", "pattern": option.get("pattern") or _PLAIN_TEXT}


def _target_bounds(option: dict[str, Any]) -> dict[str, Any]:
    """The points to win the server takes: from the option's minimum (else 1) to its maximum,
    else ten times its default (scorepad.games)."""
    high = option.get("maximum")
    return _bounded(
        option.get("minimum") if option.get("minimum") is not None else 1,
        high if high is not None else 10 * option["default"],
    )


def _record_keys_per_variant(names: list[str]) -> dict[str, list[str]]:
    """Every key a deal record of each variant may hold: its record's fields under each of its
    presets with any one option changed (an option can add a field), the keys it takes blank
    (``not_fields``), and ``thrown_in``, which every record takes."""
    from framework.core.errors import AtoutError

    out = {}
    for name in names:
        try:
            variant = installed.variant(name)
        except AtoutError:
            continue
        keys = {"thrown_in"}
        for preset in variant.presets:
            changes: list[dict[str, Any]] = [{}]
            for option in variant.options.values():
                described = option.describe()
                values = described.get("choices") or (
                    [True, False] if described["type"] == "bool" else []
                )
                changes += [{described["name"]: value} for value in values]
            for change in changes:
                try:
                    schema = variant.hooks.record_schema(variant.rules(preset, change))
                except AtoutError:  # a value this preset's other options refuse
                    continue
                keys |= {f.name for f in schema.fields} | set(schema.not_fields)
        out[name] = sorted(keys)
    return out


def _closed_per_variant(body: dict[str, Any], keys: dict[str, list[str]]) -> dict[str, Any]:
    """A write's body with its record closed: any of the installed variants' records (the
    game's variant decides which), each holding only that variant's keys."""
    branches = []
    for name, names in keys.items():
        branch = copy.deepcopy(body)
        branch.pop("examples", None)
        branch["title"] = name
        branch["properties"] = {**{k: _RECORD_VALUE for k in names}, **branch["properties"]}
        branch["additionalProperties"] = False
        branch.pop("propertyNames", None)
        branches.append(branch)
    out: dict[str, Any] = {
        "anyOf": branches,
        "description": body["description"] + " The keys are those of the game's variant.",
    }
    if "examples" in body:
        out["examples"] = body["examples"]
    return out


def _new_game_per_variant(names: list[str]) -> dict[str, Any]:
    """A new game, one branch per installed variant: its presets, its options (closed) and the
    points to win it allows. Everything else as in the generic schema."""
    from framework.core.errors import AtoutError
    from scorepad.columns import team_keys

    branches = []
    for name in names:
        try:
            variant = installed.variant(name)
            described = variant.describe()
        except AtoutError:  # a broken plugin: no new game of it is accepted
            continue
        options = {o["name"]: o for o in described["options"]}
        branch = copy.deepcopy(_NEW_GAME)
        fields = branch["properties"]
        fields["variant"] = {"const": name}
        fields["preset"] = _nullable({"enum": [p["name"] for p in described["presets"]]})
        # (every seat a new game may name: those of the tables its options make too)
        seats = list(seat_options(variant, variant.rules())[1])
        teams = list(team_keys(variant.info))
        fields["players"] = _nullable(
            _obj({s: _NAME for s in seats}, description="the players' names by seat, each optional")
        )
        fields["teams"] = _nullable(
            _obj({t: _NAME for t in teams}, description="the teams' names")
            if teams
            else {"type": "object", "maxProperties": 0, "description": "this variant has no teams"}
        )
        fields["first_dealer"] = _nullable({"enum": seats, "description": "who deals first"})
        if seat_conditions := _seats_added_by_options(variant):
            branch["allOf"] = seat_conditions
        values = {key: _option_value(o) for key, o in options.items()}
        if "target" in options:
            values["target"] = _target_bounds(options["target"])
            fields["target"] = _nullable(_target_bounds(options["target"]))
        else:
            fields["target"] = {"type": "null", "description": "this variant has no target"}
        fields["options"] = _nullable(
            _obj(values, description="house rules over the preset (this variant's options)")
        )
        branch["title"] = name
        branches.append(branch)
    return {
        "oneOf": branches,
        "description": _NEW_GAME["description"] + " One branch per installed variant.",
    }


def _seats_added_by_options(variant: Variant) -> list[dict[str, Any]]:
    """A new game of ``variant`` names a seat that only some option values put at the table
    (Préférence's W with ``players`` 4) only with one of those values: per such seat, a
    condition on ``players`` and one on ``first_dealer`` (the server refuses the seat
    otherwise, naming the field)."""
    conditions = []
    for seat, values in added_seats(variant, variant.rules()).items():
        chosen = [
            {"type": "object", "properties": {name: {"const": value}}, "required": [name]}
            for name, value in values
        ]
        needs = {"properties": {"options": {"anyOf": chosen}}, "required": ["options"]}
        for field, names_it in (
            ("players", {"type": "object", "required": [seat]}),
            ("first_dealer", {"const": seat}),
        ):
            conditions.append(
                {"if": {"properties": {field: names_it}, "required": [field]}, "then": needs}
            )
    return conditions


def _new_event_per_variant(new_games: list[dict[str, Any]]) -> dict[str, Any]:
    """A new event, one branch per installed variant of two teams of two (an event's tables
    are such games): its presets, its options and the points to win it allows, as a new game's
    branch (``new_games``) says them."""
    from scorepad.columns import plays_as_two_teams

    branches = []
    for game in new_games:
        name = game["title"]
        if not plays_as_two_teams(installed.variant(name).info):
            continue
        branch = copy.deepcopy(_NEW_EVENT)
        fields, chosen = branch["properties"], game["properties"]
        for key in ("variant", "preset", "options"):
            fields[key] = copy.deepcopy(chosen[key])
        length = fields["round"]["anyOf"][0]["properties"]
        length["target"] = copy.deepcopy(chosen["target"])
        branch["title"] = name
        branches.append(branch)
    return {
        "oneOf": branches,
        "description": _NEW_EVENT["description"] + " One branch per installed variant.",
    }


def _record_example(names: list[str]) -> dict[str, Any] | None:
    """A deal record of the first installed variant, as its engine writes it: one seeded deal
    played by the rule bot (a variant's record is its own format: the scorepad holds none).
    None when no variant loads."""
    from framework.bots.base import play_out
    from framework.bots.registry import make_bot
    from framework.core.errors import AtoutError
    from framework.engine.deal import Deal

    for name in names:
        try:
            variant = installed.variant(name)
            rules = variant.rules()
            seats = len(variant.info.seats)
            for seed in range(20):  # the first seed whose deal is not thrown in
                deal = play_out(
                    Deal.new(variant, rules, seats - 1, seed=seed),
                    [make_bot("rules", seat) for seat in range(seats)],
                )
                if deal.contract is not None:
                    return dict(deal.record())
        except AtoutError:  # a broken plugin: the next one
            continue
    return None
