//! How a table's entries are laid out in a file's payload, and the payload made a segment at a
//! time.
//!
//! Two layouts:
//! - **compact** (format 5, written whenever the table allows it): the legal bits, 8 to a
//!   byte, then one byte per entry: 0 for an illegal, drawn or undecided position, `d + 1` for
//!   one decided at distance `d ≤ 254`. In a chess table a win is always at an odd distance
//!   and a loss at an even one (a mated side has lost at 0, a move to a loss at `d` wins at
//!   `d + 1`, a loss at `d + 1` follows wins at `d`), so the parity tells which. 1.125 bytes
//!   per entry.
//! - **full** (formats 3 and 4, written when a distance exceeds 254 or breaks that parity):
//!   the legal, won and lost bits, then each entry's distance as a little-endian `u16`. 2.375
//!   bytes per entry.
//!
//! A payload is cut into segments whose bytes are made independently (a piece of a bit vector,
//! or the codes or distances of a run of entries), so that several threads can checksum and
//! write a five-man payload at once without ever holding it whole.

use std::fs::File;
use std::os::unix::fs::FileExt;

use bitvec::vec::BitVec;
use cgt_core::Verdict;
use cgt_core::container::{Crc32, DIRECT_ALIGN};
use rayon::prelude::*;

use crate::engine::{Distances, Table, words_to_bits};

/// The largest distance the compact layout stores.
const COMPACT_MAX: u16 = 254;

/// Each byte value's bits spread to whole bytes: bit `i` set gives byte `i` = `0xff`.
const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut v = 0;
    while v < 256 {
        let mut i = 0;
        while i < 8 {
            if v >> i & 1 != 0 {
                table[v] |= 0xff << (8 * i);
            }
            i += 1;
        }
        v += 1;
    }
    table
};

/// Entries per segment of codes or distances; bytes per segment of a bit vector.
const SEGMENT: usize = 1 << 20;

/// A payload layout (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableLayout {
    /// Legal bits and one byte per entry (format 5).
    Compact,
    /// Legal, won and lost bits and two bytes per entry (formats 3 and 4).
    Full,
}

impl TableLayout {
    /// The compact layout when every decided distance of `table` fits it, else the full one.
    pub(super) fn for_table(table: &Table) -> TableLayout {
        let (_, won, lost, distance) = table.parts();
        let (won, lost) = (won.as_raw_slice(), lost.as_raw_slice());
        let fits = match distance {
            Distances::Narrow(d) => compact_fits(won, lost, d),
            Distances::Wide(d) => compact_fits(won, lost, d),
        };
        if fits {
            TableLayout::Compact
        } else {
            TableLayout::Full
        }
    }

    /// The layout of a file of format version `format` (3, 4 or 5).
    pub(super) fn of_format(format: u32) -> TableLayout {
        if format >= 5 {
            TableLayout::Compact
        } else {
            TableLayout::Full
        }
    }

    /// The format version files of this layout are written with.
    #[must_use]
    pub fn format(self) -> u32 {
        match self {
            TableLayout::Compact => 5,
            TableLayout::Full => 4,
        }
    }

    /// The bit vectors stored before the entries' bytes (legal; or legal, won and lost).
    fn bit_vectors(self) -> usize {
        match self {
            TableLayout::Compact => 1,
            TableLayout::Full => 3,
        }
    }

    /// Bytes per entry after the bit vectors (a code; or a distance).
    fn entry_bytes(self) -> usize {
        match self {
            TableLayout::Compact => 1,
            TableLayout::Full => 2,
        }
    }

    /// Bytes of the payload of a table of `entries` entries.
    #[must_use]
    pub fn payload_len(self, entries: u64) -> u128 {
        let entries = u128::from(entries);
        self.bit_vectors() as u128 * entries.div_ceil(8) + self.entry_bytes() as u128 * entries
    }

