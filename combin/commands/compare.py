"""``combin compare WAGER``: one wager's figures side by side under several paytables,
rule sets or deck counts."""

import argparse
from typing import TYPE_CHECKING, Any

from combin.errors import CombinError

if TYPE_CHECKING:
    from combin.parsheet import ParSheet
    from combin.render.document import Document

NAME = "compare"
HELP = "one wager side by side under several paytables, rule sets or deck counts"
EXAMPLES = """examples:
  combin compare eclipse.sun7 --paytable A,B,C
  combin compare baccarat.banker --rules standard,ez,super6 --decks 6,8
  combin compare eclipse.moon8 --paytable A,B --format xlsx --out moon8.xlsx"""

#: The most sheets one comparison may hold.
MAX_COLUMNS = 64


#: Each list option's example, for a message about the list the user typed.
_EXAMPLE = {"--paytable": "A,B,C", "--rules": "standard,ez", "--decks": "6,8"}


def _items(text: str | None, option: str, what: str) -> list[str | None]:
    """The items of ``option``'s comma-separated list ``text`` (``[None]`` when not given);
    an empty item, or an item named twice (for ``--decks``, the same number: ``8,08``), is an
    error that quotes the user's list."""
    from combin.fileio import shown
    if text is None:
        return [None]
    items: list[str | None] = [item.strip() for item in text.split(",")]
    empty = [str(i) for i, item in enumerate(items, 1) if not item]
    if empty:
        which = (f"item {empty[0]} is" if len(empty) == 1
                 else f"items {', '.join(empty[:-1])} and {empty[-1]} are")
        raise CombinError(f"{option} {shown(text)}: {which} empty; separate the {what} by single "
                          f"commas, e.g. {option} {_EXAMPLE[option]}")
    keys: list[object] = list(items)
    if option == "--decks":
        from combin.bounded import parse_int
        keys = [parse_int(item, "--decks", 1) for item in items]
    for i, key in enumerate(keys):
        if key in keys[:i]:
            first = keys.index(key)
            same = (f"{items[first]!r} and {items[i]!r} are the same number"
                    if items[first] != items[i] else f"{items[i]!r} is named twice")
            raise CombinError(f"{option} {shown(text)}: {same}; name each of the {what} once")
    return items


def configure(parser: argparse.ArgumentParser) -> None:
    from combin.commands.options import add_output_options
    parser.add_argument("wager", help="wager id, e.g. eclipse.sun7 (see 'combin list')")
    parser.add_argument("--paytable", metavar="A,B,...",
                        help="paytable ids to compare, e.g. A,B,C (default: the wager's first)")
    parser.add_argument("--rules", metavar="R1,R2,...",
                        help="rule set ids to compare, e.g. standard,ez (default: the game's first)")
    parser.add_argument("--decks", metavar="N1,N2,...",
                        help="deck counts to compare, e.g. 6,8 (baccarat; default 8)")
    parser.add_argument("--interpret", metavar="ID=VALUE", action="extend", nargs="+", default=[],
                        help="switch an interpretation for every column, e.g. E1=paid-rows")
    parser.add_argument("--paytable-file", metavar="FILE", action="append", default=[],
                        help="TOML file of your own paytables, whose ids --paytable may name "
                             "(repeatable)")
    add_output_options(parser)


def run(args: argparse.Namespace) -> str | bytes:
    from combin.api import compare
    from combin.render import emit
    result = compare(args.wager, paytable=args.paytable, rules=args.rules, decks=args.decks,
                     interpret=args.interpret, paytable_file=args.paytable_file)
    return emit(result.document(), args)


def comparison(wager: str, paytable: str | None, rules: str | None, decks: str | None,
               base: dict[str, Any]) -> "tuple[Document, list[tuple[str, ParSheet]]]":
    """The document of ``combin compare`` and its ``(heading, sheet)`` columns, from the
    command line's lists (``"A,B,C"``) and the options ``base`` of every column."""
    from combin.analysis import par_sheet
    from combin.documents.comparison import document
    paytables = _items(paytable, "--paytable", "paytables")
    rule_sets = _items(rules, "--rules", "rule sets")
    deck_counts = _items(decks, "--decks", "deck counts")
    combos = [(p, r, d) for d in deck_counts for r in rule_sets for p in paytables]
    if len(combos) > MAX_COLUMNS:
        raise CombinError(f"{len(combos)} combinations to compare; at most {MAX_COLUMNS}")
    columns = []
    for table, rule, deck in combos:
        sheet = par_sheet(wager, paytable=table, rules=rule, decks=deck,
                          interpret=base["interpret"], extra_paytables=base["extra_paytables"],
                          **({"extra_rulesets": base["extra_rulesets"]}
                             if "extra_rulesets" in base else {}))
        heading = " ".join(part for part in (
            f"paytable {table}" if table else None, f"rules {rule}" if rule else None,
            f"{deck} decks" if deck else None) if part) or sheet.paytable
        columns.append((heading, sheet))
    title = f"{columns[0][1].title}: side by side"
    return document("compare", title, [("compare", title, columns)]), columns
