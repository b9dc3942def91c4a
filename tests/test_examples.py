"""Examples, the pokerkit habit: at least a third of the public names of every package of
``combin`` -- and of the modules at its top -- have a ``>>>`` example (the doctests run with
the suite: ``--doctest-modules`` over ``combin/``).

A module's public names are its ``__all__``, or, without one, its top-level functions and
classes whose names do not start with ``_``.  A name has an example when a ``>>>`` (or
``...``) line of a docstring of its module uses it.  The command modules
(``combin/commands``) are the command line's, shown by its own tests, and are left out.
"""

import ast
import io
import re
import tokenize
from fractions import Fraction
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "combin"
SHARE = Fraction(1, 3)
LEFT_OUT = {"combin.commands"}

#: The stud engine gets its examples with its restructuring, on its own branch: until that
#: lands (``stud/reference/cards`` is there), its packages are expected to fall short.
STUD_DONE = (PACKAGE / "stud" / "reference" / "cards").is_dir()


def _public(tree):
    """The module's public names: ``__all__``, else its public top-level defs and classes."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__"
                                                for t in node.targets):
            return [ast.literal_eval(element) for element in node.value.elts]
    return [node.name for node in tree.body
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            and not node.name.startswith("_")]


def _example_names(tree):
    """Every identifier used on a ``>>>`` or ``...`` line of a docstring of the module."""
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        text = ast.get_docstring(node, clean=True) or ""
        for line in text.splitlines():
            stripped = line.strip()
            if stripped.startswith((">>> ", "... ")):
                found.update(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", stripped[4:]))
    return found


def _package(path):
    return ".".join(path.relative_to(PACKAGE.parent).parts)


def shares():
    """``{package: (names with an example, public names)}`` of every package of ``combin``."""
    found = {}
    for init in sorted(PACKAGE.rglob("__init__.py")):
        folder = init.parent
        name = _package(folder)
        if name in LEFT_OUT:
            continue
        public = with_example = 0
        for path in sorted(folder.glob("*.py")):
            if path.name == "__main__.py":
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            names = _public(tree)
            used = _example_names(tree)
            public += len(names)
            with_example += sum(n in used for n in names)
        if public:
            found[name] = (with_example, public)
    return found


SHARES = shares()


def test_the_reader_counts_names_used_in_examples():
    tree = ast.parse('"""Toy.\n\n>>> double(2)\n4\n"""\n__all__ = ["double", "half"]\n'
                     'def double(x):\n    return 2 * x\ndef half(x):\n    return x / 2\n')
    assert _public(tree) == ["double", "half"]
    assert {"double"} <= _example_names(tree) and "half" not in _example_names(tree)


@pytest.mark.parametrize("package", sorted(SHARES))
def test_a_third_of_the_public_names_of_each_package_have_an_example(package):
    with_example, public = SHARES[package]
    if package.startswith("combin.stud") and not STUD_DONE and Fraction(with_example, public) < SHARE:
        pytest.xfail("stud/ gets its examples on its own branch")
    assert Fraction(with_example, public) >= SHARE, f"{package}: {with_example} of {public}"
