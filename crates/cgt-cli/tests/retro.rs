//! End-to-end tests of `cgt retro`: building, statistics, probing and damaged files.

mod common;

use common::*;

#[test]
fn kqk_build_stats_probe() {
    let file = temp_path("kqk.cgtb");
    let path = file.to_str().unwrap();
    let built = json(&["retro", "build", "kqk", "--out", path, "--quiet"]);
    assert_eq!(built["scheme"], "reduced");
    let stats = json(&["retro", "stats", path]);
    // KQK: the longest win for White to move is mate in 10 (19 plies).
    assert_eq!(stats["white"]["longest_plies"], 19);
    assert_eq!(stats["white"]["longest_moves"], 10);
    assert_eq!(stats["white"]["losses"], 0);
    // The reduced table's raw counts equal those of a raw build.
    let raw_file = temp_path("kqk-raw.cgtb");
    json(&[
        "retro",
        "build",
        "kqk",
        "--raw",
        "--out",
        raw_file.to_str().unwrap(),
        "--quiet",
    ]);
    let raw = json(&["retro", "stats", raw_file.to_str().unwrap()]);
    for side in ["white", "black"] {
        for key in ["legal", "wins", "losses", "draws"] {
            assert_eq!(
                stats[format!("{side}_raw")][key],
                raw[side][key],
                "{side} {key}"
            );
        }
    }
    let probe = json(&["retro", "probe", path, "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1"]);
    assert_eq!(probe["verdict"]["result"], "win");
    assert_eq!(probe["verdict"]["plies"], 1);
    assert_eq!(probe["line"], serde_json::json!(["Qc8#"]));
    let probe = json(&["retro", "probe", path, "8/8/8/3k4/8/8/8/KQ6 w - - 0 1"]);
    let line = probe["line"].as_array().unwrap();
    assert_eq!(
        line.len() as u64,
        probe["verdict"]["plies"].as_u64().unwrap()
    );
    assert!(line.last().unwrap().as_str().unwrap().ends_with('#'));
    let info = json(&["retro", "info", path]);
    assert_eq!(info["header"]["endgame"], "kqk");
}

#[test]
fn fixed_king_and_thread_determinism() {
    let a = temp_path("fixed-1.cgtb");
    let b = temp_path("fixed-2.cgtb");
    json(&[
        "retro",
        "build",
        "kqk-fixed",
        "--out",
        a.to_str().unwrap(),
        "--threads",
        "1",
        "--quiet",
    ]);
    json(&[
        "retro",
        "build",
        "kqk-fixed",
        "--out",
        b.to_str().unwrap(),
        "--threads",
        "2",
        "--quiet",
    ]);
    let ha = json(&["retro", "info", a.to_str().unwrap()]);
    let hb = json(&["retro", "info", b.to_str().unwrap()]);
    assert_eq!(ha["header"]["checksum"], hb["header"]["checksum"]);
    assert_eq!(ha["header"]["endgame"], "kqk-fixed-c3");
}

