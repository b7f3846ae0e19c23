//! `GET /api/play/GAME?…`: one turn of a game against the perfect player, kept by the page,
//! not the server. The request carries the game's start and its record so far; the server
//! rebuilds the session, replays the record, applies the action (a move, or taking back the
//! last turn), and answers with the position, every legal move with its value, the board and,
//! when asked, the hint and the derivation.

use cgt_core::Wdl;
use cgt_core::budget::Budget;
use cgt_core::said::Said;
use cgt_play::{Reply, Value};
use cgt_report::texts;
use serde::Serialize;

use crate::error::WebError;
use crate::games::{self, Game, PlayQuery};
use crate::tables::Tables;

/// A legal move as the page shows it.
#[derive(Debug, Serialize)]
pub struct MoveState {
    /// The move in words.
    pub text: String,
    /// Its value for the person: `win`, `loss`, `draw` or a distance (`win in 3 plies`);
    /// absent where the game values no single move (engine games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// `win`, `draw` or `loss` without the distance, for the colour.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wdl: Option<&'static str>,
    /// The board's cells the move touches (`data-cell` values).
    pub cells: Vec<String>,
}

/// The person's last move and the program's answer.
#[derive(Debug, Serialize)]
pub struct TurnState {
    /// The person's move.
    pub played: String,
    /// The program's answer, if it made one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
}

/// A position of a game in play, after the request's action.
#[derive(Debug, Serialize)]
pub struct PlayState {
    /// The game's address name.
    pub game: String,
    /// The record of the game so far (send it back with the next request).
    pub record: String,
    /// Turns played.
    pub turns: usize,
    /// The position drawn as text.
    pub position: String,
    /// The board as SVG, with clickable cells.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// Who is to move in a partizan game (`left` or `right`): the person.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<&'static str>,
    /// How to type a move.
    pub syntax: String,
    /// The position's value for the person.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// The value without its distance.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wdl: Option<&'static str>,
    /// What the theory says of the position (its Grundy value or canonical form).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub describe: Option<String>,
    /// How the game ended, once it has.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub over: Option<String>,
    /// The person's legal moves in order (`play=N` plays number `N`).
    pub moves: Vec<MoveState>,
    /// What was just played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn: Option<TurnState>,
    /// Whether the request took back a turn.
    pub undone: bool,
    /// The hint, when asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// The values in words of the language asked for (`lang=`), when one was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub words: Option<Words>,
    /// The position's document (as `cgt … --explain --json`), when asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub document: Option<serde_json::Value>,
    /// The same document as text (as `cgt … --explain`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

/// A position's and its moves' values in a language's words (`lang=`), beside the English of
/// `value` and each move's `value`.
#[derive(Debug, Serialize)]
pub struct Words {
    /// The position's value for the person.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// Each move's value, in the order of `moves` (`null` where a move has none).
    pub moves: Vec<Option<String>>,
    /// Each move in words, in the order of `moves` (`null` where the game words it only in
    /// English, its `text`).
    pub texts: Vec<Option<String>>,
    /// The turn just played in words (`turn`'s moves), where the game words them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn: Option<TurnWords>,
    /// How to type a move (`syntax`).
    pub syntax: String,
    /// The position drawn as text (`position`), where the drawing has words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The board (`board`), where the board has words (the heaps' labels).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// What the theory says of the position (`describe`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub describe: Option<String>,
    /// How the game ended (`over`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub over: Option<String>,
    /// The hint (`hint`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
}

/// The turn just played, in words of the language asked for.
#[derive(Debug, Serialize)]
pub struct TurnWords {
    /// The person's move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub played: Option<String>,
    /// The program's answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
}

fn wdl(value: Option<Value>) -> Option<&'static str> {
    value.map(|v| match v.wdl() {
        Wdl::Win => "win",
        Wdl::Draw => "draw",
        Wdl::Loss => "loss",
    })
}

