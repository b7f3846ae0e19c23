//! `--play` in the terminal: a thin renderer over a `cgt_play::Session` for every game (the
//! impartial games, the chess endgames, the searched games), reading moves from stdin so it
//! works from a pipe. `?` prints the hint, `u` takes back the last move pair, `q` quits.

use std::io::BufRead;

use cgt_play::{PlayError, Playable, Reply, Session};

use crate::output::{CliError, print};

impl From<PlayError> for CliError {
    fn from(e: PlayError) -> CliError {
        match e {
            PlayError::Failed(m) => CliError::failure(m),
            other => CliError::input(other.to_string()),
        }
    }
}

/// Plays `start` with the human moving first.
pub(crate) fn play<G: Playable>(game: G, start: G::Position) -> Result<(), CliError> {
    let mut session = Session::new(game, start);
    print(&format!(
        "You move first. {} Type ? for the winning moves, u to take back, q to quit.\n",
        session.syntax()
    ))?;
    if session.misere() {
        print("Misère play: whoever makes the last move loses.\n")?;
    }
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        print(&session.render())?;
        if let Some(end) = session.over()? {
            return print(&format!("{end}\n"));
        }
        print("your move> ")?;
        let Some(line) = lines.next() else {
            return print("\n(input ended)\n");
        };
        let line = line.map_err(|e| {
            if e.kind() == std::io::ErrorKind::InvalidData {
                CliError::input("the moves typed are not UTF-8 text")
            } else {
                CliError::failure(format!("cannot read input: {e}"))
            }
        })?;
        match line.trim() {
            "q" | "quit" => return Ok(()),
            "?" => {
                let hint = session.hint()?;
                print(&format!("{hint}\n"))?;
            }
            "u" | "undo" => {
                if session.undo() {
                    print("Took back your last move and the program's answer.\n")?;
                } else {
                    print("Nothing to take back.\n")?;
                }
            }
            typed => match session.play(typed) {
                Err(PlayError::Rejected(why)) => print(&format!("{why}; try again\n"))?,
                Err(e) => return Err(e.into()),
                Ok(turn) => match turn.reply {
                    Reply::Over(end) => {
                        print(&session.render())?;
                        return print(&format!("{end}\n"));
                    }
                    Reply::NoMove => return print("The program has no move.\n"),
                    Reply::Moved(answer) => print(&format!("program plays {answer}\n"))?,
                },
            },
        }
    }
}
