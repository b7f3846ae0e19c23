//! Workspace automation. `cargo xtask verify --help` for the verification sweeps,
//! `cargo xtask fuzz --help` for the fuzz targets.

mod fuzz;
mod verify;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(name = "cargo xtask", about = "Workspace automation for cgt")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Debug, Subcommand)]
enum Task {
    /// Run the exhaustive verification sweeps of every crate.
    Verify(verify::Args),
    /// Fuzz every parser and file loader for a while (property-based, on stable Rust).
    Fuzz(fuzz::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            let code = if err.use_stderr() { 2 } else { 0 };
            let _ = err.print();
            return ExitCode::from(code);
        }
    };
    let outcome = match cli.task {
        Task::Verify(args) => verify::run(&args),
        Task::Fuzz(args) => fuzz::run(&args),
    };
    {
        match outcome {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::from(1),
            Err(err) => {
                eprintln!("error: {err:#}");
                ExitCode::from(2)
            }
        }
    }
}
