"""The ``combin`` sub-commands, one module each.

A command module offers ``NAME``, ``HELP``, ``configure(parser)`` and
``run(args) -> str`` (the text for stdout, or ``""``).  Command modules import
only the standard library and :mod:`combin.errors` at module level; what a
command needs is imported inside ``run``, so the command line starts fast.
"""

#: The command modules, in the order ``combin --help`` lists them.
MODULES = ("listing", "par", "sensitivity", "tables", "hands", "audit", "decks", "eor", "shoe", "count", "solve", "package", "paytable", "lunar", "game")
