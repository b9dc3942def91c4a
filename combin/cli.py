"""The ``combin`` command line.

Commands: ``list``, ``par``, ``sensitivity``, ``tables``.  A user error prints
one line, ``combin: error: ...``, on stderr and exits with status 2, leaving no
output file behind; an interrupt exits with status 130.  Heavy modules are
imported by the command that needs them, so the command line starts fast.
"""

import argparse
import sys

from combin import __version__
from combin.errors import CombinError

__all__ = ["main", "build_parser"]


def _sheet_options(parser):
    parser.add_argument("wager", help="wager id, e.g. eclipse.sun7 (see 'combin list')")
    parser.add_argument("--paytable", help="paytable id (default: the wager's first)")
    shoe = parser.add_mutually_exclusive_group()
    shoe.add_argument("--decks", help="number of full decks (baccarat; default 8)")
    shoe.add_argument("--shoe", metavar="SPEC",
                      help="explicit shoe: '8d-TT5' or 'A=32,2=32,...,K=32' (baccarat)")
    parser.add_argument("--rules", help="rule set id (baccarat: standard, ez, super6)")
    parser.add_argument("--interpret", metavar="ID=VALUE", action="extend", nargs="+", default=[],
                        help="switch an interpretation, e.g. E1=paid-rows (repeatable)")
    parser.add_argument("--format", default="text", choices=["text", "md", "csv", "json"])
    parser.add_argument("--out", metavar="FILE", help="write to FILE (atomically) instead of stdout")


def build_parser():
    parser = argparse.ArgumentParser(
        prog="combin", description="Exact combinatorial analyzer for casino table games.")
    parser.add_argument("--version", action="version", version=f"combin {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    listing = commands.add_parser("list", help="every wager, paytable, rule set and interpretation")
    listing.add_argument("--format", default="text", choices=["text", "md"])

    par = commands.add_parser("par", help="one par sheet on stdout")
    _sheet_options(par)

    sens = commands.add_parser("sensitivity",
                               help="one wager under each value of an interpretation, side by side")
    _sheet_options(sens)
    sens.add_argument("--interpretation", metavar="ID",
                      help="the interpretation to vary (default: each one the wager reads)")

    tables = commands.add_parser("tables", help="regenerate every committed table")
    tables.add_argument("--out", default="tables", metavar="DIR")
    tables.add_argument("--check", action="store_true",
                        help="compare with DIR instead of writing; exit 1 on any difference")
    return parser


def _options(args):
    from combin.interpret import parse_assignments
    return dict(paytable=args.paytable, decks=args.decks, shoe=args.shoe, rules=args.rules,
                interpret=parse_assignments(args.interpret))


def _emit(text, out):
    if out:
        from combin.fileio import write_atomic
        write_atomic(out, text)
    else:
        sys.stdout.write(text)


def cmd_list(args):
    from combin.listing import listing
    return listing(args.format)


def cmd_par(args):
    from combin.analysis import par_sheet
    from combin.render import render
    return render(par_sheet(args.wager, **_options(args)), args.format)


def cmd_sensitivity(args):
    from combin.analysis import sensitivity
    from combin.registry import find_wager
    from combin.render import render_comparison
    options = _options(args)
    game, wager = find_wager(args.wager)
    wanted = ([args.interpretation] if args.interpretation else
              [i for i in wager.interpretations if not game.interpretations[i].fixed])
    if not wanted:
        raise CombinError(f"{args.wager} reads no switchable interpretation")
    parts = []
    for interp in wanted:
        columns = [(f"{interp.upper()}={value}", sheet)
                   for value, sheet in sensitivity(args.wager, interp, **options)]
        parts.append(render_comparison(f"{wager.title}: sensitivity to {interp.upper()}",
                                       columns, args.format))
    return "\n".join(parts)


def cmd_tables(args):
    from combin.tables import check_tables, write_tables
    if args.check:
        drift = check_tables(args.out)
        for line in drift:
            print(line, file=sys.stderr)
        if drift:
            raise SystemExit(1)
        print(f"{args.out}: up to date", file=sys.stderr)
        return ""
    write_tables(args.out)
    return ""


COMMANDS = {"list": cmd_list, "par": cmd_par, "sensitivity": cmd_sensitivity, "tables": cmd_tables}


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        text = COMMANDS[args.command](args)
        _emit(text, getattr(args, "out", None) if args.command != "tables" else None)
    except CombinError as error:
        print(f"combin: error: {error}", file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:
        print("combin: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 1
    return 0
