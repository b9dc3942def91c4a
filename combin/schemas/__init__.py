"""JSON Schemas of combin's JSON outputs, shipped with the package.

``document.schema.json`` describes the shape every JSON output shares
(:mod:`combin.render.jsonfile`); ``KIND.schema.json`` adds what one format
``combin.KIND/2`` must hold (its tables, their columns, its subject keys).
:func:`load` reads a schema; :func:`validate` checks a JSON object against the
schema its ``format`` tag names (this needs the ``jsonschema`` library, a
development dependency).

>>> "parsheet" in KINDS, sorted(load("parsheet"))[:3]
(True, ['$id', '$schema', 'allOf'])
"""

import json
from collections.abc import Mapping
from importlib import resources
from typing import Any

__all__ = ["KINDS", "load", "validate"]

#: The JSON formats with a schema: ``combin.KIND/2``.
KINDS = ("parsheet", "sensitivity", "compare", "decks", "eor", "shoe", "count", "solve",
         "package", "hands", "list", "stud_game", "advise", "lunar_game", "lunar_strategy", "lunar_simulation", "remedy", "variants",
         "strategy_card", "skill_curve", "skill_mix")


def load(kind: str) -> dict[str, Any]:
    """The schema of ``kind`` (or ``"document"``, the shared shape) as a dict."""
    text = resources.files(__name__).joinpath(f"{kind}.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def validate(obj: Mapping[str, Any]) -> str:
    """Validate ``obj`` against its format's schema (and the shared one); raise
    :class:`jsonschema.ValidationError` on the first error.  Returns the kind."""
    import jsonschema
    from referencing import Registry, Resource
    kind: str = obj["format"].split(".", 1)[1].split("/", 1)[0]
    base = load("document")
    registry = Registry().with_resource(base["$id"], Resource.from_contents(base))
    for schema in (base, load(kind)):
        jsonschema.Draft202012Validator(schema, registry=registry).validate(obj)
    return kind
