use super::*;

/// A path in a temporary folder of its own, removed with the returned guard.
fn temp(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    (dir, path)
}

#[test]
fn bits_pack_into_bytes_bit_by_bit_and_back() {
    use bitvec::vec::BitVec;
    use payload::{pack, unpack};
    let mut rng = cgt_core::rng::Rng::new(7);
    for len in (0..300usize).chain([4095, 4096, 4097]) {
        let density = 1 + rng.below(7);
        let bits: BitVec = (0..len).map(|_| rng.chance(density, 8)).collect();
        let bytes = pack(&bits);
        // The format's definition: bit i in byte i / 8 at 1 << (i % 8), nothing past len.
        let mut expected = vec![0u8; len.div_ceil(8)];
        for i in bits.iter_ones() {
            expected[i / 8] |= 1 << (i % 8);
        }
        assert_eq!(bytes, expected, "length {len}");
        let back = unpack(&bytes, len);
        assert_eq!(back, bits, "length {len}");
        assert_eq!(back.count_ones(), bits.count_ones());
    }
    // A vector whose storage holds set bits past its end (after a truncation) packs
    // without them.
    let mut long: BitVec = (0..128).map(|_| true).collect();
    long.truncate(70);
    assert_eq!(pack(&long), [[0xff; 8].as_slice(), &[0x3f]].concat());
}

#[test]
fn a_file_is_the_encoding_whatever_the_header_length_guessed() {
    // The payload is written after a header made with a guessed checksum; when the real
    // header is shorter or longer, the payload is written again after it.
    let endgame = Endgame::parse("kbnk", Scheme::Reduced, None).unwrap();
    let mut table = EndgameTable::build(endgame, u128::MAX).unwrap();
    let (_scratch, path) = temp("kbnk-guess.cgtb");
    let mut second_passes = 0;
    // The thread count is in the header too: it moves the header's length about.
    for threads in [1, 200, 20_000, 3_000_000] {
        table.threads = threads;
        let encoded = table.encode();
        let kind = kind_of(table.layout());
        let prelude_len = |crc: u32| {
            container::encode_prelude(kind, &table.header_with(crc))
                .unwrap()
                .len()
        };
        let real = EndgameTable::header(&encoded).unwrap().payload_crc32;
        for guess in [0, 1, 127, 128, 1 << 14, 1 << 21, 1 << 28, u32::MAX] {
            second_passes += usize::from(prelude_len(guess) != prelude_len(real));
            // Through direct I/O where the file system has it, and through the page cache.
            for direct in [true, false] {
                let written = table
                    .write_as(&path, guess, direct, table.layout())
                    .unwrap();
                let bytes = std::fs::read(&path).unwrap();
                assert_eq!(bytes.len() as u64, written, "guess {guess}");
                assert!(bytes == encoded, "threads {threads} guess {guess} {direct}");
            }
        }
    }
    assert!(second_passes > 0, "some guess must take the second pass");
}

#[test]
fn files_round_trip_and_probe_in_place() {
    let endgame = Endgame::parse("krk", Scheme::Reduced, None).unwrap();
    let table = EndgameTable::build(endgame, u128::MAX).unwrap();
    let (_scratch, path) = temp("krk.cgtb");
    let written = table.write(&path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes.len() as u64, written);
    assert_eq!(bytes, table.encode());
    let again = EndgameTable::decode(&bytes).unwrap();
    assert_eq!(again.table().parts(), table.table().parts());
    assert_eq!(again.endgame(), table.endgame());
    // The file read in place answers every index as the table in memory does.
    let file = TableFile::open(&path).unwrap();
    file.verify().unwrap();
    for i in 0..table.table().size() {
        assert_eq!(
            file.lookup(i).unwrap(),
            table.table().verdict(i),
            "index {i}"
        );
    }
    assert_eq!(file.lookup(usize::MAX).unwrap(), None);
    let pos = table
        .endgame()
        .parse_fen("7k/8/8/8/8/8/8/KR6 w - - 0 1")
        .unwrap();
    assert_eq!(file.best_move(&pos).unwrap(), table.best_move(&pos));
    assert_eq!(
        file.principal_variation(&pos, 100).unwrap(),
        table.principal_variation(&pos, 100)
    );
}

#[test]
fn damaged_files_are_refused() {
    let endgame = Endgame::parse("kbk", Scheme::Reduced, None).unwrap();
    let bytes = EndgameTable::build(endgame, u128::MAX).unwrap().encode();
    let payload_at = bytes.len()
        - EndgameTable::header(&bytes)
            .map(|h| TableLayout::Compact.payload_len(h.entries))
            .unwrap() as usize;
    let mut flipped = bytes.clone();
    flipped[payload_at + 3] ^= 4;
    assert!(matches!(
        EndgameTable::decode(&flipped),
        Err(TableFileError::Checksum)
    ));
    let (_scratch, path) = temp("kbk-flipped.cgtb");
    std::fs::write(&path, &flipped).unwrap();
    // Opening verifies; only an unverified open reaches the damaged payload.
    assert!(matches!(
        TableFile::open(&path),
        Err(TableFileError::Checksum)
    ));
    assert!(matches!(
        TableFile::open_unverified(&path).unwrap().verify(),
        Err(TableFileError::Checksum)
    ));
    assert!(matches!(
        EndgameTable::decode(&bytes[..bytes.len() - 1]),
        Err(TableFileError::PayloadLength { .. })
    ));
    let mut header = bytes.clone();
    header[30] ^= 1;
    assert!(matches!(
        EndgameTable::decode(&header),
        Err(TableFileError::Container(ContainerError::HeaderChecksum))
    ));
    for cut in 0..payload_at {
        assert!(EndgameTable::decode(&bytes[..cut]).is_err(), "cut at {cut}");
    }
}
