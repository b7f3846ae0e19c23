//! The reference the kernel is held to: the index-level rules compared, index by index and
//! block by block, with the Position-based rules (terminal results, moves, captures, un-moves,
//! the block classification), for unit tests and the sweep `retro/kernel-vs-positions`.

use crate::chess::Endgame;
use crate::chess::geometry::squares;
use crate::engine::{MoveSummary, Successor, Terminal};

impl Endgame {
    /// Compares the block classification as masks, where the kernel gives it, with the
    /// block's results `block` and counts `counts` (checked against the index-level rules by
    /// the caller).
    fn masks_disagreement(
        &self,
        index: usize,
        block: &[Option<Terminal>],
        counts: &[u16],
    ) -> Option<String> {
        if block.len() < 64 {
            return None;
        }
        let mut given = [0u16; 64];
        let m = self.kernel().terminal_masks(index, &mut given)?;
        for (k, &t) in block.iter().enumerate() {
            let bit = |mask: u64| mask >> k & 1 != 0;
            // Overlapping masks, or results outside the legal ones, are an error.
            let got = match (bit(m.legal), bit(m.undecided), bit(m.wins), bit(m.losses)) {
                (false, false, false, false) => Ok(None),
                (true, true, false, false) => Ok(Some(Terminal::No)),
                (true, false, true, false) => Ok(Some(Terminal::Win)),
                (true, false, false, true) => Ok(Some(Terminal::Loss)),
                (true, false, false, false) => Ok(Some(Terminal::Draw)),
                _ => Err(()),
            };
            if got != Ok(t) {
                return Some(format!(
                    "{} index {}: classified {t:?} in a block, masks {m:?}",
                    self.name(),
                    index + k
                ));
            }
            if given[k] != counts[k] {
                return Some(format!(
                    "{} index {}: the block counted {} moves, the masks {}",
                    self.name(),
                    index + k,
                    counts[k],
                    given[k]
                ));
            }
        }
        None
    }

