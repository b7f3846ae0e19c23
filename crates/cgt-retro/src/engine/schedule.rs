//! The exits' schedule: the positions whose moves out of the table act at a given level,
//! filed by level.
//!
//! Two-sided chess endgames schedule tens of millions of positions (KQRKR: 49 million, one
//! in seven of its indices), so the lists are compact — 4 bytes per position while the
//! indices fit in 32 bits — and are filled without copying: each part of the classification
//! files its own positions, and the parts are joined level by level, in index order, each
//! part's list freed as soon as it is copied.

use rayon::prelude::*;

/// Indices, 4 bytes each when they fit in 32 bits.
#[derive(Debug)]
pub(crate) enum Positions {
    Narrow(Vec<u32>),
    Wide(Vec<usize>),
}

impl Positions {
    fn new(wide: bool) -> Self {
        if wide {
            Positions::Wide(Vec::new())
        } else {
            Positions::Narrow(Vec::new())
        }
    }

    fn with_capacity(wide: bool, capacity: usize) -> Self {
        if wide {
            Positions::Wide(Vec::with_capacity(capacity))
        } else {
            Positions::Narrow(Vec::with_capacity(capacity))
        }
    }

    fn push(&mut self, index: usize) {
        match self {
            Positions::Narrow(v) => {
                v.push(u32::try_from(index).expect("a narrow list holds 32-bit indices"));
            }
            Positions::Wide(v) => v.push(index),
        }
    }

    pub(crate) fn len(&self) -> usize {
        match self {
            Positions::Narrow(v) => v.len(),
            Positions::Wide(v) => v.len(),
        }
    }

    /// Moves the positions of `other` (of the same width) to the end of `self`.
    fn append(&mut self, other: &mut Positions) {
        match (self, other) {
            (Positions::Narrow(a), Positions::Narrow(b)) => a.append(b),
            (Positions::Wide(a), Positions::Wide(b)) => a.append(b),
            _ => unreachable!("the lists of one schedule have one width"),
        }
    }

    /// Calls `f` on every position, in parallel over chunks of 1024, each chunk with a state
    /// made by `init`.
    pub(crate) fn par_for_each_init<T>(
        &self,
        init: impl Fn() -> T + Sync + Send,
        f: impl Fn(&mut T, usize) + Sync + Send,
    ) {
        match self {
            Positions::Narrow(v) => v.par_chunks(1024).for_each_init(&init, |state, chunk| {
                for &p in chunk {
                    f(state, p as usize);
                }
            }),
            Positions::Wide(v) => v.par_chunks(1024).for_each_init(&init, |state, chunk| {
                for &p in chunk {
                    f(state, p);
                }
            }),
        }
    }
}

/// Positions filed by level, for the wins by an exit and for the exits that count down.
#[derive(Debug)]
pub(crate) struct Schedule {
    wide: bool,
    /// `wins[k]`: the positions that win by an exit at level k.
    wins: Vec<Positions>,
    /// `checks[k]`: the positions whose slowest exit to an opponent win counts down at k.
    checks: Vec<Positions>,
}

impl Schedule {
    /// An empty schedule for indices below `size`.
    pub(crate) fn new(size: usize) -> Self {
        Schedule {
            wide: u32::try_from(size).is_err(),
            wins: Vec::new(),
            checks: Vec::new(),
        }
    }

    /// Files `index` at `level`, as a win or as a count-down.
    pub(crate) fn push(&mut self, index: usize, level: u32, win: bool) {
        let wide = self.wide;
        let lists = if win {
            &mut self.wins
        } else {
            &mut self.checks
        };
        let level = level as usize;
        if lists.len() <= level {
            lists.resize_with(level + 1, || Positions::new(wide));
        }
        lists[level].push(index);
    }

    /// The parts joined, each level in the parts' order.
    pub(crate) fn join(mut parts: Vec<Schedule>, size: usize) -> Self {
        let mut joined = Schedule::new(size);
        let wide = joined.wide;
        for wins in [true, false] {
            fn lists(s: &mut Schedule, wins: bool) -> &mut Vec<Positions> {
                if wins { &mut s.wins } else { &mut s.checks }
            }
            let levels = parts
                .iter_mut()
                .map(|p| lists(p, wins).len())
                .max()
                .unwrap_or(0);
            let out = lists(&mut joined, wins);
            for level in 0..levels {
                let total = parts
                    .iter_mut()
                    .map(|p| lists(p, wins).get(level).map_or(0, Positions::len))
                    .sum();
                let mut list = Positions::with_capacity(wide, total);
                for part in &mut parts {
                    if let Some(l) = lists(part, wins).get_mut(level) {
                        list.append(l);
                        // Freed now rather than with the part.
                        *l = Positions::new(wide);
                    }
                }
                out.push(list);
            }
        }
        joined
    }

    /// The positions that win by an exit at `level`, taken out of the schedule.
    pub(crate) fn take_wins(&mut self, level: u32) -> Option<Positions> {
        let wide = self.wide;
        self.wins
            .get_mut(level as usize)
            .map(|l| core::mem::replace(l, Positions::new(wide)))
    }

    /// The positions whose exits count down at `level`, taken out of the schedule.
    pub(crate) fn take_checks(&mut self, level: u32) -> Option<Positions> {
        let wide = self.wide;
        self.checks
            .get_mut(level as usize)
            .map(|l| core::mem::replace(l, Positions::new(wide)))
    }

    /// Whether wins lie beyond level `d + 1` or count-downs beyond `d`.
    pub(crate) fn pending(&self, d: u32) -> bool {
        self.wins.len() > d as usize + 1 || self.checks.len() > d as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(p: &Positions) -> Vec<usize> {
        match p {
            Positions::Narrow(v) => v.iter().map(|&x| x as usize).collect(),
            Positions::Wide(v) => v.clone(),
        }
    }

    #[test]
    fn joined_parts_keep_their_order_per_level() {
        for size in [100, 1 << 40] {
            let mut a = Schedule::new(size);
            let mut b = Schedule::new(size);
            a.push(5, 2, true);
            a.push(7, 0, false);
            b.push(9, 2, true);
            b.push(11, 3, true);
            b.push(13, 0, false);
            a.push(6, 2, true);
            let mut s = Schedule::join(vec![a, b], size);
            assert!(s.pending(1));
            assert_eq!(listed(&s.take_wins(2).unwrap()), [5, 6, 9]);
            assert_eq!(listed(&s.take_wins(3).unwrap()), [11]);
            assert_eq!(listed(&s.take_wins(0).unwrap()), Vec::<usize>::new());
            assert!(s.take_wins(4).is_none());
            assert_eq!(listed(&s.take_checks(0).unwrap()), [7, 13]);
            assert!(s.pending(2), "level 3's wins are beyond 2 + 1");
            assert!(!s.pending(3));
        }
    }

    #[test]
    fn wide_lists_hold_large_indices() {
        let size = 1usize << 40;
        let mut s = Schedule::new(size);
        s.push(size - 1, 1, false);
        let s = Schedule::join(vec![s], size);
        let mut s = s;
        let list = s.take_checks(1).unwrap();
        assert_eq!(listed(&list), [size - 1]);
        let seen = std::sync::Mutex::new(Vec::new());
        list.par_for_each_init(|| (), |(), p| seen.lock().unwrap().push(p));
        assert_eq!(seen.into_inner().unwrap(), [size - 1]);
    }
}
