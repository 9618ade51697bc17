"""The layering of the packages, read from every module's imports (ast, so also the imports inside
functions and under TYPE_CHECKING): cli -> runtime -> (IR) <- compiler, the scenario harness beside the
command line, and common/ under everything.

- runtime/ imports neither compiler/ nor cli/ nor harness/: it plays any IR, however it was made;
- compiler/ imports neither runtime/ nor cli/ nor harness/: it knows the runtime only through the schema;
- harness/ (scenario files) drives the compiler and the runtime, and does not import cli/;
- common/ imports no other twilight package, so that any of them may import it;
- api/ (a game for programs) sits on top of them all, using the command line's words for its actions,
  and nothing imports it but openspiel/ (OpenSpiel's registration), which goes through api/ alone.
"""

from __future__ import annotations

import ast
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
    sample = ROOT / "runtime" / "invariants.py"  # `from .engine import Engine`
    targets = {target for _, target in imported_modules(sample)}
    assert "twilight.runtime.engine" in targets
    sample = ROOT / "cli" / "scenario_cmd.py"  # imports the harness inside its functions
    assert "twilight.harness.scenario" in {target for _, target in imported_modules(sample)}
