"""Reading TOML documents strictly, with a file and line for every complaint.

A user's paytable file is read by people who need to know *where* a mistake
is.  :func:`load_toml` turns a syntax error or a duplicate key into one
:class:`~combin.errors.CombinError` naming the line; :class:`EntryReader`
validates ``[[kind]]`` entries field by field and names the line of the
offending key.  Nothing here knows what a paytable is.
"""

import re
import tomllib
import unicodedata
from collections.abc import Iterable
from typing import Any, NoReturn

from combin.errors import CombinError

__all__ = ["ID_PATTERN", "MAX_DEPTH", "MAX_FIELD_TEXT", "location", "load_toml", "key_line", "EntryReader"]

#: A paytable or rule-set id of a user's file: a plain name, so that it can follow
#: ``WAGER:`` on a command line and name a file.
ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.+-]{0,39}$")

_POSITION = re.compile(r"^(?P<reason>.*?)\s*\((?:at line (?P<line>\d+), column \d+|"
                       r"at end of document)\)\s*$", re.DOTALL)
_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\[\]]+?)\s*(\]\]?)\s*(?:#.*)?$")
_KEY_PART = r"""(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')"""
_KEY = re.compile(rf"^\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*=")


def location(source: str, line: int | None) -> str:
    """``"FILE, line N"`` (or just ``FILE`` when the line is unknown)."""
    return f"{source}, line {line}" if line else source


def _key_path(text: str) -> tuple[str, ...]:
    """``'paytable. "pays" .tie'`` -> ``("paytable", "pays", "tie")``."""
    parts = re.findall(_KEY_PART, text)
    return tuple(part[1:-1] if part[:1] in "\"'" else part for part in parts)


def key_line(text: str, path: tuple[str, ...]) -> int:
    r"""The line that sets the key ``path`` (``("draws", "fee")``), whether under a ``[draws]``
    header or as a dotted ``draws.fee = ...``; else the line that opens its table; else 0.

    >>> key_line("id = 'x'\n[draws]\nbuy = 0\nfee = 2\n", ("draws", "fee"))
    4
    >>> key_line("[force]\nfee = 2\n", ("force",))
    1
    """
    scope: tuple[str, ...] = ()
    opens = 0
    for number, line in enumerate(text.splitlines(), 1):
        header = _HEADER.match(line)
        if header:
            scope = _key_path(header[2])
            if scope == path and not opens:
                opens = number
            continue
        match = _KEY.match(line)
        if match:
            full = scope + _key_path(match[1])
            if full == path or (len(full) > len(path) and full[:len(path)] == path and not opens):
                return number
    return opens


def _find_duplicate(text: str) -> tuple[int, str, int] | None:
    """``(line, key, first line)`` of the first key or table given twice, or ``None``.

    A line scanner, used only to explain a document tomllib has already rejected
    (tomllib reports where it noticed the clash, sometimes only "end of
    document"; a user wants the line that repeats).
    """
    seen: dict[tuple[int, str, tuple[str, ...]], int] = {}
    arrays = 0
    scope: tuple[str, ...] = ()
    for number, line in enumerate(text.splitlines(), 1):
        header = _HEADER.match(line)
        if header:
            path = _key_path(header[2])
            if header[1] == "[[":
                arrays += 1
                scope = path
                continue
            scope = path
            key = (arrays, "table", path)
            if key in seen:
                return number, "[" + ".".join(path) + "]", seen[key]
            seen[key] = number
            continue
        match = _KEY.match(line)
        if match:
            path = _key_path(match[1])
            key = (arrays, "key", scope + path)
            if key in seen:
                return number, ".".join(path), seen[key]
            seen[key] = number
    return None


#: The deepest nesting of tables and arrays a paytable file needs is 3; deeper is refused.
MAX_DEPTH = 8
#: The longest text field (title, citation) a paytable file may hold.
MAX_FIELD_TEXT = 1000
#: Characters a text field may not hold: controls (a newline could forge a line of a
#: par sheet), format characters (bidirectional overrides) and line separators.
_HIDDEN = ("Cc", "Cf", "Zl", "Zp")


def _depth(document: dict[str, Any]) -> int:
    """The nesting depth of a parsed TOML document (without recursion)."""
    deepest = 0
    stack: list[tuple[dict[str, Any] | list[Any], int]] = [(document, 1)]
    while stack:
        value, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth > MAX_DEPTH:
            break
        children = value.values() if isinstance(value, dict) else value
        stack += [(child, depth + 1) for child in children if isinstance(child, (dict, list))]
    return deepest


def load_toml(text: str, source: str) -> dict[str, Any]:
    """Parse TOML text; a syntax error or duplicate is one :class:`CombinError` with its line.

    Nesting deeper than :data:`MAX_DEPTH` is refused, whether the parser would
    recurse too deep (a ``RecursionError``) or the document is merely deep.
    """
    try:
        document = tomllib.loads(text)
    except RecursionError:
        raise CombinError(f"{source}: nested too deeply (at most {MAX_DEPTH} levels of "
                          "tables and arrays)") from None
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        match = _POSITION.match(message)
        reason = match["reason"] if match else message
        line = int(match["line"]) if match and match["line"] else None
        if match and not match["line"]:
            line = max(1, len(text.splitlines()))
        if reason.startswith(("Cannot overwrite", "Cannot declare", "Duplicate")):
            duplicate = _find_duplicate(text)
            if duplicate:
                at, key, first = duplicate
                raise CombinError(f"{source}, line {at}: duplicate line: {key!r} is already "
                                  f"given on line {first}") from None
            raise CombinError(f"{location(source, line)}: duplicate line ({reason})") from None
        raise CombinError(f"{location(source, line)}: not a valid TOML file ({reason})") from None
    if _depth(document) > MAX_DEPTH:
        raise CombinError(f"{source}: nested too deeply (at most {MAX_DEPTH} levels of "
                          "tables and arrays)")
    return document


class _Locator:
    """Line numbers of ``[[kind]]`` entries and of keys inside them."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.arrays = []  # (line number, kind) of every [[...]] header
        for number, line in enumerate(self.lines, 1):
            header = _HEADER.match(line)
            if header and header[1] == "[[":
                self.arrays.append((number, ".".join(_key_path(header[2]))))

    def _range(self, kind: str, index: int | None) -> tuple[int, int] | None:
        starts = [number for number, name in self.arrays if name == kind]
        if index is None or index >= len(starts):
            return None
        start = starts[index]
        later = [number for number, _ in self.arrays if number > start]
        return start, (later[0] - 1 if later else len(self.lines))

    def entry(self, kind: str, index: int | None) -> int:
        span = self._range(kind, index)
        return span[0] if span else 0

    def section(self, name: str) -> int:
        """The first line that opens table ``name`` or sets a top-level key ``name``."""
        for number, line in enumerate(self.lines, 1):
            header = _HEADER.match(line)
            key = _KEY.match(line)
            if (header and _key_path(header[2])[:1] == (name,)) or \
                    (key and _key_path(key[1])[:1] == (name,)):
                return number
        return 0

    def key(self, kind: str, index: int | None, key: str) -> int:
        """The line of ``key = ...`` inside entry ``index`` (else anywhere; else the entry)."""
        pattern = re.compile(rf"""^\s*(?:{_KEY_PART}\s*\.\s*)*["']?{re.escape(key)}["']?\s*=""")
        span = self._range(kind, index)
        start, end = span if span else (1, len(self.lines))
        for number in range(start, end + 1):
            if pattern.match(self.lines[number - 1]):
                return number
        for number, line in enumerate(self.lines, 1):
            if pattern.match(line) or (not span and key in line):
                return number
        return span[0] if span else 0


class EntryReader:
    """One document being validated: every complaint names the source and a line."""

    def __init__(self, text: str, source: str) -> None:
        self.source = source
        self.locate = _Locator(text)

    def fail(self, reason: str, kind: str | None = None, index: int | None = None,
             key: str | None = None) -> NoReturn:
        if kind is None:
            line = self.locate.section(key) if key else 0
        elif key is None:
            line = self.locate.entry(kind, index)
        else:
            line = self.locate.key(kind, index, key)
        raise CombinError(f"{location(self.source, line)}: {reason}")

    def entries(self, document: dict[str, Any], kind: str) -> list[dict[str, Any]]:
        entries = document.get(kind, [])
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            self.fail(f"'{kind}' must be a list of [[{kind}]] tables", kind, 0, kind)
        return entries

    def text_field(self, entry: dict[str, Any], kind: str, index: int, name: str,
                   required: bool = True) -> Any:
        value = entry.get(name)
        if value is None and not required:
            return None
        if not isinstance(value, str) or not value.strip():
            what = entry.get("id") if isinstance(entry.get("id"), str) else f"#{index + 1}"
            self.fail(f"[[{kind}]] {what!r} needs a text field '{name}'", kind, index,
                      name if name in entry else None)
        if len(value) > MAX_FIELD_TEXT:
            self.fail(f"[[{kind}]] field '{name}' is longer than {MAX_FIELD_TEXT:,} characters",
                      kind, index, name)
        hidden = [c for c in value if unicodedata.category(c) in _HIDDEN]
        if hidden:
            self.fail(f"[[{kind}]] field '{name}' holds a control character "
                      f"(U+{ord(hidden[0]):04X}); write it on one line of visible text",
                      kind, index, name)
        return value

    def plain_id(self, entry: dict[str, Any], kind: str, index: int) -> str:
        pid = str(self.text_field(entry, kind, index, "id"))
        if not ID_PATTERN.match(pid):
            self.fail(f"the id {pid!r} is not a plain name (letters, digits, '_', '-', '.', '+'; "
                      "at most 40 characters)", kind, index, "id")
        return pid

    def unknown_fields(self, entry: dict[str, Any], kind: str, index: int,
                       allowed: Iterable[str]) -> None:
        for name in entry:
            if name not in allowed:
                self.fail(f"[[{kind}]] has no field {name!r} (fields: {', '.join(allowed)})",
                          kind, index, name)
