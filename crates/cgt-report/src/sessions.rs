//! Play against the program, started from a typed request: the position a [`Request`] asks
//! about becomes a `cgt_play` session, the person moving first. The `cgt` command's `--play`,
//! the playground's pages and Python's `cgt.play` start their sessions here, so a game is
//! made playable once.
//!
//! ```
//! use cgt_core::budget::Budget;
//! use cgt_partizan::Player;
//! use cgt_report::request::{Nim, Request};
//! use cgt_report::sessions::start;
//! use cgt_report::texts;
//!
//! let asked = Request::Nim(Nim { heaps: vec![1, 2], ..Nim::default() });
//! let mut started = start(&asked, Player::Left, &Budget::unlimited())?;
//! let hint = texts::said(texts::Lang::En, &started.session.hint()?);
//! assert_eq!(hint, "Winning moves: take 1 from heap 2");
//! # Ok::<(), cgt_report::ReportError>(())
//! ```

use std::sync::Arc;

use cgt_core::budget::Budget;
use cgt_core::said::Said;
use cgt_partizan::Player;
use cgt_play::games::{self, Partizan, Turned};
use cgt_play::{AnySession, PlayError, Playable, Session};

use crate::error::{ErrorKind, ReportError};
use crate::request::{self, Request};

/// A session started from a request.
#[derive(Debug)]
pub struct Started {
    /// The session, the person to move.
    pub session: Box<dyn AnySession>,
    /// What to tell the person before the first move (which side they play, how moves are
    /// written), for the games that need more than the session's syntax.
    pub intro: Option<String>,
}

/// The memory a session's searches may use when the budget sets none.
const DEFAULT_MEMORY: u64 = 1 << 30;

/// The commands whose requests [`start`] plays (and every ruleset of the registry). Scripts
/// are played too, but not here: a script's engine stays on the thread that compiled it, so
/// its session is not an [`AnySession`] (`cgt_play::games::ScriptPlay`).
pub const PLAYABLE: [&str; 12] = [
    "nim",
    "staircase",
    "divisor",
    "wythoff",
    "hackenbush",
    "graph",
    "mnk",
    "bridgit",
    "cycle",
    "heaps",
    "pig",
    "hidden",
];

impl From<PlayError> for ReportError {
    fn from(e: PlayError) -> ReportError {
        match e {
            PlayError::Failed(m) => ReportError::failure(m),
            other => ReportError::input(other.to_string()),
        }
    }
}

fn boxed<G>(game: G, start: G::Position) -> Box<dyn AnySession>
where
    G: Playable + Send + std::fmt::Debug + 'static,
    G::Position: Send + std::fmt::Debug + 'static,
    G::Move: Send + 'static,
{
    Box::new(Session::new(game, start))
}

fn plain(session: Box<dyn AnySession>) -> Started {
    Started {
        session,
        intro: None,
    }
}

/// The session of the position `request` asks about, the person moving first (as `side` in
/// a partizan game), each of the program's searches within `budget`'s memory and time limit.
///
/// # Errors
/// A request that names no position to play (a nim-sum, Wythoff's P-positions), one that
/// cannot be played (a script: see [`PLAYABLE`]), or a position that does not parse or is
/// too large to play: one line, naming the field.
pub fn start(request: &Request, side: Player, budget: &Budget) -> Result<Started, ReportError> {
    let memory = budget.memory_or(DEFAULT_MEMORY);
    Ok(match request {
        Request::Nim(r) => {
            refuse_explain(r.explain)?;
            check_size(&r.heaps)?;
            plain(boxed(games::Nim { misere: r.misere }, r.heaps.clone()))
        }
        Request::Staircase(r) => {
            refuse_explain(r.explain)?;
            check_size(&r.coins)?;
            plain(boxed(games::Staircase, r.coins.clone()))
        }
        Request::Divisor(r) => {
            refuse_explain(r.explain || r.search)?;
            if r.n == 0 {
                return Err(said(Said::new("error-divisor-n")));
            }
            check_size(&[r.n])?;
            plain(boxed(games::Divisor, r.n))
        }
        Request::Wythoff(r) => {
            let Some(&[a, b]) = r.position.as_deref() else {
                return Err(said(Said::new("error-wythoff-position")));
            };
            check_size(&[a, b])?;
            plain(boxed(games::Wythoff, (a, b)))
        }
        Request::Hackenbush(r) => hackenbush(r, side, budget)?,
        Request::Graph(r) => graph(r, memory)?,
        Request::Heaps(r) => heaps(r, budget)?,
        Request::Mnk(r) => mnk(r, budget)?,
        Request::Bridgit(r) => bridgit(r)?,
        Request::Pig(r) => pig(r)?,
        Request::Hidden(r) => poker(r)?,
        Request::Cycle(r) => {
            let (pos, _) = crate::games::cycle_position(r.window(), &r.moves)?;
            Started {
                session: boxed(games::CyclePlay, pos),
                intro: Some(
                    "The cycle game: close a cycle of your own segments (───, │) to win; the \
                     program blocks (·, :)."
                        .to_owned(),
                ),
            }
        }
        Request::Ruleset(r) => {
            if r.graph {
                return Err(ReportError::input(
                    "graph: play is on boards, not on graphs",
                ));
            }
            refuse_explain(r.explain || r.misere)?;
            let entry = crate::registry::find(&r.game)
                .map_err(|e| ReportError::input(format!("game: {}", e.message())))?;
            plain((entry.play)(&r.board, side, budget)?)
        }
        other => {
            return Err(ReportError::input(format!(
                "{} cannot be played; the games played are {} and the rulesets",
                other.command(),
                PLAYABLE.join(", ")
            )));
        }
    })
}

