"""``combin tables``: regenerate (or check) every committed table."""

import argparse
import sys

NAME = "tables"
HELP = "regenerate every committed table"
#: ``--out`` names a directory, written all or nothing (combin.files.fileio.write_tree).
OUTPUT = "directory"
EXAMPLES = """examples:
  combin tables                    # regenerate tables/ in place
  combin tables --out /some/where  # the same tree elsewhere"""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", default="tables", metavar="DIR",
                        help="the directory to write the tables tree to")
    parser.add_argument("--check", action="store_true",
                        help="compare with DIR instead of writing; exit 1 on any difference")


def run(args: argparse.Namespace) -> str:
    from combin.files.fileio import check_directory
    from combin.documents.tables import MARKER, check_tables, write_tables
    if not args.check:
        check_directory(args.out, relatives=(), marker=MARKER)
        write_tables(args.out)
        return ""
    drift = check_tables(args.out)
    for line in drift:
        print(line, file=sys.stderr)
    if drift:
        raise SystemExit(1)
    from combin.running.progress import messages
    messages(args.out)("up to date")
    return ""
