//! The BFF's cache: Redis in the cluster (shared by every replica), memory in
//! embedded mode. Holds account standings (principals) and session markers for a few
//! seconds so a request need not ask identity each time. A cache failure is logged and treated as a miss:
//! the cache can speed things up, never break them.

use async_trait::async_trait;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[async_trait]
pub trait Cache: Send + Sync + 'static {
    async fn get(&self, key: &str) -> anyhow::Result<Option<String>>;
    /// Several keys in one round trip, answered in order.
    async fn get_many(&self, keys: &[String]) -> anyhow::Result<Vec<Option<String>>>;
    async fn set(&self, key: &str, value: &str, ttl: Duration) -> anyhow::Result<()>;
    /// Sets `key` only when it holds nothing (never overwrites a newer value).
    async fn add(&self, key: &str, value: &str, ttl: Duration) -> anyhow::Result<()>;
    async fn del(&self, key: &str) -> anyhow::Result<()>;
    /// Adds `by` (may be negative or zero) to the counter at `key` and sets its time to live;
    /// answers the new count (a missing or expired counter counts from 0). Chat presence
    /// counts each donor's connections across replicas with it (bff/src/live/presence.rs).
    async fn incr(&self, key: &str, by: i64, ttl: Duration) -> anyhow::Result<i64>;
    async fn ping(&self) -> bool;
}

#[derive(Default)]
pub struct MemoryCache(Mutex<HashMap<String, (String, Instant)>>);

#[async_trait]
impl Cache for MemoryCache {
    async fn get(&self, key: &str) -> anyhow::Result<Option<String>> {
        let mut m = self.0.lock().expect("cache lock");
        match m.get(key) {
            Some((v, exp)) if *exp > Instant::now() => Ok(Some(v.clone())),
            Some(_) => {
                m.remove(key);
                Ok(None)
            }
            None => Ok(None),
        }
    }
    async fn get_many(&self, keys: &[String]) -> anyhow::Result<Vec<Option<String>>> {
        let mut out = Vec::with_capacity(keys.len());
        for k in keys {
            out.push(self.get(k).await?);
        }
        Ok(out)
    }
    async fn set(&self, key: &str, value: &str, ttl: Duration) -> anyhow::Result<()> {
        let mut m = self.0.lock().expect("cache lock");
        if m.len() > 100_000 {
            let now = Instant::now();
            m.retain(|_, (_, exp)| *exp > now);
        }
        m.insert(key.to_string(), (value.to_string(), Instant::now() + ttl));
        Ok(())
    }
    async fn add(&self, key: &str, value: &str, ttl: Duration) -> anyhow::Result<()> {
        let mut m = self.0.lock().expect("cache lock");
        let now = Instant::now();
        if m.get(key).is_none_or(|(_, exp)| *exp <= now) {
            m.insert(key.to_string(), (value.to_string(), now + ttl));
        }
        Ok(())
    }
    async fn del(&self, key: &str) -> anyhow::Result<()> {
        self.0.lock().expect("cache lock").remove(key);
        Ok(())
    }
    async fn incr(&self, key: &str, by: i64, ttl: Duration) -> anyhow::Result<i64> {
        let mut m = self.0.lock().expect("cache lock");
        let now = Instant::now();
        let current = m.get(key).filter(|(_, exp)| *exp > now).and_then(|(v, _)| v.parse::<i64>().ok()).unwrap_or(0);
        let next = current + by;
        m.insert(key.to_string(), (next.to_string(), now + ttl));
        Ok(next)
    }
    async fn ping(&self) -> bool {
        true
    }
}

/// A Redis client for `url`: `redis://` plain, `rediss://` TLS through rustls (ring), verified
/// against `ca` alone when given (redis-rs replaces its roots with a given bundle), else
/// against the compiled-in Mozilla roots. Every Redis client of the BFF is made here.
pub fn client(url: &str, ca: Option<&common::tls::Ca>) -> anyhow::Result<redis::Client> {
    common::tls::install_provider();
    let client = match ca {
        Some(ca) if url.starts_with("rediss://") => redis::Client::build_with_tls(
            url,
            redis::TlsCertificates { client_tls: None, root_cert: Some(ca.pem().as_bytes().to_vec()) },
        ),
        _ => redis::Client::open(url),
    };
    client.map_err(|e| anyhow::anyhow!("REDIS_URL: {e}"))
}