#[test]
fn bad_input() {
    let file = temp_path("bad.cgtb");
    let path = file.to_str().unwrap();
    rejects(&["retro", "build", "kpk", "--out", path], "unknown endgame");
    rejects(
        &[
            "retro",
            "build",
            "kqk",
            "--out",
            path,
            "--fixed-square",
            "c3",
        ],
        "only applies",
    );
    rejects(
        &[
            "retro",
            "build",
            "kqk-fixed",
            "--out",
            path,
            "--fixed-square",
            "z9",
        ],
        "not a square",
    );
    // A build that would not fit is refused up front with the estimate (the limit is forced
    // so the refusal does not depend on the machine).
    let over = std::process::Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(["retro", "build", "kbnk", "--raw", "--out", path])
        .env("CGT_MEMORY_LIMIT", "100000000")
        .output()
        .unwrap();
    assert_eq!(over.status.code(), Some(2));
    let msg = String::from_utf8_lossy(&over.stderr);
    assert!(
        msg.contains("needs about 335544320 bytes") && msg.lines().count() == 1,
        "{msg}"
    );
    assert!(!file.exists(), "no file is left behind");
    json(&["retro", "build", "krk", "--out", path, "--quiet"]);
    // Another format version of the table kind is refused with both versions named.
    let mut other = std::fs::read(&file).unwrap();
    other[20..24].copy_from_slice(&2u32.to_le_bytes());
    let other_file = temp_path("v2-in-container.cgtb");
    std::fs::write(&other_file, &other).unwrap();
    rejects(
        &["retro", "info", other_file.to_str().unwrap()],
        "RETROTBL format version 2 is not read by this build (it reads 5)",
    );
    // The full layout (format 4, written for tables whose distances do not fit a byte) is
    // read, and so is format 3 where its index is that of format 4 (no identical pieces);
    // format 3 is refused with the rebuild command where format 4 merged identical pieces.
    let full_layout = |path: &std::path::Path, version: u32| {
        use cgt_core::container::{Kind, decode_prelude, encode_prelude};
        use cgt_retro::chess::tables::{EndgameTable, TableHeader, TableLayout};
        let table = EndgameTable::decode(&std::fs::read(path).unwrap()).unwrap();
        let bytes = table.encode_in(TableLayout::Full).unwrap();
        let full = Kind::new(*b"RETROTBL", 4);
        let prelude = decode_prelude::<TableHeader>(&bytes, full).unwrap();
        let mut old = encode_prelude(Kind::new(*b"RETROTBL", version), &prelude.header).unwrap();
        old.extend_from_slice(&bytes[prelude.payload_offset..]);
        std::fs::write(path, old).unwrap();
    };
    let compact_stats = json(&["retro", "stats", path]);
    let compact_probe = json(&["retro", "probe", path, "8/8/8/8/8/2k5/8/KR6 w - - 0 1"]);
    full_layout(&file, 4);
    let info = json(&["retro", "info", path]);
    assert_eq!(info["header"]["format"], "RETROTBL version 4", "{info}");
    assert_eq!(json(&["retro", "stats", path]), compact_stats);
    assert_eq!(
        json(&["retro", "probe", path, "8/8/8/8/8/2k5/8/KR6 w - - 0 1"]),
        compact_probe
    );
    full_layout(&file, 3);
    let info = json(&["retro", "info", path]);
    assert_eq!(info["header"]["endgame"], "krk", "{info}");
    assert_eq!(info["header"]["format"], "RETROTBL version 3", "{info}");
    assert_eq!(json(&["retro", "stats", path]), compact_stats);
    let pair = temp_path("kbbk-format3.cgtb");
    json(&[
        "retro",
        "build",
        "kbbk",
        "--out",
        pair.to_str().unwrap(),
        "--quiet",
    ]);
    full_layout(&pair, 3);
    for command in ["info", "stats"] {
        rejects(
            &["retro", command, pair.to_str().unwrap()],
            "(format 3); rebuild it with `cgt retro build kbbk --out FILE`",
        );
    }
    // A format-2 file of earlier versions (its own magic and a text header) is refused with
    // the command that rebuilds it.
    let header = "endgame=krk\nscheme=reduced\nentries=1\nchecksum=0\nthreads=2\n";
    let mut legacy = b"CGTRETRO".to_vec();
    legacy.extend_from_slice(&2u32.to_le_bytes());
    legacy.extend_from_slice(&(header.len() as u32).to_le_bytes());
    legacy.extend_from_slice(header.as_bytes());
    let legacy_file = temp_path("format2.cgtb");
    std::fs::write(&legacy_file, &legacy).unwrap();
    for command in ["info", "stats"] {
        rejects(
            &["retro", command, legacy_file.to_str().unwrap()],
            "rebuild it with `cgt retro build krk --out FILE`",
        );
    }
    rejects(&["retro", "probe", path, "8/8/8/8"], "expected 8 ranks");
    rejects(
        &["retro", "probe", path, "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1"],
        "does not match",
    );
    rejects(
        &["retro", "probe", path, "k7/8/8/8/8/8/8/K6R x - - 0 1"],
        "side to move",
    );
    rejects(
        &["retro", "probe", path, "kK6/8/8/8/8/8/8/7R w - - 0 1"],
        "illegal",
    );
    rejects(
        &["retro", "probe", path, "k6R/8/8/8/8/8/8/K7 w - - 0 1"],
        "illegal",
    );
    let bytes = std::fs::read(&file).unwrap();
    let truncated = temp_path("truncated.cgtb");
    std::fs::write(&truncated, &bytes[..bytes.len() - 10]).unwrap();
    rejects(
        &["retro", "stats", truncated.to_str().unwrap()],
        "truncated",
    );
    let mut corrupt = bytes.clone();
    let at = corrupt.len() - 5;
    corrupt[at] ^= 0x55;
    let corrupt_file = temp_path("corrupt.cgtb");
    std::fs::write(&corrupt_file, &corrupt).unwrap();
    rejects(
        &["retro", "info", corrupt_file.to_str().unwrap()],
        "checksum",
    );
    // A probe never answers from a damaged file (it answered "win in 17 plies" before issue 24),
    // nor does a session against it.
    for fen in [
        "k7/8/8/8/8/8/8/K6R w - - 0 1",
        "7k/8/8/8/8/8/8/KR6 w - - 0 1",
    ] {
        rejects(
            &["retro", "probe", corrupt_file.to_str().unwrap(), fen],
            "checksum",
        );
        rejects(
            &[
                "retro",
                "probe",
                corrupt_file.to_str().unwrap(),
                fen,
                "--play",
            ],
            "checksum",
        );
    }
    let garbage = temp_path("garbage.cgtb");
    std::fs::write(&garbage, b"not a table at all").unwrap();
    rejects(
        &["retro", "stats", garbage.to_str().unwrap()],
        "not a cgt endgame table",
    );
    let mut version = bytes;
    version[8] = 7;
    let version_file = temp_path("version.cgtb");
    std::fs::write(&version_file, &version).unwrap();
    rejects(
        &[
            "retro",
            "probe",
            version_file.to_str().unwrap(),
            "k7/8/8/8/8/8/8/K6R w - - 0 1",
        ],
        "version",
    );
}

