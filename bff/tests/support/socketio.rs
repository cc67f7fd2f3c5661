//! A small socket.io v5 client over Engine.IO v4 WebSocket frames, for the chat tests:
//! the open packet, `40/ns,{auth}` connect (answered `40` or `44` connect_error),
//! `42/ns,id[event,data]` emits with acknowledgement ids, `43/ns,id[data]` acks, server
//! events `42/ns,[event,data]`, `41/ns,` disconnect, and ping (`2`) answered pong (`3`).
//! Shared by the api tests and the cluster test (each uses part of it).
#![allow(dead_code)]

use futures::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio::sync::{Mutex, mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;

pub struct Sock {
    ns: String,
    out: mpsc::UnboundedSender<String>,
    next_id: AtomicU64,
    acks: Arc<std::sync::Mutex<HashMap<u64, oneshot::Sender<Value>>>>,
    events: Mutex<mpsc::UnboundedReceiver<(String, Value)>>,
    seen: Mutex<Vec<(String, Value)>>,
}

/// How long an answer or an event may take.
const WAIT: Duration = Duration::from_secs(10);

/// A socket.io packet of namespace `ns`: its type, ack id and JSON data.
fn parse(text: &str) -> Option<(char, String, Option<u64>, Value)> {
    let rest = text.strip_prefix('4')?;
    let mut chars = rest.chars();
    let kind = chars.next()?;
    let mut rest = chars.as_str();
    let mut ns = "/".to_string();
    if rest.starts_with('/') {
        let end = rest.find(',').unwrap_or(rest.len());
        ns = rest[..end].to_string();
        rest = rest.get(end + 1..).unwrap_or("");
    }
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    let id = if digits.is_empty() { None } else { digits.parse().ok() };
    let json = &rest[digits.len()..];
    let data = if json.is_empty() { Value::Null } else { serde_json::from_str(json).ok()? };
    Some((kind, ns, id, data))
}

impl Sock {
    /// Connects to namespace `ns` of the BFF at `base` (http://host:port) with `auth`;
    /// Err(the connect_error message) when refused.
    pub async fn connect_with(base: &str, ns: &str, auth: Value) -> Result<Sock, String> {
        let url = format!("{}/socket.io/?EIO=4&transport=websocket", base.replacen("http", "ws", 1));
        let (ws, _) = tokio_tungstenite::connect_async(url).await.expect("websocket opened");
        let (mut sink, mut stream) = ws.split();
        // The Engine.IO open packet.
        let open = tokio::time::timeout(WAIT, stream.next()).await.expect("open packet").expect("open").expect("frame");
        assert!(open.to_text().unwrap_or_default().starts_with('0'), "open packet: {open:?}");
        sink.send(Message::Text(format!("40{ns},{auth}").into())).await.expect("connect sent");
        let answer = loop {
            let frame = tokio::time::timeout(WAIT, stream.next())
                .await
                .expect("connect answer")
                .expect("answer")
                .expect("frame");
            let text = frame.to_text().unwrap_or_default().to_string();
            if text == "2" {
                sink.send(Message::Text("3".into())).await.expect("pong");
                continue;
            }
            break text;
        };
        let (kind, _, _, data) = parse(&answer).unwrap_or_else(|| panic!("socket.io packet: {answer}"));
        if kind == '4' {
            return Err(data["message"].as_str().unwrap_or_default().to_string());
        }
        assert_eq!(kind, '0', "connect answer: {answer}");
        let (out, mut out_rx) = mpsc::unbounded_channel::<String>();
        let (ev_tx, events) = mpsc::unbounded_channel();
        let acks: Arc<std::sync::Mutex<HashMap<u64, oneshot::Sender<Value>>>> = Default::default();
        tokio::spawn(async move {
            while let Some(text) = out_rx.recv().await {
                if sink.send(Message::Text(text.into())).await.is_err() {
                    return;
                }
            }
            // The Sock was dropped: the connection closes (the server sees a disconnect).
            let _ = sink.send(Message::Close(None)).await;
            let _ = sink.close().await;
        });
        // Weak: dropping the Sock ends the writer above.
        let (pong, waiting) = (out.downgrade(), acks.clone());
        tokio::spawn(async move {
            while let Some(Ok(frame)) = stream.next().await {
                let Ok(text) = frame.to_text() else { continue };
                if text == "2" {
                    if let Some(pong) = pong.upgrade() {
                        let _ = pong.send("3".into());
                    }
                    continue;
                }
                match parse(text) {
                    Some(('2', _, _, Value::Array(mut items))) if !items.is_empty() => {
                        let name = items.remove(0).as_str().unwrap_or_default().to_string();
                        let _ = ev_tx.send((name, items.into_iter().next().unwrap_or(Value::Null)));
                    }
                    Some(('3', _, Some(id), Value::Array(items))) => {
                        if let Some(tx) = waiting.lock().unwrap().remove(&id) {
                            let _ = tx.send(items.into_iter().next().unwrap_or(Value::Null));
                        }
                    }
                    Some(('1', _, _, _)) => {
                        let _ = ev_tx.send(("disconnect".into(), Value::Null));
                    }
                    _ => {}
                }
            }
            let _ = ev_tx.send(("close".into(), Value::Null));
        });
        Ok(Sock {
            ns: ns.to_string(),
            out,
            next_id: AtomicU64::new(1),
            acks,
            events: Mutex::new(events),
            seen: Mutex::new(vec![]),
        })
    }

    /// Connects with `{token}` (none: no auth at all).
    pub async fn connect(base: &str, ns: &str, token: Option<&str>) -> Result<Sock, String> {
        let auth = token.map(|t| json!({ "token": t })).unwrap_or(json!({}));
        Self::connect_with(base, ns, auth).await
    }

    /// Emits `event` with `data` and waits for its acknowledgement.
    pub async fn call(&self, event: &str, data: Value) -> Value {
        let id = self.next_id.fetch_add(1, Ordering::SeqCst);
        let (tx, rx) = oneshot::channel();
        self.acks.lock().unwrap().insert(id, tx);
        let _ = self.out.send(format!("42{},{id}{}", self.ns, json!([event, data])));
        tokio::time::timeout(WAIT, rx).await.unwrap_or_else(|_| panic!("no answer to {event}")).expect("answer")
    }

    /// `call` that must succeed: its `data`.
    #[track_caller]
    pub fn ok(answer: Value) -> Value {
        assert_eq!(answer["ok"], true, "refused: {answer}");
        answer["data"].clone()
    }

    /// The next `event` received (earlier ones of other names are kept for later).
    pub async fn next(&self, event: &str) -> Value {
        let mut seen = self.seen.lock().await;
        if let Some(at) = seen.iter().position(|(n, _)| n == event) {
            return seen.remove(at).1;
        }
        let mut events = self.events.lock().await;
        loop {
            let got = tokio::time::timeout(WAIT, events.recv())
                .await
                .unwrap_or_else(|_| panic!("no {event} event"))
                .expect("events");
            if got.0 == event {
                return got.1;
            }
            seen.push(got);
        }
    }

    /// The next `event` whose payload passes `wanted` (the others of that name are dropped).
    pub async fn next_where(&self, event: &str, wanted: impl Fn(&Value) -> bool) -> Value {
        loop {
            let v = self.next(event).await;
            if wanted(&v) {
                return v;
            }
        }
    }

    /// Every `event` received within `within` (the others are kept).
    pub async fn all_within(&self, event: &str, within: Duration) -> Vec<Value> {
        let mut seen = self.seen.lock().await;
        let mut events = self.events.lock().await;
        let deadline = tokio::time::Instant::now() + within;
        while let Ok(Some(got)) = tokio::time::timeout_at(deadline, events.recv()).await {
            seen.push(got);
        }
        let (matched, rest): (Vec<_>, Vec<_>) = seen.drain(..).partition(|(n, _)| n == event);
        *seen = rest;
        matched.into_iter().map(|(_, v)| v).collect()
    }
}
