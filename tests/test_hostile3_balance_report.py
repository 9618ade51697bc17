"""`twilight balance-report RUN.json...` read each run whole with `read_text`: /dev/zero named as a run
filled the memory until the process was killed, a FIFO waited for a writer for ever. Now only a regular
file is read, and only up to a bound far above any run's figures."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner
from twilight.cli.balance import merge
from twilight.cli.balance.merge import balance_report


def test_dev_zero_as_a_run_is_one_line_in_a_bounded_process(tmp_path: Path) -> None:
    # (in a process of its own with its memory bounded: the unbounded read is killed, not this test run)
    code = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))\n"
        "from twilight.cli.main import main\n"
        f"sys.argv = ['twilight', 'balance-report', '/dev/zero', '-o', {str(tmp_path / 'r.html')!r}]\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, (done.returncode, done.stderr[-500:])
    assert "/dev/zero" in done.stderr and "not a regular file" in done.stderr, done.stderr
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr


def test_a_fifo_as_a_run_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "run.json"
    os.mkfifo(fifo)
    result = CliRunner().invoke(balance_report, [str(fifo), "-o", str(tmp_path / "r.html")])
    assert result.exit_code == 1, result.output
    assert "not a regular file" in result.output


def test_a_run_over_the_bound_is_refused_unread(tmp_path: Path, monkeypatch: object) -> None:
    run = tmp_path / "big.json"
    run.write_text('{"run": "' + "x" * 5000 + '"}', encoding="utf-8")
    monkeypatch.setattr(merge, "MAX_RUN_BYTES", 1000)  # type: ignore[attr-defined]
    result = CliRunner().invoke(balance_report, [str(run), "-o", str(tmp_path / "r.html")])
    assert result.exit_code == 1, result.output
    assert "big.json" in result.output and "larger than" in result.output, result.output
