//! `billes lsp`: the language server, on standard input and output.

use clap::Args;

use super::{INVALID, OK};

pub const HELP: &str = "\
Speaks the Language Server Protocol on standard input and output, for editors: every mistake \
of every game as you type (as `billes validate` finds them), the legal moves as completions \
after a turn head (`R3 `), the board before and after a turn on hover, `billes fmt` as \
formatting, quick fixes (did-you-mean names, missing marks, a missing Result), an outline of \
games and turns. A record's Rules tag is read from the record's folder, as validate reads it. \
Settings (initializationOptions or workspace configuration, under \"billes\"): \
{\"strict\": true} shows each missing effect mark as a hint. Set-up for VS Code, Neovim, Helix \
and Emacs: docs/editors.md. Exits 0 after the protocol's shutdown and exit, 1 on an exit \
without shutdown or when the editor goes away.

It is started by the editor, which talks to it (`billes lsp`, or `billes lsp --stdio`); run \
at a terminal, it waits for the protocol's messages. VS Code: the extension in editors/vscode \
(`code --install-extension billes-bgn.vsix` once it is packaged, see docs/editors.md).";

#[derive(Debug, Args)]
pub struct LspArgs {
    /// Accepted for editors that pass it; standard input and output are
    /// the only transport
    #[arg(long)]
    pub stdio: bool,
}

/// Serves one client until it exits: 0 after `shutdown` then `exit`, 1
/// when `exit` came without `shutdown` or the client went away.
pub fn run(_args: &LspArgs) -> anyhow::Result<u8> {
    let (connection, threads) = billes_lsp::transport::stdio();
    let clean = billes_lsp::serve(&connection)?;
    drop(connection);
    threads.join()?;
    Ok(if clean { OK } else { INVALID })
}
