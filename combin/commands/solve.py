"""``combin solve WAGER``: the return as a function of the pays; the pay for a target edge."""

import argparse

from combin.commands.options import add_sheet_options, sheet_options

NAME = "solve"
HELP = "a wager's return as an exact function of its pays, and the pay for a target house edge"


def configure(parser: argparse.ArgumentParser) -> None:
    add_sheet_options(parser)
    parser.add_argument("--line", metavar="EVENT",
                        help="the paytable line to vary (default: the only line that pays)")
    parser.add_argument("--target-edge", metavar="EDGE",
                        help="house edge to reach, e.g. 5%%, 0.05 or 1/20")


def run(args: argparse.Namespace) -> str:
    from combin.design.solve import solve
    solved = solve(args.wager, line=args.line, target_edge=args.target_edge,
                   **sheet_options(args))
    return {"text": _text, "md": _markdown, "csv": _csv, "json": _json}[args.format](solved)


def _identification(solved):
    sheet = solved.sheet
    rows = [("Wager", f"{sheet.title} ({sheet.wager})"),
            ("Paytable", f"{sheet.paytable}: {sheet.paytable_title}"),
            ("Paytable source", sheet.paytable_citation)]
    if sheet.rules is not None:
        rows.append(("Rule set", sheet.rules))
    rows += [("Shoe", sheet.shoe), ("Interpretations", sheet.interpretation_text),
             ("Game cycle", f"{sheet.cycle:,}")]
    return rows


def _line_rows(solved):
    from combin import display
    rows = [[t.event, t.event_id, t.pays, display.rational(t.payout),
             display.rational(t.probability), display.decimal(t.probability, 12)]
            for t in solved.formula.terms]
    other = [line for line in solved.sheet.lines if line.event_id == "other"][0]
    probability = solved.sheet.probability(other)
    rows.append([other.event, "(constant)", other.pays, display.rational(other.payout),
                 display.rational(probability), display.decimal(probability, 12)])
    return rows


_LINE_HEADER = ["Line", "Symbol x", "Pays now", "x now", "Probability", "Decimal"]


def _expression(solved):
    return f"E = {solved.formula.expression()}"


def _edge_function(solved):
    """``house edge = a - b x`` for the chosen line, the other pays as they are."""
    from combin import display
    term = solved.line
    at_zero = -solved.formula.value({term.event_id: 0})
    return (f"house edge = {display.rational(at_zero)} - "
            f"{display.rational(term.probability)} * {term.event_id}")


def _solution_rows(solved):
    from combin import display
    solution = solved.solution
    payout = solution.payout
    exact = display.rational(payout)
    rows = [("Exact pay", f"{exact} to 1" if payout else "push",
             f"{display.decimal(payout, 6)} to 1", display.percent_given(solution.target),
             display.rational(solution.target))]
    for whole in solution.whole:
        side = "Whole pay below" if whole.pay.net < payout else \
            "Whole pay above" if whole.pay.net > payout else "Whole pay (exact)"
        rows.append((side, whole.pay.text, f"{display.decimal(whole.pay.net, 6)} to 1",
                     display.percent(whole.house_edge), display.rational(whole.house_edge)))
    return rows


_SOLUTION_HEADER = ["", "Pays", "Decimal", "House edge", "Exact house edge"]


def _table(rows, headers, fmt):
    if fmt == "md":
        from combin.render.markdown import table
        return table(rows, headers)
    from tabulate import tabulate
    return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)


def _now(solved):
    from combin import display
    s = solved.sheet.summary
    return (f"With the pays as they are: expected return {display.decimal(s.expected_return, 12)}, "
            f"house edge {display.percent(s.house_edge)} (exactly {display.rational(s.house_edge)}).")


def _body(solved, fmt):
    from combin import display
    code = "`" if fmt == "md" else ""
    parts = ["Expected return per unit staked; each symbol x is the net pay of its line "
             "(the X of \"X to 1\"):", "", f"    {_expression(solved)}" if not code else
             f"    {_expression(solved)}", "",
             _table(_line_rows(solved), _LINE_HEADER, fmt), "", _now(solved)]
    if solved.line is not None:
        parts += ["", f"Varying {code}{solved.line.event_id}{code}, the other pays as they are:",
                  "", f"    {_edge_function(solved)}"]
    if solved.solution is not None:
        solution = solved.solution
        parts += ["", f"Target house edge {display.percent(solution.target)} "
                      f"(exactly {display.rational(solution.target)}) on "
                      f"{code}{solution.line.event_id}{code}:", "",
                  _table(_solution_rows(solved), _SOLUTION_HEADER, fmt), "",
                  "The exact pay and each whole pay were priced again by the par-sheet engine "
                  "with that pay in the paytable."]
    return parts


def _text(solved):
    sheet = solved.sheet
    width = max(len(label) for label, _ in _identification(solved))
    parts = [f"{sheet.title} -- return as a function of the pays", ""]
    parts += [f"{label.ljust(width)}  {value}" for label, value in _identification(solved)]
    return "\n".join(parts + [""] + _body(solved, "text")) + "\n"


def _markdown(solved):
    sheet = solved.sheet
    parts = [f"# {sheet.title} ({sheet.paytable}): return as a function of the pays", "",
             _table(_identification(solved), ["Identification", ""], "md"), ""]
    return "\n".join(parts + _body(solved, "md")) + "\n"


def _csv(solved):
    import csv
    from combin.render.csvfile import safe_writer
    import io
    from combin.render.csvfile import as_text
    buffer = io.StringIO()
    writer = safe_writer(buffer)
    writer.writerow(["line", "symbol", "pays", "payout", "probability", "probability_decimal"])
    for row in _line_rows(solved):
        writer.writerow([row[0], row[1], row[2], as_text(row[3]), as_text(row[4]), row[5]])
    writer.writerow([])
    writer.writerows(_identification(solved))
    writer.writerow(["Expected return", _expression(solved)])
    if solved.solution is not None:
        writer.writerow([])
        writer.writerow(["solution", "pays", "decimal", "house_edge", "house_edge_exact"])
        for label, pays, decimal, edge, exact in _solution_rows(solved):
            writer.writerow([label, pays, decimal, edge, as_text(exact)])
    return buffer.getvalue()


def _json(solved):
    import json
    from combin import display
    from combin.render.jsonfile import FORMAT, identification
    sheet, formula = solved.sheet, solved.formula
    summary = sheet.summary
    obj = {
        "format": "combin.solve/1",
        "parsheet_format": FORMAT,
        **identification(sheet),
        "expression": str(formula.expression()),
        "constant": display.rational(formula.constant),
        "lines": [{"event_id": t.event_id, "event": t.event, "pays": t.pays,
                   "payout": display.rational(t.payout),
                   "probability": display.rational(t.probability)} for t in formula.terms],
        "current": {"return": display.rational(summary.expected_return),
                    "house_edge": display.rational(summary.house_edge),
                    "house_edge_percent": display.percent(summary.house_edge, 6)},
        "line": None if solved.line is None else solved.line.event_id,
        "solution": None,
    }
    solution = solved.solution
    if solution is not None:
        obj["solution"] = {
            "target_house_edge": display.rational(solution.target),
            "payout": display.rational(solution.payout),
            "payout_decimal": display.decimal(solution.payout, 12),
            "pays": solution.pay.text,
            "whole_pays": [{"pays": w.pay.text, "payout": display.rational(w.pay.net),
                            "house_edge": display.rational(w.house_edge),
                            "house_edge_percent": display.percent(w.house_edge, 6)}
                           for w in solution.whole],
        }
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"
