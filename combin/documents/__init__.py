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
    from combin.errors import CombinError
    raise CombinError(f"no document for a {type(result).__name__}")
