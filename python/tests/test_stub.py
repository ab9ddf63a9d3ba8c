"""The typed stub (nakade/__init__.pyi) says what the extension has: mypy's stubtest."""

import subprocess
import sys
from pathlib import Path

import pytest


def test_stubtest_finds_no_difference():
    pytest.importorskip("mypy", reason="mypy is not installed (pip install mypy)")
    allowlist = Path(__file__).with_name("stubtest_allowlist.txt")
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "nakade", "--allowlist", str(allowlist)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
