//! Which donors are connected to /app, across replicas: a per-donor connection count in the
//! BFF cache ("presence:{donorId}", Redis in the cluster, memory embedded) whose time to live
//! each replica refreshes while its sockets stay connected, so a replica that dies without
//! disconnecting its sockets stops counting within [`TTL`]. `presence` is emitted to /admin
//! when a donor's first socket connects and its last one disconnects.

use crate::cache::Cache;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long a count lives without a refresh.
pub const TTL: Duration = Duration::from_secs(60);
/// How often a replica refreshes the counts of its own connected donors.
pub const REFRESH: Duration = Duration::from_secs(20);

fn key(donor_id: &str) -> String {
    format!("presence:{donor_id}")
}

/// This replica's connections per donor.
#[derive(Default)]
pub struct Presence {
    local: Mutex<HashMap<String, usize>>,
}

impl Presence {
    /// Counts a connection; true when it is the donor's first anywhere.
    pub async fn connected(&self, cache: &dyn Cache, donor_id: &str) -> bool {
        *self.local.lock().expect("presence").entry(donor_id.to_string()).or_default() += 1;
        match cache.incr(&key(donor_id), 1, TTL).await {
            Ok(n) => n == 1,
            Err(e) => {
                tracing::warn!(error = %format!("{e:#}"), "presence not counted");
                false
            }
        }
    }

    /// Uncounts a connection; true when it was the donor's last anywhere.
    pub async fn disconnected(&self, cache: &dyn Cache, donor_id: &str) -> bool {
        {
            let mut local = self.local.lock().expect("presence");
            if let Some(n) = local.get_mut(donor_id) {
                *n -= 1;
                if *n == 0 {
                    local.remove(donor_id);
                }
            }
        }
        match cache.incr(&key(donor_id), -1, TTL).await {
            Ok(n) if n <= 0 => {
                let _ = cache.del(&key(donor_id)).await;
                true
            }
            Ok(_) => false,
            Err(e) => {
                tracing::warn!(error = %format!("{e:#}"), "presence not uncounted");
                false
            }
        }
    }

    /// Whether each donor is connected now (one cache round trip).
    pub async fn online(cache: &dyn Cache, donor_ids: &[String]) -> Vec<bool> {
        if donor_ids.is_empty() {
            return vec![];
        }
        let keys: Vec<String> = donor_ids.iter().map(|d| key(d)).collect();
        match cache.get_many(&keys).await {
            Ok(found) => {
                found.into_iter().map(|v| v.and_then(|v| v.parse::<i64>().ok()).is_some_and(|n| n > 0)).collect()
            }
            Err(e) => {
                tracing::warn!(error = %format!("{e:#}"), "presence not read");
                vec![false; donor_ids.len()]
            }
        }
    }
}

/// Keeps this replica's counts alive while its donors stay connected.
pub fn refresh_in_background(cache: Arc<dyn Cache>, presence: Arc<Presence>) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(REFRESH);
        tick.tick().await;
        loop {
            tick.tick().await;
            let donors: Vec<String> = presence.local.lock().expect("presence").keys().cloned().collect();
            for d in donors {
                if let Err(e) = cache.incr(&key(&d), 0, TTL).await {
                    tracing::debug!(error = %format!("{e:#}"), "presence not refreshed");
                }
            }
        }
    });
}
