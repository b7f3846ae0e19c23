//! `--misere-quotient`: the misère quotient of a heap game, and positions answered through it.

use cgt_core::Outcome;
use cgt_core::budget::Budget;
use cgt_impartial::heapgame::HeapGame;
use cgt_impartial::quotient::{MisereQuotient, generator_name};
use serde::Serialize;

use crate::document::{PositionReport, QuotientElement, Report};
use crate::error::ReportError;
use crate::texts::{self, Arg, Lang};

/// Orders up to which the text shows the multiplication table.
const TEXT_TABLE_MAX: usize = 16;

/// Orders up to which the JSON carries the multiplication table.
pub const JSON_TABLE_MAX: usize = 256;

/// `--misere-quotient --upto N`.
#[derive(Debug, Serialize)]
pub struct QuotientReport {
    /// The game's code or name.
    pub game: String,
    /// The game in words, for the text.
    #[serde(skip)]
    pub description: String,
    /// The largest heap covered.
    pub upto: u64,
    /// The number of elements.
    pub order: usize,
    /// The least heap bound with the same quotient (up to `upto`).
    pub same_from: u64,
    /// `orders[k]`: the order of the quotient of heaps `0 … k`.
    pub orders: Vec<usize>,
    /// When the pretending function's period proves this the quotient of every heap size:
    /// `preperiod`, `period` and `needed` (the heap bound the proof uses); `null` otherwise.
    pub stable: Option<StableReport>,
    /// Whether the periodicity proof applies to this game at all (octal games with at most
    /// two heaps left by a move, subtraction games).
    #[serde(skip)]
    pub provable: bool,
    /// Each generator: its letter, its element and the first heap that is it.
    pub generators: Vec<GeneratorReport>,
    /// The relations, `left = right`, in normal forms.
    pub relations: Vec<[String; 2]>,
    /// The presentation in one line.
    pub presentation: String,
    /// The normal form of each element, by element number (0 is the identity).
    pub elements: Vec<String>,
    /// Elements whose sums are misère P-positions.
    pub p_portion: Vec<String>,
    /// The pretending function: the normal form of a single heap of each size `0 … upto`.
    pub pretending: Vec<String>,
    /// `products[x][y]`, element numbers; `null` past [`JSON_TABLE_MAX`] elements.
    pub products: Option<Vec<Vec<u32>>>,
    /// Sums of heaps searched to learn it.
    pub searched: u64,
    /// Heap bounds `1 … upto` built by extending the smaller quotient, without search.
    pub extended: u64,
}

/// The periodicity that proves a quotient final.
#[derive(Debug, Serialize)]
pub struct StableReport {
    /// The pretending function repeats from this heap on.
    pub preperiod: u64,
    /// Its period.
    pub period: u64,
    /// The heap bound the proof needs (`2·preperiod + 2·period + t − 1`).
    pub needed: u64,
}

/// One generator of a [`QuotientReport`].
#[derive(Debug, Serialize)]
pub struct GeneratorReport {
    /// `a`, `b`, ….
    pub name: String,
    /// Its element number.
    pub element: u32,
    /// The least heap whose image it is.
    pub heap: u64,
}

/// Computes the quotient of heaps `0 … upto`.
///
/// # Errors
/// The bound out of range, the budget, or a quotient past the element limit.
pub fn compute(game: &HeapGame, upto: u64, budget: &Budget) -> Result<MisereQuotient, ReportError> {
    Ok(MisereQuotient::compute(game, upto, budget)?)
}

/// The report of a computed quotient.
pub fn quotient(q: &MisereQuotient) -> QuotientReport {
    let name = |e: u32| q.normal_form(e).to_string();
    let presentation = q.presentation();
    let order = q.order();
    let pretending: Vec<u32> = (0..=q.upto())
        .map(|h| q.pretending(h).expect("heaps up to the bound"))
        .collect();
    QuotientReport {
        game: q.game().to_string(),
        description: q.game().description(),
        upto: q.upto(),
        order,
        same_from: q.same_from(),
        orders: q.orders().to_vec(),
        stable: q.stable().map(|s| StableReport {
            preperiod: s.preperiod,
            period: s.period,
            needed: s.needed,
        }),
        provable: match q.game() {
            HeapGame::Octal(code) => !code.is_hexadecimal(),
            HeapGame::Subtraction(_) => true,
            HeapGame::Grundy => false,
        },
        generators: presentation
            .generators
            .iter()
            .enumerate()
            .map(|(i, &element)| GeneratorReport {
                name: generator_name(i),
                element,
                heap: pretending.iter().position(|&e| e == element).unwrap_or(0) as u64,
            })
            .collect(),
        relations: presentation
            .relations
            .iter()
            .map(|r| [r.left.to_string(), r.right.to_string()])
            .collect(),
        presentation: presentation.text(),
        elements: (0..order as u32).map(name).collect(),
        p_portion: q.p_portion().into_iter().map(name).collect(),
        pretending: pretending.into_iter().map(name).collect(),
        products: (order <= JSON_TABLE_MAX).then(|| {
            (0..order as u32)
                .map(|x| (0..order as u32).map(|y| q.multiply(x, y)).collect())
                .collect()
        }),
        searched: q.searched(),
        extended: q.extended(),
    }
}

