//! What a nonprofit list costs to work out once and is cheap to keep: a search's total and
//! the positions deep pages start from. Kept per list version (migration 0004), so a change
//! to the nonprofits makes every entry stale at once; each replica keeps its own.
//!
//! One caller works an entry out while the others asking for it wait for that answer, so a
//! burst of the same request scans the table once.

use crate::charity_list_store::{Order, Position};
use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::sync::{Arc, Mutex};
use tokio::sync::OnceCell;

/// At most this many entries per kind; past it the oldest version's entries go first, then all.
const CAPACITY: usize = 32;

/// A list as a user filters it (the search already normalised).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ListKey {
    pub version: i64,
    pub imported: bool,
    pub verification: String,
    pub search: String,
}

/// Positions of a sorted list, every `every`-th row; None when they cannot be used to seek.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PositionsKey {
    pub list: ListKey,
    pub order: Order,
    pub every: i64,
}

pub type Positions = Option<Arc<Vec<Position>>>;

/// One page of a searched list: its ids, in order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PageKey {
    pub list: ListKey,
    pub order: Order,
    pub limit: i64,
    pub offset: i64,
}

pub struct ListCache {
    pub totals: Memo<ListKey, i64>,
    pub positions: Memo<PositionsKey, Positions>,
    /// The ids of a searched list's pages: a search is planned for its own pattern on every
    /// call (PostgreSQL), so a page asked again is read by its ids (a plan kept per connection).
    pub pages: Memo<PageKey, Arc<Vec<String>>>,
    /// A list this long or shorter keeps every row's position (its pages are read by id).
    pub all_positions_up_to: i64,
    /// A longer one keeps every this-many-th row's; pages this deep or deeper seek from them.
    pub sparse_every: i64,
}

impl Default for ListCache {
    fn default() -> Self {
        Self::with_limits(10_000, 100)
    }
}

impl ListCache {
    pub fn with_limits(all_positions_up_to: i64, sparse_every: i64) -> Self {
        Self {
            totals: Memo::default(),
            positions: Memo::default(),
            pages: Memo::default(),
            all_positions_up_to,
            sparse_every,
        }
    }
}

pub trait Versioned {
    fn version(&self) -> i64;
}

impl Versioned for ListKey {
    fn version(&self) -> i64 {
        self.version
    }
}

impl Versioned for PageKey {
    fn version(&self) -> i64 {
        self.list.version
    }
}

impl Versioned for PositionsKey {
    fn version(&self) -> i64 {
        self.list.version
    }
}

/// Values worked out once per key, with concurrent callers sharing the one computation.
pub struct Memo<K, V> {
    cells: Mutex<HashMap<K, Arc<OnceCell<V>>>>,
}

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        Self { cells: Mutex::new(HashMap::new()) }
    }
}

impl<K: Versioned + Eq + Hash + Clone, V: Clone> Memo<K, V> {
    /// The value for `key`, computed by `init` if no one has (a failed computation is not kept).
    pub async fn get_or_try_init<E, F, Fut>(&self, key: K, init: F) -> Result<V, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<V, E>>,
    {
        let cell = {
            let mut cells = self.cells.lock().expect("list cache lock");
            let newest = cells.keys().map(Versioned::version).max().unwrap_or(i64::MIN);
            if cells.contains_key(&key) || key.version() >= newest {
                // Entries of older versions are never asked for again.
                if key.version() > newest || (!cells.contains_key(&key) && cells.len() >= CAPACITY) {
                    cells.clear();
                }
                Some(cells.entry(key).or_default().clone())
            } else {
                // A reader that started before a change: answer it, keep nothing.
                None
            }
        };
        let Some(cell) = cell else { return init().await };
        cell.get_or_try_init(init).await.cloned()
    }

    /// The value kept for `key`, if one is (nothing is worked out).
    pub fn peek(&self, key: &K) -> Option<V> {
        self.cells.lock().expect("list cache lock").get(key).and_then(|cell| cell.get().cloned())
    }

    /// The newest list version anything is kept for.
    pub fn newest(&self) -> Option<i64> {
        self.cells.lock().expect("list cache lock").keys().map(Versioned::version).max()
    }

    pub fn len(&self) -> usize {
        self.cells.lock().expect("list cache lock").len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn key(version: i64, search: &str) -> ListKey {
        ListKey { version, imported: false, verification: String::new(), search: search.into() }
    }

    #[tokio::test]
    async fn concurrent_callers_share_one_computation() {
        let memo: Arc<Memo<ListKey, i64>> = Arc::default();
        let runs = Arc::new(AtomicUsize::new(0));
        let mut tasks = vec![];
        for _ in 0..16 {
            let (memo, runs) = (memo.clone(), runs.clone());
            tasks.push(tokio::spawn(async move {
                memo.get_or_try_init(key(1, "rescue"), || async {
                    runs.fetch_add(1, Ordering::SeqCst);
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    Ok::<_, ()>(42)
                })
                .await
            }));
        }
        for t in tasks {
            assert_eq!(t.await.unwrap(), Ok(42));
        }
        assert_eq!(runs.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_new_version_drops_the_old_entries_and_a_failure_is_not_kept() {
        let memo: Memo<ListKey, i64> = Memo::default();
        assert_eq!(memo.get_or_try_init(key(1, "a"), || async { Ok::<_, ()>(1) }).await, Ok(1));
        assert_eq!(memo.get_or_try_init(key(1, "b"), || async { Ok::<_, ()>(2) }).await, Ok(2));
        assert_eq!(memo.len(), 2);
        assert_eq!(memo.get_or_try_init(key(2, "a"), || async { Ok::<_, ()>(3) }).await, Ok(3));
        assert_eq!(memo.len(), 1);
        // An older reader gets its answer but leaves nothing behind.
        assert_eq!(memo.get_or_try_init(key(1, "a"), || async { Ok::<_, ()>(9) }).await, Ok(9));
        assert_eq!(memo.len(), 1);
        assert_eq!(memo.get_or_try_init(key(2, "b"), || async { Err::<i64, _>("db down") }).await, Err("db down"));
        assert_eq!(memo.get_or_try_init(key(2, "b"), || async { Ok::<_, &str>(5) }).await, Ok(5));
        assert_eq!(memo.get_or_try_init(key(2, "b"), || async { Ok::<_, &str>(6) }).await, Ok(5));
    }
}
