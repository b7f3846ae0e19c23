//! The games the playground plays: for each, how its start is read from a request, the
//! session that plays it (from `cgt-play`), the board a page draws (from
//! `cgt_report::boards`), which squares of the board each legal move touches (so a click can
//! pick a move), and the document of the current position with its `--explain` derivation
//! (from `cgt-report`, the same as `cgt … --explain`).

use std::sync::Arc;

use cgt_core::budget::Budget;
use cgt_core::said::Said;
use cgt_impartial::heapgame::HeapGame;
use cgt_impartial::nimseq::{Algorithm, SplitMove};
use cgt_minimax::connect4::{Column, Connect4};
use cgt_minimax::mnk::{Cell, Mnk};
use cgt_partizan::hackenbush::{Edges, Picture};
use cgt_partizan::ruleset::{MoveOf, PositionOf, Ruleset};
use cgt_partizan::{EdgeCut, Player};
use cgt_play::games::{
    self, Chess, ChessMove, ChessPosition, Connect4Play, Heaps, Nim, Partizan, Sided, Staircase,
    Take, Turned, Wythoff,
};
use cgt_play::{AnySession, Session};
use cgt_report::Report;
use cgt_report::request::{self, Request};
use cgt_report::texts::Lang;
use cgt_report::{sessions, texts};
use serde::Deserialize;

use crate::error::WebError;
use crate::tables::Tables;

/// Counters drawn one by one in a heap (larger heaps are drawn as a number).
const DRAWN_COUNTERS: u64 = 40;
/// The largest Wythoff grid drawn (heaps up to this many counters).
const WYTHOFF_GRID: u64 = 40;
/// Characters of one request field (a board, a picture, a record).
pub(crate) const MAX_FIELD: usize = 20_000;

/// The games the playground plays before the partizan rulesets, by the name in its address
/// (`/play/NAME`); their titles are the messages `web-game-NAME`.
const FIRST: [&str; 5] = ["nim", "staircase", "heaps", "wythoff", "hackenbush"];

/// The games it plays after them.
const LAST: [&str; 8] = [
    "connect4", "mnk", "bridgit", "cycle", "chess", "divisor", "pig", "poker",
];

/// Every game the playground plays, by the name in its address (`/play/NAME`), with its title
/// in `lang`: the partizan rulesets are those of `cgt_partizan::for_each_ruleset!`, in its
/// order, titled by their `ruleset-NAME` message, the others by `web-game-NAME`.
#[must_use]
pub fn games(lang: texts::Lang) -> Vec<(&'static str, String)> {
    let other = |name: &'static str| (name, texts::message(lang, &format!("web-game-{name}"), &[]));
    FIRST
        .into_iter()
        .map(other)
        .chain(
            PLAY_RULESETS
                .iter()
                .map(|r| (r.name, texts::ruleset_title(lang, r.name))),
        )
        .chain(LAST.into_iter().map(other))
        .collect()
}

/// A partizan ruleset as the playground plays it: each function is the generic one of this
/// module for the ruleset's types.
pub(crate) struct PlayRuleset {
    pub(crate) name: &'static str,
    /// The board of a session's position, when the ruleset has one.
    board: fn(&dyn std::any::Any) -> Option<String>,
    /// The squares a session's move touches.
    cells: fn(&dyn std::any::Any) -> Vec<String>,
    /// Who is to move in a session's position.
    side: fn(&dyn std::any::Any) -> Option<Player>,
    /// The document of a session's position, with its derivation.
    document: DocumentFn,
}

/// The document of a session's position.
type DocumentFn =
    fn(&dyn std::any::Any, &Budget, Lang) -> Result<Option<(serde_json::Value, String)>, WebError>;

