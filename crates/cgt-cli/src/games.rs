//! The solved-game commands: Connect-Four, Bridg-it and playing against the program.

use std::io::BufRead;

use cgt_minimax::bridgit::{self, Bridgit, Player, Policy};
use cgt_minimax::connect4::Connect4;
use cgt_minimax::engine::{Game, Options, Solver, best_moves_parallel, table_bits_for};
use serde_json::json;

use crate::output::{CliError, emit, memory_limit, print};

/// Most empty cells `cgt connect4` solves (6×6 from the start takes about half a minute).
const CONNECT4_EMPTY: u32 = 36;

/// Table bits for a search over `empty` free cells by `threads` threads, within the memory
/// limit (the policy is the library's `table_bits_for`).
pub(crate) fn table_bits(empty: u32, threads: usize) -> Result<u32, CliError> {
    table_bits_for(empty, threads, memory_limit()).map_err(|e| {
        CliError::input(format!(
            "the search tables need {} but the memory limit is {}",
            cgt_impartial::human_bytes(e.bytes),
            cgt_impartial::human_bytes(e.limit)
        ))
    })
}

pub(crate) fn thread_count(threads: Option<u32>) -> usize {
    threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |t| t.max(1) as usize,
    )
}

pub(crate) fn connect4(
    json: bool,
    (width, height): (u8, u8),
    moves: &str,
    threads: Option<u32>,
    play: bool,
) -> Result<(), CliError> {
    let start = Connect4::new(width, height).map_err(|e| CliError::input(e.to_string()))?;
    let pos = start
        .play_str(moves)
        .map_err(|e| CliError::input(e.to_string()))?;
    let empty = pos.cells() - pos.played();
    if play {
        if json {
            return Err(CliError::input(
                "--play is interactive; --json is not available with it",
            ));
        }
        return play_connect4(pos, thread_count(threads));
    }
    if empty > CONNECT4_EMPTY && pos.terminal().is_none() {
        return Err(CliError::input(format!(
            "{empty} empty cells: solving is limited to {CONNECT4_EMPTY} (play {} more moves first)",
            empty - CONNECT4_EMPTY
        )));
    }
    let threads = thread_count(threads);
    let options = Options {
        table_bits: Some(table_bits(empty, threads)?),
        ..Options::default()
    };
    let started = std::time::Instant::now();
    let (score, best, nodes) = best_moves_parallel(&pos, options, threads);
    let seconds = started.elapsed().as_secs_f64();
    let mover = if pos.played() % 2 == 0 { "X" } else { "O" };
    let verdict = if pos.terminal().is_some() {
        "the game is over".to_owned()
    } else {
        match score.signum() {
            1 => format!("{mover} to move wins (score {score})"),
            0 => "a draw with best play (score 0)".to_owned(),
            _ => format!("{mover} to move loses (score {score})"),
        }
    };
    let columns: Vec<u8> = best.iter().map(|&c| c + 1).collect();
    let list: Vec<String> = columns.iter().map(u8::to_string).collect();
    let mut text = format!("{}{verdict}\n", pos.render());
    if !columns.is_empty() {
        text.push_str(&format!("best moves (columns): {}\n", list.join(" ")));
    }
    text.push_str(&format!("searched {nodes} positions in {seconds:.3} s\n"));
    let doc = json!({
        "width": width, "height": height, "moves": moves, "to_move": mover,
        "score": score, "best_moves": columns, "nodes": nodes, "seconds": seconds,
        "over": pos.terminal().is_some(),
    });
    emit(json, &doc, &text)
}

fn play_connect4(start: Connect4, threads: usize) -> Result<(), CliError> {
    print(&format!(
        "You play {} against the program. Type a column 1 to {}, or q to quit.\n",
        if start.played().is_multiple_of(2) {
            "X"
        } else {
            "O"
        },
        start.size().0
    ))?;
    let human_parity = start.played() % 2;
    play_loop(
        start,
        |p| p.played() % 2 == human_parity,
        Connect4::render,
        |p, line| {
            let col: u8 = line
                .parse()
                .ok()
                .filter(|c| (1..=p.size().0).contains(c))
                .ok_or_else(|| format!("'{line}' is not a column 1 to {}", p.size().0))?;
            if p.can_play(col - 1) {
                Ok(col - 1)
            } else {
                Err(format!("column {col} is full"))
            }
        },
        |p| p.program_move(threads).unwrap_or(0),
        |c| (c + 1).to_string(),
        |p| match p.terminal() {
            Some(0) => "A draw.".to_owned(),
            _ if p.played() % 2 == human_parity => "The program wins.".to_owned(),
            _ => "You win!".to_owned(),
        },
    )
}

