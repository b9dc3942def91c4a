"""One function per analysis: a frozen result in, a :class:`~combin.render.document.Document` out.

The caller picks the function for its result (:func:`combin.documents.parsheet.document` for a
par sheet, :mod:`combin.documents.protection` for the game-protection results, ...) and hands
the Document to a writer of :mod:`combin.render`.  The modules here decide what a reader is
shown (which tables, which cells, which notes); how a cell is written is left to the writers,
which know no result.
"""

__all__: list[str] = []