impl PlayRuleset {
    const fn of<R: Ruleset>() -> PlayRuleset
    where
        MoveOf<R>: PartialEq + Send + 'static,
        R::Game: games::Drawn + std::fmt::Debug,
    {
        PlayRuleset {
            name: R::NAME,
            board: |any| {
                any.downcast_ref::<Turned<PositionOf<R>>>()
                    .and_then(|t| cgt_report::boards::ruleset::<R>(&t.position))
            },
            cells: |mv| {
                mv.downcast_ref::<Sided<MoveOf<R>>>()
                    .map(|m| {
                        R::cells(&m.mv)
                            .into_iter()
                            .map(|(r, c)| cell(r, c))
                            .collect()
                    })
                    .unwrap_or_default()
            },
            side: |any| {
                any.downcast_ref::<Turned<PositionOf<R>>>()
                    .map(|t| t.to_move)
            },
            document: ruleset_document::<R>,
        }
    }
}

macro_rules! play_rulesets {
    ($($game:path => [$($ruleset:path),*]),* $(,)?) => {
        &[$($(PlayRuleset::of::<$ruleset>()),*),*]
    };
}

/// Every partizan ruleset of `cgt_partizan::for_each_ruleset`, played on its page.
pub(crate) static PLAY_RULESETS: &[PlayRuleset] = cgt_partizan::for_each_ruleset!(play_rulesets);

/// A game's start and the request's action, as the query string has them. Every field is
/// optional; each game reads the ones it needs and refuses what it cannot read.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayQuery {
    /// The page's language (`en`, `ru`, `bg`, `zh`): the answer then also carries its values
    /// in words of that language (`words`); no other field changes with it.
    pub lang: Option<String>,
    /// Heaps or coins on steps, as numbers separated by spaces or commas.
    pub heaps: Option<String>,
    /// Misère play.
    pub misere: Option<bool>,
    /// A heap game's rules: an octal code (`0.07`), a subtraction set (`{1,3,4}`), a name
    /// (`kayles`, `grundy`).
    pub rules: Option<String>,
    /// Wythoff's first heap.
    pub a: Option<u64>,
    /// Wythoff's second heap.
    pub b: Option<u64>,
    /// The divisor game's number; Bridg-it's size (2 to 6); Pig's target.
    pub n: Option<u64>,
    /// Pig's die seed, poker's deck seed (the same seed and moves replay the same game).
    pub seed: Option<u64>,
    /// Poker: `kuhn` (the default) or `leduc`.
    pub variant: Option<String>,
    /// A board or row (Domineering `4x4` or rows `../..`, Toads and Frogs `TT..FF`, Clobber
    /// rows), or a Hackenbush picture (`u v colour` per line).
    pub board: Option<String>,
    /// The side the person plays in a partizan game: `left` (the default) or `right`.
    pub side: Option<String>,
    /// Moves before the start: Connect-Four columns (`4453`), m,n,k cells (`5 1 9`), Bridg-it
    /// slots or lattice points (`4 2,2`), the cycle game's segments (`1,1r 2,1u`).
    pub moves: Option<String>,
    /// Connect-Four's width (7); the cycle game's window across (6 points).
    pub width: Option<u8>,
    /// Connect-Four's height (6); the cycle game's window up (6 points).
    pub height: Option<u8>,
    /// An m,n,k-game's shape, `3,3,3`.
    pub shape: Option<String>,
    /// A chess position (FEN).
    pub fen: Option<String>,
    /// A chess table: `KQK`, `KRK`, `KBNK` (built on first use) or a file under `--tables`.
    pub table: Option<String>,
    /// The game so far: turns separated by `.`, each the person's move number and the
    /// program's answer's number separated by `-` (as the previous answer's `record`).
    pub record: Option<String>,
    /// Play the person's legal move of this number (from 0).
    pub play: Option<usize>,
    /// Play the person's move typed as text.
    #[serde(rename = "move")]
    pub typed: Option<String>,
    /// Take back the last turn.
    pub undo: Option<bool>,
    /// Include the hint.
    pub hint: Option<bool>,
    /// Include the document of the position with its derivation.
    pub why: Option<bool>,
}

