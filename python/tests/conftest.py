"""Shared fixtures: the repository, and the `nakade` command the answers are compared with.

The command is `$NAKADE_BIN`, else `target/release/nakade` of the repository (`cargo build
--release`). Without it the comparisons are skipped, unless NAKADE_REQUIRE_EXTERNAL=1 (CI):
then they fail.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _binary():
    given = os.environ.get("NAKADE_BIN")
    if given:
        return Path(given)
    target = Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    if not target.is_absolute():
        target = REPO / target
    return target / "release" / "nakade"


@pytest.fixture(scope="session")
def repo():
    return REPO


class Cli:
    """Runs the `nakade` command from the repository's root."""

    def __init__(self, path):
        self.path = path

    def run(self, *args, stdin=None, check=True):
        done = subprocess.run(
            [str(self.path), *map(str, args)],
            input=stdin,
            capture_output=True,
            text=True,
            cwd=REPO,
        )
        if check and done.returncode != 0:
            raise AssertionError(f"nakade {' '.join(map(str, args))}: {done.stderr}")
        return done

    def json(self, *args):
        return json.loads(self.run(*args, "--json").stdout)

    def batch(self, command, lines, *args):
        """One JSON answer per graph line, as `nakade COMMAND --batch` gives them."""
        out = self.run(command, "--batch", *args, stdin="\n".join(lines) + "\n").stdout
        return [json.loads(line) for line in out.splitlines()]


@pytest.fixture(scope="session")
def cli():
    path = _binary()
    if not path.is_file():
        message = f"{path} is missing: run `cargo build --release` (or set NAKADE_BIN)"
        if os.environ.get("NAKADE_REQUIRE_EXTERNAL") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return Cli(path)


def as_json(value):
    """A Python answer as the CLI's JSON reads back: tuples become lists."""
    return json.loads(json.dumps(value))
