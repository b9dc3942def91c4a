"""The ``combin`` command line.

Each sub-command is a module of :mod:`combin.commands`.  A user error prints
one line, ``combin: error: ...``, on stderr and exits with status 2, leaving no
output file behind; an interrupt exits with status 130.
"""

import argparse
import sys
from importlib import import_module

from combin import __version__
from combin.commands import MODULES
from combin.errors import CombinError

__all__ = ["main", "build_parser"]


def _commands():
    return [import_module(f"combin.commands.{name}") for name in MODULES]


def build_parser():
    parser = argparse.ArgumentParser(
        prog="combin", description="Exact combinatorial analyzer for casino table games.")
    parser.add_argument("--version", action="version", version=f"combin {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in _commands():
        command = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.configure(command)
        command.set_defaults(run=module.run)
    return parser


def _emit(text, out):
    if out and text:
        from combin.fileio import write_atomic
        write_atomic(out, text)
    elif text:
        sys.stdout.write(text)


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        text = args.run(args)
        _emit(text, getattr(args, "out", None))
    except CombinError as error:
        print(f"combin: error: {error}", file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:
        print("combin: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 1
    return 0
