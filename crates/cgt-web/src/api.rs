//! `GET /api/COMMAND?…`: the documents of `cgt COMMAND … --json` (docs/json.md), computed by
//! the same `cgt-report` functions, and the pictures (`.svg`) the pages show.

use cgt_core::budget::Budget;
use cgt_impartial::heapgame::HeapGame;
use cgt_report::Report;
use cgt_report::minimax::TreeQuestions;
use cgt_report::pictures::Format;
use cgt_report::texts::Lang;
use serde::Deserialize;

use crate::error::WebError;
use crate::games::MAX_FIELD;

/// The most heaps `heaps` computes values for on a page (`G(0) … G(N)`).
pub const MAX_UPTO: u64 = 100_000;
/// The largest Wythoff Grundy picture (`n × n` values).
pub const MAX_WYTHOFF_PICTURE: usize = 256;

/// The fields the documents read; each command reads its own.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DocQuery {
    /// The language of a page (`en`, `ru`, `bg`, `zh`), read from the address by the pages
    /// themselves and accepted here so that a page's form parses; the JSON answers do not
    /// depend on it.
    #[expect(dead_code, reason = "the pages read the language from the address")]
    lang: Option<String>,
    /// A heap game's rules.
    pub rules: Option<String>,
    /// `G(0) … G(upto)`; the Wythoff picture's side.
    pub upto: Option<u64>,
    /// A partizan expression (`{1|*}`, `^ + *`), a board or a picture.
    pub expr: Option<String>,
    /// A second expression to compare with.
    pub compare: Option<String>,
    /// A game tree in the tree format.
    pub tree: Option<String>,
    /// Include the derivation.
    pub explain: Option<bool>,
    /// A heap game's misère quotient (of heaps up to `upto`, or answering `heaps`).
    pub quotient: Option<bool>,
    /// The calculator's game cooled by this number.
    pub cool: Option<String>,
    /// The calculator's game heated by this number.
    pub heat: Option<String>,
    /// The ordinal sum of the calculator's game with this game.
    pub ordinal: Option<String>,
    /// The Norton product of the calculator's game by this positive game.
    pub norton: Option<String>,
    /// Each side's orthodox options at this temperature.
    pub orthodox: Option<String>,
    /// The atomic weight of an all-small game.
    pub atomic_weight: Option<bool>,
    /// The reduced canonical form.
    pub reduced: Option<bool>,
    /// A row of Backsliding Toads and Frogs, for `loopy` instead of `expr`.
    pub backsliding: Option<String>,
    /// A matrix game's rows, for `matrix`.
    pub matrix: Option<String>,
    /// A game of hidden information (`kuhn`, `leduc` or a tree), for `hidden`.
    pub game: Option<String>,
    /// CFR+'s iterations, for `hidden` (blank: exactly).
    pub cfr: Option<String>,
}

/// `loopy` for the page: the game of `expr`, or of the Backsliding Toads and Frogs row
/// `backsliding` (each at most [`MAX_FIELD`] characters; a blank one is not given).
fn loopy_report(q: &DocQuery, budget: &Budget) -> Result<cgt_report::loopy::LoopyReport, WebError> {
    let given = |v: &Option<String>, name: &str| -> Result<Option<String>, WebError> {
        match v {
            Some(t) if !t.trim().is_empty() => Ok(Some(field(Some(t), name)?.to_owned())),
            _ => Ok(None),
        }
    };
    let request = cgt_report::request::Loopy {
        expr: given(&q.expr, "expr")?,
        backsliding: given(&q.backsliding, "backsliding")?,
        compare: given(&q.compare, "compare")?,
    };
    Ok(request.answer(budget)?)
}

/// `game` for the calculator's page: its request from the form's fields (each at most
/// [`MAX_FIELD`] characters; a blank one is not given), answered with its derived games.
fn game_report(
    q: &DocQuery,
    budget: &Budget,
    explain: bool,
) -> Result<cgt_report::partizan::PartizanReport, WebError> {
    let given = |v: &Option<String>, name: &str| -> Result<Vec<String>, WebError> {
        match v {
            Some(t) if !t.trim().is_empty() => Ok(vec![field(Some(t), name)?.to_owned()]),
            _ => Ok(Vec::new()),
        }
    };
    let request = cgt_report::request::Game {
        expr: field(q.expr.as_ref(), "expr")?.to_owned(),
        compare: given(&q.compare, "compare")?.pop(),
        cool: given(&q.cool, "cool")?,
        heat: given(&q.heat, "heat")?,
        ordinal: given(&q.ordinal, "ordinal")?,
        norton: given(&q.norton, "norton")?,
        atomic_weight: q.atomic_weight == Some(true),
        reduced: q.reduced == Some(true),
        orthodox: given(&q.orthodox, "orthodox")?,
        explain,
    };
    Ok(request.answer(budget)?)
}

