"""``combin package WAGER[:PAYTABLE][=STAKE] ...``: several wagers on the same round."""

from combin.commands.options import add_sheet_options, sheet_options
from combin.errors import CombinError

NAME = "package"
HELP = "several wagers of one game on the same round: the exact joint result"


def configure(parser):
    parser.add_argument("bets", nargs="*", metavar="WAGER[:PAYTABLE][=STAKE]",
                        help="a wager, optionally its paytable and its stake (default 1), "
                             "e.g. eclipse.supreme7:B=2")
    parser.add_argument("--eclipse", action="store_true",
                        help="add the five Eclipse wagers (§ 631b.11) at one unit each")
    parser.add_argument("--lunar-supers", type=int, choices=(2, 3), metavar="N",
                        help="one unit on the Lunar Poker Super Wager of each of N hands (2 or 3) "
                             "dealt from one deck (§ 671a.7(c)(3)): their exact joint result")
    add_sheet_options(parser, wager=False)


def _resolve_files(args, bets, options):
    """Let a paytable file select each bet's paytable, as ``combin par`` does for one wager."""
    from combin.design.package import Bet
    from combin.paytable_file import PaytableFile, catalog, choose
    loaded = PaytableFile(tuple(args.paytable_file), tuple(options["extra_paytables"]),
                          tuple(options.get("extra_rulesets", ())))
    known = catalog()
    resolved, rules = [], set()
    for bet in bets:
        paytable = bet.paytable or options["paytable"]
        chosen, rule = choose(loaded, bet.wager, paytable, options["rules"], known.ruled(bet.wager))
        if rule is not None and rule != options["rules"]:
            rules.add(rule)
        resolved.append(Bet(bet.wager, chosen, bet.stake))
    if len(rules) > 1:
        raise CombinError(f"the paytable files select several rule sets ({', '.join(sorted(rules))}); "
                          "choose one with --rules")
    if rules:
        options["rules"] = rules.pop()
    return resolved


def run(args):
    from combin.design.package import ECLIPSE_PACKAGE, Bet, package, parse_bet
    from combin.paytable_file import report_generous
    if getattr(args, "lunar_supers", None) is not None:
        return _lunar_supers(args)
    bets = [Bet(wager) for wager in ECLIPSE_PACKAGE] if args.eclipse else []
    bets += [parse_bet(text) for text in args.bets]
    if not bets:
        raise CombinError("name at least one wager (WAGER[:PAYTABLE][=STAKE]) or give --eclipse")
    options = sheet_options(args)
    if args.paytable_file:
        bets = _resolve_files(args, bets, options)
    result = package(bets, **options)
    mine = {(p.wager, p.id): p for p in options["extra_paytables"]}
    for sheet in result.sheets:
        if (sheet.wager, sheet.paytable) in mine:
            report_generous(mine[(sheet.wager, sheet.paytable)], sheet)
    return {"text": _text, "md": _markdown, "csv": _csv, "json": _json}[args.format](result)


def _lunar_supers(args):
    """``--lunar-supers N``: the Supers of N hands of one deal, one unit each (combin.lunar.supers)."""
    import sys
    from combin.lunar.joint import joint_space
    from combin.lunar.supers import line_table, supers_package
    from combin.paytable_file import report_generous
    if args.bets or args.eclipse:
        raise CombinError("--lunar-supers is a package by itself; name no other wager")
    options = sheet_options(args)
    for name in ("decks", "shoe", "rules"):
        if options[name] is not None:
            raise CombinError(f"--lunar-supers deals from one 52-card deck; --{name} does not apply")
    mine = [p.id for p in options["extra_paytables"] if p.wager == "lunar.super"]
    if options["paytable"] is None and len(mine) == 1:
        options["paytable"] = mine[0]            # a file's only Super paytable, as `combin par`
    from combin.analysis import par_sheet
    par_sheet("lunar.super", paytable=options["paytable"], interpret=options["interpret"],
              extra_paytables=options["extra_paytables"])          # bad options fail first
    space = joint_space(args.lunar_supers, progress=lambda message: print(
        f"combin: {args.lunar_supers} Super hands: {message}", file=sys.stderr, flush=True))
    result = supers_package(args.lunar_supers, paytable=options["paytable"],
                            interpret=options["interpret"],
                            extra_paytables=options["extra_paytables"], space=space)
    for paytable in options["extra_paytables"]:
        if (paytable.wager, paytable.id) == ("lunar.super", result.sheets[0].paytable):
            report_generous(paytable, result.sheets[0])
    joint = line_table(space, dict(result.sheets[0].interpretations), result.sheets[0].paytable,
                       options["extra_paytables"])
    return render_package(result, args.format, joint)


def render_package(result, fmt, joint=None):
    """A package sheet as text, Markdown, CSV or JSON (``joint``: a joint line table to add)."""
    return {"text": _text, "md": _markdown, "csv": _csv, "json": _json}[fmt](result, joint)