/// Plays a game in the terminal: the human enters moves on stdin, the program answers.
#[allow(clippy::too_many_arguments)]
pub(crate) fn play_loop<G: Game>(
    start: G,
    human_to_move: impl Fn(&G) -> bool,
    render: impl Fn(&G) -> String,
    parse: impl Fn(&G, &str) -> Result<G::Move, String>,
    mut program: impl FnMut(&G) -> G::Move,
    show: impl Fn(G::Move) -> String,
    result: impl Fn(&G) -> String,
) -> Result<(), CliError> {
    let mut p = start;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        print(&render(&p))?;
        if p.terminal().is_some() {
            return print(&format!("{}\n", result(&p)));
        }
        if human_to_move(&p) {
            print("your move> ")?;
            let Some(line) = lines.next() else {
                return print("\n(input ended)\n");
            };
            let line = line.map_err(|e| CliError::failure(format!("cannot read input: {e}")))?;
            let line = line.trim();
            if line == "q" || line == "quit" {
                return Ok(());
            }
            match parse(&p, line) {
                Ok(m) => p.play(m),
                Err(why) => print(&format!("{why}; try again\n"))?,
            }
        } else {
            let m = program(&p);
            print(&format!("program plays {}\n", show(m)))?;
            p.play(m);
        }
    }
}

/// Most free slots for which `cgt bridgit` finds every winning move (n = 3 has 13).
const BRIDGIT_BEST_FREE: u32 = Policy::EXACT_FREE;
/// Most free slots for which it finds the value (n = 4 has 25: about 5 s).
const BRIDGIT_VALUE_FREE: u32 = 25;
/// Largest n for `--count-crossings` by enumeration.
const BRIDGIT_COUNT_N: u8 = 4;

/// Parses a Bridg-it move: a slot number, or lattice coordinates "X,Y".
fn parse_slot(p: &Bridgit, text: &str) -> Result<u8, String> {
    let slot = if let Some((x, y)) = text.split_once(',') {
        let x: u8 = x
            .trim()
            .parse()
            .map_err(|_| format!("'{text}' is not X,Y"))?;
        let y: u8 = y
            .trim()
            .parse()
            .map_err(|_| format!("'{text}' is not X,Y"))?;
        bridgit::slot_at(p.size(), x, y)
            .ok_or_else(|| format!("({x},{y}) is not a slot of the board"))?
    } else {
        text.parse::<u8>()
            .ok()
            .filter(|&s| s < p.slot_count())
            .ok_or_else(|| {
                format!(
                    "'{text}' is not a slot 0 to {} or coordinates X,Y",
                    p.slot_count() - 1
                )
            })?
    };
    if p.free() >> slot & 1 == 0 {
        return Err(format!("slot {slot} is taken"));
    }
    Ok(slot)
}

