"""combin.render.grid: the same bytes as tabulate's simple and github layouts, on any table."""

import unicodedata

from hypothesis import given, settings, strategies as st
from tabulate import tabulate

from combin.render.grid import _ONE_WIDE, grid, plain

# printable ASCII, the one-wide ranges the grid lays out itself, and a few characters it hands
# to tabulate (a wide one, a combining one, a control one, a line break)
_CHARS = st.one_of(st.characters(min_codepoint=0x20, max_codepoint=0x7E),
                   st.sampled_from("§·±×é—–‘’“”…•≤≥≠−→∞"),
                   st.sampled_from(["全", "\u0301", "\t", "\n", "\u00a0"]))
_TEXT = st.text(_CHARS, max_size=12)


@st.composite
def _tables(draw):
    columns = draw(st.integers(1, 5))
    headers = draw(st.lists(_TEXT, min_size=columns, max_size=columns))
    rows = draw(st.lists(st.lists(_TEXT, min_size=columns, max_size=columns), max_size=6))
    aligns = draw(st.one_of(st.none(), st.lists(st.sampled_from(["left", "right"]),
                                                min_size=columns, max_size=columns)))
    return rows, headers, aligns


@settings(max_examples=400, deadline=None)
@given(_tables(), st.booleans())
def test_every_table_is_laid_out_as_tabulate_does(table, markdown):
    rows, headers, aligns = table
    expected = tabulate(rows, headers=headers, tablefmt="github" if markdown else "simple",
                        disable_numparse=True, colalign=aligns)
    assert grid(rows, headers, aligns, markdown) == expected


def test_a_sheet_like_table_is_laid_out_without_tabulate():
    rows = [["Banker wins with a three-card 7", "6 to 1", "112,633,011,329,024"],
            ["Total", "", "4,998,398,275,503,360"]]
    headers = ["Event", "Pays", "Combinations"]
    assert all(plain(text) for row in [headers, *rows] for text in row)
    for markdown in (True, False):
        assert grid(rows, headers, ["left", "left", "right"], markdown) == tabulate(
            rows, headers=headers, tablefmt="github" if markdown else "simple",
            disable_numparse=True, colalign=["left", "left", "right"])


def test_the_characters_laid_out_alone_are_one_column_wide():
    # tabulate measures with wcwidth when it is installed: neither wide, nor zero-width
    try:
        import wcwidth
    except ImportError:
        wcwidth = None
    for low, high in _ONE_WIDE:
        for code in range(low, high + 1):
            char = chr(code)
            assert char.isprintable() and unicodedata.east_asian_width(char) not in ("W", "F")
            assert unicodedata.category(char) not in ("Mn", "Me", "Cf", "Zs"), hex(code)
            assert wcwidth is None or wcwidth.wcwidth(char) == 1, hex(code)