#[test]
fn play_an_endgame_against_the_table() {
    let file = temp_path("play-kqk.cgtb");
    let path = file.to_str().unwrap();
    json(&["retro", "build", "kqk", "--out", path, "--quiet"]);
    let start = "8/8/8/3k4/8/8/8/KQ6 w - - 0 1";
    // `?` gives the moves that keep the shortest mate (17 plies, as `probe` says); the
    // program answers a human move, and `u` takes the pair back.
    let text = stdout_with_input(
        &["retro", "probe", path, start, "--play"],
        "?\nKb2\nu\nQh8\n",
    );
    assert!(
        text.contains("Best moves (win in 17 plies): Kb2; Qe1; Qf5+; Qg6"),
        "{text}"
    );
    assert!(text.contains("program plays Ke5"), "{text}");
    assert!(text.contains("Took back"), "{text}");
    assert!(text.contains("\"Qh8\" is not a legal move here"), "{text}");
    assert!(text.contains("1 KQ......"), "{text}");
    // Squares work as well as SAN: the queen to a7 mates the king on a8 (king b6 guards).
    let text = stdout_with_input(
        &[
            "retro",
            "probe",
            path,
            "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1",
            "--play",
        ],
        "c1c8\n",
    );
    assert!(text.contains("Checkmate: you win!"), "{text}");
    let text = stdout_with_input(
        &[
            "retro",
            "probe",
            path,
            "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",
            "--play",
        ],
        "",
    );
    assert!(text.contains("Stalemate: a draw."), "{text}");
    // The lone king takes the queen: nothing is left to mate with.
    let text = stdout_with_input(
        &[
            "retro",
            "probe",
            path,
            "8/8/8/8/8/8/1Q6/k3K3 b - - 0 1",
            "--play",
        ],
        "Kxb2\n",
    );
    assert!(
        text.contains("Game over: the capture leaves too little material"),
        "{text}"
    );
}