/// One game the playground knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    /// Nim and misère Nim.
    Nim,
    /// Staircase Nim.
    Staircase,
    /// Octal, subtraction and Grundy's game.
    Heaps,
    /// Wythoff's game.
    Wythoff,
    /// The divisor game.
    Divisor,
    /// Blue-Red-Green Hackenbush.
    Hackenbush,
    /// A partizan ruleset: its place in the list of `cgt_partizan::for_each_ruleset!`.
    Ruleset(usize),
    /// Connect-Four.
    Connect4,
    /// m,n,k-games.
    Mnk,
    /// Bridg-it.
    Bridgit,
    /// The cycle game on the grid.
    Cycle,
    /// Chess endgames.
    Chess,
    /// Pig, the dice game.
    Pig,
    /// Kuhn poker or Leduc hold'em.
    Poker,
}

impl Game {
    /// The game of an address name.
    ///
    /// # Errors
    /// 404 for a name the playground does not know, listing the names it does.
    pub fn named(name: &str) -> Result<Game, WebError> {
        Ok(match name {
            "nim" => Game::Nim,
            "staircase" => Game::Staircase,
            "heaps" => Game::Heaps,
            "wythoff" => Game::Wythoff,
            "divisor" => Game::Divisor,
            "hackenbush" => Game::Hackenbush,
            "connect4" => Game::Connect4,
            "mnk" => Game::Mnk,
            "bridgit" => Game::Bridgit,
            "cycle" => Game::Cycle,
            "chess" => Game::Chess,
            "pig" => Game::Pig,
            "poker" => Game::Poker,
            _ => {
                if let Some(i) = PLAY_RULESETS.iter().position(|r| r.name == name) {
                    return Ok(Game::Ruleset(i));
                }
                let names: Vec<&str> = games(texts::Lang::En).iter().map(|g| g.0).collect();
                return Err(WebError::said(
                    axum::http::StatusCode::NOT_FOUND,
                    Said::new("error-no-game")
                        .text("name", format!("{name:?}"))
                        .text("games", names.join(", ")),
                ));
            }
        })
    }
}

/// What a started game holds besides its session: what the board and the derivation need.
pub(crate) enum Setup {
    /// Nim-like heaps, with misère play.
    Nim { misere: bool },
    /// Staircase Nim.
    Staircase,
    /// A heap game with its values `G(0) …` (normal play) or none (misère).
    Heaps {
        game: HeapGame,
        values: Option<Vec<u32>>,
    },
    /// Wythoff.
    Wythoff,
    /// The divisor game.
    Divisor,
    /// A Hackenbush picture.
    Hackenbush(Arc<Picture>),
    /// A partizan ruleset (everything it needs is its [`PlayRuleset`]).
    Ruleset,
    /// Connect-Four.
    Connect4,
    /// An m,n,k-game.
    Mnk,
    /// Bridg-it.
    Bridgit,
    /// The cycle game.
    Cycle,
    /// A chess endgame, with the table's file for the probe document.
    Chess(std::path::PathBuf),
    /// Pig to its target.
    Pig(u32),
    /// A poker hand.
    Poker,
}

/// A started game: its session and setup.
pub(crate) struct Started {
    pub(crate) game: Game,
    pub(crate) setup: Setup,
    pub(crate) session: Box<dyn AnySession>,
}

fn text_field<'q>(
    value: Option<&'q String>,
    name: &str,
    default: &'q str,
) -> Result<&'q str, WebError> {
    let text = value.map_or(default, String::as_str);
    if text.len() > MAX_FIELD {
        return Err(WebError::input_said(
            Said::new("error-field-too-long")
                .text("field", name)
                .number("length", text.len() as u64)
                .number("most", MAX_FIELD as u64),
        ));
    }
    Ok(text)
}

/// Numbers separated by spaces or commas.
pub(crate) fn numbers(text: &str, name: &str) -> Result<Vec<u64>, WebError> {
    text.split([' ', ',', '+'])
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<u64>().map_err(|_| {
                WebError::input_said(
                    Said::new("error-not-whole-number")
                        .text("field", name)
                        .text("word", w),
                )
            })
        })
        .collect()
}

fn side(q: &PlayQuery) -> Result<Player, WebError> {
    match q.side.as_deref().unwrap_or("left") {
        "left" | "Left" => Ok(Player::Left),
        "right" | "Right" => Ok(Player::Right),
        other => Err(WebError::input_said(
            Said::new("error-side-left-right").text("side", format!("{other:?}")),
        )),
    }
}

