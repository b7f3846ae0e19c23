//! Which blocks of 64 indices a build holds, and where: the whole index space (one process),
//! or one worker's share of it (the distributed build).
//!
//! A share is made of runs of [`RUN_BLOCKS`] consecutive blocks dealt out to the workers in
//! turn, so that every worker gets a similar mix of the index space (legal positions are not
//! spread evenly: a chess index's leading digits are kings) while most of a position's
//! neighbours stay in its run. Local indices number a worker's blocks in increasing order.

#![cfg_attr(not(feature = "distributed"), allow(dead_code))]

/// Blocks of 64 indices per run dealt to one worker (2^16 indices).
pub(crate) const RUN_BLOCKS: usize = 1024;

/// Where the blocks of a build live. Indices and blocks are global unless named `local`.
pub(crate) trait Layout: Sync {
    /// The length of the local arrays of one entry per index.
    fn local_len(&self) -> usize;

    /// The local block of a held global block.
    fn local_block(&self, block: usize) -> usize;

    /// The global block of a local one.
    fn global_block(&self, local: usize) -> usize;

    /// The worker holding `block` when it is not this one (`None`: held here).
    fn remote(&self, block: usize) -> Option<usize>;

    /// Workers sharing the index space.
    fn peers(&self) -> usize;

    /// The local index of a held global index.
    #[inline]
    fn local(&self, index: usize) -> usize {
        self.local_block(index / 64) * 64 + index % 64
    }
}

/// The whole index space in one process: local and global coincide.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Whole {
    pub(crate) size: usize,
}

impl Layout for Whole {
    fn local_len(&self) -> usize {
        self.size
    }
    #[inline]
    fn local_block(&self, block: usize) -> usize {
        block
    }
    #[inline]
    fn global_block(&self, local: usize) -> usize {
        local
    }
    #[inline]
    fn remote(&self, _block: usize) -> Option<usize> {
        None
    }
    fn peers(&self) -> usize {
        1
    }
    #[inline]
    fn local(&self, index: usize) -> usize {
        index
    }
}

/// One worker's share: the runs `index, index + peers, index + 2 * peers, …`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Share {
    peers: usize,
    index: usize,
    run: usize,
    local_blocks: usize,
}

impl Share {
    /// The share of worker `index` of `peers` in an index space of `size`, dealt in runs of
    /// `run` blocks ([`RUN_BLOCKS`] but in tests).
    pub(crate) fn new(size: usize, peers: usize, index: usize, run: usize) -> Share {
        let blocks = size.div_ceil(64);
        let runs = blocks.div_ceil(run);
        // Runs index, index + peers, …: all whole but perhaps the last run of the space.
        let mut local_blocks = 0;
        let mut r = index;
        while r < runs {
            local_blocks += run.min(blocks - r * run);
            r += peers;
        }
        Share {
            peers,
            index,
            run,
            local_blocks,
        }
    }
}

impl Share {
    /// Local blocks held.
    #[cfg(test)]
    pub(crate) fn local_blocks(&self) -> usize {
        self.local_blocks
    }
}

impl Layout for Share {
    fn local_len(&self) -> usize {
        self.local_blocks * 64
    }
    #[inline]
    fn local_block(&self, block: usize) -> usize {
        (block / self.run / self.peers) * self.run + block % self.run
    }
    #[inline]
    fn global_block(&self, local: usize) -> usize {
        ((local / self.run) * self.peers + self.index) * self.run + local % self.run
    }
    #[inline]
    fn remote(&self, block: usize) -> Option<usize> {
        let owner = (block / self.run) % self.peers;
        (owner != self.index).then_some(owner)
    }
    fn peers(&self) -> usize {
        self.peers
    }
}

#[cfg(test)]
mod tests {
    use super::{Layout, RUN_BLOCKS, Share};

    #[test]
    fn shares_cover_every_block_once_in_increasing_order() {
        for (size, run) in [
            (1, RUN_BLOCKS),
            (64, RUN_BLOCKS),
            (65, RUN_BLOCKS),
            (RUN_BLOCKS * 64, RUN_BLOCKS),
            (RUN_BLOCKS * 64 * 7 + 100, RUN_BLOCKS),
            (5_000_000, RUN_BLOCKS),
            (1000, 1),
            (100_000, 3),
        ] {
            let blocks = size.div_ceil(64);
            for peers in 1..=4 {
                let mut seen = vec![0u8; blocks];
                for index in 0..peers {
                    let share = Share::new(size, peers, index, run);
                    let mut last = None;
                    for local in 0..share.local_blocks() {
                        let block = share.global_block(local);
                        assert!(block < blocks, "size {size} peers {peers} local {local}");
                        assert_eq!(share.local_block(block), local);
                        assert_eq!(share.remote(block), None);
                        assert!(last < Some(block));
                        last = Some(block);
                        seen[block] += 1;
                    }
                }
                assert!(seen.iter().all(|&n| n == 1), "size {size} peers {peers}");
                // Every block is remote for all workers but its owner.
                for block in (0..blocks).step_by(97) {
                    let owners = (0..peers)
                        .filter(|&i| Share::new(size, peers, i, run).remote(block).is_none())
                        .count();
                    assert_eq!(owners, 1);
                }
            }
        }
    }
}
