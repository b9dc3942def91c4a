"""``combin audit``: write or verify the certification evidence bundle."""

import argparse
import sys
from typing import TYPE_CHECKING, Any

from combin.errors import CombinError

if TYPE_CHECKING:
    from combin.audit.scope import Scope

NAME = "audit"
HELP = "write (or --verify) the certification evidence bundle"
#: ``--out`` names a directory, written all or nothing (combin.files.fileio.write_tree).
OUTPUT = "directory"
EXAMPLES = """examples:
  combin audit --out build/audit
  combin audit --out b --game baccarat --wager eclipse.eclipse --paytable B --rules ez --pdf
  combin audit --out l --game lunar --paytable A --client "Casino" --submission RS-12
  combin audit --out rs --game baccarat --game lunar --wager eclipse.eclipse:B --rules ez --decks 8 --paytable A
  combin audit --verify build/audit
  combin audit --verify l --verify-classes 500"""

MAX_WORKERS = 256
#: A sample holds a few thousand classes; more than this is not a sample of one.
MAX_VERIFY_CLASSES = 1_000_000


def configure(parser: argparse.ArgumentParser) -> None:
    from combin.files.bounded import int_option  # stdlib only: bounded numbers for argparse
    from combin.audit import DEFAULTS, LIMITS
    parser.add_argument("--out", default="build/audit", metavar="DIR",
                        help="where to write the bundle (default build/audit)")
    parser.add_argument("--verify", metavar="DIR",
                        help="re-hash the bundle in DIR and recompute it; exit 1 on any difference")
    parser.add_argument("--seed", type=int_option("--seed", *LIMITS["seed"]), default=DEFAULTS["seed"],
                        help="seed of every simulation in the bundle (recorded in the manifest)")
    parser.add_argument("--rounds", type=int_option("--rounds", *LIMITS["rounds"]),
                        default=DEFAULTS["rounds"],
                        help="rounds simulated per game that deals rounds")
    parser.add_argument("--hands", type=int_option("--hands", *LIMITS["hands"]),
                        default=DEFAULTS["hands"],
                        help="hands simulated per game that deals hands")
    parser.add_argument("--shoes", type=int_option("--shoes", *LIMITS["shoes"]),
                        default=DEFAULTS["shoes"],
                        help="shoes per count simulation")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="run the simulations on an existing Dask cluster, e.g. "
                             "tcp://127.0.0.1:8786 (the result does not depend on it)")
    parser.add_argument("--connect-timeout", metavar="SECONDS", default=None,
                        help="wait at most SECONDS for the --scheduler to answer (default 30)")
    parser.add_argument("--workers", type=int_option("--workers", 1, MAX_WORKERS), default=2,
                        help="processes for the simulations")
    parser.add_argument("--hashes-only", action="store_true",
                        help="with --verify: check the hashes and the manifest, do not recompute")
    parser.add_argument("--verify-classes", metavar="N", default=None,
                        type=int_option("--verify-classes", 0, MAX_VERIFY_CLASSES),
                        help="with --verify: price again N seeded random classes of the 52-card "
                             "Lunar sample the bundle carries, and N of the classes the exact "
                             "52-card run's shards kept; their exact values must equal the "
                             "bundle's (default 200, about 0.1-0.4 CPU-seconds each; 0: none)")
    parser.add_argument("--verify-shards", metavar="K", default=None,
                        type=int_option("--verify-shards", 0, 256),
                        help="with --verify: price again every class of K shards of the exact 52-card "
                             "run, chosen at random (seeded), and compare each shard file entry by entry "
                             "(default 1; a 52-card shard is about 22,000 classes, about 4 CPU-ms each in "
                             "the run's own engine: 1 to 2 CPU-minutes a shard; 0: none)")
    scope = parser.add_argument_group("scope: one configuration (default: every one)")
    scope.add_argument("--game", action="append", default=[],
                       help="baccarat, lunar or caribbean (repeatable: several games in one bundle, "
                            "each option applied to the games it concerns)")
    scope.add_argument("--wager", action="append", default=[], metavar="W[:PAYTABLE]",
                       help="a wager of the game (repeatable; default every wager), with the "
                            "paytable it is filed under, e.g. baccarat.tie:8to1 (default: --paytable "
                            "when the wager offers it, else each of its paytables)")
    scope.add_argument("--paytable", help="paytable id (wagers offering it are priced under it "
                                          "alone; Lunar: the instant payout A, B or C)")
    scope.add_argument("--rules", help="rule set id (default: every rule set)")
    shoe = scope.add_mutually_exclusive_group()
    shoe.add_argument("--decks", help="number of decks of a shoe game (default: 8 and 6)")
    shoe.add_argument("--shoe", metavar="SPEC", help="explicit shoe, as 'combin par --shoe'")
    scope.add_argument("--deck", metavar="RANKS",
                       help="ranks in play of a stud game, e.g. 9TJQKA (default all 13)")
    scope.add_argument("--interpret", metavar="ID=VALUE", action="extend", nargs="+", default=[],
                       help="switch an interpretation (repeatable)")
    scope.add_argument("--include", metavar="NAME", action="append", default=[],
                       help="an optional page group of a whole game the bundle also carries "
                            "(repeatable; Lunar Poker: reduced-decks, samples; default none)")
    scope.add_argument("--paytable-file", metavar="FILE", action="append", default=[],
                       help="a paytable file of your own; copied into the bundle and hashed")
    lab = parser.add_argument_group("the laboratory's fields (recorded and checked by --verify)")
    lab.add_argument("--client", default=None, help="the client the bundle is prepared for")
    lab.add_argument("--submission", default=None, help="the Rules Submission it supports")
    lab.add_argument("--prepared-by", default=None, help="who prepared it")
    lab.add_argument("--date", default=None, metavar="YYYY-MM-DD",
                     help="the date printed on the reports (default: today, UTC)")
    lab.add_argument("--submission-file", metavar="FILE",
                     help="a Rules Submission in TOML: the laboratory's fields and the scope (the keys "
                          "of the options above: game, wagers = [\"baccarat.tie:8to1\", ...], paytable, "
                          "rules, decks, shoe, deck, [interpret]), instead of those options; copied "
                          "into the bundle and checked by --verify")
    parser.add_argument("--pdf", action="store_true",
                        help="also write REPORT.pdf through headless Chromium")


