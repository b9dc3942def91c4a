"""Options shared by the commands that compute a par sheet."""

import argparse
from typing import Any

__all__ = ["add_sheet_options", "sheet_options", "add_output_options"]


def add_output_options(parser: argparse.ArgumentParser,
                       formats: tuple[str, ...] = ("text", "md", "csv", "json")) -> None:
    parser.add_argument("--format", default="text", choices=list(formats))
    parser.add_argument("--out", metavar="FILE", help="write to FILE (atomically) instead of stdout")


def add_sheet_options(parser: argparse.ArgumentParser, wager: bool = True) -> None:
    """WAGER, --paytable, --decks/--shoe, --rules, --interpret, --paytable-file, --format, --out."""
    if wager:
        parser.add_argument("wager", help="wager id, e.g. eclipse.sun7 (see 'combin list')")
    parser.add_argument("--paytable", help="paytable id (default: the wager's first)")
    shoe = parser.add_mutually_exclusive_group()
    shoe.add_argument("--decks", help="number of full decks, for a game dealt from a shoe (default 8)")
    shoe.add_argument("--shoe", metavar="SPEC",
                      help="explicit shoe: '8d-TT5' or 'A=32,2=32,...,K=32' (a game dealt from a shoe)")
    parser.add_argument("--rules", help="rule set id (see 'combin list'; e.g. ez)")
    parser.add_argument("--interpret", metavar="ID=VALUE", action="extend", nargs="+", default=[],
                        help="switch an interpretation, e.g. E1=paid-rows (repeatable)")
    parser.add_argument("--paytable-file", metavar="FILE", action="append", default=[],
                        help="TOML file of your own [[paytable]] (and [[ruleset]]) entries; "
                             "one paytable for the wager is selected by itself (repeatable)")
    add_output_options(parser)


def sheet_options(args: argparse.Namespace, warn: bool = True) -> dict[str, Any]:
    """The keyword options of :func:`combin.analysis.par_sheet` from parsed arguments.

    With a ``--paytable-file``, a paytable of the file that returns 100% or more
    is reported at once, unless ``warn`` is false (the command reports it on
    the sheet it builds, :func:`combin.paytable_file.warn_generous`).
    """
    from combin.interpret import parse_assignments
    options = dict(paytable=args.paytable, decks=args.decks, shoe=args.shoe, rules=args.rules,
                   interpret=parse_assignments(args.interpret), extra_paytables=[])
    if getattr(args, "paytable_file", None):
        from combin.paytable_file import apply_files
        apply_files(options, args.paytable_file, getattr(args, "wager", None), warn=warn)
    return options
