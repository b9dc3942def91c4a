"""The ``combin`` sub-commands, one module each.

A command module offers ``NAME``, ``HELP``, ``configure(parser)`` and
``run(args) -> str`` (the text for stdout, or ``""``).  Command modules import
only the standard library and :mod:`combin.errors` at module level; what a
command needs is imported inside ``run``, so the command line starts fast.

Safety comes with the helpers, so a new command gets it by using them:

* a number option: ``type=int_option(NAME, LOW, HIGH)`` from :mod:`combin.files.bounded`
  (imported inside ``configure``), or :func:`combin.files.bounded.parse_int` /
  ``parse_fraction`` in ``run`` -- refused by length before conversion;
* ``--out FILE`` and ``--plot FILE`` are checked by :mod:`combin.cli` before ``run``
  (:func:`combin.files.fileio.check_output`); the text ``run`` returns is written atomically,
  and several files go through :func:`combin.files.fileio.write_files` (all or nothing);
  a command whose ``--out`` is a directory sets ``OUTPUT = "directory"`` and writes
  with :func:`combin.files.fileio.write_tree`;
* files a user names are read with :func:`combin.files.fileio.read_text` (regular files,
  size cap); CSV is written with :func:`combin.render.csvfile.safe_writer`;
* a :class:`~combin.errors.CombinError`, argparse error, ``OSError``, ``ValueError`` or
  ``RecursionError`` becomes one ``combin: error:`` line and exit status 2.
"""

#: The command modules, in the order ``combin --help`` lists them.
MODULES = ("listing", "par", "sensitivity", "compare", "tables", "hands", "audit", "decks", "eor",
           "shoe", "count", "solve", "package", "paytable", "lunar", "game", "workbench")

#: The command a module offers where its word is not the module's name (``list`` is a builtin's).
MODULE_OF = {"list": "listing"}
