//! One shutdown signal shared by every task of a process.
//!
//! A process stops in two steps: it first *drains* (its health says NOT_SERVING while it
//! still serves, so balancers stop sending it calls), then it *stops* (listeners close,
//! in-flight work finishes, background tasks end). `trigger()` does both at once.

use std::time::Duration;
use tokio::sync::watch;

const RUNNING: u8 = 0;
const DRAINING: u8 = 1;
const STOPPED: u8 = 2;

/// Cloneable handle: `trigger()` once, every `wait()` returns.
#[derive(Clone)]
pub struct Shutdown {
    tx: watch::Sender<u8>,
    rx: watch::Receiver<u8>,
}

impl Default for Shutdown {
    fn default() -> Self {
        Self::new()
    }
}

impl Shutdown {
    pub fn new() -> Self {
        let (tx, rx) = watch::channel(RUNNING);
        Self { tx, rx }
    }

    /// Stops now (draining, if it had not begun, ends at once).
    pub fn trigger(&self) {
        self.tx.send_if_modified(|s| std::mem::replace(s, STOPPED) != STOPPED);
    }

    /// Begins draining: [`Shutdown::draining`] returns; [`Shutdown::wait`] waits for `trigger`.
    pub fn begin_draining(&self) {
        self.tx.send_if_modified(|s| {
            let was = *s;
            *s = (*s).max(DRAINING);
            was != *s
        });
    }

    pub fn is_triggered(&self) -> bool {
        *self.rx.borrow() == STOPPED
    }

    /// Draining or stopped.
    pub fn is_draining(&self) -> bool {
        *self.rx.borrow() >= DRAINING
    }

    /// Returns once the process stops.
    pub async fn wait(&self) {
        self.reached(STOPPED).await
    }

    /// Returns once the process drains (or stops without draining).
    pub async fn draining(&self) {
        self.reached(DRAINING).await
    }

    async fn reached(&self, state: u8) {
        let mut rx = self.rx.clone();
        while *rx.borrow_and_update() < state {
            if rx.changed().await.is_err() {
                return;
            }
        }
    }

    /// Triggers on SIGTERM or Ctrl-C.
    pub fn on_signals(&self) {
        self.on_signals_draining(Duration::ZERO)
    }

    /// On SIGTERM or Ctrl-C, drains for `drain`, then triggers (at once on a second signal).
    pub fn on_signals_draining(&self, drain: Duration) {
        let me = self.clone();
        tokio::spawn(async move {
            let mut signals = Signals::new();
            signals.next().await;
            if drain.is_zero() {
                tracing::info!("shutdown signal received");
            } else {
                tracing::info!(drain = ?drain, "shutdown signal received; draining");
                me.begin_draining();
                tokio::select! { _ = tokio::time::sleep(drain) => {}, _ = signals.next() => {} }
            }
            me.trigger();
        });
    }
}

/// SIGTERM and Ctrl-C.
struct Signals {
    #[cfg(unix)]
    term: tokio::signal::unix::Signal,
}

impl Signals {
    fn new() -> Self {
        Self {
            #[cfg(unix)]
            term: tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).expect("SIGTERM handler"),
        }
    }

    async fn next(&mut self) {
        #[cfg(unix)]
        tokio::select! { _ = tokio::signal::ctrl_c() => {}, _ = self.term.recv() => {} }
        #[cfg(not(unix))]
        let _ = tokio::signal::ctrl_c().await;
    }
}

#[cfg(test)]
mod tests {
    use super::Shutdown;
    use std::time::Duration;

    #[tokio::test]
    async fn draining_comes_before_stopping_and_trigger_does_both() {
        let s = Shutdown::new();
        assert!(tokio::time::timeout(Duration::from_millis(20), s.draining()).await.is_err(), "not draining yet");
        s.begin_draining();
        s.draining().await;
        assert!(s.is_draining() && !s.is_triggered());
        assert!(tokio::time::timeout(Duration::from_millis(20), s.wait()).await.is_err(), "draining is not stopping");
        s.begin_draining();
        s.trigger();
        s.wait().await;
        assert!(s.is_triggered());

        let t = Shutdown::new();
        t.trigger();
        t.draining().await;
        t.wait().await;
        t.begin_draining();
        assert!(t.is_triggered(), "draining after the stop does not undo it");
    }
}
