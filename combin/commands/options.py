"""Options shared by the commands that compute a par sheet."""

import argparse
from typing import Any

__all__ = ["add_sheet_options", "sheet_options", "options_of", "add_output_options"]


def add_output_options(parser: argparse.ArgumentParser, formats: tuple[str, ...] | None = None,
                       tables: bool = True) -> None:
    """``--format``, ``--out`` and ``--table`` (see :func:`combin.render.add_format_options`)."""
    from combin.render import FORMATS, add_format_options
    add_format_options(parser, formats or tuple(FORMATS), tables)


def add_sheet_options(parser: argparse.ArgumentParser, wager: bool = True) -> None:
    """WAGER, --paytable, --decks/--shoe, --rules, --interpret, --paytable-file, --format, --out."""
    if wager:
        parser.add_argument("wager", help="wager id, e.g. eclipse.sun7 (see 'combin list')")
    parser.add_argument("--paytable", help="paytable id (default: the wager's first)")
    shoe = parser.add_mutually_exclusive_group()
    shoe.add_argument("--decks", help="number of full decks, for a game dealt from a shoe (default 8)")
    shoe.add_argument("--shoe", metavar="SPEC",
                      help="explicit shoe: '8d-TT5' or 'A=32,2=32,...,K=32' (a game dealt from "
                           "a shoe; default: 8 full decks)")
    parser.add_argument("--rules", help="rule set id (see 'combin list'; e.g. ez; default: the "
                                        "game's first)")
    parser.add_argument("--interpret", metavar="ID=VALUE", action="extend", nargs="+", default=[],
                        help="switch an interpretation, e.g. E1=paid-rows (repeatable; default: each "
                             "interpretation's default, see 'combin list')")
    parser.add_argument("--paytable-file", metavar="FILE", action="append", default=[],
                        help="TOML file of your own [[paytable]] (and [[ruleset]]) entries; "
                             "one paytable for the wager is selected by itself (repeatable; default: "
                             "none)")
    add_output_options(parser)


def sheet_options(args: argparse.Namespace, warn: bool = True) -> dict[str, Any]:
    """The keyword options of :func:`combin.core.analysis.par_sheet` from parsed arguments
    (:func:`options_of`)."""
    return options_of(getattr(args, "wager", None), paytable=args.paytable, decks=args.decks,
                      shoe=args.shoe, rules=args.rules, interpret=args.interpret,
                      paytable_files=getattr(args, "paytable_file", None) or [], warn=warn)


def options_of(wager: str | None, *, paytable: str | None, decks: str | None, shoe: str | None,
               rules: str | None, interpret: list[str], paytable_files: list[str],
               warn: bool = True) -> dict[str, Any]:
    """The keyword options of :func:`combin.core.analysis.par_sheet` from the command line's words
    (``interpret``: ``["E1=paid-rows"]``), as the command line and :mod:`combin.api` read them.

    With ``paytable_files``, a paytable of a file that returns 100% or more is reported at
    once, unless ``warn`` is false (the command reports it on the sheet it builds,
    :func:`combin.files.paytable_file.warn_generous`).

    >>> options_of("eclipse.sun7", paytable="B", decks="6", shoe=None, rules=None,
    ...            interpret=["e1=paid-rows"], paytable_files=[])["interpret"]
    {'E1': 'paid-rows'}
    """
    from combin.core.interpret import parse_assignments
    options: dict[str, Any] = dict(paytable=paytable, decks=decks, shoe=shoe, rules=rules,
                                   interpret=parse_assignments(interpret), extra_paytables=[])
    if paytable_files:
        from combin.files.paytable_file import apply_files
        apply_files(options, paytable_files, wager, warn=warn)
    return options
