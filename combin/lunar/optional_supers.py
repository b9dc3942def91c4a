"""The optional Super Wagers (58 Pa. Code § 671a.7(c)(3)) as sheets of their own.

Besides the mandatory Super on their own hand, a player may place a Super on the dealer's
hand or on another player's hand.  Each is judged on that hand's original five cards, so its
par sheet has the figures of the Super on one's own hand (the same paytable, § 671a.12(b));
what differs is the round it is part of: the bettor holds it *beside* their own mandatory
Super, on another hand of the same deal, so the two are not independent.  Each sheet here is
the Super's par sheet under its own title and regulation, followed by the exact joint figures
with the player's own Super (:func:`combin.lunar.supers.supers_package`: every ordered deal of
two -- or three -- five-card hands from one deck): the covariance, the correlation, the SD of
the total against independence and the probability that two Supers win in one round.

>>> [name for name, _, _ in OPTIONAL]
['super-dealer', 'super-other-player']
"""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from combin.core.analysis import select_wager
from combin.documents.parsheet import document as sheet_document
from combin.lunar import GAME
from combin.lunar.space import outcome_space
from combin.lunar.supers import READINGS, supers_package
from combin.render.document import Count, Document, Number, Percent, Ratio, Table

__all__ = ["OPTIONAL", "optional_super_pages"]

#: ``(page name, title, whose hand)`` of each optional Super.
OPTIONAL = (
    ("super-dealer", "Super Wager on the dealer's hand (optional)", "the dealer's"),
    ("super-other-player", "Super Wager on another player's hand (optional)", "another player's"),
)

_REGULATION = ("58 Pa. Code § 671a.7(c)(3) (a Super Wager on the dealer's or another player's "
               "hand); its pays § 671a.12(b)")


def _joint_rows(package: Any, label: str) -> list[list[Any]]:
    """The figures of one package of Supers (own hand first) per round, one unit each."""
    own, other = package.covariance[0][0], package.covariance[0][1]
    correlation = package.correlation(0, 1)
    return [
        [f"{label}: Supers in the package (one unit each)", Count(len(package.bets))],
        [f"{label}: expected result of the package per round", Ratio(package.expected)],
        [f"{label}: house edge per unit staked", Percent(package.house_edge)],
        [f"{label}: variance of one Super", Ratio(own, 6)],
        [f"{label}: covariance of two Supers of the deal", Ratio(other, 6)],
        [f"{label}: correlation of two Supers of the deal",
         "none" if correlation is None else Number(correlation, 6)],
        [f"{label}: SD of the package per round", Number(package.sd, 6)],
        [f"{label}: SD if the hands were independent", Number(package.independent_sd, 6)],
        [f"{label}: probability that two or more Supers win", Percent(package.winning(2), 6)],
    ]


def optional_super_pages(interpret: Mapping[str, str], progress: Any) -> dict[str, Document]:
    """``{page name: Document}`` of the optional Supers under the Super's readings
    ``interpret`` (L1-L6; others ignored), the posted paytable."""
    wager = GAME.wagers["lunar.super"]
    readings = {key: value for key, value in interpret.items() if key in wager.interpretations}
    sheet = select_wager(GAME, wager, interpret=readings).sheet(outcome_space(), other_readings=True)
    joint = {key: value for key, value in readings.items() if key in READINGS}
    progress("lunar: the optional Supers, with the player's own Super (two and three hands)")
    two = supers_package(2, interpret=joint)
    three = supers_package(3, interpret=joint)
    pages = {}
    for name, title, whose in OPTIONAL:
        own = replace(sheet, title=title, regulation=_REGULATION, notes=(
            f"Judged on {whose} original five cards (L6={dict(sheet.interpretations).get('L6', 'first-five')}): "
            "every five-card hand of the deck equally likely, the same distribution as the "
            "player's own hand, so the same figures per unit as the mandatory Super "
            "(lunar.super); the pays are the Super's posted paytable (§ 671a.12(b)).",))
        rows = _joint_rows(two, f"own Super + {whose} hand")
        if name == "super-other-player":
            rows += _joint_rows(three, "own Super + the dealer's + another player's")
        table = Table.of("with_own_super", "Beside the player's own (mandatory) Super, exact",
                         ["Figure", "Value"], rows,
                         "Every ordered deal of two (three) five-card hands from one 52-card deck, "
                         "one unit on the Super of each hand; the hands share a deck, so the "
                         "Supers are not independent: the covariance is what the SD of the "
                         "total adds to (or takes from) the sum of their variances.")
        page = sheet_document(own)
        pages[name] = replace(page, title=f"{title} -- par sheet", tables=page.tables + (table,))
    return pages
