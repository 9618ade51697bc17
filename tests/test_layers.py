"""The layering of the packages, read from every module's imports (ast, so also the imports inside
functions and under TYPE_CHECKING): cli -> runtime -> (IR) <- compiler, the scenario harness beside the
command line, and common/ under everything.

- runtime/ imports neither compiler/ nor cli/ nor harness/: it plays any IR, however it was made;
- compiler/ imports neither runtime/ nor cli/ nor harness/: it knows the runtime only through the schema;
- harness/ (scenario files) drives the compiler and the runtime, and does not import cli/;
- common/ imports no other twilight package, so that any of them may import it;
- api/ (a game for programs) sits on top of them all, using the command line's words for its actions,
  and nothing imports it but openspiel/ (OpenSpiel's registration), which goes through api/ alone.

Inside runtime/ the sub-packages are layers too (RUNTIME_LAYERS): the core interpreter (runtime/core/)
imports none of the others, neither the back end that builds programs (runtime/backend/: the engine is
given a program, read through the interface the core owns, core/compiled.py) nor the solo AI
(runtime/solo/) nor the search (runtime/players/); the facade runtime/game.py wires them together.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Each top-level folder is installed as twilight.<folder> (pyproject.toml, [tool.setuptools] package-dir).
PACKAGES = ("common", "compiler", "runtime", "harness", "cli", "api", "openspiel")
FORBIDDEN = {
    "common": {"compiler", "runtime", "harness", "cli", "api", "openspiel"},
    "compiler": {"runtime", "harness", "cli", "api", "openspiel"},
    "runtime": {"compiler", "harness", "cli", "api", "openspiel"},
    "harness": {"cli", "api", "openspiel"},
    "cli": {"api", "openspiel"},
    "api": {"harness", "openspiel"},
    "openspiel": {"harness", "cli", "compiler", "runtime"},
}


def module_name(path: Path) -> str:
    """`cli/play/cmd.py` -> `twilight.cli.play.cmd`; a package's `__init__.py` is the package."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(("twilight", *parts))


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """Every module `path` imports, absolute (relative imports resolved), with the line of the import."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            found.append((node.lineno, target))
            if target == "twilight":  # `from twilight import cli` names the package in the alias
                found.extend((node.lineno, f"{target}.{alias.name}") for alias in node.names)
    return found


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    if len(parts) >= 2 and parts[0] == "twilight" and parts[1] in PACKAGES:
        return parts[1]
    return None


def modules_of(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("package", PACKAGES)
def test_each_package_imports_only_the_layers_below_it(package: str) -> None:
    files = modules_of(package)
    assert files, f"{package}/ has no modules"
    wrong = [
        f"{path.relative_to(ROOT)}:{line}: imports {target}"
        for path in files
        for line, target in imported_modules(path)
        if layer_of(target) in FORBIDDEN[package]
    ]
    assert not wrong, "\n".join(wrong)


def test_every_package_folder_is_installed() -> None:
    """setuptools installs only the packages pyproject.toml names: a sub-package left out would work in an
    editable install and be missing from a built one."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    folders = {
        module_name(init)
        for package in PACKAGES
        for init in (ROOT / package).rglob("__init__.py")
        if "schema" not in init.relative_to(ROOT).parts
    }
    assert folders <= set(config["packages"]), sorted(folders - set(config["packages"]))
    assert {f"twilight.{package}" for package in PACKAGES} <= set(config["package-dir"])


def test_the_import_reader_sees_every_form() -> None:
    """The reader finds imports inside functions, relative ones, and `from twilight import X`."""
    sample = ROOT / "runtime" / "core" / "invariants.py"  # `from .engine import Engine`
    targets = {target for _, target in imported_modules(sample)}
    assert "twilight.runtime.core.engine" in targets
    sample = ROOT / "cli" / "scenario_cmd.py"  # imports the harness inside its functions
    assert "twilight.harness.scenario" in {target for _, target in imported_modules(sample)}