/// Plays one request's action on the game `name`.
///
/// # Errors
/// Bad starts and moves (400), unknown games (404), work past the budget (422).
pub(crate) fn turn(
    name: &str,
    q: &PlayQuery,
    budget: &Budget,
    tables: &std::sync::Arc<Tables>,
) -> Result<PlayState, WebError> {
    let game = Game::named(name)?;
    let actions = [q.play.is_some(), q.typed.is_some(), q.undo == Some(true)];
    if actions.iter().filter(|&&a| a).count() > 1 {
        return Err(WebError::input_said(Said::new("error-one-action")));
    }
    let mut started = games::start(game, q, budget, tables)?;
    let record = games::parse_record(q.record.as_deref().unwrap_or(""))?;
    // Replaying lists each position's moves: a long record of a large position is work too,
    // so the budget's clock is read between turns.
    for turn in record.chunks(1) {
        budget.check_interrupt()?;
        started.session.replay(turn)?;
    }
    let mut turn = None;
    let mut undone = false;
    if q.undo == Some(true) {
        undone = started.session.undo();
    } else if q.play.is_some() || q.typed.is_some() {
        if let Some(end) = started.session.over()? {
            return Err(WebError::input_said(
                Said::new("error-game-over").said("end", end),
            ));
        }
        let t = match (q.play, &q.typed) {
            (Some(i), _) => started.session.play_index(i)?,
            (_, Some(text)) => started.session.play(text)?,
            _ => unreachable!("an action was checked above"),
        };
        turn = Some(TurnState {
            played: t.played,
            answer: match t.reply {
                Reply::Moved(m) => Some(m),
                Reply::Over(_) | Reply::NoMove => None,
            },
        });
    }
    let over = started.session.over()?;
    let valued = if over.is_some() {
        Vec::new()
    } else {
        started.session.valued_moves()?
    };
    let lang = q.lang.as_deref().map(|code| {
        texts::Lang::from_code(code).ok_or_else(|| {
            WebError::input_said(Said::new("error-no-language").text("code", format!("{code:?}")))
        })
    });
    let lang = lang.transpose()?;
    let (move_words, move_texts): (Vec<Option<String>>, Vec<Option<String>>) = match lang {
        Some(lang) if !valued.is_empty() => (
            valued
                .iter()
                .map(|m| m.value.map(|v| texts::value(lang, v)))
                .collect(),
            started
                .session
                .legal_said()
                .iter()
                .map(|said| said.as_ref().map(|said| texts::said(lang, said)))
                .collect(),
        ),
        _ => (Vec::new(), Vec::new()),
    };
    let turn_words = match (lang, &turn) {
        (Some(lang), Some(_)) => {
            started
                .session
                .last_turn_said()
                .map(|(played, answer)| TurnWords {
                    played: played.map(|s| texts::said(lang, &s)),
                    answer: answer.map(|s| texts::said(lang, &s)),
                })
        }
        _ => None,
    };
    let cells = started.move_cells();
    let moves = valued
        .into_iter()
        .zip(cells.into_iter().chain(std::iter::repeat(Vec::new())))
        .map(|(m, cells)| MoveState {
            text: m.mv,
            value: m.value.map(|v| v.to_string()),
            wdl: wdl(m.value),
            cells,
        })
        .collect();
    let value = if over.is_some() {
        None
    } else {
        started.session.value()?
    };
    let describe = started.session.describe()?;
    let hint = if q.hint == Some(true) && over.is_none() {
        Some(started.session.hint()?)
    } else {
        None
    };
    let (document, why) = if q.why == Some(true) {
        match started.document(budget, lang.unwrap_or_default())? {
            Some((json, text)) => (Some(json), Some(text)),
            None => (None, None),
        }
    } else {
        (None, None)
    };
    // The JSON's sentences are English; `words` has them in the language asked for.
    let worded =
        |lang, said: &Option<cgt_core::said::Said>| said.as_ref().map(|s| texts::said(lang, s));
    let english = |said| worded(texts::Lang::En, said);
    let syntax = started.session.syntax();
    let words = lang.map(|lang| Words {
        value: value.map(|v| texts::value(lang, v)),
        moves: move_words,
        texts: move_texts,
        turn: turn_words,
        syntax: texts::said(lang, &syntax),
        position: started
            .session
            .position_said()
            .map(|p| format!("{}\n", texts::said(lang, &p))),
        board: started.worded_board(lang),
        describe: worded(lang, &describe),
        over: worded(lang, &over),
        hint: worded(lang, &hint),
    });
    Ok(PlayState {
        game: name.to_owned(),
        record: games::write_record(&started.session.record()),
        turns: started.session.record().len(),
        position: started.session.render(),
        board: started.board(),
        side: started.side_to_move(),
        syntax: texts::said(texts::Lang::En, &syntax),
        value: value.map(|v| v.to_string()),
        wdl: wdl(value),
        describe: english(&describe),
        over: english(&over),
        moves,
        turn,
        undone,
        hint: english(&hint),
        words,
        document,
        why,
    })
}