#[test]
fn material_beyond_one_piece_a_side_and_smaller_tables_from_the_folder() {
    // KQRK: the lone king's captures lead to KQK and KRK, which can still be lost.
    let bare = temp_path("kqrk-bare");
    let with_tables = temp_path("kqrk-folder");
    std::fs::create_dir_all(&bare).unwrap();
    std::fs::create_dir_all(&with_tables).unwrap();
    let inside = |dir: &std::path::Path, name: &str| dir.join(name).to_str().unwrap().to_owned();
    // The folder holds KRK built before, and a damaged KQK that must be passed over.
    json(&[
        "retro",
        "build",
        "krk",
        "--out",
        &inside(&with_tables, "krk.cgtb"),
        "--quiet",
    ]);
    std::fs::write(with_tables.join("kqk.cgtb"), b"not a table").unwrap();
    let mut answers = Vec::new();
    for dir in [&bare, &with_tables] {
        let file = inside(dir, "kqrk.cgtb");
        let built = json(&["retro", "build", "KRQK", "--out", &file, "--quiet"]);
        assert_eq!(built["endgame"], "kqrk");
        let stats = json(&["retro", "stats", &file]);
        // Mate in at most 6 moves with White to move; Black loses or draws (stalemate, or a
        // capture leaving a draw), and its longest loss runs through a capture into KQK or
        // KRK (more plies than White's longest win plus one).
        assert_eq!(stats["white"]["longest_moves"], 6);
        assert_eq!(stats["white"]["losses"], 0);
        assert_eq!(stats["black"]["wins"], 0);
        assert!(stats["black"]["longest_plies"].as_u64().unwrap() > 12);
        // Black takes the rook: the line goes on in KQK to mate.
        let probe = json(&["retro", "probe", &file, "8/8/8/8/8/2Q5/1Rk5/K7 b - - 0 1"]);
        assert_eq!(probe["verdict"]["result"], "loss");
        let line = probe["line"].as_array().unwrap();
        assert_eq!(
            line.len() as u64,
            probe["verdict"]["plies"].as_u64().unwrap()
        );
        assert!(line.iter().any(|m| m.as_str().unwrap().contains('x')));
        assert!(line.last().unwrap().as_str().unwrap().ends_with('#'));
        answers.push((stats, probe));
    }
    // Reading KRK from the folder (and solving KQK past the damaged file) changes nothing.
    assert_eq!(answers[0], answers[1]);
    // Names beyond five men, or without a white piece, are refused with the rule.
    for bad in ["kqrbkn", "kkq", "kqkrrr"] {
        let out = cgt(&["retro", "build", bad, "--out", &inside(&bare, "x.cgtb")]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("unknown endgame"));
    }
}

/// Ports for a test's processes on loopback, apart from other tests and test runs.
fn ports(test: u16) -> u16 {
    20_000 + (std::process::id() % 2_000) as u16 * 16 + test * 4
}

/// Starts process `p` of a distributed build of `endgame` with `extra` arguments.
fn start_process(
    endgame: &str,
    out: &str,
    processes: u32,
    p: u32,
    port: u16,
    extra: &[&str],
) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args([
            "retro",
            "build",
            endgame,
            "--out",
            out,
            "--quiet",
            "--threads",
            "1",
        ])
        .args(["-n", &processes.to_string(), "-p", &p.to_string()])
        .args(["--port", &port.to_string()])
        .args(extra)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("cgt starts")
}