/// The words of a text, as owned strings.
fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_owned).collect()
}

/// Turns `0-1.2-3` into `[[0, 1], [2, 3]]`.
pub(crate) fn parse_record(text: &str) -> Result<Vec<Vec<usize>>, WebError> {
    if text.len() > MAX_FIELD {
        return Err(WebError::input_said(
            Said::new("error-record-too-long")
                .number("length", text.len() as u64)
                .number("most", MAX_FIELD as u64),
        ));
    }
    if text.is_empty() {
        return Ok(Vec::new());
    }
    text.split('.')
        .map(|turn| {
            turn.split('-')
                .map(|n| {
                    n.parse::<usize>().map_err(|_| {
                        WebError::input_said(
                            Said::new("error-record-format").text("record", format!("{text:?}")),
                        )
                    })
                })
                .collect()
        })
        .collect()
}

/// Writes a record as [`parse_record`] reads it.
pub(crate) fn write_record(record: &[Vec<usize>]) -> String {
    record
        .iter()
        .map(|turn| {
            turn.iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join("-")
        })
        .collect::<Vec<_>>()
        .join(".")
}

fn boxed<G>(game: G, start: G::Position) -> Box<dyn AnySession>
where
    G: cgt_play::Playable + Send + std::fmt::Debug + 'static,
    G::Position: Send + std::fmt::Debug + 'static,
    G::Move: Send + 'static,
{
    Box::new(Session::new(game, start))
}

/// `G(0) … G(len - 1)` of a heap game within the budget.
pub(crate) fn heap_values(
    game: &HeapGame,
    len: usize,
    budget: &Budget,
) -> Result<Vec<u32>, WebError> {
    let (values, _) = cgt_report::request::values_within(game, Algorithm::Auto, 1, len, budget)?;
    Ok(values)
}

