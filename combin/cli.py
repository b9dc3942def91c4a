"""The ``combin`` command line, and its one error path.

Each sub-command is a module of :mod:`combin.commands`.  Every failure a user
can cause ends the same way: one line ``combin: error: ...`` on stderr, exit
status 2, no traceback, no usage block and no output file.  That covers a
:class:`~combin.errors.CombinError`, argparse's own errors (an unknown choice,
conflicting options, a missing argument: :class:`Parser` raises instead of
printing usage), every :class:`OSError` (a file that cannot be read or
written, a closed or full stdout), :class:`RecursionError` and
:class:`ValueError`.  A stdout or stderr whose encoding cannot print a
character (``PYTHONIOENCODING=ascii`` and "§") falls back to a backslash
escape.  An interrupt exits with status 130, SIGTERM with 143 (:mod:`combin.running.interrupt`).  Only a genuine bug -- any other
exception -- still shows a traceback.
"""

import argparse
import os
import sys
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from importlib import import_module
from types import ModuleType
from typing import Any, NoReturn

from combin.version import __version__
from combin.commands import MODULE_OF, MODULES
from combin.errors import CombinError

__all__ = ["main", "build_parser", "Parser"]


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Help that keeps the examples' lines and states each option's default (unless its
    help already says it, or there is none to state)."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        default = action.default
        if ("default" in text or default in (None, False, [], argparse.SUPPRESS)
                or not action.option_strings):
            return text
        return f"{text} (default: %(default)s)"


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors raise :class:`CombinError` (one line, exit 2)."""

    #: Each command's own parser, by its name (set by :func:`build_parser`).
    commands: Mapping[str, argparse.ArgumentParser]

    def error(self, message: str) -> NoReturn:
        where = self.prog.removeprefix("combin").strip()
        raise CombinError(f"{where}: {message}" if where else message)


def _commands() -> list[ModuleType]:
    return [import_module(f"combin.commands.{name}") for name in MODULES]


def _command(word: str | None) -> ModuleType | None:
    """The module of the command ``word`` names, or ``None`` (no such command): imported
    alone, so that a run does not import the other sixteen."""
    if word is None:
        return None
    name = MODULE_OF.get(word, word)
    if name not in MODULES:
        return None
    module = import_module(f"combin.commands.{name}")
    return module if module.NAME == word else None


def _add_quiet(parser: argparse.ArgumentParser) -> None:
    """``-q`` after a command's own words too (``combin lunar advise ... -q``): on the
    command's parser and on each of its sub-commands' parsers."""
    parser.add_argument("-q", "--quiet", action="store_true", default=argparse.SUPPRESS,
                        help="show no progress on stderr (errors and warnings still show)")
    for action in parser._actions:             # argparse keeps the sub-parsers only there
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                _add_quiet(child)


def _command_word(argv: Sequence[str]) -> str | None:
    """The command ``argv`` names: its first word that is not one of the top-level options
    (which take no value), or ``None`` -- also when the top-level help is asked for first
    (``combin -h par`` lists every command).

    >>> _command_word(["-q", "par", "eclipse.sun7"]), _command_word(["-h", "par"])
    ('par', None)
    """
    for word in argv:
        if word in ("-h", "--help"):
            return None
        if not word.startswith("-"):
            return word
    return None


def build_parser(argv: Sequence[str] | None = None) -> "Parser":
    """The command line's parser: every command's parser, or -- given ``argv`` that names a
    command -- that command's alone, so a run neither imports nor configures the seventeen
    commands it will not run (an argparse parser costs a help formatter and its message
    look-ups each).  No command, or an unknown one, gets every parser, for the message.

    >>> list(build_parser(["par", "eclipse.sun7"]).commands)
    ['par']
    >>> len(build_parser(["no-such-command"]).commands) == len(build_parser().commands)
    True
    """
    named = None if argv is None else _command(_command_word(argv))
    modules = _commands() if named is None else [named]
    parser = Parser(prog="combin",
                    description="Exact combinatorial analyzer for casino table games.")
    parser.add_argument("--version", action="version", version=f"combin {__version__}")
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="show no progress on stderr (errors and warnings still show)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in modules:
        command = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP,
                                 epilog=getattr(module, "EXAMPLES", None),
                                 formatter_class=HelpFormatter)
        module.configure(command)
        _add_quiet(command)
        command.set_defaults(run=module.run, output=getattr(module, "OUTPUT", "file"),
                             table_names=getattr(module, "tables", None))
    parser.commands = sub.choices     # each command's own parser, for combin.commands.preflight
    return parser


#: Standard output closed before the command started (``combin ... >&-``).
_CLOSED = "standard output is closed; give --out FILE"


def _emit(text: str | bytes, out: str | None) -> None:
    if not text:            # a command that wrote its files itself (workbench, audit) prints nothing
        return
    if out:
        from combin.files.fileio import write_atomic
        write_atomic(out, text)
        return
    if sys.stdout is None:
        raise CombinError(_CLOSED)
    if isinstance(text, bytes):
        raise CombinError("this format is written to a file; give --out FILE")
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except OSError as error:
        _silence_stdout()
        raise CombinError(f"cannot write to standard output: {error.strerror or error}") from None


def _tolerant(stream: Any) -> None:
    """Let ``stream`` print what its encoding cannot (as a backslash escape)."""
    try:
        if (stream.encoding or "").lower().replace("-", "") not in ("utf8", "utf_8"):
            stream.reconfigure(errors="backslashreplace")
    except (AttributeError, ValueError, OSError):
        pass


#: After stdout failed, the read end of the pipe that swallows what is still buffered.
_SWALLOW: list[int] = []


def _silence_stdout() -> None:
    """After stdout failed (a closed pipe, a full disk), point its descriptor at a pipe
    nobody reads (it holds far more than the 8 KiB still buffered), so the interpreter's
    exit flush cannot fail and print a second error."""
    stream = sys.stdout
    if stream is sys.__stdout__ and stream is not None:
        try:
            read_end, write_end = os.pipe()
            os.dup2(write_end, stream.fileno())
            os.close(write_end)
            _SWALLOW.append(read_end)
        except (OSError, ValueError, AttributeError):
            pass


def _say(line: str) -> None:
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):
        pass


def _os_message(error: OSError) -> str:
    reason = error.strerror or str(error) or type(error).__name__
    if error.filename is not None:
        return f"{error.filename}: {reason}"
    if isinstance(error, TimeoutError):         # Dask's waits (an OSError), not a file
        return f"a wait timed out: {reason}"
    return f"cannot write the output: {reason}"


def main(argv: Sequence[str] | None = None) -> int:
    _tolerant(sys.stdout)
    _tolerant(sys.stderr)
    from combin.running import interrupt
    interrupt.install()
    from combin.running import progress
    quiet = progress.QUIET          # -q holds for this call only, not for the rest of the process
    try:
        words = sys.argv[1:] if argv is None else list(argv)
        parser = build_parser(words)
        args = parser.parse_args(words)
        from combin.commands import preflight
        progress.QUIET = bool(getattr(args, "quiet", False))
        preflight.check(parser.commands[args.command], args)
        with _connect_timeout(getattr(args, "connect_timeout", None)):
            text = args.run(args)
        _emit(text, getattr(args, "out", None))
    except CombinError as error:
        message, code = str(error), error.exit_code
    except KeyboardInterrupt:
        return _interrupted(interrupt)
    except SystemError as error:
        # a signal that arrives inside compiled code (numba loading a cached function) comes back as
        # a SystemError whose cause is the interrupt: the same clean stop
        if isinstance(error.__cause__, KeyboardInterrupt) or isinstance(error.__context__, KeyboardInterrupt) \
                or interrupt.received():
            return _interrupted(interrupt)
        raise
    except RecursionError:
        message, code = "the input is nested too deeply to be read", 2
    except OSError as error:
        _silence_stdout()
        message, code = _os_message(error), 2
    except ValueError as error:
        message, code = str(error) or type(error).__name__, 2
    else:
        return 0
    finally:
        progress.QUIET = quiet
    _say(f"combin: error: {_capped(message)}")
    return code


def _connect_timeout(seconds: int | None) -> AbstractContextManager[None]:
    """The wait for a scheduler that ``--connect-timeout`` gives, for the command's runs (the
    executor, and Dask with it, imported only when one is given)."""
    if seconds is None:
        return nullcontext()
    from combin.running.executor import default_scheduler
    return default_scheduler(None, seconds)


def _interrupted(interrupt: ModuleType) -> int:
    """Stop after SIGINT or SIGTERM: one line, the exit status of the signal."""
    interrupt.hold()
    status = int(interrupt.exit_status())
    _say("combin: terminated (SIGTERM)" if status == 143 else "combin: interrupted")
    return status


def _capped(message: str, limit: int = 100) -> str:
    """The message on one line, each word of it (a path, a hand, a value the user typed)
    cut to about ``limit`` characters, so a huge input is never echoed whole.

    >>> _capped("bad hand " + "AS" * 30, limit=10)
    'bad hand ASASASASAS... (60 characters)'
    """
    return " ".join(word if len(word) <= limit else f"{word[:limit]}... ({len(word):,} characters)"
                    for word in message.split())
