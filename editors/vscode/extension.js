// Starts `twilight lsp` (the language server for rule files) for .tsr files: diagnostics as you type,
// go to definition, find references, hover, completion, the outline and formatting. The command is the
// setting `twilight.command` (default: `twilight` on the PATH), with `twilight.args` before `lsp`.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const settings = vscode.workspace.getConfiguration("twilight");
  const command = settings.get("command") || "twilight";
  const args = [...(settings.get("args") || []), "lsp"];
  const server = { command, args, transport: TransportKind.stdio };
  client = new LanguageClient(
    "twilight",
    "Twilight rules",
    { run: server, debug: server },
    { documentSelector: [{ scheme: "file", language: "twilight" }] },
  );
  context.subscriptions.push(
    vscode.commands.registerCommand("twilight.restartServer", () => client.restart()),
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