/// The start of `game` as `q` gives it, the person to move.
pub(crate) fn start(
    game: Game,
    q: &PlayQuery,
    budget: &Budget,
    tables: &Arc<Tables>,
) -> Result<Started, WebError> {
    let (setup, session) = match game {
        Game::Nim | Game::Staircase | Game::Heaps => {
            let heaps = numbers(text_field(q.heaps.as_ref(), "heaps", "3 4 5")?, "heaps")?;
            sessions::check_size(&heaps)?;
            let misere = q.misere.unwrap_or(false);
            match game {
                Game::Nim => (Setup::Nim { misere }, boxed(Nim { misere }, heaps)),
                Game::Staircase => (Setup::Staircase, boxed(Staircase, heaps)),
                _ => {
                    let rules = text_field(q.rules.as_ref(), "rules", "0.07")?;
                    let hg =
                        HeapGame::parse_any(rules).map_err(|e| WebError::input(e.to_string()))?;
                    if misere {
                        let limit = cgt_core::misere::search_limit(
                            budget.memory_or(1 << 30),
                            cgt_core::misere::SEARCH_POSITIONS,
                        );
                        let player = Heaps::misere(hg.clone(), limit);
                        (
                            Setup::Heaps {
                                game: hg,
                                values: None,
                            },
                            boxed(player, heaps),
                        )
                    } else {
                        let len = heaps.iter().max().map_or(1, |&h| h as usize + 1);
                        let values = heap_values(&hg, len, budget)?;
                        let player = Heaps::normal(hg.clone(), values.clone());
                        (
                            Setup::Heaps {
                                game: hg,
                                values: Some(values),
                            },
                            boxed(player, heaps),
                        )
                    }
                }
            }
        }
        Game::Wythoff => {
            let (a, b) = (q.a.unwrap_or(9), q.b.unwrap_or(7));
            sessions::check_size(&[a, b])?;
            (Setup::Wythoff, boxed(Wythoff, (a, b)))
        }
        Game::Divisor => {
            let n = q.n.unwrap_or(24);
            sessions::check_size(&[n])?;
            (Setup::Divisor, boxed(games::Divisor, n))
        }
        Game::Hackenbush => {
            let text = text_field(q.board.as_ref(), "board", HACKENBUSH_START)?;
            let picture =
                Picture::parse(text, "ground").map_err(|e| WebError::input(e.to_string()))?;
            let all = picture.all_edges();
            let picture = Arc::new(picture);
            let start = Turned {
                position: all,
                to_move: side(q)?,
            };
            (
                Setup::Hackenbush(Arc::clone(&picture)),
                boxed(Partizan::new(picture, budget.clone()), start),
            )
        }
        Game::Ruleset(i) => {
            let ruleset = &PLAY_RULESETS[i];
            let board = text_field(
                q.board.as_ref(),
                "board",
                &texts::ruleset(ruleset.name).example,
            )?;
            let entry = cgt_report::registry::find(ruleset.name)?;
            (Setup::Ruleset, (entry.play)(board, side(q)?, budget)?)
        }
        Game::Connect4 => {
            let moves = text_field(q.moves.as_ref(), "moves", "")?;
            let start = Connect4::new(q.width.unwrap_or(7), q.height.unwrap_or(6))
                .and_then(|p| p.play_str(moves.trim()))
                .map_err(|e| WebError::input(e.to_string()))?;
            let game = Connect4Play {
                threads: 1,
                book: tables.connect4_book(),
                budget: Some(budget.clone()),
            };
            (Setup::Connect4, boxed(game, start))
        }
        Game::Mnk => {
            let shape = numbers(text_field(q.shape.as_ref(), "shape", "3,3,3")?, "shape")?;
            let [m, n, k] = shape[..] else {
                return Err(WebError::input_said(Said::new("error-mnk-shape")));
            };
            let small = |x: u64| {
                u8::try_from(x).map_err(|_| {
                    WebError::input_said(Said::new("error-shape-too-large").number("number", x))
                })
            };
            let moves: Vec<u8> = numbers(text_field(q.moves.as_ref(), "moves", "")?, "moves")?
                .into_iter()
                .map(small)
                .collect::<Result<_, _>>()?;
            let request = Request::Mnk(request::Mnk {
                m: small(m)?,
                n: small(n)?,
                k: small(k)?,
                moves,
                threads: Some(1),
                ..request::Mnk::default()
            });
            let budget = budget.clone().with_time(tables.time_limit());
            (
                Setup::Mnk,
                sessions::start(&request, Player::Left, &budget)?.session,
            )
        }
        Game::Bridgit => {
            let n = u8::try_from(q.n.unwrap_or(3))
                .map_err(|_| WebError::input_said(Said::new("error-bridgit-size")))?;
            let request = Request::Bridgit(request::Bridgit {
                n,
                moves: words(text_field(q.moves.as_ref(), "moves", "")?),
                ..request::Bridgit::default()
            });
            let started = sessions::start(&request, Player::Left, budget)?;
            (Setup::Bridgit, started.session)
        }
        Game::Cycle => {
            let (width, height) = cgt_report::games::CYCLE_WINDOW;
            let request = Request::Cycle(request::Cycle {
                window: Some(vec![q.width.unwrap_or(width), q.height.unwrap_or(height)]),
                moves: words(text_field(q.moves.as_ref(), "moves", "")?),
            });
            let started = sessions::start(&request, Player::Left, budget)?;
            (Setup::Cycle, started.session)
        }
        Game::Pig => {
            let target = u32::try_from(q.n.unwrap_or(30))
                .map_err(|_| WebError::input_said(Said::new("error-pig-target")))?;
            let request = Request::Pig(request::Pig {
                target,
                state: None,
                seed: Some(q.seed.unwrap_or(1)),
            });
            let started = sessions::start(&request, Player::Left, budget)?;
            (Setup::Pig(target), started.session)
        }
        Game::Poker => {
            let second = match q.side.as_deref().map(str::trim) {
                None | Some("" | "first") => false,
                Some("second") => true,
                Some(other) => {
                    return Err(WebError::input_said(
                        Said::new("error-poker-side").text("side", format!("{other:?}")),
                    ));
                }
            };
            let request = Request::Hidden(request::Hidden {
                game: text_field(q.variant.as_ref(), "variant", "kuhn")?.to_owned(),
                seed: Some(q.seed.unwrap_or(1)),
                second,
                ..request::Hidden::default()
            });
            let started = sessions::start(&request, Player::Left, budget)?;
            (Setup::Poker, started.session)
        }
        Game::Chess => {
            let table = text_field(q.table.as_ref(), "table", "KQK")?;
            let (file, path) = tables.open(table)?;
            let mut chess = Chess::new(file);
            let fen = text_field(q.fen.as_ref(), "fen", "")?;
            let fen = if fen.trim().is_empty() {
                tables.default_fen(table)
            } else {
                fen.to_owned()
            };
            let start = chess.start(&fen)?;
            (Setup::Chess(path), boxed(chess, start))
        }
    };
    Ok(Started {
        game,
        setup,
        session,
    })
}