# ---------------------------------------------------------------------- the layers inside runtime/
# Each sub-package of runtime/ (and the facade, runtime/game.py) with the sub-packages it may import,
# every import counted (inside functions and under TYPE_CHECKING too: a type of the back end named in the
# core would tie the core to it as surely). The core owns the interface the back end implements
# (core/compiled.py, `CompiledRules`), so it needs nothing of the back end; the solo AI's primitives
# register themselves with the core's registry from runtime/solo/, so the core needs nothing of it.
RUNTIME_LAYERS: dict[str, set[str]] = {
    "core": set(),
    "backend": {"core"},
    "solo": {"core"},
    "players": {"core", "solo"},
    "game": {"core", "backend", "solo"},
}


def runtime_part(module: str) -> str | None:
    """`twilight.runtime.core.engine` -> `core`; `twilight.runtime.game` -> `game`; None outside."""
    parts = module.split(".")
    if len(parts) >= 3 and parts[:2] == ["twilight", "runtime"]:
        return parts[2]
    return None


def runtime_layer_breaches(files: list[Path]) -> list[str]:
    """Every import of a runtime module that reaches a sub-package its layer may not import."""
    found = []
    for path in files:
        part = runtime_part(module_name(path))
        if part is None:
            continue
        allowed = RUNTIME_LAYERS.get(part)
        assert allowed is not None, (
            f"{path.relative_to(ROOT)}: runtime/{part} belongs to no layer (RUNTIME_LAYERS)"
        )
        for line, target in imported_modules(path):
            other = runtime_part(target)
            if other is not None and other != part and other not in allowed:
                found.append(f"{path.relative_to(ROOT)}:{line}: runtime/{part} imports {target}")
    return found


def test_the_runtime_core_imports_neither_the_back_end_nor_the_solo_ai() -> None:
    assert not runtime_layer_breaches(modules_of("runtime")), "\n".join(
        runtime_layer_breaches(modules_of("runtime"))
    )


def test_every_runtime_module_belongs_to_a_layer() -> None:
    parts = {runtime_part(module_name(path)) for path in modules_of("runtime")} - {None}
    assert parts == set(RUNTIME_LAYERS), sorted(parts ^ set(RUNTIME_LAYERS))


