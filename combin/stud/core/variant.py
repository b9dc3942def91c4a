"""A game variant: a game file derived from a registered stud game, read strictly.

A game file is TOML of the shape of a game's ``data/stud.toml``: ``id``, ``title``, a required
``citation`` and ``derived_from`` (the registered game it changes), then only the rules it
changes; a key it leaves out keeps the registered game's value (a deep merge).

=========================  ==================================================================
:func:`read_variant`       read and check a game file (a regular file, at most
                           :data:`MAX_FILE_BYTES`); a mistake is one line ``FILE, line N: ...``
:func:`parse_variant`      the same, from its text
:class:`Variant`           the file: its id, title, citation, SHA-256, text and settings
:func:`variant_rules`       the :class:`~combin.stud.core.rules.StudRules` it plays
:func:`differences`        what differs from the registered game, in words
:func:`stud_rules`          a registered game, or the game of a game file derived from it
:func:`identification`     what a sheet records of the game file (its name, id, citation, hash)
:func:`sheet_lines`        a sheet's rows and notes naming the game file and its changes
:data:`SETTINGS`           the keys a game file may set, with what each means
=========================  ==================================================================

The exact engines price whole Ante units: a fee, the Bet or a pay that is not a whole number
of Antes is refused here, before any work.  Amounts are exact: ``2``, ``"3/2"`` or ``1.5``
(a decimal is read as written, not as a binary float).

>>> from combin.lunar import GAME as LUNAR
>>> variant = parse_variant(f'''
... id = "fee-2"
... title = "Draw fee 2 x Ante"
... citation = "A casino's proposal"
... derived_from = "{LUNAR.id}"
... [draws]
... fee = 2
... ''', "fee-2.toml")
>>> variant.id, variant.settings
('fee-2', (('draws.fee', '2'),))
>>> rules = variant_rules(variant).resolve()
>>> rules.draw_fee, rules.force_fee, rules.stud.variant is variant
(Fraction(2, 1), Fraction(1, 1), True)
>>> differences(variant)
['the fee to draw (a sixth card or an exchange): 2 x Ante (the registered game: 1 x Ante)']
"""

import copy
import hashlib
import tomllib
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NoReturn

from combin.files.bounded import plain_text
from combin.errors import CombinError
from combin.core.game import read_data
from combin.core.pays import Pay
from combin.registry import games
from combin.files.tomlfile import ID_PATTERN, MAX_FIELD_TEXT, key_line, load_toml, location

if TYPE_CHECKING:
    from combin.stud.core.rules import StudRules

__all__ = ["MAX_FILE_BYTES", "SETTINGS", "Variant", "parse_variant", "read_variant", "variant_rules",
           "differences", "stud_rules", "identification", "sheet_lines"]

#: A game file is a few hundred bytes; a larger one is refused unread.
MAX_FILE_BYTES = 64 * 1024

_TEXT = ("id", "title", "citation", "derived_from")
_CLASSES = ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
            "three_of_a_kind", "two_pair", "one_pair", "ace_king")

#: ``{dotted key: (kind, what it is)}`` of every rule a game file may set.  Kinds: ``antes`` (an
#: exact whole number of Antes, >= 0), ``count`` (0 or 1 card), ``span`` ([lo, hi] within 1-5,
#: or [0, 0]), ``pay`` (a layout pay, "2 to 1" or "push"), ``replace`` (highest | lowest).
SETTINGS: dict[str, tuple[str, str]] = {
    "bet": ("bet", "the Bet (x Ante)"),
    "draws.fee": ("antes", "the fee to draw (a sixth card or an exchange)"),
    "draws.buy": ("count", "cards a sixth-card purchase draws (0: no sixth card)"),
    "draws.exchange": ("span", "cards an exchange may replace"),
    "force.fee": ("antes", "the fee to force a non-qualifying dealer"),
    "force.replace": ("replace", "the dealer's card a force replaces"),
    "ante_win.pays": ("pay", "the Ante when the player beats a qualifying dealer"),
    "ante_not_qualified.pays": ("pay", "the Ante when the dealer does not qualify"),
    "ante_not_qualified.straight_or_better": (
        "pay", "the Ante when the dealer does not qualify and the player holds a straight or better"),
    **{f"bet_pays.pays.{name}": ("pay", f"the Bet's pay on {name.replace('_', ' ')}") for name in _CLASSES},
}