#: Options that build a bundle (the scope, the laboratory's fields, --pdf), not --verify one.
_SCOPE_AND_LAB = ("game", "wager", "paytable", "rules", "decks", "shoe", "deck", "interpret",
                  "include", "paytable_file", "client", "submission", "prepared_by", "date", "pdf",
                  "submission_file")


def scope_record(args: argparse.Namespace) -> dict[str, Any]:
    """The scope of parsed options as the manifest records it."""
    from combin.core.interpret import parse_assignments
    games = list(args.game)
    return {"game": games[0] if len(games) == 1 else None,
            "games": games if len(games) > 1 else [], "wagers": list(args.wager), "paytable": args.paytable,
            "rules": args.rules, "decks": args.decks, "shoe": args.shoe, "deck": args.deck,
            "interpret": dict(sorted(parse_assignments(args.interpret).items())),
            "paytable_files": list(args.paytable_file), "include": list(args.include)}


def lab_fields(args: argparse.Namespace) -> dict[str, str]:
    """The laboratory's fields of parsed options (``date`` as given, or empty)."""
    from combin.files.bounded import plain_text
    fields = {"client": args.client or "", "submission": args.submission or "",
              "prepared_by": args.prepared_by or "", "date": args.date or ""}
    for key, value in fields.items():
        plain_text(value, f"--{key.replace('_', '-')}")    # a newline would forge a report line
    return fields


def _scope(args: argparse.Namespace) -> "Scope":
    """The :class:`~combin.audit.scope.Scope` of the options; paytable files read now."""
    from pathlib import Path
    from combin.audit.scope import Scope
    from combin.files.fileio import read_text
    from combin.core.interpret import parse_assignments
    from combin.files.paytable_file import MAX_FILE_BYTES
    from combin.files.bounded import plain_text
    files, names = [], set()
    for path in args.paytable_file:
        name = plain_text(Path(path).name, "the paytable file's name")   # printed on the reports
        if name in names:
            raise CombinError(f"--paytable-file: two files are named {name!r}; rename one")
        names.add(name)
        files.append((name, read_text(path, MAX_FILE_BYTES, "paytable file")))
    return Scope.of_games(args.game, args.wager, paytable=args.paytable, rules=args.rules,
                             decks=args.decks, shoe=args.shoe, deck=args.deck,
                             interpret=tuple(sorted(parse_assignments(args.interpret).items())),
                             paytable_files=tuple(files), include=tuple(args.include))


def _submitted(args: argparse.Namespace) -> tuple["Scope", dict[str, str]]:
    """The scope and laboratory fields of ``--submission-file`` (which no scope or laboratory
    option may accompany, but ``--date`` when the file gives none)."""
    import dataclasses
    from pathlib import Path
    from combin.audit.scope import Scope
    from combin.audit.submission import MAX_BYTES, parse_submission
    from combin.files.bounded import plain_text
    from combin.files.fileio import read_text
    given = [f"--{name.replace('_', '-')}" for name in _SCOPE_AND_LAB
             if name not in ("pdf", "date", "submission_file") and getattr(args, name)]
    if given:
        raise CombinError(f"--submission-file gives the scope and the laboratory's fields; drop "
                          f"{', '.join(given)}")
    path = args.submission_file
    name = plain_text(Path(path).name, "the submission file's name")
    text = read_text(path, MAX_BYTES, "submission file")
    found = parse_submission(text, path)
    if found.lab["date"] and args.date is not None:
        raise CombinError(f"{path} gives the date; drop --date")
    lab = {**found.lab, "date": _date(found.lab["date"] or args.date)}
    return dataclasses.replace(found.scope, submission=((name, text),)), lab


