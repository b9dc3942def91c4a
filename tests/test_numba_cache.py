"""combin.running.numba_cache: numba's cache folder when the install is read-only and there is no home."""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from combin.running.numba_cache import KERNEL_SOURCES, configure, source_digest


def _immutable(folder):
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(folder)],
                                                         capture_output=True).returncode:
        pytest.skip("chattr +i is not available here")


def test_a_read_only_install_without_a_home_caches_in_the_temporary_folder(tmp_path):
    package = tmp_path / "site-packages" / "combin"
    package.mkdir(parents=True)
    _immutable(package)                                  # no __pycache__ can be made there
    try:
        environ = {"HOME": "/nonexistent"}
        folder = configure(environ, package)
        assert folder == environ["NUMBA_CACHE_DIR"]
        assert Path(folder).name == f"numba-{source_digest(package)}"
        assert Path(folder).parent.parent == Path(tempfile.gettempdir())
    finally:
        subprocess.run(["chattr", "-i", str(package)], check=True)


def test_a_writable_install_caches_in_its_pycache_else_in_the_home(tmp_path):
    package = tmp_path / "combin"
    package.mkdir()
    environ = {"HOME": "/nonexistent"}
    folder = configure(environ, package)
    assert folder == str(package / "__pycache__" / f"numba-{source_digest(package)}") == environ["NUMBA_CACHE_DIR"]
    _immutable(package)
    try:
        (tmp_path / "home").mkdir()
        environ = {"HOME": str(tmp_path / "home")}       # a home numba can make .cache in
        assert configure(environ, package) == str(tmp_path / "home" / ".cache" / "combin"
                                                  / f"numba-{source_digest(package)}")
    finally:
        subprocess.run(["chattr", "-i", str(package)], check=True)


def test_a_kernel_source_changed_is_a_new_folder_and_the_old_ones_go(tmp_path):
    package = tmp_path / "combin"
    (package / "stud" / "draw" / "rank").mkdir(parents=True)
    kernel = package / "stud" / "draw" / "rank" / "exact.py"
    kernel.write_text("X = 1\n")
    (package / "cli.py").write_text("Y = 1\n")
    first = configure({}, package)
    Path(first).mkdir(parents=True)
    (package / "cli.py").write_text("Y = 2\n")          # not read by a kernel: the same folder
    assert configure({}, package) == first
    kernel.write_text("X = 2\n")
    second = configure({}, package)
    assert second != first and not Path(first).exists()  # the kernels of the old source removed
    assert Path(second).parent == Path(first).parent
    assert configure({"NUMBA_CACHE_DIR": "/elsewhere"}, package) == "/elsewhere"


_CALLER = """
from combin.stud.core.compiled import jit
from combin.stud.draw.rank.callee import pay

@jit
def price(x):
    return pay(x) + 1
"""


def test_a_callee_changed_in_another_module_is_compiled_again(tmp_path):
    """numba alone keeps a caller compiled against its callee's old source (its cache checks the
    caller's file only); the folder of the kernels' sources does not."""
    import combin
    package = tmp_path / "combin"
    shutil.copytree(Path(combin.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__"))
    rank = package / "stud" / "draw" / "rank"
    (rank / "caller.py").write_text(_CALLER)
    code = "from combin.stud.draw.rank.caller import price; print(price(10))"

    def run(environ):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                              cwd=tmp_path, env={**environ, "PYTHONPATH": str(tmp_path), "PATH": os.environ["PATH"],
                                                 "HOME": str(tmp_path)})
        return done.stdout.strip()

    fixed = {"NUMBA_CACHE_DIR": str(tmp_path / "one-folder")}      # numba's own check alone
    for pays, mine, numbas in (("x * 2", "21", "21"), ("x * 3", "31", "21")):
        (rank / "callee.py").write_text(f"from combin.stud.core.compiled import jit\n\n@jit\ndef pay(x):\n"
                                        f"    return {pays}\n")
        assert run({}) == mine                         # the package's own folder: compiled afresh
        assert run(fixed) == numbas                    # one folder for both: the stale callee


def test_the_kernel_configures_the_cache_before_numba_is_imported():
    import sys
    code = ("import sys, combin.running.numba_cache as cache\n"
            "calls = []\n"
            "cache.configure = lambda *a, **k: calls.append('numba' in sys.modules)\n"
            "import combin.stud.reference.cards.kernel.common\n"
            "print(calls)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[False]"           # once, before numba was imported


def test_the_kernel_sources_hold_everything_a_compiled_module_imports():
    """The static import closure (combin's own modules) of every module that imports the compile
    switch lies within KERNEL_SOURCES: a change to any of them is a new cache folder."""
    import ast
    import combin
    root = Path(combin.__file__).parent
    modules = {".".join(("combin", *path.relative_to(root).with_suffix("").parts)).removesuffix(".__init__"): path
               for path in root.rglob("*.py")}

    def imported(path):
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("combin"):
                found |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
            elif isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names if alias.name.startswith("combin")}
        return {name for name in found if name in modules}

    compiled = {name for name, path in modules.items() if "combin.stud.core.compiled import" in path.read_text()}
    assert {"combin.stud.draw.rank.exact", "combin.stud.reference.cards.kernel.sums"} <= compiled
    closure, todo = set(), list(compiled)
    while todo:
        name = todo.pop()
        if name not in closure:
            closure.add(name)
            todo += imported(modules[name])
    covered = {path for pattern in KERNEL_SOURCES for path in root.glob(pattern)}
    assert {name for name in closure if modules[name] not in covered} == set()
