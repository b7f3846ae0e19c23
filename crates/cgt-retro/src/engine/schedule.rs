//! The exits' schedule: the positions whose moves out of the table act at a given level,
//! filed by level.
//!
//! Two-sided chess endgames schedule tens of millions of positions (KQRKR: 49 million, one
//! in seven of its indices), so the lists are compact — 4 bytes per position while the
//! indices fit in 32 bits — and are never copied: each part of the classification files its
//! own positions, and a level's positions are read from every part's list for that level.

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
}

/// One part's lists by level: the positions that win by an exit at each level, and those
/// whose exits to opponent wins count down at each level.
#[derive(Debug, Default)]
struct Lists {
    wins: Vec<Positions>,
    checks: Vec<Positions>,
}

impl Lists {
    fn of(&mut self, win: bool) -> &mut Vec<Positions> {
        if win {
            &mut self.wins
        } else {
            &mut self.checks
        }
    }
}

/// The positions of one level, taken from every part.
#[derive(Debug)]
pub(crate) struct Taken(Vec<Positions>);

/// A piece of a level's positions, for the threads.
pub(crate) enum Chunk<'a> {
    Narrow(&'a [u32]),
    Wide(&'a [usize]),
}

impl Chunk<'_> {
    /// Calls `f` on each position of the piece.
    pub(crate) fn for_each(&self, mut f: impl FnMut(usize)) {
        match self {
            Chunk::Narrow(c) => c.iter().for_each(|&p| f(p as usize)),
            Chunk::Wide(c) => c.iter().for_each(|&p| f(p)),
        }
    }
}

impl Taken {
    /// The positions in pieces of at most a thousand or so, for the threads to share.
    pub(crate) fn chunks(&self) -> Vec<Chunk<'_>> {
        const CHUNK: usize = 1024;
        self.0
            .iter()
            .flat_map(|list| -> Box<dyn Iterator<Item = Chunk> + '_> {
                match list {
                    Positions::Narrow(v) => Box::new(v.chunks(CHUNK).map(Chunk::Narrow)),
                    Positions::Wide(v) => Box::new(v.chunks(CHUNK).map(Chunk::Wide)),
                }
            })
            .collect()
    }
}

/// The exits by level, as the parts of the classification filed them.
#[derive(Debug)]
pub(crate) struct Schedule {
    /// Whether indices need more than 32 bits.
    wide: bool,
    parts: Vec<Lists>,
}

impl Schedule {
    /// An empty schedule for a table of `size` indices.
    pub(crate) fn new(size: usize) -> Self {
        Schedule {
            wide: u32::try_from(size).is_err(),
            parts: vec![Lists::default()],
        }
    }

    /// Files position `index` at `level`: a win there, or a count-down (`win` false).
    pub(crate) fn push(&mut self, index: usize, level: u32, win: bool) {
        let wide = self.wide;
        if self.parts.is_empty() {
            self.parts.push(Lists::default());
        }
        let last = self.parts.len() - 1;
        let lists = self.parts[last].of(win);
        let level = level as usize;
        if lists.len() <= level {
            lists.resize_with(level + 1, || Positions::new(wide));
        }
        lists[level].push(index);
    }

    /// The schedules of the parts of the classification, as one: nothing is copied.
    pub(crate) fn join(parts: Vec<Schedule>, size: usize) -> Self {
        let mut joined = Schedule::new(size);
        joined.parts = parts
            .into_iter()
            .flat_map(|s| s.parts)
            .filter(|l| !l.wins.is_empty() || !l.checks.is_empty())
            .collect();
        joined
    }

    fn take(&mut self, level: u32, win: bool) -> Option<Taken> {
        let wide = self.wide;
        let level = level as usize;
        let mut found = false;
        let lists = self
            .parts
            .iter_mut()
            .filter_map(|part| {
                let list = part.of(win).get_mut(level)?;
                found = true;
                Some(core::mem::replace(list, Positions::new(wide)))
            })
            .filter(|l| l.len() > 0)
            .collect();
        found.then_some(Taken(lists))
    }

    /// The positions that win by an exit at `level`, taken out of the schedule (`None` when
    /// no list reaches that level).
    pub(crate) fn take_wins(&mut self, level: u32) -> Option<Taken> {
        self.take(level, true)
    }

    /// The positions whose exits to opponent wins count down at `level`, taken out.
    pub(crate) fn take_checks(&mut self, level: u32) -> Option<Taken> {
        self.take(level, false)
    }

    /// Whether exits are still scheduled beyond level `d` (wins after `d + 1`, count-downs
    /// after `d`).
    pub(crate) fn pending(&self, d: u32) -> bool {
        self.parts
            .iter()
            .any(|p| p.wins.len() > d as usize + 1 || p.checks.len() > d as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(t: &Taken) -> Vec<usize> {
        t.0.iter()
            .flat_map(|p| match p {
                Positions::Narrow(v) => v.iter().map(|&x| x as usize).collect::<Vec<_>>(),
                Positions::Wide(v) => v.clone(),
            })
            .collect()
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
        let mut seen = Vec::new();
        for chunk in list.chunks() {
            chunk.for_each(|p| seen.push(p));
        }
        assert_eq!(seen, [size - 1]);
    }
}
