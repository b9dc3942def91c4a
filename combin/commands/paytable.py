"""``combin paytable WAGER``: write a paytable as TOML, ready to edit and load back."""

import argparse

from combin.errors import CombinError

NAME = "paytable"
HELP = "write a paytable (built-in or from a file) as a TOML paytable file"
EXAMPLES = """examples:
  combin paytable eclipse.supreme7 --paytable B --id B2 --out b2.toml
  combin par eclipse.supreme7 --paytable-file b2.toml"""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("wager", help="wager id, e.g. eclipse.moon8 (see 'combin list')")
    parser.add_argument("--paytable", help="paytable id (default: the wager's default)")
    parser.add_argument("--id", dest="new_id", metavar="NEW_ID",
                        help="write it under this id (a built-in id is reserved: a file must "
                             "rename it before --paytable-file accepts it)")
    parser.add_argument("--paytable-file", metavar="FILE", action="append", default=[],
                        help="also offer the paytables of FILE (to rewrite one of them)")
    parser.add_argument("--out", metavar="FILE", help="write to FILE (atomically) instead of stdout")


def run(args: argparse.Namespace) -> str:
    from dataclasses import replace

    from combin.version import __version__
    from combin.core.game import RuleSet, check_known
    from combin.core.paytable import ID_PATTERN
    from combin.files.paytable_file import catalog, paytable_toml, read_paytable_files
    from combin.registry import find_wager
    game, wager = find_wager(args.wager)
    known = catalog()
    files = read_paytable_files(args.paytable_file, known).of(wager.id) if args.paytable_file else []
    tables = {**{p.id: p for p in game.paytables_of(wager.id)}, **{p.id: p for p in files}}
    pid = args.paytable or (files[0].id if len(files) == 1 else wager.default_paytable)
    table = tables[check_known(f"paytable of {wager.id}", pid, list(tables))]
    new_id = args.new_id or table.id
    if not ID_PATTERN.match(new_id):
        raise CombinError(f"the id {new_id!r} is not a plain name (letters, digits, '_', '-', "
                          "'.', '+'; at most 40 characters)")
    # A built-in table exported is derived from it; a file's table keeps its own origin.
    title = f"Paytable {new_id}" if table.title == f"Paytable {table.id}" else table.title
    exported = replace(table, id=new_id, title=title,
                       derived_from=table.derived_from if table.user_file else table.id)
    rulesets: tuple[RuleSet, ...] = ()
    if known.ruled(wager.id):
        rulesets = (RuleSet(new_id, f"{wager.title} paid by paytable {new_id}", table.citation,
                            {wager.id: new_id}),)
    comments = [f"combin {__version__}: paytable '{table.id}' of {wager.id} ({wager.title}), "
                f"from {table.source}.",
                f"Load it with: combin par {wager.id} --paytable-file FILE"]
    reserved = (wager.id, new_id) in known.paytables or \
        (rulesets and (game.id, new_id) in known.rulesets)
    if reserved:
        comments.append(f"'{new_id}' is a built-in id: change each id = \"{new_id}\" below "
                        "(or export with --id NEW) before loading this file.")
    return paytable_toml([exported], rulesets, comments)
