"""``combin audit``: write or verify the certification evidence bundle."""

import argparse
import sys

from combin.errors import CombinError

NAME = "audit"
HELP = "write (or --verify) the certification evidence bundle"
#: ``--out`` names a directory, written all or nothing (combin.fileio.write_tree).
OUTPUT = "directory"
EXAMPLES = """examples:
  combin audit --out build/audit
  combin audit --verify build/audit"""

#: Simulation sizes beyond these would run for days; the command refuses them.
MAX_ROUNDS = 10**9
MAX_SHOES = 10**8
MAX_WORKERS = 256


def configure(parser: argparse.ArgumentParser) -> None:
    from combin.bounded import int_option  # stdlib only: bounded numbers for argparse
    from combin.audit import DEFAULTS
    parser.add_argument("--out", default="build/audit", metavar="DIR",
                        help="where to write the bundle (default build/audit)")
    parser.add_argument("--verify", metavar="DIR",
                        help="re-hash the bundle in DIR and recompute it; exit 1 on any difference")
    parser.add_argument("--seed", type=int_option("--seed", 0, 2**63 - 1), default=DEFAULTS["seed"],
                        help="seed of every simulation in the bundle (recorded in the manifest)")
    parser.add_argument("--rounds", type=int_option("--rounds", 1000, MAX_ROUNDS),
                        default=DEFAULTS["rounds"],
                        help="rounds simulated per game that deals rounds (default 1,000,000)")
    parser.add_argument("--hands", type=int_option("--hands", 1000, MAX_ROUNDS),
                        default=DEFAULTS["hands"],
                        help="hands simulated per game that deals hands (default 1,000,000)")
    parser.add_argument("--shoes", type=int_option("--shoes", 100, MAX_SHOES),
                        default=DEFAULTS["shoes"],
                        help="shoes per count simulation (default 100,000)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="run the simulations on an existing Dask cluster, e.g. "
                             "tcp://127.0.0.1:8786 (the result does not depend on it)")
    parser.add_argument("--workers", type=int_option("--workers", 1, MAX_WORKERS), default=2,
                        help="processes for the simulations")
    parser.add_argument("--hashes-only", action="store_true",
                        help="with --verify: check the hashes and the manifest, do not recompute")


def run(args: argparse.Namespace) -> str:
    from combin.executor import default_scheduler
    with default_scheduler(args.scheduler):
        return _run(args)


def _run(args: argparse.Namespace) -> str:
    from combin.audit.bundle import MARKER, audit_command, build, verify, write
    from combin.fileio import check_directory
    if args.verify is not None:
        if not args.verify.strip():
            raise CombinError("--verify needs the directory of a bundle, not an empty name")
        differences = verify(args.verify, args.workers, recompute=not args.hashes_only)
        for line in differences:
            print(line, file=sys.stderr)
        if differences:
            print(f"combin: {args.verify}: {len(differences)} difference(s)", file=sys.stderr)
            raise SystemExit(1)
        how = ("hashes and manifest match" if args.hashes_only else
               "hashes and manifest match and the recomputation is identical")
        print(f"combin: {args.verify}: verified, {how}", file=sys.stderr)
        return ""
    if args.hashes_only:
        raise CombinError("--hashes-only applies to --verify DIR")
    check_directory(args.out, relatives=(), marker=MARKER)
    files, verdicts, parameters = build(args.seed, args.rounds, args.hands, args.shoes, args.workers)
    write(args.out, files, verdicts, parameters, audit_command(parameters))
    print(f"combin: wrote {len(files) + 1} files under {args.out}", file=sys.stderr)
    failed = [game for game, verdict in verdicts.items() if not verdict["all_checks_passed"]]
    if failed:
        print(f"combin: cross-checks FAILED for {', '.join(failed)}", file=sys.stderr)
        raise SystemExit(1)
    return ""
