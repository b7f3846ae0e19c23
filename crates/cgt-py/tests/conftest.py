"""Shared fixtures: the `cgt` binary of this checkout, to compare answers with `cgt … --json`."""

import json
import os
import pathlib
import signal
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]

# The Ctrl-C tests simulate SIGINT (`_thread.interrupt_main`), which does nothing while SIGINT
# is ignored, as it is for a job a shell started in the background: put Python's own handler
# back, as an interactive run has it.
signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(scope="session")
def cli():
    """Runs `cgt --json ARGS…` and returns the parsed document.

    The binary is `$CGT_BIN`, else the checkout's `target/debug/cgt` (built by `cargo test`).
    """
    path = pathlib.Path(os.environ.get("CGT_BIN", ROOT / "target" / "debug" / "cgt"))
    assert path.is_file(), f"no cgt binary at {path}: build it (cargo build -p cgt-cli) or set CGT_BIN"

    def run(*args):
        out = subprocess.run(
            [str(path), "--json", *args], capture_output=True, text=True, check=True
        )
        return json.loads(out.stdout)

    return run