    /// The table held in `payload` (of the length [`TableLayout::payload_len`] gives), or
    /// `None` when its length is wrong.
    pub(super) fn decode(self, payload: &[u8], entries: usize) -> Option<Table> {
        if payload.len() as u128 != self.payload_len(entries as u64) {
            return None;
        }
        let bit_bytes = entries.div_ceil(8);
        let legal = unpack(&payload[..bit_bytes], entries);
        match self {
            TableLayout::Compact => {
                let codes = &payload[bit_bytes..];
                let words: Vec<(u64, u64)> = codes
                    .par_chunks(64)
                    .map(|block| {
                        block.iter().enumerate().fold((0, 0), |(w, l), (b, &c)| {
                            let won = u64::from(c != 0 && c % 2 == 0);
                            let lost = u64::from(c % 2 == 1);
                            (w | won << b, l | lost << b)
                        })
                    })
                    .collect();
                let distance: Vec<u8> = codes.par_iter().map(|&c| c.saturating_sub(1)).collect();
                let won = words_to_bits(words.iter().map(|w| w.0), entries);
                let lost = words_to_bits(words.iter().map(|w| w.1), entries);
                Table::from_parts(legal, won, lost, distance)
            }
            TableLayout::Full => {
                let won = unpack(&payload[bit_bytes..2 * bit_bytes], entries);
                let lost = unpack(&payload[2 * bit_bytes..3 * bit_bytes], entries);
                let distance: Vec<u16> = payload[3 * bit_bytes..]
                    .par_chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]]))
                    .collect();
                Table::from_parts(legal, won, lost, distance)
            }
        }
    }

    /// The verdict of entry `i` of a payload of `entries` entries read in place, through
    /// `read_at(offset in the payload, buffer)`.
    pub(super) fn lookup<E>(
        self,
        entries: u64,
        i: u64,
        read_at: impl Fn(u64, &mut [u8]) -> Result<(), E>,
    ) -> Result<Option<Verdict>, E> {
        if i >= entries {
            return Ok(None);
        }
        let bit_bytes = entries.div_ceil(8);
        let bit = |part: u64| -> Result<bool, E> {
            let mut b = [0u8];
            read_at(part * bit_bytes + i / 8, &mut b)?;
            Ok(b[0] >> (i % 8) & 1 == 1)
        };
        if !bit(0)? {
            return Ok(None);
        }
        Ok(Some(match self {
            TableLayout::Compact => {
                let mut c = [0u8];
                read_at(bit_bytes + i, &mut c)?;
                compact_verdict(c[0])
            }
            TableLayout::Full => {
                let (won, lost) = (bit(1)?, bit(2)?);
                let mut d = [0u8; 2];
                read_at(3 * bit_bytes + 2 * i, &mut d)?;
                let d = u32::from(u16::from_le_bytes(d));
                if won {
                    Verdict::Win(d)
                } else if lost {
                    Verdict::Loss(d)
                } else {
                    Verdict::Draw
                }
            }
        }))
    }
}

/// Whether every decided distance fits the compact layout, with wins at odd distances and
/// losses at even ones.
fn compact_fits<T: Copy + Into<u16> + Sync>(won: &[usize], lost: &[usize], distance: &[T]) -> bool {
    won.par_iter()
        .zip(lost.par_iter())
        .zip(distance.par_chunks(usize::BITS as usize))
        .all(|((&w, &l), ds)| {
            // Only the decided entries are read (most of a drawish table is not).
            let mut decided = (w | l) as u64;
            while decided != 0 {
                let b = decided.trailing_zeros() as usize;
                decided &= decided - 1;
                let (d, won) = (ds[b].into(), w >> b & 1 != 0);
                if d > COMPACT_MAX || (d % 2 == 1) != won {
                    return false;
                }
            }
            true
        })
}

/// Every entry's compact code (0 for illegal entries and draws), when every distance fits
/// the compact layout: a table read by code is one load per probe.
pub(in crate::chess) fn compact_codes(table: &Table) -> Option<Vec<u8>> {
    if TableLayout::for_table(table) != TableLayout::Compact {
        return None;
    }
    let size = table.size();
    let mut codes = Vec::with_capacity(size);
    let parts: Vec<Vec<u8>> = (0..size)
        .into_par_iter()
        .step_by(SEGMENT)
        .map(|start| {
            let mut part = Vec::new();
            push_codes(table, start, (start + SEGMENT).min(size), &mut part);
            part
        })
        .collect();
    for part in parts {
        codes.extend_from_slice(&part);
    }
    Some(codes)
}

