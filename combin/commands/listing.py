"""``combin list``: every wager, paytable, rule set and interpretation."""

NAME = "list"
HELP = "every wager, paytable, rule set and interpretation with its default"


def configure(parser):
    parser.add_argument("--format", default="text", choices=["text", "md"])


def run(args):
    from combin.listing import listing
    return listing(args.format)
