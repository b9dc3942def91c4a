"""``combin par WAGER``: one par sheet."""

from combin.commands.options import add_sheet_options, sheet_options

NAME = "par"
HELP = "one par sheet"


def configure(parser):
    add_sheet_options(parser)


def run(args):
    from combin.analysis import par_sheet
    from combin.render import render
    return render(par_sheet(args.wager, **sheet_options(args)), args.format)
