// The client: starts `billes lsp` (the binary named by the `billes.path`
// setting) for .bgn files, passes the `billes.strict` setting, and restarts
// the server on the `billes.restartServer` command or when the path changes.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function makeClient() {
  const config = vscode.workspace.getConfiguration("billes");
  const command = config.get("path") || "billes";
  const server = { command, args: ["lsp"], transport: TransportKind.stdio };
  return new LanguageClient(
    "billes",
    "billes",
    { run: server, debug: server },
    {
      documentSelector: [
        { scheme: "file", language: "bgn" },
        { scheme: "untitled", language: "bgn" },
      ],
      initializationOptions: { strict: config.get("strict") },
      synchronize: { configurationSection: "billes" },
    }
  );
}

async function restart() {
  if (client) {
    await client.stop().catch(() => {});
  }
  client = makeClient();
  await client.start();
}

function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand("billes.restartServer", restart),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration("billes.path")) {
        restart();
      }
    })
  );
  return restart();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