def test_the_layer_rule_sees_a_core_module_importing_the_solo_ai(tmp_path: Path, monkeypatch) -> None:
    """An import of the solo AI or of the back end in the core, even inside a function or for a type
    alone, is a breach; the same import in the back end, or of the core's own interface, is not."""
    core = tmp_path / "runtime" / "core"
    backend = tmp_path / "runtime" / "backend"
    for folder in (core, backend):
        folder.mkdir(parents=True)
        (folder / "__init__.py").write_text("")
    (core / "engine.py").write_text("def f():\n    from twilight.runtime.solo.ai import RulesAIPlayer\n")
    typing_only = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
    (core / "state.py").write_text(typing_only + "    from twilight.runtime.backend.program import Program\n")
    (core / "dice.py").write_text("from twilight.runtime.core.compiled import CompiledRules\n")
    (backend / "program.py").write_text("from twilight.runtime.core.engine import Engine\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    found = runtime_layer_breaches(sorted((tmp_path / "runtime").rglob("*.py")))
    assert found == [
        "runtime/core/engine.py:2: runtime/core imports twilight.runtime.solo.ai",
        "runtime/core/state.py:3: runtime/core imports twilight.runtime.backend.program",
    ]


def test_the_core_runs_without_the_back_end_and_the_solo_ai_loaded() -> None:
    """Importing every module of the core loads nothing of runtime/backend, runtime/solo or runtime/players,
    and the core's registry of implementations then holds none of the solo AI's primitives (they are
    registered by runtime/solo/ when the facade imports it)."""
    core_modules = [module_name(path) for path in modules_of("runtime/core")]
    program = (
        "import importlib, sys\n"
        f"for name in {core_modules!r}:\n"
        "    importlib.import_module(name)\n"
        "above = {'backend', 'solo', 'players', 'game'}\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[:2] == ['twilight', 'runtime']\n"
        "                and m.split('.')[2:3] and m.split('.')[2] in above)\n"
        "from twilight.runtime.core.primitives import IMPLEMENTATIONS\n"
        "print(loaded, 'event_vp_gain' in IMPLEMENTATIONS, 'appendix_allows' in IMPLEMENTATIONS)\n"
        "import twilight.runtime.game\n"
        "print('event_vp_gain' in IMPLEMENTATIONS, 'appendix_allows' in IMPLEMENTATIONS)\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == ["[] False False", "True True"], done.stderr


# ---------------------------------------------------------------------- no cycles inside a package
def run_time_imports(path: Path) -> list[tuple[int, str]]:
    """The imports of `path` that run: every form `imported_modules` reads (inside functions too) but
    those under `if TYPE_CHECKING:`, which name a type for the checker and import nothing when the
    program runs. `from package import name` counts as importing `package.name` when that is a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for statement in node.body
        for inner in ast.walk(statement)
    }
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            found.append((node.lineno, target))
            found.extend((node.lineno, f"{target}.{alias.name}") for alias in node.names)
    return found


def import_graph(files: list[Path]) -> dict[str, dict[str, int]]:
    """Module -> the modules among `files` it imports, each with the line of its first import."""
    names = {module_name(path): path for path in files}
    graph: dict[str, dict[str, int]] = {}
    for name, path in names.items():
        edges: dict[str, int] = {}
        for line, target in run_time_imports(path):
            if target in names and target != name:
                edges.setdefault(target, line)
        graph[name] = edges
    return graph


def import_cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            advanced = False
            for target in edges:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(graph[target])))
                    advanced = True
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    cycles.append(sorted(group))
    return cycles


def describe_cycle(group: list[str], graph: dict[str, dict[str, int]]) -> str:
    members = set(group)
    edges = [
        f"    {source} -> {target} (line {line})"
        for source in group
        for target, line in sorted(graph[source].items())
        if target in members
    ]
    return f"{len(group)} modules import each other:\n" + "\n".join(edges)


@pytest.mark.parametrize("package", PACKAGES)
def test_no_package_has_an_import_cycle(package: str) -> None:
    """Within a package (its sub-packages included) the modules import one way: a module that needs a
    module above it takes what it needs as an argument, or the shared part moves below both."""
    graph = import_graph(modules_of(package))
    cycles = import_cycles(graph)
    assert not cycles, "\n".join(describe_cycle(group, graph) for group in cycles)


def test_the_cycle_finder_finds_a_cycle_made_through_a_function(tmp_path: Path, monkeypatch) -> None:
    """Two modules that import each other only inside functions still form a cycle; one that imports the
    other under TYPE_CHECKING does not."""
    package = tmp_path / "cli" / "loop"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "first.py").write_text("def f():\n    from twilight.cli.loop.second import g\n    return g\n")
    (package / "second.py").write_text("from twilight.cli.loop import first\n")
    (package / "third.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from twilight.cli.loop.first import f\n"
    )
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    graph = import_graph(sorted(package.glob("*.py")))
    assert import_cycles(graph) == [["twilight.cli.loop.first", "twilight.cli.loop.second"]]
    assert "twilight.cli.loop.first" not in graph["twilight.cli.loop.third"]


# ---------------------------------------------------------------------- the session layer inside cli/
# cli/session/ is what a game in progress needs whoever shows it: the terminal (cli/play/), the browser
# (cli/web/), `twilight bench`, `twilight hint`, `twilight explain`. They import it; it imports none of them
# and no command (every import counted, inside functions and under TYPE_CHECKING too): a command module is
# one cli/main.py loads a command from, and every module of the front ends.
SESSION = "twilight.cli.session"
FRONT_ENDS = ("twilight.cli.play", "twilight.cli.web", "twilight.cli.bench")


def command_modules(main: Path) -> set[str]:
    """The modules cli/main.py loads a command from (`"twilight.cli.play.cmd:play"`), and main itself."""
    found = {"twilight.cli.main"}
    for node in ast.walk(ast.parse(main.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            module, colon, _ = node.value.partition(":")
            if colon and module.startswith("twilight.cli."):
                found.add(module)
    return found


def is_above_the_session(module: str, commands: set[str]) -> bool:
    in_front_end = any(module == end or module.startswith(end + ".") for end in FRONT_ENDS)
    return in_front_end or module in commands or any(module.startswith(c + ".") for c in commands)


def session_layer_breaches(files: list[Path], commands: set[str]) -> list[str]:
    """Every import of a session module that reaches a command or a front end."""
    found = []
    for path in files:
        name = module_name(path)
        if name != SESSION and not name.startswith(SESSION + "."):
            continue
        for line, target in imported_modules(path):
            if is_above_the_session(target, commands):
                found.append(f"{path.relative_to(ROOT)}:{line}: the session layer imports {target}")
    return found


def test_the_session_layer_imports_no_command() -> None:
    commands = command_modules(ROOT / "cli" / "main.py")
    assert {"twilight.cli.play.cmd", "twilight.cli.web.cmd", "twilight.cli.explain.cmd"} <= commands
    assert (ROOT / "cli" / "session" / "game.py").is_file()
    breaches = session_layer_breaches(modules_of("cli"), commands)
    assert not breaches, "\n".join(breaches)


def test_the_front_ends_share_the_session_layer() -> None:
    """The terminal, the browser, bench and explain each import the session layer, and the browser no
    longer reaches into the terminal game for it (cli/web imports nothing of cli/play)."""
    graph = import_graph(modules_of("cli"))

    def imports_of(prefix: str) -> set[str]:
        return {target for name, edges in graph.items() if name.startswith(prefix) for target in edges}

    for front in ("twilight.cli.play.", "twilight.cli.web.", "twilight.cli.bench.", "twilight.cli.explain."):
        assert any(t.startswith(SESSION + ".") for t in imports_of(front)), front
    reached = {t for t in imports_of("twilight.cli.web.") if t.startswith("twilight.cli.play.")}
    assert not reached, sorted(reached)


def test_the_session_rule_sees_a_session_module_importing_a_command(tmp_path: Path, monkeypatch) -> None:
    """An import of a command or of a front end in the session layer, even inside a function or for a type
    alone, is a breach; the play log (a session module) and a library of a command family (explain's trace
    reader) are not."""
    session = tmp_path / "cli" / "session"
    session.mkdir(parents=True)
    (session / "__init__.py").write_text("")
    (session / "game.py").write_text("def f():\n    from twilight.cli.play.cmd import play\n")
    typing_only = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
    (session / "hint.py").write_text(typing_only + "    from twilight.cli.web.game import Games\n")
    (session / "happened.py").write_text("from twilight.cli.session.log import Narrator\n")
    (session / "why.py").write_text("from twilight.cli.explain.trace import TraceExplainer\n")
    (session / "text.py").write_text("from twilight.cli.hint_cmd import hint\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    commands = {"twilight.cli.play.cmd", "twilight.cli.explain.cmd", "twilight.cli.hint_cmd"}
    found = session_layer_breaches(sorted(session.glob("*.py")), commands)
    assert found == [
        "cli/session/game.py:2: the session layer imports twilight.cli.play.cmd",
        "cli/session/hint.py:3: the session layer imports twilight.cli.web.game",
        "cli/session/text.py:1: the session layer imports twilight.cli.hint_cmd",
    ]
