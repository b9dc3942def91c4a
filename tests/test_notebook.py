"""docs/notebooks/combin-as-a-library.ipynb runs (nbclient, a real kernel) and every figure it
prints is exact and equal to what the command line prints for the same question."""

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "docs" / "notebooks"
NOTEBOOK = FOLDER / "combin-as-a-library.ipynb"


def _cli(*words):
    done = subprocess.run([sys.executable, "-m", "combin", "-q", *words, "--format", "json"],
                          capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(done.stdout)


def _row(document, table, key, label):
    """The exact value (``"p/q"``) of the row of ``table`` whose ``key`` column is ``label``."""
    rows = [row for row in document["tables"][table]["rows"] if row[key] == label]
    assert len(rows) == 1, (table, label)
    return rows[0]


def test_the_committed_notebook_has_no_outputs():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert code and all(not cell.outputs and cell.execution_count is None for cell in code)


@pytest.fixture(scope="module")
def figures():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(FOLDER)}}).execute()
    last = notebook.cells[-1].outputs
    printed = "".join(output.get("text", "") for output in last if output.output_type == "stream")
    plot = [cell for cell in notebook.cells if "ax.plot" in cell.source][0]
    assert not any(output.output_type == "error" for cell in notebook.cells
                   for output in cell.get("outputs", ()))
    return json.loads(printed), plot


def test_every_figure_of_the_notebook_is_exact(figures):
    found, _ = figures
    assert len(found) == 7
    for name, text in found.items():
        value = Fraction(text)           # an exact fraction, never a rounded decimal
        assert "." not in text and value.denominator > 1, name


def test_the_notebooks_figures_are_the_command_lines(figures):
    found, _ = figures
    mine = str(FOLDER / "sun7-38-to-1.toml")
    package = _cli("package", "--eclipse", "--paytable-file", mine)
    assert found["package house edge"] == _row(package, "summary", "figure",
                                               "House edge (per unit staked)")["value"]
    sun7 = _cli("par", "eclipse.sun7", "--paytable-file", mine)
    assert found["sun7 house edge at 38 to 1"] == _row(sun7, "summary", "figure", "House edge")["value"]
    solved = _cli("solve", "eclipse.sun7", "--target-edge", "5%")
    assert found["sun7 pay for a 5% edge"] == _row(solved, "solution", "solution", "Exact pay")["payout"]
    advice = _cli("lunar", "advise", "AS KD TH TC 9D", "--up", "QS", "--deck", "9TJQKA")
    assert found["advise best EV"] == advice["subject"]["best"]["ev"] == "6900499/4084080"
    assert found["advise margin"] == advice["subject"]["best"]["margin"]
    full = _cli("game", "lunar", "--shards", "tables/lunar/game/full", "--max-shards", "0",
                "--workers", "0")
    assert found["52-card expected result per Ante"] == _row(
        full, "summary", "figure", "expected result per Ante")["value"]
    assert found["52-card element of risk"] == _row(
        full, "summary", "figure", "element of risk (house edge per unit wagered)")["value"]


def test_the_notebook_draws_its_plot_off_screen(figures):
    _, plot = figures
    images = [output.data["image/png"] for output in plot.outputs
              if output.output_type == "execute_result" and "image/png" in output.data]
    assert len(images) == 1
    import base64
    assert base64.b64decode(images[0]).startswith(b"\x89PNG\r\n")
