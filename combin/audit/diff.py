"""What differs between a file of a bundle and its recomputation, figure by figure.

:func:`differences` names, for every difference (not only the first), the file,
where in it (a CSV cell by row and column, a JSON value by its path, a Markdown
table cell by its line, row and column, otherwise the line) and both values:
the one in the bundle and the one recomputed.
"""

import csv
import io
import json
from difflib import SequenceMatcher
from typing import Any

__all__ = ["differences", "MAX_REPORTED"]

#: At most this many differences are listed per file (then a count of the rest).
MAX_REPORTED = 200


def _short(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return repr(text if len(text) <= 160 else text[:157] + "...")


def _cells(line: str) -> list[str] | None:
    stripped = line.strip()
    if len(stripped) > 1 and stripped.startswith("|") and stripped.endswith("|"):
        return [cell.strip() for cell in stripped[1:-1].split("|")]
    return None


def _header(lines: list[str], number: int) -> list[str] | None:
    """The header row of the Markdown table holding line ``number`` (0-based)."""
    start = number
    while start > 0 and _cells(lines[start - 1]) is not None:
        start -= 1
    return _cells(lines[start]) if start < number else None


def _line(path: str, lines: list[str], number: int, old: str, new: str) -> list[str]:
    """One changed line: its table cells when it is a table row, else the line."""
    before, after = _cells(old), _cells(new)
    header = _header(lines, number)
    if before and after and header and len(before) == len(after) == len(header):
        return [f"{path}, line {number + 1}, table cell (row {before[0]!r}, column "
                f"{header[column]!r}): bundle {_short(b)}, recomputed {_short(a)}"
                for column, (b, a) in enumerate(zip(before, after)) if b != a]
    return [f"{path}, line {number + 1}: bundle {_short(old)}, recomputed {_short(new)}"]


def _text(path: str, old: str, new: str) -> list[str]:
    before, after = old.splitlines(), new.splitlines()
    found: list[str] = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        for offset in range(max(i2 - i1, j2 - j1)):
            i, j = i1 + offset, j1 + offset
            if i < i2 and j < j2:
                found += _line(path, before, i, before[i], after[j])
            elif i < i2:
                found.append(f"{path}, line {i + 1}: bundle {_short(before[i])}, recomputed "
                             "(no such line)")
            else:
                found.append(f"{path}, after line {i1}: bundle (no such line), recomputed "
                             f"{_short(after[j])}")
    return found


def _csv(path: str, old: str, new: str) -> list[str]:
    before, after = list(csv.reader(io.StringIO(old))), list(csv.reader(io.StringIO(new)))
    header = after[0] if after else []
    if len(before) != len(after) or any(len(a) != len(b) for a, b in zip(before, after)):
        return _text(path, old, new)
    return [f"{path}, row {r + 1}, column {header[c] if c < len(header) else c + 1!r}: "
            f"bundle {_short(b)}, recomputed {_short(a)}"
            for r, (row_b, row_a) in enumerate(zip(before, after))
            for c, (b, a) in enumerate(zip(row_b, row_a)) if b != a]


def _walk(path: str, where: str, old: Any, new: Any, found: list[str]) -> None:
    if isinstance(old, dict) and isinstance(new, dict):
        for key in list(old) + [k for k in new if k not in old]:
            if key not in new or key not in old:
                found.append(f"{path}, {where}/{key}: bundle "
                             f"{_short(old[key]) if key in old else '(absent)'}, recomputed "
                             f"{_short(new[key]) if key in new else '(absent)'}")
            else:
                _walk(path, f"{where}/{key}", old[key], new[key], found)
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for index, (b, a) in enumerate(zip(old, new)):
            _walk(path, f"{where}[{index}]", b, a, found)
    elif old != new or type(old) is not type(new):
        found.append(f"{path}, {where or '/'}: bundle {_short(old)}, recomputed {_short(new)}")


def differences(path: str, bundle: bytes, recomputed: bytes) -> list[str]:
    """Every difference between the bundle's ``path`` and its recomputation, one line each.

    >>> differences("x.csv", b"event,count\\nwin,12\\n", b"event,count\\nwin,13\\n")
    ["x.csv, row 2, column 'count': bundle '12', recomputed '13'"]
    >>> differences("x.md", b"| a | b |\\n|---|---|\\n| win | 12 |\\n",
    ...             b"| a | b |\\n|---|---|\\n| win | 13 |\\n")
    ["x.md, line 3, table cell (row 'win', column 'b'): bundle '12', recomputed '13'"]
    """
    if bundle == recomputed:
        return []
    try:
        old, new = bundle.decode("utf-8"), recomputed.decode("utf-8")
    except UnicodeDecodeError:
        return [f"{path}: the bytes differ (a binary file: {len(bundle):,} bytes in the bundle, "
                f"{len(recomputed):,} recomputed)"]
    found: list[str] = []
    if path.endswith(".json"):
        try:
            _walk(path, "", json.loads(old), json.loads(new), found)
        except ValueError:
            found = _text(path, old, new)
    elif path.endswith(".csv"):
        found = _csv(path, old, new)
    else:
        found = _text(path, old, new)
    found = found or [f"{path}: the bytes differ (white space or line endings)"]
    if len(found) > MAX_REPORTED:
        found = found[:MAX_REPORTED] + [f"{path}: {len(found) - MAX_REPORTED} more differences"]
    return found
