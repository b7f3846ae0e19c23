//! `cgt serve`: the server starts on the address it prints, its JSON API answers the same
//! documents as `cgt … --json`, bad options are refused with exit code 2, and Ctrl-C stops it.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use common::{json, rejects};

/// A running `cgt serve` on a free port, stopped when dropped.
struct Server {
    child: Child,
    address: String,
    /// The server's table folder: given, so that killing the server leaves nothing behind.
    _tables: tempfile::TempDir,
}

impl Server {
    fn start() -> Server {
        let tables = tempfile::tempdir().expect("a folder for the tables");
        let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
            .args(["serve", "--bind", "127.0.0.1:0", "--tables"])
            .arg(tables.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cgt serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("a first line");
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_owned();
        Server {
            child,
            address,
            _tables: tables,
        }
    }

    /// `GET path`: the status and the body.
    fn get(&self, path: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.address).expect("connect");
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        let status = answer[9..12].parse().unwrap();
        let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
        // Bodies are sent whole (a length, not chunks) for documents of this size.
        (status, body.to_owned())
    }

    fn json(&self, path: &str) -> serde_json::Value {
        let (status, body) = self.get(path);
        assert_eq!(status, 200, "{path}: {body}");
        serde_json::from_str(&body).unwrap_or_else(|e| panic!("{path}: {e}: {body}"))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_api_answers_what_cgt_json_prints() {
    let server = Server::start();
    for (path, args) in [
        ("/api/nim?heaps=3+4+5", vec!["nim", "3", "4", "5"]),
        (
            "/api/nim?heaps=1+1+2&misere=true&explain=true",
            vec!["nim", "1", "1", "2", "--misere", "--explain"],
        ),
        (
            "/api/staircase?heaps=0+3+1",
            vec!["staircase", "0", "3", "1"],
        ),
        ("/api/wythoff?a=9&b=7", vec!["wythoff", "9", "7"]),
        (
            "/api/heaps?rules=kayles&heaps=5+6",
            vec!["octal", "kayles", "--heaps", "5", "6"],
        ),
        (
            "/api/heaps?rules=0.07&upto=100&values=true",
            vec!["octal", "0.07", "--upto", "100", "--values"],
        ),
        (
            "/api/game?expr=%7B2%7C%7C1%7C0%7D&compare=1",
            vec!["game", "{2||1|0}", "--compare", "1"],
        ),
        ("/api/domineering?expr=2x3", vec!["domineering", "2x3"]),
        (
            "/api/toads-frogs?expr=TT..FF&explain=true",
            vec!["toads-frogs", "TT..FF", "--explain"],
        ),
        ("/api/clobber?expr=xox", vec!["clobber", "xox"]),
        (
            "/api/tree?tree=(max+(min+3+5)+(min+2+9))&stats=true",
            vec!["tree", "(max (min 3 5) (min 2 9))", "--stats"],
        ),
        // Every typed request (cgt_report::request) reaches the API with the CLI's fields.
        ("/api/mex?values=0+1+3", vec!["mex", "0", "1", "3"]),
        ("/api/nimsum?values=3,4,5", vec!["nimsum", "3", "4", "5"]),
        ("/api/nimmul?values=2+3", vec!["nimmul", "2", "3"]),
        ("/api/niminv?value=2", vec!["niminv", "2"]),
        (
            "/api/moore?k=2&heaps=1+2+3&explain=true",
            vec!["moore", "-k", "2", "1", "2", "3", "--explain"],
        ),
        (
            "/api/divisor?n=12&explain=true",
            vec!["divisor", "12", "--explain"],
        ),
        ("/api/stones?piles=5+9+13", vec!["stones", "5", "9", "13"]),
        (
            "/api/dead-end?expr=-2+%2B+-2&limit=1",
            vec!["dead-end", "-2 + -2", "--limit", "1"],
        ),
        (
            "/api/chance?tree=(max+(chance+1/2+0+1/2+10)+4)&window=0,5",
            vec![
                "chance",
                "(max (chance 1/2 0 1/2 10) 4)",
                "--window",
                "0",
                "5",
            ],
        ),
        (
            "/api/pig?target=20&state=5+3+2",
            vec!["pig", "20", "--state", "5", "3", "2"],
        ),
        (
            "/api/andor?height=4&leaves=0110100110010110",
            vec!["andor", "--height", "4", "--leaves", "0110100110010110"],
        ),
        ("/api/cram?board=2x3", vec!["cram", "2x3"]),
        ("/api/wythoff?position=4+9", vec!["wythoff", "4", "9"]),
        ("/api/wythoff?pair=1000", vec!["wythoff", "--pair", "1000"]),
        (
            "/api/wythoff?p_positions=5",
            vec!["wythoff", "--p-positions", "5"],
        ),
        (
            "/api/loopy?backsliding=T..F",
            vec!["loopy", "--backsliding", "T..F"],
        ),
        (
            "/api/tree?tree=(max+3+(min+2+9))&window=0,4&thresholds=true",
            vec![
                "tree",
                "(max 3 (min 2 9))",
                "--window",
                "0",
                "4",
                "--thresholds",
            ],
        ),
        (
            "/api/mnk?m=3&n=3&k=3&moves=5+1&explain=true&threads=1",
            vec![
                "mnk",
                "3",
                "3",
                "3",
                "--moves",
                "5",
                "1",
                "--explain",
                "--threads",
                "1",
            ],
        ),
        (
            "/api/bridgit?n=2&moves=1+2&strategy=pairing",
            vec!["bridgit", "2", "--moves", "1", "2", "--strategy", "pairing"],
        ),
        (
            "/api/cycle?window=4+4&moves=1,1r",
            vec!["cycle", "--window", "4", "4", "--moves", "1,1r"],
        ),
        (
            "/api/partizan-subtraction?board=1,2%7C1,3:+7&misere=true",
            vec!["partizan-subtraction", "1,2|1,3: 7", "--misere"],
        ),
    ] {
        let mut from_api = server.json(path);
        let mut from_cli = json(&args);
        // The partizan documents count the positions searched, which depends on the cache.
        for doc in [&mut from_api, &mut from_cli] {
            if let Some(map) = doc.as_object_mut() {
                map.remove("searched");
            }
        }
        assert_eq!(from_api, from_cli, "{path} against cgt {args:?}");
    }
    // The pages are served, and the playground's script.
    for path in ["/", "/play/nim", "/calculator?expr=%5E", "/static/app.js"] {
        let (status, body) = server.get(path);
        assert_eq!(status, 200, "{path}");
        assert!(!body.is_empty());
    }
}

#[test]
fn bad_options_are_refused_with_exit_code_2() {
    // A port in use.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = taken.local_addr().unwrap().to_string();
    rejects(&["serve", "--bind", &address], "cannot listen on");
}

#[test]
#[cfg(unix)]
fn ctrl_c_stops_the_server() {
    let mut server = Server::start();
    assert_eq!(server.get("/api/nim?heaps=1").0, 200);
    let pid = server.child.id().to_string();
    let killed = Command::new("kill").args(["-INT", &pid]).status().unwrap();
    assert!(killed.success());
    let status = server.child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    let mut err = String::new();
    server
        .child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(err.contains("stopped"), "{err}");
}