def _joint_rows(joint):
    """Rows of the joint line table: a matrix for two hands, a list of cells for more."""
    names, counts = joint
    size = len(next(iter(counts)))
    if size == 2:
        rows = [[first, *(f"{counts.get((first, second), 0):,}" for second in names)]
                for first in names]
        return rows, ["hand 1 \\ hand 2", *names]
    rows = [[*cell, f"{counts[cell]:,}"] for cell in sorted(
        counts, key=lambda cell: [names.index(line) for line in cell])]
    return rows, [*(f"hand {i}" for i in range(1, size + 1)), "Deals"]


def _table(rows, headers, fmt, align=None):
    if fmt == "md":
        from combin.render.markdown import table
        return table(rows, headers, align)
    from tabulate import tabulate
    return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True,
                    colalign=align)


def _bet_rows(result):
    from combin import display
    rows = []
    for bet, sheet in zip(result.bets, result.sheets):
        s = sheet.summary
        rows.append([bet.wager, bet.paytable, display.rational(bet.stake),
                     display.decimal(s.expected_return, 6), display.percent(s.house_edge),
                     display.decimal(s.sd, 6), sheet.interpretation_text])
    return rows


_BET_HEADER = ["Wager", "Paytable", "Stake", "Return per unit", "House edge", "SD per unit",
               "Interpretations"]


def _distribution_rows(result):
    from combin import display
    rows = [[display.rational(net), f"{c:,}", display.decimal(result.probability(c), 12),
             display.one_in(c, result.cycle)] for net, c in result.distribution]
    rows.append(["Total", f"{result.cycle:,}", display.decimal(1, 12), ""])
    return rows


_DISTRIBUTION_HEADER = ["Net result", "Combinations", "Probability", "1 in"]


def _summary_rows(result):
    """``[(figure, decimal text, exact text), ...]``."""
    from combin import display
    return [
        ("Total staked", display.rational(result.total_stake), display.rational(result.total_stake)),
        ("Expected result per round", display.decimal(result.expected, 12),
         display.rational(result.expected)),
        ("Return per unit staked", display.decimal(result.return_per_staked, 12),
         display.rational(result.return_per_staked)),
        ("House edge (per unit staked)", display.percent(result.house_edge),
         display.rational(result.house_edge)),
        ("Hit frequency (net win)", display.percent(result.hit_frequency),
         display.rational(result.hit_frequency)),
        ("Push frequency (net 0)", display.percent(result.push_frequency),
         display.rational(result.push_frequency)),
        ("Variance per round", display.decimal(result.variance, 6),
         display.rational(result.variance)),
        ("Standard deviation per round", display.decimal(result.sd, 6), "sqrt(variance)"),
        ("Standard deviation per unit staked", display.decimal(result.sd_per_staked, 6),
         "sqrt(variance) / total staked"),
        ("Variance if independent", display.decimal(result.independent_variance, 6),
         display.rational(result.independent_variance)),
        ("Standard deviation if independent", display.decimal(result.independent_sd, 6),
         "sqrt(sum of stake^2 x variance)"),
        ("SD minus SD if independent", display.decimal(
            result.sd - result.independent_sd, 6), "difference of the two square roots"),
        *((f"P(at least {k} wagers win)", display.decimal(result.winning(k), 12),
           display.rational(result.winning(k))) for k in range(2, len(result.bets) + 1)),
    ]


def _matrix_rows(result, cell):
    count = len(result.bets)
    return [[bet.label, *(cell(i, j) for j in range(count))] for i, bet in enumerate(result.bets)]


def _covariance_rows(result):
    from combin import display
    return _matrix_rows(result, lambda i, j: display.decimal(result.covariance[i][j], 6))


def _correlation_rows(result):
    from combin import display
    def cell(i, j):
        value = result.correlation(i, j)
        return "n/a" if value is None else display.decimal(value, 6)
    return _matrix_rows(result, cell)


def _short(bet):
    return f"{bet.wager.split('.')[-1]}:{bet.paytable}"


def _body(result, fmt, joint=None):
    short = ["", *(_short(bet) for bet in result.bets)]
    align = ("left", *("right",) * len(result.bets))
    extra = []
    if joint is not None:
        rows, headers = _joint_rows(joint)
        extra = ["", "Ordered deals by the line each hand is paid on (exact integers):", "",
                 _table(rows, headers, fmt)]
    return [
        _table(_bet_rows(result), _BET_HEADER, fmt), "",
        "Net result of the round (all stakes together):", "",
        _table(_distribution_rows(result), _DISTRIBUTION_HEADER, fmt,
               ("right", "right", "right", "right")), "",
        _table([row[:2] for row in _summary_rows(result)], ["Figure", "Value"], fmt,
               ("left", "right")), "",
        "Covariance between the wagers, per unit staked on each (exact values in --format json):",
        "", _table(_covariance_rows(result), short, fmt, align), "",
        "Correlation:", "", _table(_correlation_rows(result), short, fmt, align)] + extra