/// Play shows no derivation: asking for one with it is a mistake to point out.
fn refuse_explain(asked: bool) -> Result<(), ReportError> {
    if asked {
        return Err(ReportError::input(
            "play answers move by move: it does not go with explain, search or misere analysis",
        ));
    }
    Ok(())
}

/// A Hackenbush picture: Green Hackenbush when every edge is green, else the partizan game.
fn hackenbush(
    r: &request::Hackenbush,
    side: Player,
    budget: &Budget,
) -> Result<Started, ReportError> {
    refuse_explain(r.explain)?;
    if let Ok(picture) = cgt_partizan::hackenbush::Picture::parse(&r.picture, &r.ground)
        && !picture.all_green()
    {
        let start = Turned {
            position: picture.all_edges(),
            to_move: side,
        };
        return Ok(plain(boxed(
            Partizan::new(Arc::new(picture), budget.clone()),
            start,
        )));
    }
    let picture = cgt_impartial::hackenbush::Hackenbush::parse(&r.picture, &r.ground)?.grounded();
    Ok(plain(boxed(
        games::GreenHackenbush,
        games::GreenHackenbush::start(picture),
    )))
}

/// Tokens on an acyclic graph.
fn graph(r: &request::Graph, memory: u64) -> Result<Started, ReportError> {
    refuse_explain(r.explain)?;
    if r.loopy {
        return Err(said(Said::new("error-play-loopy")));
    }
    if r.tokens.is_empty() {
        return Err(said(Said::new("error-play-tokens")));
    }
    let g = crate::inputs::graph(r.file.as_deref().unwrap_or("<text>"), &r.graph)?;
    let tokens: Vec<u32> = r
        .tokens
        .iter()
        .map(|t| g.vertex(t))
        .collect::<Result<_, _>>()?;
    let values = cgt_impartial::graph::grundy_values(&g)?;
    let g = Arc::new(g);
    let player = if r.misere {
        let limit = cgt_core::misere::search_limit(memory, cgt_core::misere::SEARCH_POSITIONS);
        games::Graph::misere(g, limit)
    } else {
        games::Graph::normal(g, values)
    };
    Ok(plain(boxed(player, tokens)))
}

/// A heap game from the position its `heaps` give.
fn heaps(r: &request::Heaps, budget: &Budget) -> Result<Started, ReportError> {
    refuse_explain(r.explain)?;
    if r.heaps.is_empty() {
        return Err(said(Said::new("error-play-heaps")));
    }
    check_size(&r.heaps)?;
    let game = r.game()?;
    let player = if r.misere {
        let limit = cgt_core::misere::search_limit(
            budget.memory_or(DEFAULT_MEMORY),
            cgt_core::misere::SEARCH_POSITIONS,
        );
        games::Heaps::misere(game, limit)
    } else {
        let len = r.length(budget)?;
        let threads = request::threads(r.threads);
        let (values, _) = request::values_within(&game, r.algorithm.into(), threads, len, budget)?;
        games::Heaps::normal(game, values)
    };
    Ok(plain(boxed(player, r.heaps.clone())))
}

