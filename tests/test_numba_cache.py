"""combin.running.numba_cache: numba's cache folder when the install is read-only and there is no home."""

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from combin.running.numba_cache import configure


def _immutable(folder):
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(folder)],
                                                         capture_output=True).returncode:
        pytest.skip("chattr +i is not available here")


def test_a_read_only_install_without_a_home_caches_in_the_temporary_folder(tmp_path):
    package = tmp_path / "site-packages" / "combin"
    for sub in ("stud", "lunar"):
        (package / sub).mkdir(parents=True)
    _immutable(package / "stud")                         # no __pycache__ can be made there
    try:
        environ = {"HOME": "/nonexistent"}
        folder = configure(environ, package)
        assert folder == environ["NUMBA_CACHE_DIR"]
        assert Path(folder).parent == Path(tempfile.gettempdir())
    finally:
        subprocess.run(["chattr", "-i", str(package / "stud")], check=True)


def test_a_writable_install_or_home_is_left_to_numba(tmp_path):
    package = tmp_path / "combin"
    for sub in ("stud", "lunar"):
        (package / sub).mkdir(parents=True)
    environ = {"HOME": "/nonexistent"}
    assert configure(environ, package) is None and environ == {"HOME": "/nonexistent"}
    _immutable(package / "lunar")
    try:
        (tmp_path / "home").mkdir()
        environ = {"HOME": str(tmp_path / "home")}       # a home numba can make .cache in
        assert configure(environ, package) is None and "NUMBA_CACHE_DIR" not in environ
    finally:
        subprocess.run(["chattr", "-i", str(package / "lunar")], check=True)


def test_the_kernel_configures_the_cache_before_numba_is_imported():
    import sys
    code = ("import sys, combin.running.numba_cache as cache\n"
            "calls = []\n"
            "cache.configure = lambda *a, **k: calls.append('numba' in sys.modules)\n"
            "import combin.stud.reference.cards.kernel.common\n"
            "print(calls)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[False]"           # once, before numba was imported