#: Where a setting stands in for a reading: setting it fixes the rule, so the reading is not read.
_FIXES = {"draws.exchange": "draws", "ante_win.pays": "ante_win", "force.replace": "force"}


def _replaceable(base: dict[str, Any]) -> list[str]:
    """The dealer's cards a force may replace in the registered game's data (its ``replace``, or
    the values its reading names): what the engines price, so what a game file may choose."""
    force = base.get("force", {})
    found = list(force.get("values", {}).values()) + ([force["replace"]] if "replace" in force else [])
    return sorted(set(found))


@dataclass(frozen=True)
class Variant:
    """One game file: ``source`` (its name as given), ``id``, ``title``, ``citation``,
    ``derived_from`` (the registered game), ``sha256`` of its bytes, its ``text`` (what a run is
    keyed by) and ``settings`` (``((dotted key, value as text), ...)``, in :data:`SETTINGS` order)."""

    source: str
    id: str
    title: str
    citation: str
    derived_from: str
    sha256: str
    text: str
    settings: tuple[tuple[str, str], ...]
    values: tuple[tuple[str, Any], ...]    # (dotted key, value as the merge writes it)


class _Reader:
    def __init__(self, text: str, source: str) -> None:
        self.text, self.source = text, source

    def fail(self, path: str | None, reason: str) -> NoReturn:
        line = key_line(self.text, tuple(path.split("."))) if path else 0
        raise CombinError(f"{location(self.source, line)}: {reason}")


def _flatten(document: dict[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    found: list[tuple[str, Any]] = []
    for key, value in document.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and path not in SETTINGS:
            found += _flatten(value, path + ".") or [(path, value)]
        else:
            found.append((path, value))
    return found


def _antes(reader: _Reader, path: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, Decimal, str)):
        reader.fail(path, f"{path} must be a number of Antes (2, \"3/2\" or 1.5), not {value!r}")
    try:
        amount = Fraction(value) if not isinstance(value, str) else Fraction(value.strip())
    except (ValueError, ZeroDivisionError):
        reader.fail(path, f"{path} must be a number of Antes (2, \"3/2\" or 1.5), not {value!r}")
    if amount < 0:
        reader.fail(path, f"{path} cannot be negative ({amount})")
    if amount.denominator != 1:
        reader.fail(path, f"{path} = {amount}: the exact engines price whole Ante units only; "
                          "a fractional amount is not supported")
    return int(amount)


def _check(reader: _Reader, path: str, value: Any, base: dict[str, Any]) -> tuple[str, Any]:
    """``(value as text, value as the merge writes it)`` of one setting, or one line naming it."""
    kind = SETTINGS[path][0]
    if kind in ("antes", "bet"):
        amount = _antes(reader, path, value)
        if kind == "bet" and amount < 1:
            reader.fail(path, "bet must be at least 1 Ante")
        return str(amount), amount
    if kind == "count":
        if isinstance(value, bool) or not isinstance(value, int) or value not in (0, 1):
            reader.fail(path, f"{path} must be 0 (no sixth card) or 1, not {value!r}")
        return str(value), value
    if kind == "span":
        if not (isinstance(value, list) and len(value) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in value)):
            reader.fail(path, f"{path} must be [lo, hi] (whole numbers of cards), not {value!r}")
        low, high = value
        if [low, high] != [0, 0] and not 1 <= low <= high <= 5:
            reader.fail(path, f"{path} = [{low}, {high}] is out of range: 1 <= lo <= hi <= 5, "
                              "or [0, 0] for no exchange")
        return f"{low} to {high} cards" if high else "none", [low, high]
    if kind == "replace":
        if value not in ("highest", "lowest"):
            reader.fail(path, f"{path} must be 'highest' or 'lowest', not {value!r}")
        if value not in _replaceable(base):
            reader.fail(path, f"{path} = '{value}' is not priced by the engines yet "
                              f"(they replace: {', '.join(_replaceable(base))})")
        return str(value), value
    if not isinstance(value, str):
        reader.fail(path, f"{path} must be a pay as on a layout (\"2 to 1\", \"push\"), not {value!r}")
    try:
        net = Pay.parse(value).net
    except (CombinError, ValueError) as error:
        reader.fail(path, f"{path}: {str(error)[:120]}")
    if net.denominator != 1:
        reader.fail(path, f"{path} = {value!r}: the exact engines price whole Ante units only")
    return value, value