/// An m,n,k-game, solved exactly move by move.
fn mnk(r: &request::Mnk, budget: &Budget) -> Result<Started, ReportError> {
    use crate::minimax::{MNK_SOLVE_CELLS, empty_cells, mnk_position, search_options};
    let threads = request::threads(r.threads);
    let pos = mnk_position((r.m, r.n, r.k), &r.moves)?;
    let empty = empty_cells(&pos);
    if empty > MNK_SOLVE_CELLS {
        return Err(said(
            Said::new("error-mnk-empty-cells")
                .number("empty", u64::from(empty))
                .number("most", u64::from(MNK_SOLVE_CELLS)),
        ));
    }
    let options = search_options(empty, threads, u128::from(budget.memory_or(DEFAULT_MEMORY)))?;
    let intro = format!(
        "You play {} against the program.",
        if pos.x_to_move() { "X" } else { "O" }
    );
    let game = games::MnkPlay {
        options,
        threads,
        time_limit: budget.time_limit(),
    };
    Ok(Started {
        session: boxed(game, pos),
        intro: Some(intro),
    })
}

/// Pig against the optimal player, from the request's state (the person's score, the
/// program's and the person's turn total), the die seeded by `seed` or else by the clock.
fn pig(r: &request::Pig) -> Result<Started, ReportError> {
    let (i, j, k) = r.scores()?;
    crate::chance::check_pig(r.target, (i, j, k))?;
    let probabilities = pig_table(r.target)?;
    let seed = r.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    Ok(Started {
        session: boxed(
            games::PigPlay::new(r.target, probabilities),
            games::PigPlay::start(i, j, k, seed),
        ),
        intro: Some(format!(
            "Pig to {}: roll as often as you like; a 1 loses the turn's points, holding banks \
             them. The die's seed is {seed} (--seed replays this game).",
            r.target
        )),
    })
}

/// Kuhn poker or Leduc hold'em against an exact equilibrium, the deck seeded by `seed` or
/// else by the clock.
fn poker(r: &request::Hidden) -> Result<Started, ReportError> {
    use cgt_minimax::hidden::{Player as Seat, Poker, Scalar};
    use std::sync::OnceLock;
    type Solved = (
        cgt_minimax::hidden::Extensive,
        cgt_minimax::hidden::Equilibrium,
    );
    static KUHN: OnceLock<Solved> = OnceLock::new();
    static LEDUC: OnceLock<Solved> = OnceLock::new();
    let (name, poker, cell) = match r.game.trim() {
        "kuhn" => ("Kuhn poker", Poker::kuhn(), &KUHN),
        "leduc" => ("Leduc hold'em", Poker::leduc(), &LEDUC),
        _ => {
            return Err(ReportError::input(
                "game: play deals kuhn or leduc; a tree of your own is solved, not dealt",
            ));
        }
    };
    // Solved once per process: the playground starts a session again on every move.
    let (game, e) = cell.get_or_init(|| {
        let game = poker.game();
        let e = game.solve();
        (game, e)
    });
    let seed = r.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let seat = if r.second { Seat::Second } else { Seat::First };
    let play = games::PokerPlay::new(name, poker, game, &e.profile, e.value.clone(), seat);
    let (start, opening) = play.start(seed);
    let opening = opening.map_or(String::new(), |w| format!(" The program opens: {w}."));
    let value = match (e.value.to_string(), f64::from_ratio(&e.value)) {
        (text, x) if text.len() > 12 => format!("≈{x:.4}"),
        (text, _) => text,
    };
    Ok(Started {
        session: boxed(play, start),
        intro: Some(format!(
            "{name} against an exact equilibrium (worth {value} a hand to the first player): \
             check or bet; facing a bet, fold, call or raise. The deal's seed is {seed} (--seed \
             replays this hand).{opening}"
        )),
    })
}

/// Pig's win-probability tables kept at once.
const PIG_TABLES: usize = 4;

/// The win probabilities of Pig to `target`, solved once per process and target (a page of
/// the playground starts its session again for every move; at target 150 a solve takes
/// seconds). At most `PIG_TABLES` targets are kept (27 MB each at 150): the memo starts
/// afresh past them.
fn pig_table(target: u32) -> Result<Arc<Vec<f64>>, ReportError> {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static TABLES: OnceLock<Mutex<HashMap<u32, Arc<Vec<f64>>>>> = OnceLock::new();
    let tables = TABLES.get_or_init(Mutex::default);
    if let Some(table) = tables.lock().ok().and_then(|t| t.get(&target).cloned()) {
        return Ok(table);
    }
    let table = Arc::new(
        cgt_minimax::chance::pig::value_iteration(target, 1e-12)
            .map_err(|e| ReportError::input(e.to_string()))?,
    );
    if let Ok(mut t) = tables.lock() {
        if t.len() >= PIG_TABLES {
            t.clear();
        }
        t.insert(target, Arc::clone(&table));
    }
    Ok(table)
}

