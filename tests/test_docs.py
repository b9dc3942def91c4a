"""The documentation site (docs/, Sphinx): it builds with warnings as errors, its pages'
examples pass (the doctest builder), and its generated pages follow their sources."""

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx")
pytest.importorskip("myst_parser")

ROOT = Path(__file__).resolve().parent.parent


def _build(builder, out):
    return subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", builder,
                           str(ROOT / "docs"), str(out)], capture_output=True, text=True, cwd=ROOT)


def test_the_site_builds_clean_and_its_examples_pass(tmp_path):
    done = _build("doctest", tmp_path / "doctest")
    assert done.returncode == 0, done.stdout + done.stderr
    report = (tmp_path / "doctest" / "output.txt").read_text()
    assert "0 failures in tests" in report and " tests\n" in report
    done = _build("html", tmp_path / "html")
    assert done.returncode == 0, done.stdout + done.stderr
    html = tmp_path / "html"
    api = (html / "api.html").read_text()
    for name in ("par", "lunar_game", "advise", "ParResult", "to_pandas"):
        assert f'id="combin.api.{name}"' in api or f'id="combin.api.Table.{name}"' in api, name
    readme = ROOT.joinpath("README.md").read_text()
    pages = sorted(p.stem for p in (html / "generated" / "guide").glob("*.html"))
    assert len(pages) == readme.count("\n## ")
    anchors = ROOT.joinpath("spec", "ANCHORS.md").read_text()
    assert len(list((html / "generated" / "anchors").glob("*.html"))) == anchors.count("\n## ")
    register = (html / "generated" / "register.html").read_text()
    assert "E1: Eclipse and a paytable" in register


def test_the_readme_pages_keep_code_and_drop_repository_links():
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        from pages import _links, sections
    finally:
        sys.path.remove(str(ROOT / "docs"))
    text = "intro\n## One\nsee [`tables/`](tables/README.md)\n```sh\n## not a heading\n```\n### Sub\n## Two\nx"
    assert sections(text) == [("One", "see [`tables/`](tables/README.md)\n```sh\n## not a heading\n```\n## Sub"),
                              ("Two", "x")]
    assert _links("see [`tables/`](tables/README.md) and [site](https://x.org)") == \
        "see `tables/` (`tables/README.md`) and [site](https://x.org)"
