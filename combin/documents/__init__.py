"""One function per analysis: a frozen result in, a :class:`~combin.render.document.Document` out.

:func:`document_of` finds the function for a result by its type.  The
modules here decide what a reader is shown (which tables, which cells, which
notes); how a cell is written is left to the writers of :mod:`combin.render`.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from combin.render.document import Document

__all__ = ["document_of"]


def document_of(result: object) -> "Document":
    """The Document of ``result`` (a par sheet, or any result a module here documents)."""
    from combin.parsheet import ParSheet
    if isinstance(result, ParSheet):
        from combin.documents.parsheet import document
        return document(result)
    from combin.documents import protection
    from combin.protection.decks import DeckTable
    from combin.protection.depleted import Depleted
    from combin.protection.eor import Effects
    from combin.protection.results import CountResult
    if isinstance(result, DeckTable):
        return protection.decks_document(result)
    if isinstance(result, Effects):
        return protection.eor_document(result)
    if isinstance(result, Depleted):
        return protection.depleted_document(result)
    if isinstance(result, CountResult):
        return protection.count_document(result)
    from combin.errors import CombinError
    raise CombinError(f"no document for a {type(result).__name__}")