    /// Compares the index-level rules with the Position-based ones at `index`: the same
    /// classification, and the same successors and predecessors as multisets. `None` when
    /// they agree (or the endgame has a black piece, where only the latter exist).
    #[must_use]
    pub(crate) fn kernel_disagreement(&self, index: usize) -> Option<String> {
        if index.is_multiple_of(64) {
            if let Some(e) = self.block_disagreement(index / 64) {
                return Some(e);
            }
            let mut block = [None; 64];
            let mut counts = [0u16; 64];
            let mut exits = !0u64;
            let mut levels = [None; 64];
            let len = (self.index_count() - index).min(64);
            self.kernel().terminal_block(
                index,
                &mut block[..len],
                &mut counts[..len],
                &mut exits,
                &mut levels[..len],
            );
            // A position left out of the exits has no move leaving the table.
            for (k, &t) in block[..len].iter().enumerate() {
                if exits >> k & 1 == 0 && t == Some(Terminal::No) {
                    let mut moves = Vec::new();
                    self.kernel().successors(index + k, &mut moves);
                    if moves.iter().any(|m| !matches!(m, Successor::Inside(_))) {
                        return Some(format!(
                            "{} index {}: a move leaves the table, but the block said none",
                            self.name(),
                            index + k
                        ));
                    }
                }
            }
            for (k, &t) in block[..len].iter().enumerate() {
                let one = self.kernel().terminal(index + k);
                if t != one {
                    return Some(format!(
                        "{} index {}: classified {t:?} in a block, {one:?} alone",
                        self.name(),
                        index + k
                    ));
                }
                // Levels given by the block are the kernel's (checked below against the
                // listed moves), and only for undecided positions that may leave the table.
                if let Some(given) = levels[k]
                    && exits >> k & 1 != 0
                {
                    let kernel = self.kernel().exit_levels(index + k);
                    if one != Some(Terminal::No) || kernel != Some(given) {
                        return Some(format!(
                            "{} index {}: the block gave exit levels {given:?}, the kernel {kernel:?}",
                            self.name(),
                            index + k
                        ));
                    }
                }
                // A count given by the block is the summary's (checked below against the
                // listed moves), and only for undecided positions.
                let count = counts[k];
                if count != 0
                    && (one != Some(Terminal::No)
                        || count != self.kernel().move_summary(index + k).count)
                {
                    return Some(format!(
                        "{} index {}: the block counted {count} moves, the summary {:?}",
                        self.name(),
                        index + k,
                        self.kernel().move_summary(index + k)
                    ));
                }
            }
            if let Some(e) = self.masks_disagreement(index, &block[..len], &counts[..len]) {
                return Some(e);
            }
        }
        let terminal = self.kernel().terminal(index);
        let reference = self.position_terminal(index);
        if terminal != reference {
            return Some(format!(
                "{} index {index}: classified {terminal:?}, the rules say {reference:?}",
                self.name()
            ));
        }
        // Illegal indices have no moves to compare.
        terminal?;
        let key = |s: &Successor| match *s {
            Successor::Inside(j) => (0, j),
            Successor::OutsideDraw => (1, 0),
            Successor::Outside(cgt_core::Verdict::Draw) => (2, 0),
            Successor::Outside(cgt_core::Verdict::Win(d)) => (3, d as usize),
            Successor::Outside(cgt_core::Verdict::Loss(d)) => (4, d as usize),
        };
        let (mut a, mut b) = (Vec::new(), Vec::new());
        self.kernel().successors(index, &mut a);
        self.position_successors(index, &mut b);
        a.sort_unstable_by_key(key);
        b.sort_unstable_by_key(key);
        if a != b {
            return Some(format!(
                "{} {}: moves reach {a:?}, the rules say {b:?}",
                self.name(),
                self.decode_index(index).fen()
            ));
        }
        let (mut p, mut q) = (Vec::new(), Vec::new());
        for legal in [false, true] {
            p.clear();
            let distinct = self.kernel().predecessors(index, &mut p, legal);
            let mut sorted = p.clone();
            sorted.sort_unstable();
            sorted.dedup();
            if distinct && sorted.len() != p.len() {
                return Some(format!(
                    "{} {}: un-moves reach {p:?}, said to be distinct",
                    self.name(),
                    self.decode_index(index).fen()
                ));
            }
            if !legal {
                q = sorted;
            }
        }
        // Without the legality tests, the un-moves add only illegal positions.
        let mut strict = p.clone();
        strict.sort_unstable();
        strict.dedup();
        if let Some(&extra) = q
            .iter()
            .find(|&&i| strict.binary_search(&i).is_err() && self.kernel().terminal(i).is_some())
        {
            return Some(format!(
                "{} {}: the un-moves without legality tests reach legal index {extra}, \
                 which the tested ones do not",
                self.name(),
                self.decode_index(index).fen()
            ));
        }
        if let Some(&lost) = strict.iter().find(|&&i| q.binary_search(&i).is_err()) {
            return Some(format!(
                "{} {}: the un-moves without legality tests miss index {lost}",
                self.name(),
                self.decode_index(index).fen()
            ));
        }
        q.clear();
        self.position_predecessors(index, &mut q);
        p.sort_unstable();
        q.sort_unstable();
        if p != q {
            return Some(format!(
                "{} {}: un-moves reach {p:?}, the rules say {q:?}",
                self.name(),
                self.decode_index(index).fen()
            ));
        }
        // A position ruled out of exits has no move leaving the table.
        if !self.kernel().may_capture(index) && a.iter().any(|m| !matches!(m, Successor::Inside(_)))
        {
            return Some(format!(
                "{} {}: a move leaves the table, but may_exit said none",
                self.name(),
                self.decode_index(index).fen()
            ));
        }
        // The summary of the moves without listing them equals the listed moves' summary,
        // and the exits' levels from the captures alone equal its levels.
        let fast = self.kernel().move_summary(index);
        let listed = MoveSummary::of(&b, &mut Vec::new());
        if let Some(levels) = self.kernel().exit_levels(index)
            && levels != (listed.win_at, listed.check_at)
        {
            return Some(format!(
                "{} {}: exits at {levels:?} from the captures, the rules say {listed:?}",
                self.name(),
                self.decode_index(index).fen()
            ));
        }
        (fast != listed).then(|| {
            format!(
                "{} {}: moves summarised as {fast:?}, the rules say {listed:?}",
                self.name(),
                self.decode_index(index).fen()
            )
        })
    }
}