/// The picture a Hackenbush page starts from: a blue-red flower and a green stalk.
pub const HACKENBUSH_START: &str =
    "ground a blue\na b red\nb c blue\nb d blue\nground e green\ne f green\nground g red\ng h blue";

fn cell(r: usize, c: usize) -> String {
    format!("{r},{c}")
}

impl Started {
    /// The board drawn as SVG, with clickable cells; `None` for a game drawn as text only.
    /// Its words (a heap's label) are English.
    pub(crate) fn board(&self) -> Option<String> {
        self.board_in(Lang::En)
    }

    /// The board with its words in `lang`, for a board that has words (the heaps' labels);
    /// `None` for one without.
    pub(crate) fn worded_board(&self, lang: Lang) -> Option<String> {
        matches!(self.game, Game::Nim | Game::Staircase | Game::Heaps)
            .then(|| self.board_in(lang))
            .flatten()
    }

    fn board_in(&self, lang: Lang) -> Option<String> {
        let any = self.session.position_any();
        match (self.game, &self.setup) {
            (Game::Nim | Game::Staircase | Game::Heaps, _) => {
                let rows = if self.game == Game::Staircase {
                    cgt_report::boards::Rows::Steps
                } else {
                    cgt_report::boards::Rows::Heaps
                };
                any.downcast_ref::<Vec<u64>>()
                    .map(|h| cgt_report::boards::heaps(h, DRAWN_COUNTERS, rows, lang))
            }
            (Game::Wythoff, _) => any
                .downcast_ref::<(u64, u64)>()
                .filter(|&&(a, b)| a <= WYTHOFF_GRID && b <= WYTHOFF_GRID)
                .map(|&(a, b)| cgt_report::boards::wythoff(a, b, false)),
            (Game::Hackenbush, Setup::Hackenbush(picture)) => any
                .downcast_ref::<Turned<Edges>>()
                .map(|t| cgt_report::boards::hackenbush_standing(picture, t.position)),
            (Game::Ruleset(i), _) => (PLAY_RULESETS[i].board)(any),
            (Game::Connect4, _) => any
                .downcast_ref::<Connect4>()
                .map(cgt_report::boards::connect4),
            (Game::Mnk, _) => any.downcast_ref::<Mnk>().map(cgt_report::boards::mnk),
            (Game::Bridgit, _) => any
                .downcast_ref::<cgt_minimax::bridgit::Bridgit>()
                .map(cgt_report::boards::bridgit),
            (Game::Chess, _) => any
                .downcast_ref::<ChessPosition>()
                .and_then(|p| cgt_report::boards::chess(&p.pos.fen()).ok()),
            _ => None,
        }
    }

