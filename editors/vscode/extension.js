// Starts `twilight lsp` (the language server for rule files) for .tsr files: diagnostics as you type,
// go to definition, find references, hover, completion, the outline and formatting. The command is the
// setting `twilight.command` (default: `twilight` on the PATH), with `twilight.args` before `lsp`.
//
// The settings are read each time the server starts: changing `twilight.command` or `twilight.args`
// restarts it with the new ones (a language client keeps the command it was made with, so a new client
// is made), as "Twilight: Restart the language server" does.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;
// (one start or stop at a time: a restart asked while one is under way waits for it)
let pending = Promise.resolve();

function serverCommand() {
  const settings = vscode.workspace.getConfiguration("twilight");
  const command = settings.get("command") || "twilight";
  const args = [...(settings.get("args") || []), "lsp"];
  return { command, args };
}

async function start() {
  const { command, args } = serverCommand();
  const server = { command, args, transport: TransportKind.stdio };
  client = new LanguageClient(
    "twilight",
    "Twilight rules",
    { run: server, debug: server },
    { documentSelector: [{ scheme: "file", language: "twilight" }] },
  );
  try {
    await client.start();
  } catch (err) {
    const shown = [command, ...args].join(" ");
    const choice = await vscode.window.showErrorMessage(
      `Twilight: the language server did not start (${shown}): ${err && err.message ? err.message : err}. ` +
        'Set "twilight.command" to the twilight of your virtual environment (…/.venv/bin/twilight).',
      "Open Settings",
    );
    if (choice === "Open Settings") {
      await vscode.commands.executeCommand("workbench.action.openSettings", "twilight.command");
    }
  }
}

async function stop() {
  const running = client;
  client = undefined;
  if (running) {
    try {
      await running.stop();
    } catch (err) {
      // (a client that never started has nothing to stop)
    }
  }
}

function restart() {
  pending = pending.then(stop).then(start);
  return pending;
}

function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand("twilight.restartServer", restart),
    vscode.workspace.onDidChangeConfiguration((event) =>
      event.affectsConfiguration("twilight") ? restart() : undefined,
    ),
  );
  pending = pending.then(start);
  return pending;
}

function deactivate() {
  pending = pending.then(stop);
  return pending;
}

module.exports = { activate, deactivate };
