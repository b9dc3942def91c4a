"""Files and numbers: how ``combin`` reads what a user gives it and writes what it computes.

=================================  ======================================================
:mod:`~combin.files.fileio`        safe reading and atomic writing of regular files only
:mod:`~combin.files.tomlfile`      strict TOML, with a file and a line for every complaint
:mod:`~combin.files.bounded`       bounded numbers from a user's text (one parser)
:mod:`~combin.files.display`       decimal and rational text for exact figures
:mod:`~combin.files.paytable_file` users' paytable files: read, check, choose, write
=================================  ======================================================
"""

__all__: list[str] = []
