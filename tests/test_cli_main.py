"""The `twilight` command group loads each subcommand on demand (cli/main.py, COMMANDS): these tests hold
its command list to the commands themselves, and check that nothing heavy is imported before a command
runs."""

from __future__ import annotations

import json
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner
from twilight.cli.main import COMMANDS, cli, load_command


def first_sentence(help_text: str) -> str:
    """The words of the first paragraph up to the first one ending a sentence (what click shows)."""
    words = help_text.split("\n\n")[0].split()
    for i, word in enumerate(words):
        if word.endswith("."):
            return " ".join(words[: i + 1])
    return " ".join(words)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_entry_is_the_command_and_its_help(name: str) -> None:
    command = load_command(name)
    assert isinstance(command, click.Command)
    assert command.help is not None
    assert COMMANDS[name].help == first_sentence(command.help), (
        f"COMMANDS[{name!r}].help must be the first sentence of the command's docstring"
    )


def eager_group() -> click.Group:
    """The same group with every command imported up front: what `twilight --help` looked like before."""
    group = click.Group("cli", help=cli.help, context_settings={"help_option_names": ["-h", "--help"]})
    for name in COMMANDS:
        group.add_command(load_command(name), name)
    return group


@pytest.mark.parametrize("width", [60, 80, 200])
def test_help_lists_every_command_as_click_would(width: int) -> None:
    runner = CliRunner()
    lazy = runner.invoke(cli, ["--help"], prog_name="twilight", terminal_width=width)
    eager = runner.invoke(eager_group(), ["--help"], prog_name="twilight", terminal_width=width)
    assert lazy.exit_code == 0, lazy.output
    assert lazy.output == eager.output
    for name in COMMANDS:
        assert f"  {name} " in lazy.output


def imported_after(code: str) -> list[str]:
    """The twilight modules a fresh interpreter holds after running `code`."""
    probe = (
        "import json, sys\n"
        f"{code}\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('twilight.'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return loaded


GROUP_ONLY = ["twilight.cli", "twilight.cli.main", "twilight.cli.startup"]


def test_importing_the_group_and_its_help_import_no_command() -> None:
    assert imported_after("import twilight.cli.main") == GROUP_ONLY
    help_code = (
        "from twilight.cli.main import cli\n"
        "try:\n    cli(['--help'], prog_name='twilight')\nexcept SystemExit:\n    pass"
    )
    assert imported_after(help_code) == GROUP_ONLY


def test_a_command_imports_only_its_own_module_tree() -> None:
    code = (
        "from twilight.cli.main import cli\n"
        "try:\n    cli(['codes'], prog_name='twilight')\nexcept SystemExit:\n    pass"
    )
    loaded = imported_after(code)
    assert "twilight.cli.ruleset_cmds" in loaded
    for other in ("twilight.cli.play.cmd", "twilight.cli.docs.cmd", "twilight.cli.diff.cmd"):
        assert other not in loaded


def test_a_mistyped_command_suggests_the_right_one() -> None:
    result = CliRunner().invoke(cli, ["chek"], prog_name="twilight")
    assert result.exit_code == 2
    assert "No such command 'chek'" in result.output
    if hasattr(click.exceptions, "NoSuchCommand"):  # click 8.2 on suggests names
        assert "check" in result.output.split("No such command")[1]


def test_a_group_command_runs_through_the_lazy_group() -> None:
    result = CliRunner().invoke(cli, ["dev", "--help"], prog_name="twilight")
    assert result.exit_code == 0
    assert "schema" in result.output


def test_the_collector_is_back_once_a_command_is_loaded() -> None:
    """`main` pauses the garbage collector while the process starts; a command runs with it working
    again, and with what start-up loaded frozen out of its way."""
    probe = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: print('GC', gc.isenabled(), gc.get_freeze_count() > 1000))\n"
        "from twilight.cli.main import main\n"
        "sys.argv = ['twilight', 'codes']\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "GC True True"
