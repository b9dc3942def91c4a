"""The evidence bundle's check and simulation pages as Documents.

:func:`checks_document` lists every cross-check actually run, grouped (published
anchors, two independent methods, exact invariants) with its result;
:func:`simulation_document` lists every seeded Monte Carlo confirmation with its
simulated and exact return and 99% interval.  The bundle writes both as
Markdown and HTML; its ``checks.json`` and ``simulation.json`` keep the shape
``combin audit --verify`` reads.
"""

from typing import Any

from combin.render.document import Count, Document, Number, Ratio, Table

__all__ = ["checks_document", "simulation_document"]

GROUPS = (("anchor", "Published anchors reproduced"), ("method", "Two independent methods agree"),
          ("invariant", "Exact invariants"))


def checks_document(title: str, checks: list[Any]) -> Document:
    """The cross-checks of one game."""
    passed = sum(c.passed for c in checks)
    tables = []
    for group, heading in GROUPS:
        rows = [["pass" if c.passed else "FAIL", c.name, c.detail]
                for c in checks if c.group == group]
        if rows:
            tables.append(Table.of(group, heading, ["Result", "Check", "Detail"], rows))
    verdict = f"{passed} of {len(checks)} checks passed" + (
        "" if passed == len(checks) else "; some checks FAILED")
    return Document("checks", f"Cross-checks: {title}", (("Verdict", verdict),), tuple(tables),
                    subject=(("passed", passed), ("checks", len(checks))))


def simulation_document(title: str, confirmations: list[Any], parameters: dict[str, Any]) -> Document:
    """The seeded Monte Carlo confirmations of one game."""
    inside = sum(c.inside for c in confirmations)
    rows = [[c.wager, c.paytable, c.reading or "defaults", Count(c.rounds),
             Ratio(c.simulated, 6), Ratio(c.exact, 6), Number(c.low, 6), Number(c.high, 6),
             "yes" if c.inside else "NO"] for c in confirmations]
    table = Table.of("confirmations", "Simulated against exact returns",
                     ["Wager", "Paytable", "Reading", "Rounds", ("simulated", "Simulated return"),
                      ("exact", "Exact return"), ("low", "99% low"), ("high", "99% high"),
                      ("inside", "Exact inside")], rows)
    info = (("RNG", parameters["rng"]), ("Seed", str(parameters["seed"])),
            ("Rounds", Count(parameters["rounds"])), ("Dealing", parameters["dealing"]),
            ("Verdict", f"{inside} of {len(confirmations)} exact returns lie inside their 99% "
                        "interval"))
    notes = ("Each wager is settled on the same simulated rounds through its own paytable. The "
             "interval is the simulated return ± 2.5758 standard errors (99%). At 99% about one "
             "wager in a hundred is expected outside by chance alone.",)
    return Document("simulation", f"Seeded Monte Carlo confirmation: {title}", info, (table,),
                    notes, subject=(("inside", inside), ("confirmations", len(confirmations))))
