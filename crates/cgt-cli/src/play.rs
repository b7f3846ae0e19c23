//! `--play` in the terminal: a thin renderer over a `cgt_play::Session` for every game (the
//! impartial games, the chess endgames, the searched games), reading moves from stdin so it
//! works from a pipe. `?` prints the hint, `u` takes back the last move pair, `q` quits.

use std::io::BufRead;

use cgt_core::said::Said;
use cgt_play::{AnySession, PlayError, Playable, Reply, Session, Turn};
use cgt_report::sessions::Started;
use cgt_report::texts::{self, Lang};

use crate::output::{CliError, print};

impl From<PlayError> for CliError {
    fn from(e: PlayError) -> CliError {
        match e {
            PlayError::Failed(m) => CliError::failure(m),
            other => CliError::input(other.to_string()),
        }
    }
}

/// What the terminal needs of a session: a session of any game (`cgt_report::sessions`), or
/// of a script (whose engine cannot leave its thread, so it is not an [`AnySession`]).
trait Sitting {
    fn syntax(&self) -> Said;
    fn misere(&self) -> bool;
    fn render(&self) -> String;
    fn over(&mut self) -> Result<Option<Said>, PlayError>;
    fn hint(&mut self) -> Result<Said, PlayError>;
    fn undo(&mut self) -> bool;
    fn play(&mut self, text: &str) -> Result<Turn<String>, PlayError>;
}

impl Sitting for Box<dyn AnySession> {
    fn syntax(&self) -> Said {
        self.as_ref().syntax()
    }
    fn misere(&self) -> bool {
        self.as_ref().misere()
    }
    fn render(&self) -> String {
        self.as_ref().render()
    }
    fn over(&mut self) -> Result<Option<Said>, PlayError> {
        self.as_mut().over()
    }
    fn hint(&mut self) -> Result<Said, PlayError> {
        self.as_mut().hint()
    }
    fn undo(&mut self) -> bool {
        self.as_mut().undo()
    }
    fn play(&mut self, text: &str) -> Result<Turn<String>, PlayError> {
        self.as_mut().play(text)
    }
}

/// A script's session: the same as an [`AnySession`]'s, kept on this thread.
impl<G: Playable> Sitting for Session<G> {
    fn syntax(&self) -> Said {
        Session::syntax(self)
    }
    fn misere(&self) -> bool {
        Session::misere(self)
    }
    fn render(&self) -> String {
        Session::render(self)
    }
    fn over(&mut self) -> Result<Option<Said>, PlayError> {
        Session::over(self)
    }
    fn hint(&mut self) -> Result<Said, PlayError> {
        Session::hint(self)
    }
    fn undo(&mut self) -> bool {
        Session::undo(self)
    }
    fn play(&mut self, text: &str) -> Result<Turn<String>, PlayError> {
        Session::play(self, text).map(Turn::text)
    }
}

/// Plays a started session, the human moving first.
pub(crate) fn play(started: Started) -> Result<(), CliError> {
    if let Some(intro) = &started.intro {
        print(&format!("{intro}\n"))?;
    }
    run(started.session)
}

/// Plays `start` of a game, the human moving first (a script's, which is not [`Send`]; a
/// Connect-Four position, a chess endgame's).
pub(crate) fn play_game<G: Playable>(game: G, start: G::Position) -> Result<(), CliError> {
    run(Session::new(game, start))
}

fn run(mut session: impl Sitting) -> Result<(), CliError> {
    let english = |said: &Said| texts::said(Lang::En, said);
    print(&format!(
        "You move first. {} Type ? for the winning moves, u to take back, q to quit.\n",
        english(&session.syntax())
    ))?;
    if session.misere() {
        print("Misère play: whoever makes the last move loses.\n")?;
    }
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        print(&session.render())?;
        if let Some(end) = session.over()? {
            return print(&format!("{}\n", english(&end)));
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
                let hint = english(&session.hint()?);
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
                        return print(&format!("{}\n", english(&end)));
                    }
                    Reply::NoMove => return print("The program has no move.\n"),
                    Reply::Moved(answer) => print(&format!("program plays {answer}\n"))?,
                },
            },
        }
    }
}