#[test]
fn distributed_builds_write_the_one_process_file() {
    let alone = temp_path("kqkr-alone.cgtb");
    json(&[
        "retro",
        "build",
        "kqkr",
        "--out",
        alone.to_str().unwrap(),
        "--quiet",
        "--threads",
        "1",
    ]);
    let expected = std::fs::read(&alone).unwrap();
    for processes in [2u32, 3] {
        let out = temp_path(&format!("kqkr-{processes}.cgtb"));
        let out = out.to_str().unwrap();
        let port = ports(u16::try_from(processes).unwrap());
        let children: Vec<_> = (0..processes)
            .map(|p| start_process("kqkr", out, processes, p, port, &["--json"]))
            .collect();
        let outputs: Vec<_> = children
            .into_iter()
            .map(|c| c.wait_with_output().unwrap())
            .collect();
        for (p, o) in outputs.iter().enumerate() {
            assert!(
                o.status.success(),
                "process {p}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
        assert!(
            std::fs::read(out).unwrap() == expected,
            "{processes} processes"
        );
        // Process 0 reports the traffic; every process reports the same figures.
        let document = |p: usize| -> serde_json::Value {
            let text = String::from_utf8_lossy(&outputs[p].stdout);
            // timely may print connection notices before the document.
            let start = text.find('{').unwrap();
            serde_json::from_str(&text[start..]).unwrap()
        };
        let zero = document(0);
        assert_eq!(zero["cluster"]["processes"], processes);
        assert_eq!(zero["cluster"], {
            let mut other = document(1)["cluster"].clone();
            other["process"] = 0.into();
            other
        });
        let levels = zero["cluster"]["level_bytes"].as_array().unwrap();
        assert!(levels.iter().any(|b| b.as_u64().unwrap() > 0));
    }
}

#[test]
fn a_killed_process_stops_the_others_without_a_file() {
    // Raw KQKR on three processes lasts long enough to kill one in the middle.
    let out = temp_path("killed.cgtb");
    let out = out.to_str().unwrap();
    let port = ports(0);
    let mut children: Vec<_> = (0..3)
        .map(|p| start_process("kqkr", out, 3, p, port, &["--raw"]))
        .collect();
    std::thread::sleep(std::time::Duration::from_secs(4));
    assert!(
        children[2].try_wait().unwrap().is_none(),
        "the build ended before the kill"
    );
    children[2].kill().unwrap();
    let victim = children.pop().unwrap().wait_with_output().unwrap();
    assert!(!victim.status.success());
    let started = std::time::Instant::now();
    for (p, child) in children.into_iter().enumerate() {
        let o = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "process {p}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "process {p}: {stderr}");
        assert!(
            stderr.starts_with("error: distributed build failed")
                && stderr.contains("no file written"),
            "process {p}: {stderr}"
        );
    }
    assert!(
        started.elapsed().as_secs() < 60,
        "the others took too long to stop"
    );
    assert!(!std::path::Path::new(out).exists(), "a file was written");
    let folder = std::path::Path::new(out).parent().unwrap();
    let leftovers: Vec<_> = std::fs::read_dir(folder)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with("killed.cgtb"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn cluster_options_are_checked() {
    let out = temp_path("cluster-bad.cgtb");
    let out = out.to_str().unwrap();
    let refuse = |extra: &[&str], needle: &str| {
        let mut args = vec!["retro", "build", "kqk", "--out", out];
        args.extend_from_slice(extra);
        rejects(&args, needle);
    };
    refuse(&["-n", "3"], "--process I is needed");
    refuse(&["-n", "3", "-p", "3"], "process 3 does not exist");
    refuse(&["-p", "1"], "--process needs");
    let hosts = temp_file("hosts.txt", "node1:2101\nnode2\n");
    refuse(&["-H", hosts.to_str().unwrap(), "-p", "0"], "line 2");
    let hosts = temp_file("hosts2.txt", "node1:2101\nnode2:2101\n");
    refuse(
        &["-H", hosts.to_str().unwrap(), "-n", "3", "-p", "0"],
        "lists 2 hosts",
    );
    assert!(!std::path::Path::new(out).exists());
}