def parse_variant(text: str, source: str) -> Variant:
    """The :class:`Variant` of a game file's ``text`` (``source`` names it in every complaint)."""
    from combin.stud.core.rules import stud_games
    reader = _Reader(text, source)
    try:
        load_toml(text, source)                       # a syntax error or a duplicate, with its line
        document = tomllib.loads(text, parse_float=Decimal)   # 1.5 read as written
    except ValueError as error:                       # a number of thousands of digits
        raise CombinError(f"{source}: not a valid game file ({str(error).split(';')[0][:100]})") from None
    fields = {}
    for name in _TEXT:
        value = document.get(name)
        if not isinstance(value, str) or not value.strip():
            reader.fail(name if name in document else None, f"a game file needs a text field '{name}'")
        if len(value) > MAX_FIELD_TEXT:
            reader.fail(name, f"'{name}' is longer than {MAX_FIELD_TEXT:,} characters")
        try:
            plain_text(value, f"'{name}'")
        except CombinError as error:
            reader.fail(name, str(error))
        fields[name] = value
    if not ID_PATTERN.match(fields["id"]):
        reader.fail("id", f"the id {fields['id']!r} is not a plain name (letters, digits, '_', '-', "
                          "'.', '+'; at most 40 characters)")
    games = [game for game in stud_games() if _base_entry(game).get("draws") is not None]
    if fields["derived_from"] not in games:
        reader.fail("derived_from", f"derived_from = {fields['derived_from']!r}: a game file changes "
                                    f"one of {', '.join(games)}")
    base = _base_entry(fields["derived_from"])
    settings, values = [], []
    given = dict(item for item in _flatten(document) if item[0] not in _TEXT)
    for path, value in given.items():
        if path not in SETTINGS:
            reader.fail(path, f"unknown key '{path}' (a game file sets: {', '.join(_TOP)})")
        part = path.split(".")[0]
        if part not in base:
            reader.fail(path, f"{fields['derived_from']} has no '{part}' to change")
    for path in SETTINGS:
        if path in given:
            shown, written = _check(reader, path, given[path], base)
            settings.append((path, shown))
            values.append((path, written))
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return Variant(source, fields["id"], fields["title"], fields["citation"], fields["derived_from"],
                   digest, text, tuple(settings), tuple(values))


_TOP = ("bet", "[draws] fee, buy, exchange", "[force] fee, replace", "[ante_win] pays",
        "[ante_not_qualified] pays, straight_or_better", "[bet_pays.pays] <hand class>")


def read_variant(path: Any) -> Variant:
    """Read and check the game file ``path`` (a regular UTF-8 file of at most :data:`MAX_FILE_BYTES`)."""
    from combin.files.fileio import read_text
    plain_text(str(path), "the game file's name")        # its name is printed on every sheet
    return parse_variant(read_text(path, MAX_FILE_BYTES, "game file"), str(path))


def _base_entry(game_id: str) -> dict[str, Any]:
    from combin.stud.core.rules import load_rules
    return load_rules(game_id).entry


def merged_entry(variant: Variant) -> dict[str, Any]:
    """The registered game's ``stud.toml`` with the file's settings over it (a deep merge)."""
    from combin.stud.core.rules import load_rules
    base = load_rules(variant.derived_from)
    entry = copy.deepcopy(base.entry)
    entry.update(id=variant.id, title=variant.title, citation=variant.citation)
    for path, value in variant.values:
        parts = path.split(".")
        if parts[0] == "bet_pays" and "pays" not in entry["bet_pays"]:
            # the Bet's pays inline: the registered table, then the file's lines over it
            source = entry["bet_pays"].pop("from", None)
            entry["bet_pays"]["pays"] = (tomllib.loads(read_data(base.package, source))["pays"] if source
                                         else {k: v for k, v in entry["bet_pays"].items() if k in _CLASSES})
        fixed = _FIXES.get(path)
        if fixed is not None:               # the rule is fixed by the file: its reading is not read
            entry[fixed].pop("interpretation", None)
            entry[fixed].pop("values", None)
        target = entry
        for part in parts[:-1]:
            target = target.setdefault(part, {})
        target[parts[-1]] = value
    return entry


_RULES: "dict[str, StudRules]" = {}