pub struct RedisCache {
    conn: redis::aio::ConnectionManager,
}

/// The longest a cache call may take, reconnecting included: a Redis that is down or slow
/// makes a call fail (a miss) within this, never hang a request.
const CALL_TIMEOUT: Duration = Duration::from_secs(2);

impl RedisCache {
    /// Connects on first use (a Redis that is down at start does not stop the BFF: its
    /// calls fail fast, read as misses, and /readyz reports it) and reconnects after a loss.
    /// `rediss://` is TLS, trusting `TLS_CA_FILE` when set (see [`client`]).
    pub async fn connect(url: &str) -> anyhow::Result<Self> {
        Self::connect_with_ca(url, common::tls::configured()?.as_deref()).await
    }

    /// [`Self::connect`] trusting `ca` for `rediss://`.
    pub async fn connect_with_ca(url: &str, ca: Option<&common::tls::Ca>) -> anyhow::Result<Self> {
        let client = client(url, ca)?;
        let cfg = redis::aio::ConnectionManagerConfig::new()
            .set_connection_timeout(Some(Duration::from_secs(1)))
            .set_response_timeout(Some(Duration::from_secs(1)))
            .set_number_of_retries(1)
            .set_max_delay(Duration::from_millis(500));
        let conn = redis::aio::ConnectionManager::new_lazy_with_config(client, cfg)?;
        let cache = Self { conn };
        if !cache.ping().await {
            tracing::warn!("Redis unreachable at start; not ready until it is");
        }
        Ok(cache)
    }

    async fn query<T: redis::FromRedisValue + Send>(&self, cmd: &redis::Cmd) -> anyhow::Result<T> {
        let mut c = self.conn.clone();
        tokio::time::timeout(CALL_TIMEOUT, cmd.query_async(&mut c))
            .await
            .map_err(|_| anyhow::anyhow!("Redis did not answer within {CALL_TIMEOUT:?}"))?
            .map_err(|e| common::tls::explain(e.into(), "Redis"))
    }
}

