//! The retrograde-analysis commands.

use cgt_core::Verdict;
use cgt_retro::engine::{self, RetroGame, Successor};
use cgt_retro::graph::GameGraph;
use serde_json::json;

use crate::cli::RetroCommand;
use crate::output::{CliError, emit, memory_limit, read_input};

pub(crate) fn run(json: bool, cmd: RetroCommand) -> Result<(), CliError> {
    match cmd {
        RetroCommand::Graph { file } => graph(json, &file),
    }
}

fn words(v: Verdict) -> String {
    match v {
        Verdict::Win(d) => format!("win in {d} plies"),
        Verdict::Loss(0) => "lost (no move)".to_owned(),
        Verdict::Loss(d) => format!("loss in {d} plies"),
        Verdict::Draw => "draw".to_owned(),
    }
}

/// The best move by the table: to the child whose verdict, seen from the mover, is best.
fn best_move(g: &GameGraph, table: &engine::Table, v: usize) -> Option<usize> {
    let mut succ = Vec::new();
    g.successors(v, &mut succ);
    succ.iter()
        .filter_map(|s| match *s {
            Successor::Inside(w) => table.verdict(w).map(|x| (x.parent(), w)),
            Successor::OutsideDraw => None,
        })
        .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)))
        .map(|(_, w)| w)
}

fn graph(json: bool, file: &str) -> Result<(), CliError> {
    let text = read_input(file)?;
    let g = GameGraph::parse(&text).map_err(|e| CliError::input(format!("{file}: {e}")))?;
    let table = engine::solve(&g, memory_limit()).map_err(|e| CliError::input(e.to_string()))?;
    let mut out = String::from("vertex\tresult\tbest move\n");
    let mut rows = Vec::new();
    for v in 0..g.size() {
        let verdict = table.verdict(v).unwrap_or(Verdict::Draw);
        let best = best_move(&g, &table, v);
        out.push_str(&format!(
            "{}\t{}\t{}\n",
            g.name(v),
            words(verdict),
            best.map_or("-", |w| g.name(w))
        ));
        rows.push(json!({
            "vertex": g.name(v),
            "result": verdict.wdl().to_string(),
            "plies": verdict.plies(),
            "shen": engine::shen_number(verdict),
            "best_move": best.map(|w| g.name(w)),
        }));
    }
    emit(json, &json!({ "vertices": rows }), &out)
}