/// The document of a typed request (`cgt_report::request::Request::is_named`), its fields
/// read from the query string `raw` (each at most [`MAX_FIELD`] characters) as
/// `cgt_report::request` defines them.
///
/// # Errors
/// Bad input (400), work past the budget (422).
pub(crate) fn request_document(
    command: &str,
    raw: &str,
    budget: &Budget,
) -> Result<serde_json::Value, WebError> {
    let pairs: Vec<(String, String)> =
        serde_urlencoded::from_str(raw).map_err(|e| WebError::input(e.to_string()))?;
    for (name, value) in &pairs {
        field(Some(value), name)?;
    }
    let fields = serde_urlencoded::Deserializer::new(form_urlencoded::parse(raw.as_bytes()));
    let request = cgt_report::request::Request::named(command, fields)?;
    if let cgt_report::request::Request::Heaps(h) = &request {
        within_caps(h)?;
    }
    json(&cgt_report::request::answer(&request, budget)?)
}

/// The playground's caps on heap games, below the `cgt` command's: values up to
/// [`MAX_UPTO`], a misère quotient of heaps up to [`MAX_QUOTIENT_UPTO`].
fn within_caps(h: &cgt_report::request::Heaps) -> Result<(), WebError> {
    if h.misere_quotient {
        let largest = h.heaps.iter().copied().chain(h.upto).max().unwrap_or(0);
        if largest > MAX_QUOTIENT_UPTO {
            return Err(WebError::input(format!(
                "a misère quotient covers heaps up to at most {MAX_QUOTIENT_UPTO} here (the cgt \
                 command goes further)"
            )));
        }
    } else if !h.misere && h.heaps.iter().copied().chain(h.upto).any(|n| n > MAX_UPTO) {
        // A position of heaps needs the values up to its largest heap.
        return Err(WebError::input(format!(
            "upto and heaps are at most {MAX_UPTO} here (the cgt command computes further)"
        )));
    }
    Ok(())
}

fn field<'q>(value: Option<&'q String>, name: &str) -> Result<&'q str, WebError> {
    let text = value
        .map(String::as_str)
        .ok_or_else(|| WebError::input(format!("give {name}=…")))?;
    if text.len() > MAX_FIELD {
        return Err(WebError::input(format!(
            "{name} is {} characters long; at most {MAX_FIELD} are read",
            text.len()
        )));
    }
    Ok(text)
}

fn json<R: Report>(r: &R) -> Result<serde_json::Value, WebError> {
    serde_json::to_value(r).map_err(|e| WebError::failure(e.to_string()))
}

fn rules(q: &DocQuery) -> Result<HeapGame, WebError> {
    HeapGame::parse_any(field(q.rules.as_ref(), "rules")?)
        .map_err(|e| WebError::input(e.to_string()))
}

/// The largest heap bound of a misère quotient here.
pub const MAX_QUOTIENT_UPTO: u64 = 64;

/// The misère quotient of heaps up to `upto`, within the budget.
fn misere_quotient(
    game: &HeapGame,
    upto: u64,
    budget: &Budget,
) -> Result<cgt_report::quotient::QuotientReport, WebError> {
    if upto > MAX_QUOTIENT_UPTO {
        return Err(WebError::input(format!(
            "a misère quotient covers heaps up to at most {MAX_QUOTIENT_UPTO} here (the cgt \
             command goes further)"
        )));
    }
    let q = cgt_report::quotient::compute(game, upto, budget)?;
    Ok(cgt_report::quotient::quotient(&q))
}

/// `G(0) … G(upto)` within the budget.
fn sequence_values(game: &HeapGame, upto: u64, budget: &Budget) -> Result<Vec<u32>, WebError> {
    if upto > MAX_UPTO {
        return Err(WebError::input(format!(
            "upto is at most {MAX_UPTO} here (the cgt command computes further)"
        )));
    }
    crate::games::heap_values(game, upto as usize + 1, budget)
}