impl Endgame {
    /// Compares the block un-moves of `block` with the un-moves of its positions, on the
    /// mask of all its legal positions and on every other one of them. Without `distinct`,
    /// the blocks must cover every predecessor and add only illegal positions; with it, each
    /// legal position must appear once per position of the mask it reaches.
    fn block_disagreement(&self, block: usize) -> Option<String> {
        use std::collections::BTreeMap;
        let legal: u64 = (0..64)
            .filter(|&b| self.kernel().terminal(block * 64 + b).is_some())
            .fold(0, |m, b| m | 1u64 << b);
        let every_other = squares(legal).step_by(2).fold(0, |m, b| m | 1u64 << b);
        for mask in [legal, every_other] {
            if mask == 0 {
                continue;
            }
            // Each predecessor with the number of positions of the mask it reaches.
            let mut expected: BTreeMap<usize, u32> = BTreeMap::new();
            let mut preds = Vec::new();
            for b in squares(mask) {
                preds.clear();
                self.kernel()
                    .predecessors(block * 64 + usize::from(b), &mut preds, true);
                preds.sort_unstable();
                preds.dedup();
                for &q in &preds {
                    *expected.entry(q).or_default() += 1;
                }
            }
            for distinct in [false, true] {
                let mut pairs = Vec::new();
                if !self
                    .kernel()
                    .block_predecessors(block, mask, distinct, &mut pairs)
                {
                    continue;
                }
                let mut found: BTreeMap<usize, u32> = BTreeMap::new();
                for &(b, m) in &pairs {
                    for q in squares(m) {
                        *found.entry(b * 64 + usize::from(q)).or_default() += 1;
                    }
                }
                let name = self.name();
                if let Some(q) = expected.keys().find(|q| !found.contains_key(q)) {
                    return Some(format!(
                        "{name} block {block} mask {mask:#x} (distinct {distinct}): \
                         predecessor {q} missing"
                    ));
                }
                for (&q, &n) in &found {
                    let want = expected.get(&q).copied();
                    let legal_q = self.kernel().terminal(q).is_some();
                    let bad = match want {
                        None => legal_q,
                        Some(w) => distinct && n != w,
                    };
                    if bad {
                        return Some(format!(
                            "{name} block {block} mask {mask:#x} (distinct {distinct}): \
                             index {q} found {n} times, expected {want:?}"
                        ));
                    }
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::chess::{Endgame, NAMES, Scheme};

    #[test]
    fn kernel_matches_the_position_rules() {
        for name in NAMES.iter().chain(&["krkn", "kbkq", "knkb"]) {
            for scheme in [Scheme::Reduced, Scheme::Raw] {
                let endgame = Endgame::parse(name, scheme, None).unwrap();
                let step = (endgame.index_count() / 8_000).max(1) | 1;
                for index in (0..endgame.index_count()).step_by(step) {
                    assert_eq!(endgame.kernel_disagreement(index), None);
                }
                // Block starts, where the block classification is compared too.
                let blocks = (endgame.index_count() / 64 / 60).max(1) * 64 + 64;
                for index in (0..endgame.index_count()).step_by(blocks) {
                    assert_eq!(endgame.kernel_disagreement(index), None);
                }
            }
        }
        // Material beyond the first kernel's shapes: captures by the lone king that win, two
        // black pieces, identical pieces on either side and three white pieces, at four and
        // five men.
        for name in [
            "kqrk", "krrk", "kqqk", "kbnkn", "kqrkr", "krrkr", "kqkrr", "knnkn", "kqrrk", "krrrk",
            "kbbkn", "kqknn",
        ] {
            for scheme in [Scheme::Reduced, Scheme::Raw] {
                let endgame = Endgame::parse(name, scheme, None).unwrap();
                let samples = if endgame.men() == 5 { 1_000 } else { 4_000 };
                let step = (endgame.index_count() / samples).max(1) | 1;
                for index in (0..endgame.index_count()).step_by(step) {
                    assert_eq!(endgame.kernel_disagreement(index), None);
                }
                let blocks = (endgame.index_count() / 64 / 30).max(1) * 64 + 64;
                for index in (0..endgame.index_count()).step_by(blocks) {
                    assert_eq!(endgame.kernel_disagreement(index), None);
                }
            }
        }
        let fixed = Endgame::parse("kqk-fixed", Scheme::Raw, crate::chess::Square::new(0)).unwrap();
        for index in 0..fixed.index_count() {
            assert_eq!(fixed.kernel_disagreement(index), None);
        }
    }
}
