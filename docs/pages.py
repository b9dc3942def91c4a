"""The documentation's generated pages, written into ``generated/`` at build time.

* ``generated/guide/``: one page per ``##`` section of the README;
* ``generated/methods/``: how each engine counts, with its proofs -- the module
  docstrings of :data:`METHODS`, one page per engine;
* ``generated/register.md``: the interpretation register, from the games' data
  (:func:`combin.documents.register.interpretation_register`, as ``combin tables``);
* ``generated/anchors/``: one page per section of ``spec/ANCHORS.md`` (the published
  figures the tests reproduce), with a live example where one runs in seconds.

A file is rewritten only when its text changes, so Sphinx rebuilds only what moved.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The method pages: (file name, title, introduction, modules whose docstrings explain it).
METHODS = (
    ("baccarat", "Baccarat and the Eclipse wagers: the rank-tree enumeration",
     "Every round of a shoe is counted by walking the ranks drawn, not the cards: a state is "
     "the cards still in the shoe, a branch weighs the cards of one rank that can come next. "
     "The par-sheet engine then settles each outcome class against a paytable.",
     ("combin.baccarat", "combin.baccarat.enumeration", "combin.core.outcomes", "combin.core.wager",
      "combin.core.parsheet", "combin.core.risk", "combin.core.crosscheck")),
    ("protection", "Game protection: effects of removal and counts",
     "What one card removed from the shoe does to a wager, exactly, and the count that follows.",
     ("combin.protection.eor", "combin.protection.depleted")),
    ("design", "Designing paytables: solving for a pay, packages of wagers",
     "The return of a wager is linear in each pay; a package of wagers on one round is settled "
     "outcome by outcome on the same space.",
     ("combin.design.solve", "combin.design.package")),
    ("lunar", "Lunar Poker: hands, the Bet and the Super Wager",
     "Best-hand classes counted by rank patterns and suits, checked against exhaustive passes.",
     ("combin.lunar", "combin.lunar.classes", "combin.lunar.bet", "combin.lunar.joint",
      "combin.lunar.supers", "combin.lunar.rankscan")),
    ("stud", "The stud engine: whole games, decisions and the exact 52-card run",
     "Caribbean Stud and Lunar Poker without draws are summed at once under a strategy; Lunar "
     "Poker with draws is priced class by class under optimal play, in shards.",
     ("combin.stud", "combin.stud.nodraw.game", "combin.stud.draw",
      "combin.stud.game.shards", "combin.stud.game.basic", "combin.stud.game.sampling")),
)

#: A live example under an anchor page, by the section's title (each runs in seconds).
ANCHOR_EXAMPLES = {
    "Baccarat, off the top of a full shoe (exact)": '''
The same figures from the API, in percent rounded as the publication rounds them (the rounding
done on the exact fraction: `Fraction(10579, 10000)` is 1.0579%):

```{doctest}
>>> banker = combin.par("baccarat.banker")
>>> banker.cycle
4998398275503360
>>> round(100 * banker.house_edge, 4), round(100 * combin.par("baccarat.player").house_edge, 4)
(Fraction(10579, 10000), Fraction(12351, 10000))
>>> sun7 = combin.par("eclipse.sun7", paytable="A")
>>> sun7.lines[0].event, sun7.lines[0].combinations
('Banker wins with a three-card 7', 112633011329024)
>>> round(100 * sun7.house_edge, 4), round(100 * sun7.hit_frequency, 4), round(sun7.sd, 4)
(Fraction(76113, 10000), Fraction(11267, 5000), Decimal('6.0849'))
```
''',
    "Caribbean Stud (exact, optimal strategy; the proof of the stud engine)": '''
The same engine on a reduced deck (six ranks, 24 cards), in a second:

```{doctest}
>>> caribbean = combin.game("caribbean", deck="9TJQKA")
>>> caribbean.expected
Fraction(39610279, 25741485)
```
''',
    "Lunar Poker main game": '''
The committed exact 52-card run, read from its shards:

```{doctest}
>>> full = combin.lunar_game()
>>> full.figures["situations: C(n,5) x (n-5)"]
122151120
```
''',
}


def slug(title):
    """A file name of a title: ``"How it counts (baccarat)"`` -> ``"how-it-counts-baccarat"``."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "page"


def _links(text):
    """Markdown links into the repository (``[x](tables/README.md)``) as words and the path:
    the site does not hold those files."""
    return re.sub(r"\[([^\]]+)\]\((?!https?:|#|mailto:)([^)\s]+)\)", r"\1 (`\2`)", text)


def sections(text):
    """``[(title, body), ...]`` of a Markdown text's ``##`` sections, ``###`` raised one level."""
    found, title, lines, fence = [], None, [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fence = not fence
        if not fence and line.startswith("## "):
            if title is not None:
                found.append((title, "\n".join(lines)))
            title, lines = line[3:].strip(), []
        elif title is not None:
            lines.append(line[1:] if not fence and re.match(r"#{3,6} ", line) else line)
    if title is not None:
        found.append((title, "\n".join(lines)))
    return found


def _write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def _toc(caption, entries):
    return "\n".join(["```{toctree}", ":maxdepth: 1", f":caption: {caption}", "", *entries, "```", ""])


def guide(out):
    readme = (ROOT / "README.md").read_text()
    names = []
    for title, body in sections(readme):
        names.append(f"guide/{slug(title)}")
        _write(out / f"{names[-1]}.md", f"# {title}\n\n{_links(body).strip()}\n")
    return names


def methods(out):
    names = []
    for name, title, intro, modules in METHODS:
        parts = [f"# {title}", "", intro, ""]
        for module in modules:
            parts += [f"## `{module}`", "", "```{eval-rst}", f".. automodule:: {module}",
                      "   :no-members:", "   :no-index:", "```", ""]
        names.append(f"methods/{name}")
        _write(out / f"{names[-1]}.md", "\n".join(parts))
    return names


def register(out):
    from combin.documents.register import interpretation_register
    from combin.registry import games
    _write(out / "register.md", interpretation_register(games()))
    return ["register"]


def anchors(out):
    text = (ROOT / "spec" / "ANCHORS.md").read_text()
    intro = text.split("\n## ", 1)[0].split("\n", 1)[1].strip()
    names = []
    for title, body in sections(text):
        example = ANCHOR_EXAMPLES.get(title, "")
        names.append(f"anchors/{slug(title)}")
        _write(out / f"{names[-1]}.md", f"# {title}\n\n{_links(body).strip()}\n{example}")
    _write(out / "anchors.md", "# Published anchors\n\n" + _links(intro) + "\n\n"
           + _toc("Anchors", names))
    return names


def generate(srcdir):
    """Write every generated page under ``srcdir/generated`` and its index pages."""
    out = Path(srcdir) / "generated"
    _write(out / "guide.md", "# The guide (the README's sections)\n\n" + _toc("Guide", guide(out)))
    _write(out / "methods.md", "# How each engine counts\n\nEach page gathers the module "
           "docstrings that state a method and why its count is exact.\n\n"
           + _toc("Methods", methods(out)))
    register(out)
    anchors(out)
