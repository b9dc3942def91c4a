"""A Rules Submission as a file: the laboratory's fields and the configuration it files.

``combin audit --submission-file FILE`` reads, instead of the scope and laboratory options,
one TOML file that a laboratory keeps with its filing::

    client = "Casino X"
    submission = "RS-2026-117"
    prepared_by = "Independent Test Lab"
    date = "2026-12-04"
    game = "baccarat"            # or a list of several games, filed in one bundle
    wagers = ["eclipse.eclipse:B", "baccarat.banker", "baccarat.tie:8to1"]
    rules = "ez"
    decks = "8"
    include = []                 # optional pages of a whole game: Lunar's "reduced-decks", "samples"
    [interpret]
    E1 = "events"

Every key is one of ``combin audit``'s options (:data:`SCOPE_KEYS`, :data:`LAB_KEYS`), with
the same meaning; a key it does not know, a value of the wrong type or a text with a control
character is one line ``FILE, line N: ...``.  The file is copied into the bundle
(``inputs/NAME``, hashed), the manifest records the scope and fields it gave, and
``--verify`` reads the copy again and refuses a bundle whose manifest says otherwise
(:func:`disagreement`).

>>> fields = parse_submission('client = "Casino X"\\ngame = "baccarat"\\nwagers = ["baccarat.tie:8to1"]\\n',
...                          "s.toml")
>>> fields.scope.describe(), fields.lab["client"]
('baccarat: baccarat.tie (paytable 8to1)', 'Casino X')
"""

import datetime
from collections.abc import Mapping
from typing import Any, NamedTuple

from combin.audit.scope import Scope
from combin.files.bounded import hidden_character
from combin.errors import CombinError
from combin.files.tomlfile import EntryReader, load_toml

__all__ = ["Submission", "parse_submission", "disagreement", "SCOPE_KEYS", "LAB_KEYS", "MAX_BYTES"]

#: The scope's keys: a text each, but ``wagers`` (a list of ``W`` or ``W:PAYTABLE``) and
#: ``interpret`` (a table of ``ID = "VALUE"``).
SCOPE_KEYS = ("game", "wagers", "paytable", "rules", "decks", "shoe", "deck", "interpret", "include")
#: The laboratory's fields, texts.
LAB_KEYS = ("client", "submission", "prepared_by", "date")
#: The most bytes a submission file may have.
MAX_BYTES = 64 * 1024
_MAX_TEXT = 200


class Submission(NamedTuple):
    """What a submission file gives: the bundle's :class:`~combin.audit.scope.Scope` (without
    the file itself) and the laboratory's fields (``date`` as written, or empty)."""

    scope: Scope
    lab: dict[str, str]


def _text(reader: EntryReader, key: str, value: Any) -> str:
    if not isinstance(value, str):
        reader.fail(f"'{key}' must be a text in quotes, not {type(value).__name__}", key=key)
    if not value or len(value) > _MAX_TEXT or hidden_character(value, ("Cc", "Cf", "Zl", "Zp")):
        reader.fail(f"'{key}' must be a plain text of 1 to {_MAX_TEXT} characters on one line", key=key)
    return value


def parse_submission(text: str, source: str) -> Submission:
    """The :class:`Submission` of a file's ``text``; every complaint names ``source`` and a line.

    >>> parse_submission('game = "baccarat"\\nclient = 7\\n', "s.toml")
    Traceback (most recent call last):
    ...
    combin.errors.CombinError: s.toml, line 2: 'client' must be a text in quotes, not int
    >>> parse_submission('gmae = "baccarat"\\n', "s.toml")
    Traceback (most recent call last):
    ...
    combin.errors.CombinError: s.toml, line 1: unknown key 'gmae' (a submission file takes: client, submission, prepared_by, date, game, wagers, paytable, rules, decks, shoe, deck, interpret, include)
    """
    document = load_toml(text, source)
    reader = EntryReader(text, source)
    known = LAB_KEYS + SCOPE_KEYS
    for key in document:
        if key not in known:
            reader.fail(f"unknown key {key!r} (a submission file takes: {', '.join(known)})", key=key)
    lab = {key: _text(reader, key, document[key]) if key in document else "" for key in LAB_KEYS}
    if lab["date"]:
        try:
            lab["date"] = datetime.date.fromisoformat(lab["date"]).isoformat()
        except ValueError:
            reader.fail(f"'date' takes YYYY-MM-DD, not {lab['date'][:40]!r}", key="date")
    fields: dict[str, Any] = {key: _text(reader, key, document[key]) for key in
                              ("paytable", "rules", "decks", "shoe", "deck") if key in document}
    named = document.get("game")
    if isinstance(named, list):
        if not 1 <= len(named) <= 20:
            reader.fail("'game' must be a text or a list of 1 to 20 texts", key="game")
        named = [_text(reader, "game", name) for name in named]
    elif named is not None:
        named = _text(reader, "game", named)
    wagers = document.get("wagers", [])
    if not isinstance(wagers, list) or len(wagers) > 100:
        reader.fail("'wagers' must be a list of texts such as \"baccarat.tie:8to1\"", key="wagers")
    interpret = document.get("interpret", {})
    if not isinstance(interpret, dict) or len(interpret) > 100:
        reader.fail("'interpret' must be a table of ID = \"VALUE\"", key="interpret")
    readings = tuple(sorted((_text(reader, "interpret", key), _text(reader, "interpret", value))
                            for key, value in interpret.items()))
    include = document.get("include", [])
    if not isinstance(include, list) or len(include) > 20:
        reader.fail("'include' must be a list of page groups such as \"samples\"", key="include")
    fields["include"] = tuple(_text(reader, "include", name) for name in include)
    try:
        scope = Scope.of_games(named, [_text(reader, "wagers", wager) for wager in wagers],
                               interpret=readings, **fields)
    except CombinError as error:
        if str(error).startswith("--game"):
            reader.fail(str(error).replace("--game ", "'game': ", 1), key="game")
        reader.fail(str(error).replace("--wager ", "'wagers': ", 1), key="wagers")
    return Submission(scope, lab)


def disagreement(submission: Submission, scope: Scope, lab: Mapping[str, str]) -> list[str]:
    """What a bundle's manifest records (``scope`` without its files, ``lab``) that its
    submission file does not say: one line per field, empty when they agree.

    >>> given = parse_submission('game = "baccarat"\\n', "s.toml")
    >>> disagreement(given, Scope(game="baccarat", rules="ez"), {"client": "", "submission": "", "prepared_by": "", "date": ""})
    ["the manifest's rules is 'ez', the submission file's None"]
    """
    found = []
    recorded = scope.record()
    said = submission.scope.record()
    for key in (*SCOPE_KEYS, "games"):
        if recorded[key] != said[key]:
            found.append(f"the manifest's {key} is {recorded[key]!r}, the submission file's {said[key]!r}")
    for key in LAB_KEYS:
        written = submission.lab[key]
        if written and lab.get(key) != written or (not written and key != "date" and lab.get(key)):
            found.append(f"the manifest's {key} is {lab.get(key)!r}, the submission file's {written!r}")
    return found