#[async_trait]
impl Cache for RedisCache {
    async fn get(&self, key: &str) -> anyhow::Result<Option<String>> {
        self.query(redis::cmd("GET").arg(key)).await
    }
    async fn get_many(&self, keys: &[String]) -> anyhow::Result<Vec<Option<String>>> {
        self.query(redis::cmd("MGET").arg(keys)).await
    }
    async fn set(&self, key: &str, value: &str, ttl: Duration) -> anyhow::Result<()> {
        self.query(redis::cmd("SET").arg(key).arg(value).arg("PX").arg(ttl.as_millis() as u64)).await
    }
    async fn add(&self, key: &str, value: &str, ttl: Duration) -> anyhow::Result<()> {
        let _: Option<String> =
            self.query(redis::cmd("SET").arg(key).arg(value).arg("NX").arg("PX").arg(ttl.as_millis() as u64)).await?;
        Ok(())
    }
    async fn del(&self, key: &str) -> anyhow::Result<()> {
        self.query(redis::cmd("DEL").arg(key)).await
    }
    async fn incr(&self, key: &str, by: i64, ttl: Duration) -> anyhow::Result<i64> {
        let mut c = self.conn.clone();
        let pipe = redis::pipe()
            .atomic()
            .cmd("INCRBY")
            .arg(key)
            .arg(by)
            .cmd("PEXPIRE")
            .arg(key)
            .arg(ttl.as_millis() as u64)
            .to_owned();
        let (count, _): (i64, i64) = tokio::time::timeout(CALL_TIMEOUT, pipe.query_async(&mut c))
            .await
            .map_err(|_| anyhow::anyhow!("Redis did not answer within {CALL_TIMEOUT:?}"))??;
        Ok(count)
    }
    async fn ping(&self) -> bool {
        matches!(self.query::<String>(&redis::cmd("PING")).await, Ok(p) if p == "PONG")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn memory_entries_expire() {
        let c = MemoryCache::default();
        c.set("a", "1", Duration::from_millis(30)).await.unwrap();
        assert_eq!(c.get("a").await.unwrap().as_deref(), Some("1"));
        tokio::time::sleep(Duration::from_millis(40)).await;
        assert_eq!(c.get("a").await.unwrap(), None);
        c.set("b", "2", Duration::from_secs(5)).await.unwrap();
        assert_eq!(c.get_many(&["a".into(), "b".into()]).await.unwrap(), vec![None, Some("2".to_string())]);
        c.add("b", "3", Duration::from_secs(5)).await.unwrap();
        c.add("c", "4", Duration::from_secs(5)).await.unwrap();
        assert_eq!(
            c.get_many(&["b".into(), "c".into()]).await.unwrap(),
            vec![Some("2".to_string()), Some("4".to_string())]
        );
        c.del("b").await.unwrap();
        assert_eq!(c.get("b").await.unwrap(), None);
        assert_eq!(c.incr("n", 1, Duration::from_secs(5)).await.unwrap(), 1);
        assert_eq!(c.incr("n", 2, Duration::from_secs(5)).await.unwrap(), 3);
        assert_eq!(c.incr("n", -3, Duration::from_secs(5)).await.unwrap(), 0);
    }

    /// rediss:// against a Redis with a TLS port only (deploy/scripts/tls-servers.sh; skipped
    /// when it cannot start unless REQUIRE_SERVICES=1): the cache works through the
    /// configured CA; trusting another CA it gets nothing (calls fail, not ready) and the
    /// error says why; plain redis:// to the TLS port gets no answer either.
    #[tokio::test]
    async fn rediss_works_through_the_configured_ca_and_refuses_another() {
        let Some(s) = common::tls_servers::get() else { return };
        let ca = common::tls::Ca::load(&s.ca).unwrap();
        let c = RedisCache::connect_with_ca(&s.redis_url, Some(&ca)).await.unwrap();
        let key = format!("test:{}", common::new_id());
        c.set(&key, "over tls", Duration::from_secs(5)).await.unwrap();
        assert_eq!(c.get(&key).await.unwrap().as_deref(), Some("over tls"));
        assert!(c.ping().await);
        c.del(&key).await.unwrap();

        let wrong = common::tls::Ca::load(&s.wrong_ca).unwrap();
        let w = RedisCache::connect_with_ca(&s.redis_url, Some(&wrong)).await.unwrap();
        assert!(!w.ping().await);
        let err = format!("{:#}", w.get(&key).await.unwrap_err());
        assert!(err.contains("certificate is not trusted") && err.contains("TLS_CA_FILE"), "{err}");

        let plain =
            RedisCache::connect_with_ca(&s.redis_url.replace("rediss://", "redis://"), Some(&ca)).await.unwrap();
        assert!(!plain.ping().await);
    }

    /// Runs when TEST_REDIS_URL points at a Redis server.
    #[tokio::test]
    async fn redis_cache_stores_expires_and_deletes() {
        let Ok(url) = std::env::var("TEST_REDIS_URL") else { return };
        let c = RedisCache::connect(&url).await.unwrap();
        let key = format!("test:{}", common::new_id());
        c.set(&key, "v", Duration::from_millis(200)).await.unwrap();
        assert_eq!(c.get(&key).await.unwrap().as_deref(), Some("v"));
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(c.get(&key).await.unwrap(), None);
        c.set(&key, "w", Duration::from_secs(5)).await.unwrap();
        let missing = format!("test:{}", common::new_id());
        assert_eq!(c.get_many(&[key.clone(), missing.clone()]).await.unwrap(), vec![Some("w".to_string()), None]);
        c.add(&key, "x", Duration::from_secs(5)).await.unwrap();
        c.add(&missing, "y", Duration::from_secs(5)).await.unwrap();
        assert_eq!(
            c.get_many(&[key.clone(), missing.clone()]).await.unwrap(),
            vec![Some("w".to_string()), Some("y".to_string())]
        );
        c.del(&missing).await.unwrap();
        assert_eq!(c.incr(&missing, 2, Duration::from_secs(5)).await.unwrap(), 2);
        assert_eq!(c.incr(&missing, -1, Duration::from_secs(5)).await.unwrap(), 1);
        c.del(&missing).await.unwrap();
        c.del(&key).await.unwrap();
        assert_eq!(c.get(&key).await.unwrap(), None);
        assert!(c.ping().await);
    }
}
