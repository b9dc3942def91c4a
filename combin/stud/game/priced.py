"""The priced classes of a run as a file: every class's exact values, one CSV row each.

A sample's sheet gives its estimate; this file gives what the estimate is made
of -- for every class the run priced, its situation (the player's five and the
dealer's up card, by card and by class index), its exact weight, how often the
sample drew it, the best option and its exact value per Ante with draws and
without (the control).  :func:`classes_csv` writes it from the run's records;
:func:`read_classes` reads it back; :func:`reprice` prices some of its classes
again with the engine (:func:`combin.stud.game.chunks.solve_chunk`) and returns
the rows as they come out, so that a reader (``combin audit --verify``) can
compare them with the file cell by cell.

Every value is an exact fraction ``p/q`` in lowest terms.

>>> COLUMNS[:4]
('class', 'hand', 'up', 'weight')
"""

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from combin.errors import CombinError
from combin.stud.core.situation import card_text
from combin.stud.draw.options import option_keys
from combin.stud.game.chunks import option_label, records_of, solve_chunk
from combin.stud.game.control import control_value
from combin.stud.game.spec import RunSpec

__all__ = ["COLUMNS", "classes_csv", "read_classes", "reprice", "class_rows"]

#: The columns of the file, in order.
COLUMNS = ("class", "hand", "up", "weight", "draws", "best", "value", "value_without_draws")


def _fraction(numerator: int, scale: int) -> str:
    value = Fraction(numerator, scale)
    return str(value.numerator) if value.denominator == 1 else str(value)


def class_rows(scale: int, records: Iterable[Any], rules: Any,
               draws: Mapping[int, int] | None = None) -> list[dict[str, str]]:
    """The rows of :data:`COLUMNS` for priced class records (:class:`~combin.stud.game.chunks.
    ClassRecord`); ``draws`` maps a class index to how often the sample drew it."""
    keys = option_keys(rules)
    rows = []
    for record in records:
        best = "instant payout" if record.best < 0 else option_label(keys[record.best], record.hand)
        rows.append({"class": str(record.index),
                     "hand": " ".join(card_text(card) for card in record.hand),
                     "up": card_text(record.up), "weight": str(record.weight),
                     "draws": str((draws or {}).get(record.index, 1)), "best": best,
                     "value": _fraction(record.best_value, scale),
                     "value_without_draws": _fraction(control_value(record.best, record.values),
                                                      scale)})
    return rows


def classes_csv(scale: int, records: Iterable[Any], rules: Any,
                draws: Mapping[int, int] | None = None) -> str:
    """The CSV of :func:`class_rows` (a header, then one row per class, by class index)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(class_rows(scale, records, rules, draws))
    return out.getvalue()


def read_classes(text: str, source: str) -> list[dict[str, str]]:
    """The rows of a priced-classes CSV; a :class:`CombinError` naming ``source`` when its
    header is not :data:`COLUMNS` or a class index is not a whole number."""
    reader = csv.DictReader(io.StringIO(text))
    if tuple(reader.fieldnames or ()) != COLUMNS:
        raise CombinError(f"{source}: not a file of priced classes (its header is not "
                          f"{','.join(COLUMNS)})")
    rows = list(reader)
    if not rows or not all(row["class"].isdigit() for row in rows):
        raise CombinError(f"{source}: a class index is not a whole number")
    return rows


def reprice(deck: Any, rules: Any, indices: Sequence[int],
            draws: Mapping[int, int] | None = None) -> list[dict[str, str]]:
    """The classes ``indices`` of ``deck`` priced again by the engine, as rows of :data:`COLUMNS`
    (the situation and weight from :func:`combin.stud.core.classes.situations`)."""
    from combin.stud.core.classes import situations
    _, hands, ups, weights = situations(deck)
    if any(not 0 <= index < len(weights) for index in indices):
        raise CombinError(f"a class index is outside the {len(weights):,} classes of "
                          f"{deck.text[:100]}")
    chunks = RunSpec.of(deck, rules, chunk=8).chunks(hands, ups, weights, sorted(indices))
    scale, records = records_of([solve_chunk(*chunk) for chunk in chunks])
    return class_rows(scale, records, rules, draws)