/// Bridg-it against a strategy.
fn bridgit(r: &request::Bridgit) -> Result<Started, ReportError> {
    use cgt_minimax::bridgit::{Player as Side, Policy};
    let pos = crate::games::bridgit_position(r.n, &r.moves)?;
    let strategy = r.policy()?.unwrap_or(Policy::default_for(r.n));
    let human = pos.to_move();
    let program = match human {
        Side::Left => Side::Top,
        Side::Top => Side::Left,
    };
    strategy
        .check(&pos, program)
        .map_err(|e| ReportError::input(format!("strategy: {strategy}: {e}")))?;
    let intro = format!(
        "Bridg-it, n = {}. You play {human:?} ('o' dots; Left joins left and right, Top joins \
         bottom and top).\nMoves are slot numbers or lattice points X,Y (the '.' marks).",
        r.n
    );
    Ok(Started {
        session: boxed(games::BridgitPlay { strategy, human }, pos),
        intro: Some(intro),
    })
}

/// Bad input, said as a message of `errors.ftl`.
fn said(said: Said) -> ReportError {
    ReportError::said(ErrorKind::Input, said)
}

/// Refuses positions too large to play move by move ([`games::check_size`]), in words.
///
/// # Errors
/// More counters in all than [`games::MAX_COUNTERS`].
pub fn check_size(heaps: &[u64]) -> Result<(), ReportError> {
    games::check_size(heaps)
        .map_err(|_| said(Said::new("error-too-many-counters").number("most", games::MAX_COUNTERS)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::{Divisor, Graph, Heaps, Mnk, Nim, Values, Wythoff};

    fn started(request: Request) -> Started {
        start(&request, Player::Left, &Budget::unlimited()).expect("starts")
    }

    fn refused(request: Request) -> String {
        start(&request, Player::Left, &Budget::unlimited())
            .expect_err("refused")
            .message()
            .to_owned()
    }

    #[test]
    fn each_playable_request_starts_where_the_person_can_move() {
        let sessions = [
            started(Request::Nim(Nim {
                heaps: vec![1, 2],
                ..Nim::default()
            })),
            started(Request::Divisor(Divisor {
                n: 12,
                ..Divisor::default()
            })),
            started(Request::Wythoff(Wythoff {
                position: Some(vec![4, 9]),
                ..Wythoff::default()
            })),
            started(Request::Heaps(Heaps {
                rules: "kayles".to_owned(),
                heaps: vec![5],
                ..Heaps::default()
            })),
            started(Request::Graph(Graph {
                graph: "a b\nb c\n".to_owned(),
                tokens: vec!["a".to_owned()],
                ..Graph::default()
            })),
            started(Request::Mnk(Mnk {
                m: 3,
                n: 3,
                k: 3,
                ..Mnk::default()
            })),
        ];
        for mut s in sessions {
            assert!(!s.session.legal_moves().is_empty(), "{s:?}");
            assert_eq!(s.session.over().expect("valued"), None, "{s:?}");
        }
        // Kayles 5 is an N-position: the hint names a winning move, and the program answers it.
        let mut kayles = started(Request::Heaps(Heaps {
            rules: "kayles".to_owned(),
            heaps: vec![5],
            ..Heaps::default()
        }));
        assert!(kayles.session.hint().expect("hint").id == "hint-winning");
    }

    #[test]
    fn every_ruleset_plays_from_its_example_as_either_side() {
        for entry in crate::registry::RULESETS {
            for side in [Player::Left, Player::Right] {
                let s = (entry.play)(&entry.texts().example, side, &Budget::unlimited());
                let s = s.unwrap_or_else(|e| panic!("{}: {e}", entry.name));
                assert!(
                    s.render().contains(&format!("{side:?} to move")),
                    "{}",
                    entry.name
                );
            }
        }
    }

    #[test]
    fn what_cannot_be_played_is_refused_naming_the_field() {
        assert!(refused(Request::Mex(Values::default())).contains("mex cannot be played"));
        assert!(refused(Request::Wythoff(Wythoff::default())).starts_with("position:"));
        assert!(refused(Request::Heaps(Heaps::default())).starts_with("heaps:"));
        assert!(refused(Request::Graph(Graph::default())).starts_with("tokens:"));
        let explained = Request::Nim(Nim {
            heaps: vec![1],
            explain: true,
            ..Nim::default()
        });
        assert!(refused(explained).contains("does not go with explain"));
        let tall = Request::Nim(Nim {
            heaps: vec![u64::MAX],
            ..Nim::default()
        });
        assert!(refused(tall).contains("counters"));
    }
}
