"""Text: identification, each table under its title, numbers right-aligned, notes."""

from combin.documents.parsheet import document
from combin.render.text import write


def test_the_lines_and_the_total(dice_sheet):
    text = write(document(dice_sheet))
    assert text.startswith("High | low (T) -- par sheet\n")
    assert "Game cycle       36\n" in text
    # worked by hand: 1 + 5 + 6 + 24 = 36 ways; return (30 + 10 + 0 - 24) / 36 = 4/9
    assert "Total                                                 36  1.000000000000   " \
           "0.444444444444" in text
    assert "House edge, pushes excluded       -53.3333%" in text   # -(4/9) / (1 - 1/6)
    assert "Outcomes:\n" in text and "Range of hold (house edge ± VI/√n):\n" in text
    assert text.rstrip("\n").endswith("over n independent rounds.")


def test_a_table_without_rows_is_its_header_alone():
    from combin.render.document import Document, Table
    from combin.render.text import grid
    assert grid(Table.of("t", "T", ["Name", "Count"], [])) == "Name    Count\n------  -------"
    assert "T:\nName    Count\n------  -------\n" in write(Document("t", "T", (), (
        Table.of("t", "T", ["Name", "Count"], []),)))