    /// For each legal move, the board's cells it touches (`data-cell` values): a page picks
    /// the move whose cells include every cell clicked.
    pub(crate) fn move_cells(&self) -> Vec<Vec<String>> {
        let position = self.session.position_any();
        self.session
            .options_any()
            .into_iter()
            .map(|(mv, after)| match self.game {
                Game::Nim | Game::Staircase | Game::Heaps => {
                    // A counter clicked in a heap (a step) is the number left there: the
                    // move that leaves that many, when one move does (splits are buttons).
                    let heaps = position.downcast_ref::<Vec<u64>>();
                    let left = if let Some(t) = mv.downcast_ref::<Take>() {
                        heaps
                            .and_then(|h| h.get(t.heap))
                            .map(|&size| (t.heap, size - t.count))
                    } else if let Some(d) = mv.downcast_ref::<games::Descend>() {
                        heaps
                            .and_then(|h| h.get(d.step))
                            .map(|&size| (d.step, size - d.count))
                    } else if let Some(m) = mv.downcast_ref::<SplitMove>() {
                        match m.leaves[..] {
                            [] => Some((m.heap, 0)),
                            [rest] => Some((m.heap, rest)),
                            _ => None,
                        }
                    } else {
                        None
                    };
                    left.map(|(h, j)| vec![cell(h, j as usize)])
                        .unwrap_or_default()
                }
                Game::Wythoff => after
                    .downcast_ref::<(u64, u64)>()
                    .map(|&(x, y)| vec![format!("{x},{y}")])
                    .unwrap_or_default(),
                Game::Hackenbush => mv
                    .downcast_ref::<Sided<EdgeCut>>()
                    .map(|m| vec![format!("e{}", m.mv.edge + 1)])
                    .unwrap_or_default(),
                Game::Ruleset(i) => (PLAY_RULESETS[i].cells)(mv.as_ref()),
                Game::Connect4 => {
                    let height = position
                        .downcast_ref::<Connect4>()
                        .map_or(0, |p| p.size().1);
                    mv.downcast_ref::<Column>()
                        .map(|c| {
                            (0..usize::from(height))
                                .map(|r| cell(r, usize::from(c.0)))
                                .collect()
                        })
                        .unwrap_or_default()
                }
                Game::Mnk => {
                    let n = position
                        .downcast_ref::<Mnk>()
                        .map_or(1, |p| usize::from(p.shape().1));
                    mv.downcast_ref::<Cell>()
                        .map(|c| vec![cell(usize::from(c.0) / n, usize::from(c.0) % n)])
                        .unwrap_or_default()
                }
                Game::Bridgit => mv
                    .downcast_ref::<games::Slot>()
                    .and_then(|s| {
                        cgt_minimax::bridgit::slots(s.n)
                            .get(usize::from(s.slot))
                            .map(|t| vec![format!("{},{}", t.x, t.y)])
                    })
                    .unwrap_or_default(),
                Game::Chess => mv
                    .downcast_ref::<ChessMove>()
                    .map(|m| {
                        [m.mv.from(), m.mv.to()]
                            .iter()
                            .map(|s| {
                                let i = usize::from(s.index());
                                cell(7 - i / 8, i % 8)
                            })
                            .collect()
                    })
                    .unwrap_or_default(),
                Game::Divisor | Game::Cycle | Game::Pig | Game::Poker => Vec::new(),
            })
            .collect()
    }