def variant_rules(variant: Variant) -> "StudRules":
    """The :class:`~combin.stud.core.rules.StudRules` the game file plays (memoised by its hash)."""
    from combin.stud.core.rules import build_rules
    found = _RULES.get(variant.sha256)
    if found is None:
        game = next(game for game in games() if game.id == variant.derived_from)
        found = _RULES[variant.sha256] = build_rules(game, merged_entry(variant), variant)
    return found


def stud_rules(name: str, game_file: Any = None) -> "StudRules":
    """The rules of the registered stud game ``name``, or (``game_file`` given) those of that
    file, which must be derived from ``name``; the file is read and checked before any work.

    >>> from combin.lunar import GAME as LUNAR
    >>> stud_rules(LUNAR.id).variant is None
    True
    """
    from combin.stud.core.rules import load_rules
    if game_file is None:
        return load_rules(name)
    variant = read_variant(game_file)
    if variant.derived_from != name:
        line = key_line(variant.text, ("derived_from",))
        raise CombinError(f"{location(variant.source, line)}: the game file is derived from "
                          f"{variant.derived_from}, not {name}")
    return variant_rules(variant)


def _shown(entry: dict[str, Any], path: str) -> str:
    """A setting's value in the registered game, as text."""
    if path == "draws.exchange":
        draws = entry["draws"]
        if "exchange" in draws:
            low, high = draws["exchange"]
            return f"{low} to {high} cards"
        return f"by the reading of {draws['interpretation']}"
    if path == "ante_win.pays" and "pays" not in entry["ante_win"]:
        return f"by the reading of {entry['ante_win']['interpretation']}"
    if path.startswith("bet_pays.pays."):
        return str(_base_pays(entry).get(path.rsplit(".", 1)[1], "not paid"))
    target: Any = entry
    for part in path.split("."):
        target = target.get(part, {}) if isinstance(target, dict) else {}
    return str(target) if target != {} else "none"


def _base_pays(entry: dict[str, Any]) -> dict[str, str]:
    """The registered game's Bet pays as written (its ``bet_pays``, or the file it names)."""
    from combin.stud.core.rules import load_rules
    pays = entry["bet_pays"]
    if "from" in pays:
        return dict(tomllib.loads(read_data(load_rules(entry["id"]).package, pays["from"]))["pays"])
    return {k: v for k, v in pays.items() if k in _CLASSES}


def differences(variant: Variant) -> list[str]:
    """What the game file changes, in words, each beside the registered game's rule."""
    base = _base_entry(variant.derived_from)
    out = []
    for path, shown in variant.settings:
        kind, what = SETTINGS[path]
        unit = " x Ante" if kind in ("antes", "bet") else ""
        before = _shown(base, path)
        before_unit = unit if before.isdigit() else ""
        out.append(f"{what}: {shown}{unit} (the registered game: {before}{before_unit})")
    return out


def identification(stud: "StudRules") -> dict[str, Any] | None:
    """What a sheet records of the game file the rules ``stud`` are read from, or None:
    ``{file, id, title, citation, derived_from, sha256, changes}``."""
    variant = stud.variant
    if variant is None:
        return None
    return {"file": variant.source, "id": variant.id, "title": variant.title, "citation": variant.citation,
            "derived_from": variant.derived_from, "sha256": variant.sha256, "changes": differences(variant)}


def sheet_lines(found: dict[str, Any] | None) -> tuple[list[tuple[str, str]], list[str]]:
    """``(rows, notes)`` of a sheet from :func:`identification`: the rows name the file, its id,
    citation and SHA-256; the notes say in words what differs from the registered game.

    >>> rows, notes = sheet_lines({"file": "f.toml", "id": "x", "title": "X", "citation": "c",
    ...                            "derived_from": "base", "sha256": "ab", "changes": ["the Bet (x Ante): 3"]})
    >>> rows[0], notes[0]
    (('Game file', 'f.toml (id x, SHA-256 ab)'), 'The game file f.toml changes base as registered: the Bet (x Ante): 3.')
    """
    if found is None:
        return [], []
    rows = [("Game file", f"{found['file']} (id {found['id']}, SHA-256 {found['sha256']})"),
            ("Game file citation", found["citation"])]
    changes = "; ".join(found["changes"]) or "nothing (every rule as registered)"
    return rows, [f"The game file {found['file']} changes {found['derived_from']} as registered: {changes}."]
