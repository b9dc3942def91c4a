"""Reading combin's JSON documents in tests: a table's rows, a summary figure."""

__all__ = ["rows", "figure"]


def rows(obj, table):
    """The rows (dicts of strings) of ``table`` in a JSON document."""
    return obj["tables"][table]["rows"]


def figure(obj, label, table="summary", column="value"):
    """The exact text of the row ``label`` (first column) of a figures table."""
    found = [row for row in rows(obj, table) if next(iter(row.values())) == label]
    assert len(found) == 1, f"{label!r} not in {table}"
    return found[0][column]
