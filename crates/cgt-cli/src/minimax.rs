//! The game-tree commands.

use cgt_minimax::eval::{fail_soft, reduced_value, value_iterative, value_recursive};
use cgt_minimax::robot::TreeRobot;
use cgt_minimax::tree::Tree;
use serde_json::json;

use crate::output::{CliError, emit};

pub(crate) fn tree(
    json: bool,
    text: &str,
    window: Option<&[i64]>,
    stats: bool,
) -> Result<(), CliError> {
    let t = Tree::parse(text).map_err(|e| CliError::input(format!("invalid tree: {e}")))?;
    let (a, b) = match window {
        Some(&[a, b]) if a <= b => (a, b),
        Some(&[a, b]) => {
            return Err(CliError::input(format!("empty window: {a} > {b}")));
        }
        _ => (i64::MIN, i64::MAX),
    };
    let mut full = TreeRobot::new(&t);
    let value = value_recursive(&mut full);
    let mut stack = TreeRobot::new(&t);
    let stack_value = value_iterative(&mut stack);
    let mut ab = TreeRobot::new(&t);
    let reduced = reduced_value(&mut ab, a, b).unwrap_or(value);
    let mut soft = TreeRobot::new(&t);
    let soft_value = fail_soft(&mut soft, a, b).unwrap_or(value);
    debug_assert_eq!(value, stack_value);
    let mut out = format!("value {value}\n");
    if window.is_some() {
        out.push_str(&format!(
            "reduced to [{a}, {b}]: {reduced} (alpha-beta, fail-hard); fail-soft result {soft_value}\n"
        ));
    }
    if stats {
        out.push_str(&format!(
            "leaves: {} in the tree; read by full traversal {}, by alpha-beta {}, by fail-soft {}\n",
            t.leaves(),
            full.reads(),
            ab.reads(),
            soft.reads()
        ));
    }
    let doc = json!({
        "tree": t.to_string(),
        "value": value,
        "window": window.map(|_| [a, b]),
        "reduced": window.map(|_| reduced),
        "fail_soft": window.map(|_| soft_value),
        "leaves": t.leaves(),
        "reads": { "full": full.reads(), "alpha_beta": ab.reads(), "fail_soft": soft.reads() },
    });
    emit(json, &doc, &out)
}
