"""Sphinx configuration of combin's documentation site (``make docs``).

The pages that come from elsewhere -- the README's sections, the method pages
(module docstrings), the interpretation register and the published anchors --
are generated into ``generated/`` by :mod:`pages` when the build starts, so
they are always those of the code being documented.
"""

import os
import sys

sys.path.insert(0, os.path.abspath(".."))
sys.path.insert(0, os.path.abspath("."))

import combin  # noqa: E402

project = "combin"
author = "the combin authors"
copyright = "the combin authors (MIT licence)"
version = release = combin.__version__

extensions = ["sphinx.ext.autodoc", "sphinx.ext.doctest", "myst_parser"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "notebooks", "README.md"]
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
# the option types by their names, documented once in the API reference
autodoc_type_aliases = {"Interpret": "combin.api.Interpret", "Paths": "combin.api.Paths"}
# the docstrings' literal blocks are formulas, not Python
highlight_language = "none"
autodoc_default_options = {"members": True, "show-inheritance": True}

# Only the pages' ``{doctest}`` blocks run under ``sphinx-build -b doctest``: the docstrings'
# own examples run in their module (pytest --doctest-modules), where private names resolve.
doctest_test_doctest_blocks = ""
doctest_global_setup = "import combin\nfrom fractions import Fraction"

html_theme = "alabaster"
html_static_path = ["_static"]
html_css_files = ["combin.css"]
html_title = f"combin {release}"
html_theme_options = {"description": "Exact combinatorial analysis of casino table games",
                      "page_width": "1100px", "sidebar_width": "240px"}


def setup(app):
    from pages import generate

    app.connect("builder-inited", lambda app: generate(app.srcdir))
