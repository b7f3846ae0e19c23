//! Best moves and principal variations, from a table in memory or a file.

use super::*;

/// Where verdicts come from: a table in memory, or a file read in place.
pub(super) trait Lookup {
    fn lookup(&self, index: usize) -> Result<Option<Verdict>, TableFileError>;
}

impl Lookup for Table {
    fn lookup(&self, index: usize) -> Result<Option<Verdict>, TableFileError> {
        Ok(self.verdict(index))
    }
}

/// The best move by a table (see [`EndgameTable::best_move`]).
pub(super) fn best_move(
    endgame: &Endgame,
    table: &impl Lookup,
    pos: &Position,
) -> Result<Option<(Move, Verdict)>, TableFileError> {
    let mut best: Option<(Move, Verdict)> = None;
    for m in endgame.moves(pos) {
        let child = if m.capture {
            endgame.capture_verdict(pos, m)
        } else {
            table
                .lookup(endgame.index_of(&endgame.play_unchecked(pos, m)))?
                .unwrap_or(Verdict::Draw)
        };
        let candidate = (m, child.parent());
        // The best verdict; among equals, the first move in (from, to) order.
        let better = best.is_none_or(|b| {
            candidate
                .1
                .cmp(&b.1)
                .then((b.0.from, b.0.to).cmp(&(m.from, m.to)))
                .is_ge()
        });
        if better {
            best = Some(candidate);
        }
    }
    Ok(best)
}

/// The principal variation (see [`EndgameTable::principal_variation`]).
pub(super) fn principal_variation(
    endgame: &Endgame,
    table: &impl Lookup,
    pos: &Position,
    limit: usize,
) -> Result<Vec<San>, TableFileError> {
    let mut line = Vec::new();
    let mut current = *pos;
    while line.len() < limit {
        let Some((m, v)) = best_move(endgame, table, &current)? else {
            break;
        };
        line.push(endgame.san_move(&current, m));
        if m.capture {
            if let Some((smaller, smaller_table, after, flipped)) =
                endgame.after_capture(&current, m)
            {
                let rest = principal_variation(smaller, smaller_table, &after, limit - line.len())?;
                line.extend(
                    rest.into_iter()
                        .map(|san| if flipped { san.flipped() } else { san }),
                );
            }
            break;
        }
        if v == Verdict::Draw {
            break;
        }
        current = endgame.play_unchecked(&current, m);
    }
    Ok(line)
}