/// Appends the compact codes of entries `start..end` of `table` (`start` a multiple of 64,
/// every distance fitting a byte, as [`TableLayout::for_table`] checks).
fn push_codes(table: &Table, start: usize, end: usize, out: &mut Vec<u8>) {
    debug_assert!(start.is_multiple_of(64));
    let (_, won, lost, distance) = table.parts();
    let (won, lost) = (won.as_raw_slice(), lost.as_raw_slice());
    let from = out.len();
    // Every entry's code as if decided, then eight at a time masked by the decided bits
    // spread to whole bytes: two loops that compile to vector code.
    match distance {
        Distances::Narrow(d) => out.extend(d[start..end].iter().map(|&d| d.wrapping_add(1))),
        Distances::Wide(d) => out.extend(d[start..end].iter().map(|&d| (d + 1) as u8)),
    }
    for (w, codes) in out[from..].chunks_mut(64).enumerate() {
        let word = start / 64 + w;
        let decided = (won[word] | lost[word]) as u64;
        for (k, c8) in codes.chunks_mut(8).enumerate() {
            let keep = SPREAD[(decided >> (8 * k)) as usize & 0xff];
            if let Ok(whole) = <&mut [u8; 8]>::try_from(&mut *c8) {
                *whole = (u64::from_le_bytes(*whole) & keep).to_le_bytes();
            } else {
                for (c, m) in c8.iter_mut().zip(keep.to_le_bytes()) {
                    *c &= m;
                }
            }
        }
    }
}

/// The verdict of a legal entry's compact code.
pub(in crate::chess) fn compact_verdict(code: u8) -> Verdict {
    match code {
        0 => Verdict::Draw,
        c if c % 2 == 0 => Verdict::Win(u32::from(c - 1)),
        c => Verdict::Loss(u32::from(c - 1)),
    }
}

/// One independently made piece of a payload.
#[derive(Clone, Copy, Debug)]
pub(super) struct Segment {
    /// Where its bytes go in the payload.
    pub(super) offset: u64,
    what: Part,
}

#[derive(Clone, Copy, Debug)]
enum Part {
    /// Bytes `start..end` of packed bit vector `k`.
    Bits(usize, usize, usize),
    /// The codes or distances of entries `start..end`.
    Entries(usize, usize),
}

/// A table's payload in a layout, made a segment at a time.
pub(super) struct Payload<'t> {
    layout: TableLayout,
    table: &'t Table,
    /// The bit vectors the layout stores, packed (an eighth of a byte per entry each).
    bits: Vec<Vec<u8>>,
}

