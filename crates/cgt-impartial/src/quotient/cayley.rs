//! A finite commutative monoid given by how each heap moves its elements: element × heap →
//! element, with the P-portion. The learner's hypotheses and the finished quotient both take
//! this form; the identity is element 0.

/// Elements `0 … len−1` (0 the identity) and the action of heaps `0 … upto` on them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Cayley {
    width: usize,
    next: Vec<u32>,
    p: Vec<bool>,
}

impl Cayley {
    /// From `next[q * (upto + 1) + h]` and the P-portion.
    pub(super) fn new(upto: u64, next: Vec<u32>, p: Vec<bool>) -> Cayley {
        let width = upto as usize + 1;
        debug_assert_eq!(next.len(), width * p.len());
        Cayley { width, next, p }
    }

    /// The number of elements.
    pub(super) fn len(&self) -> usize {
        self.p.len()
    }

    /// The largest heap acting.
    pub(super) fn upto(&self) -> u64 {
        self.width as u64 - 1
    }

    /// The element `q` becomes with a heap of `h` added.
    pub(super) fn step(&self, q: u32, h: u64) -> u32 {
        self.next[q as usize * self.width + h as usize]
    }

    /// The element `q` becomes with every heap of `heaps` added.
    pub(super) fn run(&self, q: u32, heaps: &[u64]) -> u32 {
        heaps.iter().fold(q, |q, &h| self.step(q, h))
    }

    /// The element of a sum of heaps, or `None` when a heap is larger than [`Cayley::upto`].
    pub(super) fn image(&self, heaps: &[u64]) -> Option<u32> {
        if heaps.iter().any(|&h| h > self.upto()) {
            return None;
        }
        Some(self.run(0, heaps))
    }

    /// Whether sums with element `q` are misère P-positions.
    pub(super) fn is_p(&self, q: u32) -> bool {
        self.p[q as usize]
    }
}
