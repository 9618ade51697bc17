"""The VS Code extension (editors/vscode/extension.js) run by Node against stand-ins of the `vscode` module
and of `vscode-languageclient`, which record what the extension asks of them: the server it starts, and
that a changed `twilight.command` (the step docs/editors.md gives for a virtual environment) is the
command of the server from then on."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXTENSION = ROOT / "editors" / "vscode" / "extension.js"

# The `vscode` module as far as the extension uses it; `setConfig` and `fireConfig` are the test's own.
VSCODE_STAND_IN = """
const settings = { command: "twilight", args: [] };
const listeners = [];
const commands = {};
const shown = [];
module.exports = {
  workspace: {
    getConfiguration: (section) => ({ get: (key) => settings[key] }),
    onDidChangeConfiguration: (listener) => { listeners.push(listener); return { dispose() {} }; },
  },
  commands: {
    registerCommand: (name, run) => { commands[name] = run; return { dispose() {} }; },
    executeCommand: async () => undefined,
  },
  window: { showErrorMessage: async (message) => { shown.push(message); return undefined; } },
  setConfig: (key, value) => { settings[key] = value; },
  fireConfig: () => Promise.all(listeners.map((l) => l({ affectsConfiguration: (s) => s === "twilight" }))),
  commandsRegistered: commands,
  shown,
};
"""

# A language client that records the command it was made with, its starts and its stops; a command
# named "missing" fails to start, as a command not on the PATH does.
CLIENT_STAND_IN = """
const made = [];
class LanguageClient {
  constructor(id, name, serverOptions, clientOptions) {
    this.command = serverOptions.run.command;
    this.args = serverOptions.run.args;
    this.started = 0;
    this.stopped = 0;
    made.push(this);
  }
  async start() {
    this.started += 1;
    if (this.command === "missing") throw new Error("spawn missing ENOENT");
  }
  async stop() { this.stopped += 1; }
  async restart() { await this.stop(); await this.start(); }
}
module.exports = { LanguageClient, TransportKind: { stdio: 0 }, made };
"""

SESSION = """
const vscode = require("vscode");
const { made } = require("vscode-languageclient/node");
const extension = require("./extension.js");
(async () => {
  const context = { subscriptions: [] };
  await extension.activate(context);
  vscode.setConfig("command", "/venv/bin/twilight");
  await vscode.fireConfig();
  vscode.setConfig("command", "missing");
  await vscode.commandsRegistered["twilight.restartServer"]();
  const clients = made.map((c) => ({
    command: c.command, args: c.args, started: c.started, stopped: c.stopped,
  }));
  console.log(JSON.stringify({ clients, shown: vscode.shown }));
})().catch((err) => { console.error(err); process.exit(1); });
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed")
def test_a_changed_command_setting_is_the_servers_command_after_a_restart(tmp_path: Path) -> None:
    (tmp_path / "extension.js").write_text(EXTENSION.read_text(encoding="utf-8"), encoding="utf-8")
    modules = tmp_path / "node_modules"
    (modules / "vscode").mkdir(parents=True)
    (modules / "vscode" / "index.js").write_text(VSCODE_STAND_IN, encoding="utf-8")
    (modules / "vscode-languageclient").mkdir()
    (modules / "vscode-languageclient" / "node.js").write_text(CLIENT_STAND_IN, encoding="utf-8")
    (tmp_path / "session.js").write_text(SESSION, encoding="utf-8")
    run = subprocess.run(
        ["node", "session.js"], cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False
    )
    assert run.returncode == 0, run.stderr
    found = json.loads(run.stdout)
    clients = found["clients"]
    assert [c["command"] for c in clients] == ["twilight", "/venv/bin/twilight", "missing"]
    assert all(c["args"] == ["lsp"] and c["started"] == 1 for c in clients)
    # each server is stopped before the next starts
    assert [c["stopped"] for c in clients] == [1, 1, 0]
    # a command that does not start is said, with the setting to change
    [message] = found["shown"]
    assert "missing lsp" in message and "spawn missing ENOENT" in message and "twilight.command" in message
