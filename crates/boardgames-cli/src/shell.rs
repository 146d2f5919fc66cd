//! The commands every program has beside its game's: shell completions and manual pages,
//! both generated from the program's command line (`clap`), so they never drift from it.
//!
//! A program adds [`ShellCommand`] to its subcommands (`#[command(flatten)]`) and hands the
//! parsed value with its [`clap::Command`] to [`run`].

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use clap_complete::Shell;

use crate::common::Exit;

/// A program's whole command set: the kit's game commands and the shell commands (what
/// `pente-cli` and `abalone-cli` take as their subcommand).
#[derive(Clone, Debug, Subcommand)]
pub enum ProgramCommand {
    /// `play`, `replay`, `moves`, `perft`, `selfplay`, `convert`.
    #[command(flatten)]
    Game(crate::args::KitCommand),
    /// `completions`, `man`.
    #[command(flatten)]
    Shell(ShellCommand),
}

/// `completions SHELL` and `man`.
#[derive(Clone, Debug, Subcommand)]
pub enum ShellCommand {
    /// Print the shell completion script for SHELL (bash, zsh, fish, elvish, powershell),
    /// e.g. `source <(this-program completions bash)` in bash, with this program's name.
    Completions(CompletionsArgs),
    /// Print the manual page (roff, for `man -l -`), or write one page per subcommand into
    /// a folder with --dir.
    Man(ManArgs),
}

/// Options of `completions`.
#[derive(Clone, Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to write the script for.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: Shell,
}

/// Options of `man`.
#[derive(Clone, Debug, Args)]
pub struct ManArgs {
    /// Write `PROGRAM.1` and `PROGRAM-SUBCOMMAND.1` into this folder instead of printing the
    /// program's page.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Runs `command` for the program whose command line is `app`: the script or the page on
/// standard output (or the pages in a folder); a folder that cannot be written gives exit
/// status 2. A closed output pipe (`| head -1`) ends it quietly.
pub fn run(command: &ShellCommand, mut app: clap::Command) -> Exit {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut err = io::stderr().lock();
    let result = match command {
        ShellCommand::Completions(a) => {
            // Generated whole first: the generator cannot report a failed write (a closed
            // pipe), and the write below can.
            let name = app.get_name().to_owned();
            let mut script = Vec::new();
            clap_complete::generate(a.shell, &mut app, name, &mut script);
            out.write_all(&script).map(|()| Exit::Success)
        }
        ShellCommand::Man(ManArgs { dir: None }) => clap_mangen::Man::new(app)
            .render(&mut out)
            .map(|()| Exit::Success),
        ShellCommand::Man(ManArgs { dir: Some(dir) }) => match write_pages(app, dir) {
            Ok(n) => {
                writeln!(out, "{n} pages written to {}", dir.display()).map(|()| Exit::Success)
            }
            Err(e) => writeln!(err, "error: {}: {e}", dir.display()).map(|()| Exit::BadInput),
        },
    };
    crate::finish(result.and_then(|exit| out.flush().map(|()| exit)), &mut err)
}

/// Writes the program's page and one per subcommand into `dir`; the number written.
fn write_pages(app: clap::Command, dir: &Path) -> io::Result<usize> {
    std::fs::create_dir_all(dir)?;
    let app = app.disable_help_subcommand(true);
    let name = app.get_name().to_owned();
    let mut pages = vec![(name.clone(), app.clone())];
    for sub in app.get_subcommands().filter(|s| s.get_name() != "help") {
        let page = format!("{name}-{}", sub.get_name());
        pages.push((page, sub.clone()));
    }
    for (page, cmd) in &pages {
        let mut file = io::BufWriter::new(std::fs::File::create(dir.join(format!("{page}.1")))?);
        clap_mangen::Man::new(cmd.clone())
            .title(page.to_uppercase())
            .render(&mut file)?;
        file.flush()?;
    }
    Ok(pages.len())
}
