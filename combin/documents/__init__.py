"""One function per analysis: a frozen result in, a :class:`~combin.render.document.Document` out.

:func:`document_of` finds the function for a result by its type.  The
modules here decide what a reader is shown (which tables, which cells, which
notes); how a cell is written is left to the writers of :mod:`combin.render`.
"""

__all__ = ["document_of"]


def document_of(result):
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
    for kind, make in ((DeckTable, protection.decks_document), (Effects, protection.eor_document),
                       (Depleted, protection.depleted_document),
                       (CountResult, protection.count_document)):
        if isinstance(result, kind):
            return make(result)
    from combin.errors import CombinError
    raise CombinError(f"no document for a {type(result).__name__}")