/// The policy's name as the text output has always written it (`Pairing`, `Shannon`, `Exact`).
fn policy_name(p: Policy) -> String {
    let name = p.to_string();
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

fn slot_name(n: u8, s: u8) -> String {
    let t = bridgit::slots(n)[usize::from(s)];
    format!("{s} ({},{})", t.x, t.y)
}

pub(crate) fn bridgit(
    json: bool,
    n: u8,
    moves: &[String],
    strategy: Option<Policy>,
    count_crossings: bool,
    play: bool,
) -> Result<(), CliError> {
    let mut pos = Bridgit::new(n).map_err(|e| CliError::input(e.to_string()))?;
    for (i, m) in moves.iter().enumerate() {
        if pos.winner().is_some() {
            return Err(CliError::input(format!(
                "move {} comes after the game ended",
                i + 1
            )));
        }
        let s = parse_slot(&pos, m).map_err(|e| CliError::input(format!("move {}: {e}", i + 1)))?;
        pos.play(s);
    }
    if play {
        if json {
            return Err(CliError::input(
                "--play is interactive; --json is not available with it",
            ));
        }
        let strategy = strategy.unwrap_or(Policy::default_for(n));
        let program = match pos.to_move() {
            Player::Left => Player::Top,
            Player::Top => Player::Left,
        };
        strategy
            .check(&pos, program)
            .map_err(|e| CliError::input(format!("--strategy {strategy}: {e}")))?;
        print(&format!(
            "Bridg-it, n = {n}. You play {:?} ('o' dots; Left joins left and right, Top joins bottom and top).\n\
             Moves are slot numbers or lattice points X,Y (the '.' marks); q quits.\n",
            pos.to_move()
        ))?;
        let human = pos.to_move();
        return play_loop(
            pos,
            |p| p.to_move() == human,
            Bridgit::render,
            parse_slot,
            |p| strategy.choose(p).unwrap_or(0),
            |s| slot_name(n, s),
            |p| {
                if p.winner() == Some(human) {
                    "You win!".to_owned()
                } else {
                    "The program wins.".to_owned()
                }
            },
        );
    }
    if let (Some(strategy), None) = (strategy, pos.winner()) {
        strategy
            .check(&pos, pos.to_move())
            .map_err(|e| CliError::input(format!("--strategy {strategy}: {e}")))?;
    }
    let e = u32::from(pos.slot_count());
    let mut text = pos.render();
    let mut doc = json!({ "n": n, "slots": e, "moves": moves });
    if let Some(w) = pos.winner() {
        text.push_str(&format!("{w:?} has won.\n"));
        doc["winner"] = json!(format!("{w:?}"));
    } else {
        let mover = pos.to_move();
        doc["to_move"] = json!(format!("{mover:?}"));
        let free = pos.free().count_ones();
        if free <= BRIDGIT_VALUE_FREE {
            let mut solver = Solver::new(Options {
                table_bits: Some(22),
                ..Options::default()
            });
            let verdict = |value: i32| if value > 0 { "wins" } else { "loses" };
            if free <= BRIDGIT_BEST_FREE {
                let (value, best) = solver.best_moves(&pos);
                let names: Vec<String> = best.iter().map(|&s| slot_name(n, s)).collect();
                text.push_str(&format!(
                    "{mover:?} to move {} with best play; winning moves: {}\n",
                    verdict(value),
                    if names.is_empty() {
                        "none".to_owned()
                    } else {
                        names.join(", ")
                    }
                ));
                doc["best_moves"] = json!(best);
                doc["value"] = json!(value);
            } else {
                let value = solver.solve(&pos);
                text.push_str(&format!(
                    "{mover:?} to move {} with best play (winning moves are listed from {BRIDGIT_BEST_FREE} free slots down)\n",
                    verdict(value)
                ));
                doc["value"] = json!(value);
            }
            doc["nodes"] = json!(solver.nodes);
        } else {
            text.push_str(&format!(
                "{free} free slots: exact search is limited to {BRIDGIT_VALUE_FREE}; Left, moving first, wins (strategy stealing, and the pairing strategy)\n"
            ));
        }
        if let Some(strategy) = strategy {
            let s = strategy.choose(&pos).unwrap_or(0);
            text.push_str(&format!(
                "{} plays slot {}\n",
                policy_name(strategy),
                slot_name(n, s)
            ));
            doc["strategy_move"] = json!(s);
        }
    }
    if count_crossings {
        if n > BRIDGIT_COUNT_N {
            return Err(CliError::input(format!(
                "--count-crossings enumerates all 2^{e} sets of segments; limited to n ≤ {BRIDGIT_COUNT_N}"
            )));
        }
        let count = bridgit::crossing_count(n);
        text.push_str(&format!(
            "sets of Left's {e} segments joining left and right: {count} of 2^{e} (exactly half: {})\n",
            count == 1 << (e - 1)
        ));
        doc["crossings"] = json!(count);
        doc["crossing_probability"] = json!(count as f64 / (1u64 << e) as f64);
    }
    emit(json, &doc, &text)
}
