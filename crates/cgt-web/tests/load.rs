//! A bounded load test on loopback: 5,000 requests, 64 at a time, cheap and expensive mixed
//! with bad input, against a real server on a real socket. No answer may be a 5xx other than
//! the 503 of a full house, and the server answers afterwards. The figures (throughput, p50 and
//! p99 latency) are printed; `CGT_LOAD_REQUESTS` sets the count and `CGT_LOAD_CHEAP=1` leaves
//! out the searches stopped by their budget (docs/guide/src/web.md has a release run's
//! figures).

use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// One request on a fresh connection: the status and the time it took.
async fn fetch(address: std::net::SocketAddr, path: &str) -> (u16, Duration) {
    let started = Instant::now();
    let mut stream = TcpStream::connect(address).await.expect("connect");
    let request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.expect("send");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.expect("read");
    let head = String::from_utf8_lossy(&answer[..answer.len().min(20)]).into_owned();
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{path}: no status line in {head:?}"));
    (status, started.elapsed())
}

/// The `i`-th request of the mix: mostly cheap, some searches, a few past the budget (none
/// with `cheap`), and bad input.
fn request(i: usize, cheap: bool) -> String {
    match i % 100 {
        0 | 1 if cheap => "/api/play/nim?heaps=3+4+5&play=0".to_owned(),
        0 => "/api/domineering?expr=6x6".to_owned(),
        1 => "/api/heaps?rules=0.07&upto=20000".to_owned(),
        2..=9 => "/api/play/nope".to_owned(),
        10..=14 => format!("/api/play/nim?heaps=3+{}&play=99", i % 7),
        15..=19 => "/api/game?expr=%7B1%7C".to_owned(),
        20..=29 => "/api/play/domineering?board=4x4&why=true".to_owned(),
        30..=34 => "/api/play/connect4?moves=4453&play=3".to_owned(),
        35..=39 => "/picture/thermograph?expr=%7B3%7C%7C2%7C1%7D".to_owned(),
        40..=44 => "/".to_owned(),
        45..=49 => "/static/app.js".to_owned(),
        50..=69 => format!("/api/play/wythoff?a={}&b={}&play=0", 5 + i % 20, 3 + i % 11),
        _ => format!("/api/play/nim?heaps=3+4+{}&play=1&why=true", 5 + i % 9),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_thousand_mixed_requests_get_no_5xx_but_a_full_house() {
    let total: usize = std::env::var("CGT_LOAD_REQUESTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5_000);
    let cheap = std::env::var_os("CGT_LOAD_CHEAP").is_some();
    let limits = cgt_web::Limits {
        time: Duration::from_millis(500),
        memory: 1 << 30,
        workers: 4,
        queue_wait: Duration::from_secs(10),
    };
    let app = cgt_web::router(cgt_web::Config {
        limits,
        tables: None,
        connect4_book: None,
    })
    .unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(cgt_web::serve(listener, app, async {
        let _ = stopped.await;
    }));

    let started = Instant::now();
    let next = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut clients = Vec::new();
    for _ in 0..64 {
        let next = std::sync::Arc::clone(&next);
        clients.push(tokio::spawn(async move {
            let mut seen = Vec::new();
            loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if i >= total {
                    return seen;
                }
                let path = request(i, cheap);
                let (status, took) = fetch(address, &path).await;
                seen.push((path, status, took));
            }
        }));
    }
    let mut all = Vec::new();
    for c in clients {
        all.extend(c.await.unwrap());
    }
    let elapsed = started.elapsed();
    assert_eq!(all.len(), total);

    let mut counts = std::collections::BTreeMap::new();
    for (path, status, _) in &all {
        *counts.entry(*status).or_insert(0usize) += 1;
        assert!(
            *status < 500 || *status == 503,
            "{path}: {status} (only a full house may answer 5xx)"
        );
        if path.contains("nope") || path.contains("play=99") || path.contains("%7B1%7C") {
            assert!((400..500).contains(status), "{path}: {status}");
        }
    }
    let mut latencies: Vec<Duration> = all.iter().map(|(_, _, t)| *t).collect();
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    eprintln!(
        "load{}: {total} requests, 64 at a time, in {:.2} s: {:.0} requests/s, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; statuses {counts:?}",
        if cheap { " (cheap)" } else { "" },
        elapsed.as_secs_f64(),
        total as f64 / elapsed.as_secs_f64(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        latencies.last().unwrap().as_secs_f64() * 1e3,
    );
    // The server still answers, at once.
    let (status, took) = fetch(address, "/api/play/nim?heaps=1+2").await;
    assert_eq!(status, 200);
    assert!(took < Duration::from_secs(2), "{took:?}");
    let _ = stop.send(());
    server.await.unwrap().unwrap();
}
