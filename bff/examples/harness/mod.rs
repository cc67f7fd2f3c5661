//! What every benchmark of `bff/examples` shares: the load generator (workers that each keep a
//! connection of their own), its statistics, the process's CPU time, and a lean HTTP/1.1 client.
//! Used as `mod harness;` by each benchmark (cargo builds no example of a folder without main.rs).

#![allow(dead_code)]

use std::sync::Arc;
use std::time::Instant;

/// A number from the environment, or `default`.
pub fn env_num(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

pub struct Stats {
    /// CPU time of this process (servers, load generator and, on SQLite, the database) per
    /// request, µs: what decides throughput once the cores are busy.
    pub cpu_us: f64,
    pub p50: f64,
    pub p95: f64,
    pub rps: f64,
    /// Requests answered with an error (e.g. 503 when the database had no free connection).
    pub failed: usize,
}

/// Runs `requests` calls of `call` (given the worker's state and the request's number) with
/// `concurrency` workers, each with a state of its own from `state` (a connection);
/// latencies in ms.
pub async fn measure<S, M, F, Fut>(concurrency: usize, requests: usize, state: M, call: F) -> Stats
where
    S: Send + 'static,
    M: Fn() -> S,
    F: Fn(S, usize) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = (S, bool)> + Send,
{
    let call = Arc::new(call);
    let left = Arc::new(std::sync::atomic::AtomicUsize::new(requests));
    let (started, cpu) = (Instant::now(), cpu_seconds());
    let mut workers = vec![];
    for _ in 0..concurrency {
        let (call, left, mut s) = (call.clone(), left.clone(), state());
        workers.push(tokio::spawn(async move {
            let (mut lat, mut failed) = (vec![], 0);
            while let Ok(n) =
                left.fetch_update(std::sync::atomic::Ordering::Relaxed, std::sync::atomic::Ordering::Relaxed, |n| {
                    n.checked_sub(1)
                })
            {
                let t = Instant::now();
                let (next, ok) = call(s, n).await;
                s = next;
                failed += usize::from(!ok);
                lat.push(t.elapsed().as_secs_f64() * 1000.0);
            }
            (lat, failed)
        }));
    }
    let (mut all, mut failed) = (vec![], 0);
    for w in workers {
        let (lat, f) = w.await.unwrap();
        all.extend(lat);
        failed += f;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let cpu_us = (cpu_seconds() - cpu) * 1e6 / all.len() as f64;
    all.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let at = |q: f64| all[((all.len() as f64 * q) as usize).min(all.len() - 1)];
    Stats { cpu_us, p50: at(0.50), p95: at(0.95), rps: all.len() as f64 / elapsed, failed }
}

/// The run with the median throughput.
pub fn median(mut runs: Vec<Stats>) -> Stats {
    runs.sort_by(|a, b| a.rps.total_cmp(&b.rps));
    runs.swap_remove(runs.len() / 2)
}

/// User and system CPU time of this process so far, seconds (Linux: /proc/self/stat, in
/// clock ticks of 10 ms).
pub fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name (which may hold spaces), from the third on.
    let fields: Vec<&str> =
        stat.rsplit_once(')').map(|(_, rest)| rest.split_whitespace().collect()).unwrap_or_default();
    let ticks = |i: usize| fields.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

/// The load generator's HTTP/1.1 client: one kept-alive connection per worker, requests
/// written as bytes and answers read by Content-Length, so that the machine's two cores go
/// to the system under test rather than to the client (as with wrk; reqwest cost about an
/// eighth of the BFF path's CPU).
pub struct Http {
    addr: std::net::SocketAddr,
    conn: Option<tokio::io::BufStream<tokio::net::TcpStream>>,
}

impl Http {
    pub fn new(addr: std::net::SocketAddr) -> Self {
        Http { addr, conn: None }
    }

    /// Sends one request and returns its status and body (a new connection when the
    /// server closed the last one).
    pub async fn call(
        &mut self,
        method: &str,
        path: &str,
        token: &str,
        body: &[u8],
    ) -> std::io::Result<(u16, Vec<u8>)> {
        use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};
        if self.conn.is_none() {
            let tcp = tokio::net::TcpStream::connect(self.addr).await?;
            tcp.set_nodelay(true)?;
            self.conn = Some(tokio::io::BufStream::new(tcp));
        }
        let conn = self.conn.as_mut().expect("connected");
        let head = format!(
            "{method} {path} HTTP/1.1\r\nhost: bench\r\nauthorization: Bearer {token}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
            body.len()
        );
        conn.write_all(head.as_bytes()).await?;
        conn.write_all(body).await?;
        conn.flush().await?;
        let (mut status, mut length, mut close, mut line) = (0u16, 0usize, false, String::new());
        loop {
            line.clear();
            if conn.read_line(&mut line).await? == 0 {
                self.conn = None;
                return Err(std::io::ErrorKind::UnexpectedEof.into());
            }
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if status == 0 {
                status = l.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
            } else if let Some((k, v)) = l.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    length = v.trim().parse().unwrap_or(0);
                } else if k.eq_ignore_ascii_case("connection") && v.trim().eq_ignore_ascii_case("close") {
                    close = true;
                }
            }
        }
        let mut body = vec![0; length];
        conn.read_exact(&mut body).await?;
        if close {
            self.conn = None;
        }
        Ok((status, body))
    }
}

/// The runtime the system under test runs on (two worker threads named "servers"), apart from
/// the load generator's, as a process of its own would be. Dropped, it shuts down without
/// waiting: dropping a runtime inside the main runtime's async context panics, which turned a
/// benchmark's error (an early `?`) into that panic instead of the error.
pub struct Servers(Option<tokio::runtime::Runtime>);

impl Servers {
    pub fn new() -> std::io::Result<Self> {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("servers")
            .enable_all()
            .build()?;
        Ok(Self(Some(rt)))
    }
}

impl std::ops::Deref for Servers {
    type Target = tokio::runtime::Runtime;
    fn deref(&self) -> &Self::Target {
        self.0.as_ref().expect("running until dropped")
    }
}

impl Drop for Servers {
    fn drop(&mut self) {
        if let Some(rt) = self.0.take() {
            rt.shutdown_background();
        }
    }
}
