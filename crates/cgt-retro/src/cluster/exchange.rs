//! Rounds of all-to-all exchange between the workers, over a timely dataflow: each round every
//! worker hands in lists of words for other workers and gets back the lists addressed to it,
//! once every worker's lists of the round have arrived.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::time::{Duration, Instant};

use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::{Input, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use timely::worker::Worker;

/// One record: the worker it is for, and its words.
type Record = (u32, Vec<u8>);

/// The most bytes in one record (callers cut their lists to fit).
pub(crate) const RECORD_BYTES: usize = 1 << 25;

/// A worker's end of the exchange.
pub(crate) struct Exchanger {
    input: InputHandle<u64, CapacityContainerBuilder<Vec<Record>>>,
    probe: ProbeHandle<u64>,
    /// Records received, by round: a faster worker's next round may arrive before this
    /// round is complete.
    received: Rc<RefCell<BTreeMap<u64, Vec<Vec<u8>>>>>,
    round: u64,
    /// The workers of one process (records between them do not cross the network).
    workers: usize,
    /// Bytes of records sent to workers of other processes.
    pub(crate) bytes_out: u64,
    /// Time spent in rounds: sending, and waiting for the other workers' lists.
    pub(crate) waiting: Duration,
}

impl Exchanger {
    /// Builds the exchange's dataflow on `worker`, whose process runs `workers` workers.
    pub(crate) fn new(worker: &mut Worker, workers: usize) -> Exchanger {
        let received: Rc<RefCell<BTreeMap<u64, Vec<Vec<u8>>>>> = Rc::default();
        let sink = Rc::clone(&received);
        let mut input = InputHandle::<u64, CapacityContainerBuilder<Vec<Record>>>::new();
        let probe = worker.dataflow(|scope| {
            scope
                .input_from(&mut input)
                .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                    Exchange::new(|record: &Record| u64::from(record.0)),
                    "Collect",
                    move |_, _| {
                        move |input, _output| {
                            input.for_each(|time, records| {
                                sink.borrow_mut()
                                    .entry(time.least().copied().unwrap_or_default())
                                    .or_default()
                                    .extend(records.drain(..).map(|(_, words)| words));
                            });
                        }
                    },
                )
                .probe()
                .0
        });
        Exchanger {
            input,
            probe,
            received,
            round: 0,
            workers: workers.max(1),
            bytes_out: 0,
            waiting: Duration::ZERO,
        }
    }

    /// One round: each record `(w, bytes)` goes to worker `w`; returns the records that came
    /// for this worker, in no particular order.
    pub(crate) fn round(
        &mut self,
        worker: &mut Worker,
        records: impl IntoIterator<Item = (usize, Vec<u8>)>,
    ) -> Vec<Vec<u8>> {
        let started = Instant::now();
        let me = worker.index() / self.workers;
        for (to, bytes) in records {
            if bytes.is_empty() {
                continue;
            }
            debug_assert!(bytes.len() <= RECORD_BYTES);
            if to / self.workers != me {
                self.bytes_out += bytes.len() as u64;
            }
            let to = u32::try_from(to).expect("fewer than 2^32 workers");
            self.input.send((to, bytes));
        }
        let this = self.round;
        self.round += 1;
        self.input.advance_to(self.round);
        while self.probe.less_than(self.input.time()) {
            worker.step_or_park(Some(Duration::from_millis(50)));
        }
        self.waiting += started.elapsed();
        self.received.borrow_mut().remove(&this).unwrap_or_default()
    }

    /// Sums `values` over all workers (every worker gets the same sums).
    pub(crate) fn sum(&mut self, worker: &mut Worker, values: &[u64]) -> Vec<u64> {
        let peers = worker.peers();
        // Counted as traffic like any other list: a few words per worker and level.
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        let outbox = (0..peers).map(|w| (w, bytes.clone()));
        let mut sums = vec![0u64; values.len()];
        for list in self.round(worker, outbox) {
            for (s, v) in sums.iter_mut().zip(list.chunks_exact(8)) {
                *s += u64::from_le_bytes(v.try_into().expect("eight bytes"));
            }
        }
        sums
    }
}