impl Report for QuotientReport {
    fn text(&self) -> String {
        self.text_in(Lang::En)
    }

    fn text_in(&self, lang: Lang) -> String {
        let say = |id: &str, args: &[(&str, Arg<'_>)]| texts::message(lang, id, args);
        let mut out = say(
            "report-quotient-title",
            &[
                ("game", Arg::Text(&self.description)),
                ("upto", Arg::Number(self.upto)),
            ],
        );
        out.push('\n');
        out.push_str(&say(
            "report-quotient-order",
            &[("order", Arg::Number(self.order as u64))],
        ));
        if self.upto > 0 {
            out.push_str(&say(
                "report-quotient-same",
                &[
                    ("from", Arg::Number(self.same_from)),
                    ("upto", Arg::Number(self.upto)),
                ],
            ));
        }
        out.push('\n');
        let proof = match &self.stable {
            Some(st) => Some(say(
                "report-quotient-stable",
                &[
                    ("period", Arg::Number(st.period)),
                    ("preperiod", Arg::Number(st.preperiod)),
                    ("needed", Arg::Number(st.needed)),
                ],
            )),
            None if !self.provable => Some(say("report-quotient-not-provable", &[])),
            None if self.upto > 0 => Some(say("report-quotient-not-confirmed", &[])),
            None => None,
        };
        if let Some(line) = proof {
            out.push_str(&line);
            out.push('\n');
        }
        out.push_str(&say(
            "report-quotient-presentation",
            &[("presentation", Arg::Text(&self.presentation))],
        ));
        out.push('\n');
        for g in &self.generators {
            let line = say(
                "report-quotient-generator",
                &[("name", Arg::Text(&g.name)), ("heap", Arg::Number(g.heap))],
            );
            out.push_str(&format!("  {line}\n"));
        }
        out.push_str(&say(
            "report-quotient-p-portion",
            &[("elements", Arg::Text(&self.p_portion.join(", ")))],
        ));
        out.push('\n');
        out.push_str(&say("report-quotient-pretending", &[]));
        out.push('\n');
        for (start, chunk) in self.pretending.chunks(10).enumerate() {
            out.push_str(&format!("  {:>4}: {}\n", start * 10, chunk.join(" ")));
        }
        let orders = self
            .orders
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        out.push_str(&say(
            "report-quotient-orders",
            &[
                ("upto", Arg::Number(self.upto)),
                ("orders", Arg::Text(&orders)),
            ],
        ));
        out.push('\n');
        if let Some(products) = self
            .products
            .as_ref()
            .filter(|_| self.order <= TEXT_TABLE_MAX)
        {
            let w = self
                .elements
                .iter()
                .map(|e| e.chars().count())
                .max()
                .unwrap_or(1);
            out.push_str(&say("report-quotient-table", &[]));
            out.push('\n');
            out.push_str(&format!("  {:>w$} |", ""));
            for e in &self.elements {
                out.push_str(&format!(" {e:>w$}"));
            }
            out.push('\n');
            for (x, row) in products.iter().enumerate() {
                out.push_str(&format!("  {:>w$} |", self.elements[x]));
                for &y in row {
                    out.push_str(&format!(" {:>w$}", self.elements[y as usize]));
                }
                out.push('\n');
            }
        }
        out.push_str(&say(
            "report-quotient-built",
            &[
                ("extended", Arg::Number(self.extended)),
                ("upto", Arg::Number(self.upto)),
                ("searched", Arg::Number(self.searched)),
            ],
        ));
        out.push('\n');
        out
    }
}

/// `--misere-quotient --heaps H…`: outcome and every winning move through the quotient of the
/// heaps up to the largest one.
///
/// # Errors
/// As [`compute`].
pub fn heaps(
    game: &HeapGame,
    heaps: &[u64],
    budget: &Budget,
) -> Result<PositionReport, ReportError> {
    let upto = heaps.iter().copied().max().unwrap_or(0);
    let q = compute(game, upto, budget)?;
    let element = q.element(heaps)?;
    let outcome = if q.is_p(element) {
        Outcome::P
    } else {
        Outcome::N
    };
    let moves = q.winning_moves(heaps)?;
    let mut r = crate::sequence::misere_position(game, heaps, outcome, &moves);
    let p_portion: Vec<String> = q
        .p_portion()
        .into_iter()
        .map(|e| q.normal_form(e).to_string())
        .collect();
    let quotient = QuotientElement {
        element: q.normal_form(element).to_string(),
        upto,
        order: q.order(),
        presentation: q.presentation().text(),
        p_portion,
    };
    r.notes.push(cgt_core::said::Line::say(
        cgt_core::said::Said::new("report-quotient-element")
            .text("element", quotient.element.as_str())
            .number("upto", upto)
            .number("order", quotient.order as u64)
            .text("presentation", quotient.presentation.as_str())
            .text("portion", quotient.p_portion.join(", ")),
    ));
    r.details.misere_quotient = Some(quotient);
    Ok(r)
}
