"""The Lunar tables that are not par sheets (imported when ``combin tables`` or the audit builds
them, not when the game is registered)."""

from combin.documents.hands import hands_document
from combin.lunar.hands import hand_report
from combin.lunar.supers import joint_tables
from combin.render import render_text as render

__all__ = ["extra_tables"]


def extra_tables() -> list[tuple[str, dict[str, str]]]:
    """The Lunar tables that are not par sheets: the best hand of 5, 6 and 7 cards (Markdown and
    CSV), then the joint tables of several Supers at one table, as ``[(title, {file: text})]``.
    """
    tables = []
    for cards in (5, 6, 7):
        report = hand_report(cards)
        title = (f"Best hand of {cards} cards" +
                 (f", and what a winning Bet pays (L11={report.rule})" if cards < 7 else ""))
        tables.append((title, {f"hands-{cards}-cards.md": render(hands_document(report), "md"),
                               f"hands-{cards}-cards.csv": render(hands_document(report), "csv")}))
    tables += joint_tables()                          # several Supers at one table (issue 14)
    return tables