/// The refusal of an unknown document: every document is a typed request
/// (`cgt_report::request`), answered by [`request_document`].
pub(crate) fn unknown_document(command: &str) -> WebError {
    WebError::not_found(format!(
        "no document {command:?}; the documents are {} and the rulesets {}",
        cgt_report::request::COMMANDS.join(", "),
        cgt_report::registry::names()
    ))
}

/// The text of a document, as the `cgt` command prints it with `--lang` (for the pages).
pub(crate) fn text(
    command: &str,
    q: &DocQuery,
    budget: &Budget,
    lang: Lang,
) -> Result<String, WebError> {
    let explain = q.explain == Some(true);
    match command {
        "game" => Ok(game_report(q, budget, explain)?.text_in(lang)),
        "loopy" => Ok(loopy_report(q, budget)?.text_in(lang)),
        "dead-end" => {
            let expr = field(q.expr.as_ref(), "expr")?;
            let compare = q.compare.as_deref().filter(|c| !c.trim().is_empty());
            Ok(cgt_report::deadend::dead_end(expr, compare, 100, budget)?.text_in(lang))
        }
        "heaps" => {
            let game = rules(q)?;
            let upto = q.upto.unwrap_or(100);
            if q.quotient == Some(true) {
                return Ok(misere_quotient(&game, upto, budget)?.text_in(lang));
            }
            let values = sequence_values(&game, upto, budget)?;
            Ok(cgt_report::sequence::summary(&game, &values, false, false).text_in(lang))
        }
        "tree" => {
            let ask = TreeQuestions {
                window: None,
                stats: true,
                explain,
                thresholds: false,
            };
            Ok(cgt_report::minimax::tree(field(q.tree.as_ref(), "tree")?, ask)?.text_in(lang))
        }
        "matrix" => Ok(
            cgt_report::matrix::matrix(field(q.matrix.as_ref(), "matrix")?, budget)?.text_in(lang),
        ),
        "hidden" => {
            let cfr = match q.cfr.as_deref().map(str::trim) {
                None | Some("") => None,
                Some(n) => Some(n.parse::<u64>().map_err(|_| {
                    WebError::input(format!("cfr: a number of iterations, not {n:?}"))
                })?),
            };
            let game = field(q.game.as_ref(), "game")?;
            Ok(cgt_report::hidden::hidden(game, cfr, false, budget)?.text_in(lang))
        }
        _ => Err(WebError::not_found(format!("no page text for {command:?}"))),
    }
}

/// A picture as SVG: `thermograph` (of `expr`), `sequence` (the plot of `rules` up to
/// `upto`), `wythoff` (the Grundy values of an `upto × upto` corner).
///
/// # Errors
/// As the documents; 404 for an unknown picture.
pub(crate) fn picture(name: &str, q: &DocQuery, budget: &Budget) -> Result<String, WebError> {
    let bytes = match name {
        "thermograph" => {
            let expr = field(q.expr.as_ref(), "expr")?;
            let r = cgt_report::partizan::game(expr, None, budget, false)?;
            cgt_report::pictures::thermograph(&r.value, &r.exact_thermograph, Format::Svg)?
        }
        "sequence" => {
            let game = rules(q)?;
            let values = sequence_values(&game, q.upto.unwrap_or(200), budget)?;
            cgt_report::pictures::sequence(&game.to_string(), &values, Format::Svg)?
        }
        "tree" => {
            let text = field(q.tree.as_ref(), "tree")?;
            let t =
                cgt_minimax::tree::Tree::parse(text).map_err(|e| WebError::input(e.to_string()))?;
            return Ok(cgt_report::boards::tree(&t)?);
        }
        "wythoff" => {
            let n = usize::try_from(q.upto.unwrap_or(64)).unwrap_or(usize::MAX);
            if n > MAX_WYTHOFF_PICTURE {
                return Err(WebError::input(format!(
                    "the Wythoff picture here is at most {MAX_WYTHOFF_PICTURE} squares a side \
                     (cgt wythoff --grundy-picture draws larger ones)"
                )));
            }
            let table = cgt_impartial::wythoff::grundy_table_within(n, budget)
                .map_err(|e| WebError::limit(e.to_string()))?;
            cgt_report::pictures::wythoff(n, &table, Format::Svg)?
        }
        _ => {
            return Err(WebError::not_found(format!(
                "no picture {name:?}; the pictures are thermograph, sequence, tree and wythoff"
            )));
        }
    };
    String::from_utf8(bytes).map_err(|e| WebError::failure(e.to_string()))
}