impl<'t> Payload<'t> {
    pub(super) fn new(table: &'t Table, layout: TableLayout) -> Payload<'t> {
        let (legal, won, lost, _) = table.parts();
        let stored = [legal, won, lost];
        Payload {
            layout,
            table,
            bits: stored[..layout.bit_vectors()]
                .iter()
                .map(|b| pack(b))
                .collect(),
        }
    }

    /// The payload's length in bytes.
    pub(super) fn len(&self) -> u64 {
        let bits: usize = self.bits.iter().map(Vec::len).sum();
        (bits + self.layout.entry_bytes() * self.table.size()) as u64
    }

    /// The segments, in payload order.
    pub(super) fn segments(&self) -> Vec<Segment> {
        let mut out = Vec::new();
        let mut offset = 0u64;
        for (k, bits) in self.bits.iter().enumerate() {
            for start in (0..bits.len()).step_by(SEGMENT) {
                let end = (start + SEGMENT).min(bits.len());
                out.push(Segment {
                    offset,
                    what: Part::Bits(k, start, end),
                });
                offset += (end - start) as u64;
            }
        }
        let width = self.layout.entry_bytes();
        let size = self.table.size();
        for start in (0..size).step_by(SEGMENT) {
            let end = (start + SEGMENT).min(size);
            out.push(Segment {
                offset,
                what: Part::Entries(start, end),
            });
            offset += (width * (end - start)) as u64;
        }
        out
    }

    /// The bytes of `segment`, made in `buf`.
    pub(super) fn bytes<'b>(&'b self, segment: &Segment, buf: &'b mut Vec<u8>) -> &'b [u8] {
        let (start, end) = match segment.what {
            Part::Bits(k, start, end) => return &self.bits[k][start..end],
            Part::Entries(start, end) => (start, end),
        };
        buf.clear();
        self.push_entries(start, end, buf);
        buf
    }

    /// Fills `out` with the payload's bytes from offset `from` on (`scratch` is working
    /// space): any stretch, whether or not it starts or ends on a segment's or an entry's
    /// boundary.
    pub(super) fn fill(&self, from: u64, out: &mut [u8], scratch: &mut Vec<u8>) {
        let mut at = from as usize;
        let mut done = 0;
        let mut base = 0;
        for bits in &self.bits {
            let end = base + bits.len();
            if at < end && done < out.len() {
                let n = (end - at).min(out.len() - done);
                out[done..done + n].copy_from_slice(&bits[at - base..at - base + n]);
                done += n;
                at += n;
            }
            base = end;
        }
        if done == out.len() {
            return;
        }
        // The entries holding the rest, from a multiple of 64 on.
        let width = self.layout.entry_bytes();
        let (first, last) = (at - base, at - base + (out.len() - done));
        let start = first / width / 64 * 64;
        let end = last.div_ceil(width).min(self.table.size());
        scratch.clear();
        self.push_entries(start, end, scratch);
        let (skip, rest) = (first - start * width, out.len() - done);
        out[done..].copy_from_slice(&scratch[skip..skip + rest]);
    }

    /// Writes the payload at offset `start` of `file` (a positioned write per segment, from
    /// the current rayon pool's threads), returning its checksum.
    pub(super) fn write_at(&self, file: &File, start: u64) -> std::io::Result<u32> {
        let checksums: Vec<Crc32> = self
            .segments()
            .par_iter()
            .map_init(Vec::new, |buf, s| {
                let bytes = self.bytes(s, buf);
                let mut crc = Crc32::new();
                crc.update(bytes);
                file.write_all_at(bytes, start + s.offset).map(|()| crc)
            })
            .collect::<std::io::Result<_>>()?;
        Ok(joined(&checksums))
    }

    /// [`Payload::write_at`] through a handle opened for direct I/O: the file is written in
    /// whole aligned chunks (the bytes before `start`, kept for the header, as zeros; the
    /// last chunk padded with zeros, to be cut by the caller), each made in an aligned buffer
    /// and sent to the device without a copy into the page cache.
    pub(super) fn write_direct(&self, file: &File, start: u64) -> std::io::Result<u32> {
        const CHUNK: usize = 4 << 20;
        let total = start + self.len();
        let chunks = total.div_ceil(CHUNK as u64);
        let checksums: Vec<Crc32> = (0..chunks)
            .into_par_iter()
            .map_init(
                || (vec![0u8; CHUNK + DIRECT_ALIGN], Vec::new()),
                |(raw, scratch), c| {
                    let at = c * CHUNK as u64;
                    let len = ((total - at) as usize).min(CHUNK);
                    let align = raw.as_ptr().align_offset(DIRECT_ALIGN);
                    if align >= DIRECT_ALIGN {
                        return Err(std::io::ErrorKind::Unsupported.into());
                    }
                    let buf = &mut raw[align..align + len.next_multiple_of(DIRECT_ALIGN)];
                    // The header's bytes in this chunk, if any.
                    let head = (start.saturating_sub(at) as usize).min(len);
                    buf[..head].fill(0);
                    self.fill(at + head as u64 - start, &mut buf[head..len], scratch);
                    buf[len..].fill(0);
                    let mut crc = Crc32::new();
                    crc.update(&buf[head..len]);
                    file.write_all_at(buf, at).map(|()| crc)
                },
            )
            .collect::<std::io::Result<_>>()?;
        Ok(joined(&checksums))
    }

    /// The entries `start..end` (`start` a multiple of 64) as the layout stores them,
    /// appended to `buf`.
    fn push_entries(&self, start: usize, end: usize, buf: &mut Vec<u8>) {
        match self.layout {
            TableLayout::Compact => {
                // Segments start at multiples of 64: whole words of the bit vectors.
                push_codes(self.table, start, end, buf);
            }
            TableLayout::Full => {
                let from = buf.len();
                buf.resize(from + 2 * (end - start), 0);
                // Fixed-size pairs: the loop compiles to vector stores.
                let pairs = buf[from..].chunks_exact_mut(2);
                match self.table.parts().3 {
                    Distances::Narrow(d) => {
                        for (pair, &d) in pairs.zip(&d[start..end]) {
                            pair.copy_from_slice(&u16::from(d).to_le_bytes());
                        }
                    }
                    Distances::Wide(d) => {
                        for (pair, d) in pairs.zip(&d[start..end]) {
                            pair.copy_from_slice(&d.to_le_bytes());
                        }
                    }
                }
            }
        }
    }
}

/// The checksum of pieces checksummed apart, joined in order.
fn joined(checksums: &[Crc32]) -> u32 {
    let mut crc = Crc32::new();
    for c in checksums {
        crc.append(c);
    }
    crc.finish()
}

/// The bits as bytes, bit `i` in byte `i / 8` at `1 << (i % 8)`: the words' little-endian bytes
/// (the bit vector is `Lsb0` over `usize`), with the bits past the end cleared. Bit by bit,
/// this took a tenth of a small table's build.
pub(super) fn pack(bits: &BitVec) -> Vec<u8> {
    let len = bits.len();
    const WORD: usize = core::mem::size_of::<usize>();
    let words = bits.as_raw_slice();
    let mut out = vec![0u8; words.len() * WORD];
    for (bytes, w) in out.chunks_exact_mut(WORD).zip(words) {
        bytes.copy_from_slice(&w.to_le_bytes());
    }
    out.truncate(len.div_ceil(8));
    if len % 8 != 0
        && let Some(last) = out.last_mut()
    {
        *last &= (1u8 << (len % 8)) - 1;
    }
    out
}

/// [`pack`] undone: `len` bits from `bytes` (at least `len / 8` of them, rounded up).
pub(super) fn unpack(bytes: &[u8], len: usize) -> BitVec {
    const WORD: usize = core::mem::size_of::<usize>();
    let words = bytes
        .chunks(WORD)
        .map(|chunk| {
            let mut word = [0u8; WORD];
            word[..chunk.len()].copy_from_slice(chunk);
            usize::from_le_bytes(word)
        })
        .collect();
    let mut bits = BitVec::from_vec(words);
    bits.resize(len, false);
    bits.set_uninitialized(false);
    bits
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table of `n` entries with every kind of entry, distances up to `top`.
    fn mixed(n: usize, top: u16) -> Table {
        let mut legal = BitVec::repeat(false, n);
        let mut won = BitVec::repeat(false, n);
        let mut lost = BitVec::repeat(false, n);
        let mut distance = vec![0u16; n];
        for (i, slot) in distance.iter_mut().enumerate() {
            let h = i.wrapping_mul(2_654_435_761) >> 7;
            match h % 4 {
                0 => {}
                1 => legal.set(i, true),
                2 | 3 => {
                    legal.set(i, true);
                    // Wins at odd distances, losses at even ones, none beyond `top`.
                    let win = h % 4 == 2;
                    let mut d = (h / 4) as u16 % (top / 2 + 1) * 2 + u16::from(win);
                    if d > top {
                        d -= 2;
                    }
                    won.set(i, win);
                    lost.set(i, !win);
                    *slot = d;
                }
                _ => unreachable!(),
            }
        }
        Table::from_parts(legal, won, lost, distance).unwrap()
    }

    fn whole(p: &Payload) -> Vec<u8> {
        let mut out = vec![0u8; p.len() as usize];
        let mut buf = Vec::new();
        for s in p.segments() {
            let b = p.bytes(&s, &mut buf);
            out[s.offset as usize..s.offset as usize + b.len()].copy_from_slice(b);
        }
        out
    }

    #[test]
    fn both_layouts_round_trip_and_read_in_place() {
        for (n, top) in [
            (0, 10),
            (1, 10),
            (63, 10),
            (64 * 3 + 5, 254),
            (SEGMENT + 77, 60),
        ] {
            let table = mixed(n, top);
            assert_eq!(TableLayout::for_table(&table), TableLayout::Compact, "{n}");
            for layout in [TableLayout::Compact, TableLayout::Full] {
                let payload = Payload::new(&table, layout);
                let bytes = whole(&payload);
                assert_eq!(bytes.len() as u128, layout.payload_len(n as u64));
                let back = layout.decode(&bytes, n).expect("the right length");
                for i in 0..n {
                    let read = layout
                        .lookup(n as u64, i as u64, |at, buf: &mut [u8]| {
                            let at = at as usize;
                            buf.copy_from_slice(&bytes[at..at + buf.len()]);
                            Ok::<(), ()>(())
                        })
                        .unwrap();
                    assert_eq!(read, table.verdict(i), "{layout:?} entry {i} of {n}");
                    assert_eq!(back.verdict(i), table.verdict(i), "{layout:?} {i}");
                }
                if n > 0 {
                    assert!(layout.decode(&bytes[..bytes.len() - 1], n).is_none());
                }
            }
        }
    }

    #[test]
    fn any_stretch_of_a_payload_is_filled_as_the_whole_has_it() {
        let table = mixed(2 * SEGMENT + 333, 200);
        for layout in [TableLayout::Compact, TableLayout::Full] {
            let payload = Payload::new(&table, layout);
            let bytes = whole(&payload);
            let len = bytes.len();
            let bits = len - layout.entry_bytes() * table.size();
            let mut scratch = Vec::new();
            // Stretches across the bit vectors' ends, odd entry offsets, segment ends.
            for (from, n) in [
                (0, len),
                (0, 1),
                (bits - 5, 11),
                (bits + 1, 129),
                (bits + 63, 2),
                (len - 1, 1),
                (len - 4096 - 7, 4096),
                (bits + SEGMENT - 3, SEGMENT + 9),
                (17, bits + 300),
            ] {
                let mut out = vec![0xAB; n];
                payload.fill(from as u64, &mut out, &mut scratch);
                assert!(out == bytes[from..from + n], "{layout:?} {from}+{n}");
            }
        }
    }

    #[test]
    fn direct_and_positioned_writes_put_the_payload_at_its_place() {
        // A file system without direct I/O (tmpfs, say) has the positioned writes checked only.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("payload");
        let table = mixed(3 * SEGMENT + 99, 120);
        for layout in [TableLayout::Compact, TableLayout::Full] {
            let payload = Payload::new(&table, layout);
            let bytes = whole(&payload);
            let expected = cgt_core::container::crc32(&bytes);
            for start in [0u64, 1, 37, 4096, 5000] {
                let file = File::options()
                    .read(true)
                    .write(true)
                    .create(true)
                    .truncate(true)
                    .open(&path)
                    .unwrap();
                assert_eq!(payload.write_at(&file, start).unwrap(), expected);
                let mut written = std::fs::read(&path).unwrap();
                assert!(
                    written[start as usize..] == bytes[..],
                    "{layout:?} at {start}"
                );
                file.set_len(0).unwrap();
                let Some(direct) = cgt_core::container::open_direct(&path) else {
                    continue;
                };
                assert_eq!(payload.write_direct(&direct, start).unwrap(), expected);
                written = std::fs::read(&path).unwrap();
                // Zeros before the payload, padding after it to a whole chunk of pages.
                let end = start as usize + bytes.len();
                assert!(written.len() >= end && written.len().is_multiple_of(DIRECT_ALIGN));
                assert!(written[..start as usize].iter().all(|&b| b == 0));
                assert!(
                    written[start as usize..end] == bytes[..],
                    "direct {layout:?} {start}"
                );
                assert!(written[end..].iter().all(|&b| b == 0));
            }
        }
    }

    #[test]
    fn long_or_odd_distances_need_the_full_layout() {
        let mut legal = BitVec::repeat(true, 3);
        legal.set(0, true);
        let won: BitVec = [true, false, false].iter().collect();
        let lost: BitVec = [false, true, false].iter().collect();
        for (distance, layout) in [
            (vec![253u16, 254, 0], TableLayout::Compact),
            (vec![255, 2, 0], TableLayout::Full),
            (vec![1, 256, 0], TableLayout::Full),
            (vec![2, 2, 0], TableLayout::Full),
            (vec![1, 1, 0], TableLayout::Full),
        ] {
            let t = Table::from_parts(legal.clone(), won.clone(), lost.clone(), distance.clone())
                .unwrap();
            assert_eq!(TableLayout::for_table(&t), layout, "{distance:?}");
            // The same distances held a byte each, where they fit one.
            if let Ok(bytes) = distance.iter().map(|&d| u8::try_from(d)).collect() {
                let bytes: Vec<u8> = bytes;
                let t = Table::from_parts(legal.clone(), won.clone(), lost.clone(), bytes).unwrap();
                assert_eq!(TableLayout::for_table(&t), layout, "{distance:?} in bytes");
            }
        }
    }
}