def _title(result):
    return (f"Package of {len(result.bets)} wager{'s' if len(result.bets) != 1 else ''} "
            f"on one {result.game} round")


def _text(result, joint=None):
    parts = [f"{_title(result)} -- {result.shoe}", "",
             f"Game cycle {result.cycle:,}: {result.method}", ""]
    return "\n".join(parts + _body(result, "text", joint)) + "\n"


def _markdown(result, joint=None):
    parts = [f"# {_title(result)}", "", f"Shoe: {result.shoe}. Game cycle {result.cycle:,}.", ""]
    return "\n".join(parts + _body(result, "md", joint)) + "\n"


def _csv(result, joint=None):
    import csv
    import io
    from combin import display
    from combin.render.csvfile import as_text
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["net_result", "combinations", "probability", "probability_decimal"])
    for net, c in result.distribution:
        writer.writerow([as_text(display.rational(net)), as_text(c),
                         as_text(display.rational(result.probability(c))),
                         display.decimal(result.probability(c), 12)])
    writer.writerow(["Total", as_text(result.cycle), as_text("1"), display.decimal(1, 12)])
    writer.writerow([])
    writer.writerow(["wager", "paytable", "stake", "return_per_unit", "house_edge"])
    for bet, sheet in zip(result.bets, result.sheets):
        writer.writerow([bet.wager, bet.paytable, as_text(display.rational(bet.stake)),
                         as_text(display.rational(sheet.summary.expected_return)),
                         as_text(display.rational(sheet.summary.house_edge))])
    writer.writerow([])
    for label, value, exact in _summary_rows(result):
        writer.writerow([label, value, as_text(exact)])
    writer.writerow([])
    writer.writerow(["covariance", *(bet.wager for bet in result.bets)])
    for bet, row in zip(result.bets, result.covariance):
        writer.writerow([bet.wager, *(as_text(display.rational(v)) for v in row)])
    if joint is not None:
        names, counts = joint
        size = len(next(iter(counts)))
        writer.writerow([])
        writer.writerow([*(f"line_hand_{i}" for i in range(1, size + 1)), "deals"])
        for cell in sorted(counts, key=lambda cell: [names.index(line) for line in cell]):
            writer.writerow([*cell, as_text(counts[cell])])
    return buffer.getvalue()


def _json(result, joint=None):
    import json
    from combin import __version__, display
    sheets = result.sheets
    obj = {
        "format": "combin.package/1",
        "tool": {"name": "combin", "version": __version__},
        "game": result.game,
        "shoe": result.shoe,
        "cycle": str(result.cycle),
        "wagers": [{"wager": bet.wager, "paytable": bet.paytable,
                    "stake": display.rational(bet.stake),
                    "rules": sheet.rules,
                    "interpretations": {k: v for k, v in sheet.interpretations},
                    "return": display.rational(sheet.summary.expected_return),
                    "house_edge": display.rational(sheet.summary.house_edge),
                    "variance": display.rational(sheet.summary.variance)}
                   for bet, sheet in zip(result.bets, sheets)],
        "distribution": [{"net": display.rational(net), "combinations": str(c),
                          "probability": display.rational(result.probability(c))}
                         for net, c in result.distribution],
        "summary": {
            "total_stake": display.rational(result.total_stake),
            "expected_per_round": display.rational(result.expected),
            "return": display.rational(result.return_per_staked),
            "house_edge": display.rational(result.house_edge),
            "house_edge_percent": display.percent(result.house_edge, 6),
            "hit_frequency": display.rational(result.hit_frequency),
            "push_frequency": display.rational(result.push_frequency),
            "variance": display.rational(result.variance),
            "standard_deviation_decimal": display.decimal(result.sd, 12),
            "standard_deviation_per_staked_decimal": display.decimal(result.sd_per_staked, 12),
            "independent_variance": display.rational(result.independent_variance),
            "independent_standard_deviation_decimal": display.decimal(result.independent_sd, 12),
        },
        "wagers_winning": [{"wagers": k, "combinations": str(c),
                            "probability": display.rational(result.probability(c))}
                           for k, c in result.winners],
        "covariance": [[display.rational(v) for v in row] for row in result.covariance],
        "correlation_decimal": [[None if result.correlation(i, j) is None
                                 else display.decimal(result.correlation(i, j), 12)
                                 for j in range(len(result.bets))]
                                for i in range(len(result.bets))],
    }
    if joint is not None:
        names, counts = joint
        obj["joint_lines"] = {
            "lines": names,
            "cells": [{"lines": list(cell), "combinations": str(counts[cell])}
                      for cell in sorted(counts, key=lambda c: [names.index(x) for x in c])]}
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"