    /// The position's document as `cgt … --explain --json` gives it, and its text, for the
    /// "why" panel; `None` for games whose command has no position document here.
    pub(crate) fn document(
        &self,
        budget: &Budget,
        lang: Lang,
    ) -> Result<Option<(serde_json::Value, String)>, WebError> {
        fn pack<R: Report>(
            r: &R,
            lang: Lang,
        ) -> Result<Option<(serde_json::Value, String)>, WebError> {
            let json = serde_json::to_value(r).map_err(|e| WebError::failure(e.to_string()))?;
            Ok(Some((json, r.text_in(lang))))
        }
        let any = self.session.position_any();
        let memory = u128::from(budget.memory_or(1 << 30));
        match (&self.setup, self.game) {
            (Setup::Nim { misere }, _) => match any.downcast_ref::<Vec<u64>>() {
                Some(h) => pack(&cgt_report::impartial::nim(h, *misere, true)?, lang),
                None => Ok(None),
            },
            (Setup::Staircase, _) => match any.downcast_ref::<Vec<u64>>() {
                Some(h) => pack(&cgt_report::impartial::staircase(h, true)?, lang),
                None => Ok(None),
            },
            (Setup::Heaps { game, values }, _) => match (any.downcast_ref::<Vec<u64>>(), values) {
                (Some(h), Some(values)) => {
                    let explained = cgt_report::sequence::heaps_explained(game, values, h);
                    match explained {
                        Ok(r) => pack(&r, lang),
                        Err(_) => pack(&cgt_report::sequence::heaps(game, values, h), lang),
                    }
                }
                (Some(h), None) => {
                    pack(&cgt_report::sequence::misere_heaps(game, h, budget)?, lang)
                }
                _ => Ok(None),
            },
            (Setup::Wythoff, _) => match any.downcast_ref::<(u64, u64)>() {
                Some(&(a, b)) => match cgt_report::impartial::wythoff(a, b, true, memory) {
                    Ok(r) => pack(&r, lang),
                    Err(_) => pack(&cgt_report::impartial::wythoff(a, b, false, memory)?, lang),
                },
                None => Ok(None),
            },
            (Setup::Divisor, _) => match any.downcast_ref::<u64>() {
                Some(&n) => pack(&cgt_report::impartial::divisor(n, false, true)?, lang),
                None => Ok(None),
            },
            (Setup::Hackenbush(picture), _) => match any.downcast_ref::<Turned<Edges>>() {
                Some(t) => {
                    let text = standing_picture(picture, t.position);
                    if text.is_empty() {
                        return Ok(None);
                    }
                    let standing = Picture::parse(&text, "ground")
                        .map_err(|e| WebError::failure(e.to_string()))?;
                    pack(
                        &cgt_report::partizan::hackenbush("the picture", standing, budget, true)?,
                        lang,
                    )
                }
                None => Ok(None),
            },
            (Setup::Ruleset, Game::Ruleset(i)) => (PLAY_RULESETS[i].document)(any, budget, lang),
            (Setup::Pig(target), _) => match any.downcast_ref::<games::PigPosition>() {
                Some(p) if p.pending.is_none() && p.human.max(p.program) < *target => pack(
                    &cgt_report::chance::pig(*target, (p.human, p.program, p.turn))?,
                    lang,
                ),
                _ => Ok(None),
            },
            (Setup::Chess(path), _) => match any.downcast_ref::<ChessPosition>() {
                Some(p) if p.ended.is_none() => {
                    let table = cgt_retro::chess::tables::TableFile::open(path)
                        .map_err(|e| WebError::failure(e.to_string()))?;
                    let name = path
                        .file_name()
                        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
                    pack(
                        &cgt_report::retro::probe(&name, &table, &p.pos.fen())?,
                        lang,
                    )
                }
                _ => Ok(None),
            },
            _ => Ok(None),
        }
    }

    /// Who is to move in a partizan game (the person): `left` or `right`.
    pub(crate) fn side_to_move(&self) -> Option<&'static str> {
        let any = self.session.position_any();
        let to_move = match self.game {
            Game::Ruleset(i) => (PLAY_RULESETS[i].side)(any),
            _ => any.downcast_ref::<Turned<Edges>>().map(|t| t.to_move),
        }?;
        Some(match to_move {
            Player::Left => "left",
            Player::Right => "right",
        })
    }
}

/// The standing edges of a picture written in the picture format (`u v colour` per line),
/// for the `cgt hackenbush` document of a position during play.
fn standing_picture(picture: &Picture, standing: Edges) -> String {
    let name = |v: u32| picture.name(v).unwrap_or("?").to_owned();
    picture
        .edges()
        .iter()
        .enumerate()
        .filter(|&(e, _)| standing >> e & 1 == 1)
        .map(|(_, &(a, b, c))| format!("{} {} {}", name(a), name(b), c.name()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The document of a ruleset's position held by a play session (`None` when the session
/// holds another kind of position), with the derivation.
fn ruleset_document<R: cgt_partizan::ruleset::Ruleset>(
    any: &dyn std::any::Any,
    budget: &Budget,
    lang: Lang,
) -> Result<Option<(serde_json::Value, String)>, WebError> {
    let Some(t) = any.downcast_ref::<Turned<cgt_partizan::ruleset::PositionOf<R>>>() else {
        return Ok(None);
    };
    let r = cgt_report::registry::report::<R>(&R::show(&t.position), budget, true.into())?;
    let json = serde_json::to_value(&r).map_err(|e| WebError::failure(e.to_string()))?;
    Ok(Some((json, Report::text_in(&r, lang))))
}
