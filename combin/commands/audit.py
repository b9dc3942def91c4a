"""``combin audit``: write or verify the certification evidence bundle."""

import sys

NAME = "audit"
HELP = "write (or --verify) the certification evidence bundle"


def configure(parser):
    from combin.audit import DEFAULTS
    parser.add_argument("--out", default="build/audit", metavar="DIR",
                        help="where to write the bundle (default build/audit)")
    parser.add_argument("--verify", metavar="DIR",
                        help="re-hash the bundle in DIR and recompute it; exit 1 on any difference")
    parser.add_argument("--seed", type=int, default=DEFAULTS["seed"])
    parser.add_argument("--rounds", type=int, default=DEFAULTS["rounds"],
                        help="simulated baccarat rounds (default 1,000,000)")
    parser.add_argument("--hands", type=int, default=DEFAULTS["hands"],
                        help="simulated Lunar Poker hands (default 1,000,000)")
    parser.add_argument("--shoes", type=int, default=DEFAULTS["shoes"],
                        help="shoes per count simulation (default 100,000)")
    parser.add_argument("--workers", type=int, default=2, help="processes for the simulations")
    parser.add_argument("--hashes-only", action="store_true",
                        help="with --verify: check the hashes, do not recompute")


def run(args):
    from combin.audit.bundle import build, verify, write
    if args.verify:
        differences = verify(args.verify, args.workers, recompute=not args.hashes_only)
        for line in differences:
            print(line, file=sys.stderr)
        if differences:
            print(f"combin: {args.verify}: {len(differences)} difference(s)", file=sys.stderr)
            raise SystemExit(1)
        how = "hashes match" if args.hashes_only else "hashes match and the recomputation is identical"
        print(f"combin: {args.verify}: verified, {how}", file=sys.stderr)
        return ""
    files, verdicts, parameters = build(args.seed, args.rounds, args.hands, args.shoes, args.workers)
    command = "combin " + " ".join(sys.argv[1:]) if sys.argv[1:2] == ["audit"] else "combin audit"
    write(args.out, files, verdicts, parameters, command)
    print(f"combin: wrote {len(files) + 1} files under {args.out}", file=sys.stderr)
    failed = [game for game, verdict in verdicts.items() if not verdict["all_checks_passed"]]
    if failed:
        print(f"combin: cross-checks FAILED for {', '.join(failed)}", file=sys.stderr)
        raise SystemExit(1)
    return ""