def _date(text: str | None) -> str:
    import datetime
    if text is None:
        return datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise CombinError(f"--date takes YYYY-MM-DD, not {text[:40]!r}") from None


def verdict(directory: str, hashes_only: bool, classes: int, shards: int = 0) -> str:
    """The verdict of a clean ``--verify``, the command's result (on stdout, so ``-q`` keeps
    it), saying what was recomputed in full and what only by a sample.

    >>> print(verdict("b", True, 0), end="")
    b: verified: every file's hash and the manifest match (nothing recomputed: --hashes-only).
    >>> "a seeded sample of 3" in verdict("b", False, 3)
    True
    >>> "2 whole shards chosen at random" in verdict("b", False, 3, 2)
    True
    """
    if hashes_only:
        return (f"{directory}: verified: every file's hash and the manifest match (nothing "
                "recomputed: --hashes-only).\n")
    sampled = (f" Sampled, not recomputed whole: of each exact whole-game run the bundle "
               f"carries (sharded over hours of computing), its sheet is re-assembled byte for "
               f"byte from the committed shards and a seeded sample of {classes:,} of its "
               f"situation classes is priced again by the independent card-by-card engine; the "
               f"run's other classes are taken from the shards as filed." if classes else
               " Exact whole-game runs the bundle carries: their sheets are re-assembled from "
               "the committed shards; no class is priced again (--verify-classes 0).")
    if shards:
        sampled += (f" Besides, {shards:,} whole shard{'s' if shards > 1 else ''} chosen at random "
                    f"(seeded) of each such run {'were' if shards > 1 else 'was'} priced again class by "
                    "class and found identical, entry by entry.")
    return (f"{directory}: verified: every file's hash and the manifest match, and every par "
            f"sheet, table and cross-check was recomputed in full and is identical.{sampled}\n")


def run(args: argparse.Namespace) -> str:
    from combin.running.executor import default_scheduler
    with default_scheduler(args.scheduler):
        return _run(args)


def _run(args: argparse.Namespace) -> str:
    from combin.audit.bundle import MARKER, audit_command, build, write
    from combin.files.fileio import check_directory
    from combin.running.progress import messages
    if args.verify is not None:
        given = [f"--{name.replace('_', '-')}" for name in _SCOPE_AND_LAB if getattr(args, name)]
        if given:
            raise CombinError(f"{', '.join(given)} describe a bundle to build; --verify reads "
                              "them from the bundle's manifest")
        if not args.verify.strip():
            raise CombinError("--verify needs the directory of a bundle, not an empty name")
        from combin.audit.verify import VERIFY_CLASSES, VERIFY_SHARDS, verify
        classes = VERIFY_CLASSES if args.verify_classes is None else args.verify_classes
        shards = VERIFY_SHARDS if args.verify_shards is None else args.verify_shards
        differences = verify(args.verify, args.workers, recompute=not args.hashes_only,
                             classes=classes, shards=shards)
        for line in differences:
            print(line, file=sys.stderr)
        if differences:
            print(f"combin: {args.verify}: {len(differences)} difference(s)", file=sys.stderr)
            raise SystemExit(1)
        # on stdout, not returned: the command's --out names the bundle to build, not a file
        print(verdict(args.verify, args.hashes_only, classes, shards), end="")
        return ""
    for asked, name in ((args.hashes_only, "--hashes-only"),
                        (args.verify_classes is not None, "--verify-classes"),
                        (args.verify_shards is not None, "--verify-shards")):
        if asked:
            raise CombinError(f"{name} applies to --verify DIR")
    check_directory(args.out, relatives=(), marker=MARKER)
    if args.submission_file is not None:
        scope, lab = _submitted(args)
    else:
        scope = _scope(args)
        lab = {**lab_fields(args), "date": _date(args.date)}
    if args.pdf:
        from combin.audit.pdf import probe
        probe()  # refused before any work when Chromium is missing or cannot print
    files, verdicts, record = build(args.seed, args.rounds, args.hands, args.shoes, args.workers,
                                    scope=scope, lab=lab)
    if args.pdf:
        from combin.audit.bundle import PDF
        from combin.audit.filing import filing_html
        from combin.audit.pdf import print_pdf
        files[PDF] = print_pdf(filing_html(files, lab))
    write(args.out, files, verdicts, record, audit_command(record))
    messages("combin")(f"wrote {len(files) + 1} files under {args.out}")
    failed = [game for game, verdict in verdicts.items() if not verdict["all_checks_passed"]]
    if failed:
        print(f"combin: cross-checks FAILED for {', '.join(failed)}", file=sys.stderr)
        raise SystemExit(1)
    return ""
