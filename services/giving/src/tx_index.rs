//! The transaction list at scale (10,000,000 transactions, 1,000,000 donors): what it keeps
//! next to the transactions and how a page is read from it, so that no request counts or
//! skips millions of rows.
//!
//! - **Counts per day** (`tx_days`: UTC day, status, type, recipient type, shard), kept in the
//!   same write as each transaction and each status change. A list without a search, donor or
//!   recipient filter takes its total from them (plus the partial first and last days of a
//!   date filter, counted by index), and a page of the newest-first (or oldest-first) list
//!   starts at the day that holds its first row: it skips at most one day's rows.
//! - **Recipients** (`recipients`: every recipient a transaction named, a few thousand).
//! - **Search** ('donor or recipient name' contains the words): the donors whose name contains
//!   it (a trigram index of a million names: pg_trgm, or SQLite's FTS5 trigram table) and the
//!   recipients whose name does, then their transactions by index. A search that matches more
//!   than [`FEW_DONORS`] donors or [`FEW_RECIPIENTS`] recipients is a broad one: its rows are
//!   dense, so the list walks the chosen order and keeps the rows that match, and its total is
//!   counted up to [`BROAD_TOTAL_CAP`] (the answer then says the total is at least that).

use crate::transaction::{DELETED_DONOR, TX_COLUMNS, Transaction, TxFilter, transaction};
use common::db::{Backend, Db, Sql, like_pattern};
use common::paging::Paging;
use sqlx::{AnyConnection, Row};

pub const DAY_MS: i64 = 86_400_000;
/// Rows each day's count is spread over (see the migration 0003).
pub const SHARDS: i64 = 8;
/// The most donors a narrow search reads transactions of by index.
pub const FEW_DONORS: usize = 2_000;
/// The most recipients a narrow search reads transactions of by index (a recipient may have
/// hundreds of thousands).
pub const FEW_RECIPIENTS: usize = 10;
/// A broad search's total is counted up to this many rows.
pub const BROAD_TOTAL_CAP: i64 = 1_000;
/// Pages closer to the start than this are read by skipping rows: cheaper than the day counts.
const SKIP_AT_MOST: i64 = 2_000;

/// Answers kept for a moment: each until this process records a change of what it was read
/// from (its version) or for its time to live (what another replica changes shows after that
/// at the latest).
struct Kept<K, V> {
    ttl: std::time::Duration,
    map: std::sync::Mutex<std::collections::HashMap<K, (std::time::Instant, u64, V)>>,
    /// One reader per key at a time: requests that miss together wait for the first one's
    /// answer instead of all reading the database.
    filling: std::sync::Mutex<std::collections::HashMap<K, std::sync::Arc<tokio::sync::Mutex<()>>>>,
}

impl<K: std::hash::Hash + Eq + Clone, V: Clone> Kept<K, V> {
    fn new(ttl: std::time::Duration) -> Self {
        Self { ttl, map: Default::default(), filling: Default::default() }
    }

    /// The kept answer for `key` at `version`, or `read`'s (kept), one reader per key.
    async fn get_or<F, Fut>(&self, key: K, version: u64, read: F) -> sqlx::Result<V>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = sqlx::Result<V>>,
    {
        if let Some(v) = self.get(&key, version) {
            return Ok(v);
        }
        let gate = {
            let mut filling = self.filling.lock().expect("kept answers");
            if filling.len() > 512 {
                filling.retain(|_, g| std::sync::Arc::strong_count(g) > 1);
            }
            filling.entry(key.clone()).or_default().clone()
        };
        let _turn = gate.lock().await;
        if let Some(v) = self.get(&key, version) {
            return Ok(v);
        }
        let value = read().await?;
        self.put(key, version, value.clone());
        Ok(value)
    }

    fn get(&self, key: &K, version: u64) -> Option<V> {
        let map = self.map.lock().expect("kept answers");
        map.get(key).filter(|(at, v, _)| *v == version && at.elapsed() < self.ttl).map(|(_, _, value)| value.clone())
    }

    /// Keeps `value`, read at `version` (taken before reading: a change committed meanwhile
    /// makes the next reader read again).
    fn put(&self, key: K, version: u64, value: V) {
        let mut map = self.map.lock().expect("kept answers");
        if map.len() > 512 {
            map.clear();
        }
        map.insert(key, (std::time::Instant::now(), version, value));
    }
}

/// What the transaction list keeps for a moment: the day counts of the filters asked lately
/// and the totals of searches (until a transaction changes, 1 s at most), and which donors and
/// recipients a search matches (until a donor or a new recipient, 30 s at most). A user paging
/// through a list or a search then reads a few index entries and nothing else.
pub struct DayCache {
    transactions: std::sync::atomic::AtomicU64,
    names: std::sync::atomic::AtomicU64,
    days: Kept<DayKey, Days>,
    totals: Kept<String, i64>,
    matches: Kept<String, Matches>,
    donor_matches: Kept<String, std::sync::Arc<Vec<String>>>,
}

/// Day counts (day, rows).
type Days = std::sync::Arc<Vec<(i64, i64)>>;
/// The donors and recipients a search matched.
type Matches = std::sync::Arc<(Vec<String>, Vec<String>)>;

/// How long day counts and search totals are kept at most.
pub const DAY_CACHE_FOR: std::time::Duration = std::time::Duration::from_secs(1);
/// How long a search's matching donors and recipients are kept at most.
pub const MATCHES_FOR: std::time::Duration = std::time::Duration::from_secs(30);

impl Default for DayCache {
    fn default() -> Self {
        Self {
            transactions: Default::default(),
            names: Default::default(),
            days: Kept::new(DAY_CACHE_FOR),
            totals: Kept::new(DAY_CACHE_FOR),
            matches: Kept::new(MATCHES_FOR),
            donor_matches: Kept::new(MATCHES_FOR),
        }
    }
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct DayKey {
    status: String,
    kind: String,
    recipient_type: String,
    from: i64,
    to: i64,
}

fn version(v: &std::sync::atomic::AtomicU64) -> u64 {
    v.load(std::sync::atomic::Ordering::SeqCst)
}

impl DayCache {
    /// Called after every committed change of transactions.
    pub fn changed(&self) {
        self.transactions.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }

    /// Called after every committed change of a donor's name (created, renamed, deleted) or a
    /// new recipient.
    pub fn names_changed(&self) {
        self.names.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }

    async fn days(&self, c: &mut AnyConnection, f: &TxFilter) -> sqlx::Result<Days> {
        let key = DayKey {
            status: f.status.clone(),
            kind: f.kind.clone(),
            recipient_type: f.recipient_type.clone(),
            from: f.from,
            to: f.to,
        };
        self.days
            .get_or(key, version(&self.transactions), || async { Ok(std::sync::Arc::new(day_counts(c, f).await?)) })
            .await
    }

    /// The donors (at most `FEW_DONORS + 1`) whose name contains `search`, kept until a name
    /// changes.
    pub(crate) async fn donors_matching(
        &self,
        c: &mut AnyConnection,
        search: &str,
    ) -> sqlx::Result<std::sync::Arc<Vec<String>>> {
        let key = format!("donors|{search}");
        self.donor_matches
            .get_or(key, version(&self.names), || async {
                Ok(std::sync::Arc::new(matching_donors(c, search, FEW_DONORS + 1).await?))
            })
            .await
    }
}

/// A page of transactions and its total; `total_capped` when the total is only a lower
/// bound (a broad search).
#[derive(Debug)]
pub struct TxPage {
    pub items: Vec<Transaction>,
    pub total: i64,
    pub total_capped: bool,
}

/// Adds `delta` to the count of the transaction's day and kind (on insert +1; a status change
/// moves one from the old status to the new one).
pub async fn count_day(c: &mut AnyConnection, t: &Transaction, status: &str, delta: i64) -> sqlx::Result<()> {
    let mut q = Sql::new(Backend::of_connection(c), "");
    push_count_day(&mut q, t, status, delta);
    q.build().execute(c).await?;
    Ok(())
}

/// The statement of [`count_day`] (also a part of the one statement of `add_kept`, in counters_store.rs).
pub(crate) fn push_count_day(q: &mut Sql, t: &Transaction, status: &str, delta: i64) {
    let shard = t.id.bytes().fold(0i64, |h, b| (h * 31 + i64::from(b)) % SHARDS);
    q.push("INSERT INTO tx_days (day, status, type, recipient_type, shard, n) VALUES (")
        .push_bind(t.created_at.div_euclid(DAY_MS))
        .push(", ")
        .push_bind(status.to_string())
        .push(", ")
        .push_bind(t.kind.clone())
        .push(", ")
        .push_bind(t.recipient_type.clone())
        .push(", ")
        .push_bind(shard)
        .push(", ")
        .push_bind(delta)
        .push(") ON CONFLICT (day, status, type, recipient_type, shard) DO UPDATE SET n = tx_days.n + excluded.n");
}

/// Remembers a transaction's recipient (and its latest name). Takes no lock when it is known
/// under the same name: the common case, so that donations to one popular recipient do not
/// queue for its row.
/// `known`: its name key as read before in this write (`donation_lookup`, in donor_totals_store.rs).
pub async fn note_recipient(c: &mut AnyConnection, t: &Transaction, known: Option<&str>) -> sqlx::Result<bool> {
    let key = t.recipient_name.trim().to_lowercase();
    match known {
        Some(k) if k == key => return Ok(false),
        Some(_) => {
            sqlx::query("UPDATE recipients SET name_key = $1 WHERE id = $2")
                .bind(&key)
                .bind(&t.recipient_id)
                .execute(c)
                .await?;
        }
        None => {
            sqlx::query("INSERT INTO recipients (id, type, name_key) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING")
                .bind(&t.recipient_id)
                .bind(&t.recipient_type)
                .bind(&key)
                .execute(c)
                .await?;
        }
    }
    Ok(true)
}

/// One page of the transactions that match `f`, in the order of `paging`.
pub async fn list(db: &Db, cache: &DayCache, f: &TxFilter, paging: Paging<&'static str>) -> sqlx::Result<TxPage> {
    if !f.search.is_empty() {
        return searched(db, cache, f, paging).await;
    }
    if !f.donor_id.is_empty() || !f.recipient_id.is_empty() {
        // One donor's or one recipient's transactions: read and counted by their index.
        let total = count(&mut *db.pool.acquire().await?, f, &Ids::default(), None).await?;
        let items = page(db, f, &Ids::default(), &paging, None, paging.offset).await?;
        return Ok(TxPage { items, total, total_capped: false });
    }
    // The page is read on the reader (see `page`); the kept counts on a connection of the pool.
    let days = cache.days(&mut *db.pool.acquire().await?, f).await?;
    let total = days.iter().map(|(_, n)| n).sum();
    let items = if paging.column == "created_at" && paging.offset >= SKIP_AT_MOST {
        // The day that holds the page's first row, and how many of its rows come before.
        let walk: Box<dyn Iterator<Item = &(i64, i64)>> =
            if paging.descending { Box::new(days.iter().rev()) } else { Box::new(days.iter()) };
        let mut before = 0;
        let mut start = None;
        for (day, n) in walk {
            if before + n > paging.offset {
                start = Some((*day, paging.offset - before));
                break;
            }
            before += n;
        }
        match start {
            Some((day, skip)) => page(db, f, &Ids::default(), &paging, Some(day), skip).await?,
            None => vec![],
        }
    } else {
        page(db, f, &Ids::default(), &paging, None, paging.offset).await?
    };
    Ok(TxPage { items, total, total_capped: false })
}

/// The donors and recipients a narrow search matched.
#[derive(Default)]
struct Ids {
    donors: Vec<String>,
    recipients: Vec<String>,
    /// Test each row of the list's order against the ids instead of reading them by their
    /// indexes (see [`walk_the_order`]).
    walk_order: bool,
}

impl Ids {
    fn push(&self, q: &mut Sql) {
        // The walk names the columns so that the planner can use neither their indexes nor
        // their statistics: SQLite's `+column`; on PostgreSQL `column || ''`, which also spares
        // it estimating each of up to 2,000 values against the column's statistics (4 to 8 ms
        // of planning a page, twice the page's execution).
        let col = |c: &str| match (self.walk_order, q.backend()) {
            (false, _) => c.to_string(),
            (true, Backend::Sqlite) => format!("+{c}"),
            (true, Backend::Postgres) => format!("({c} || '')"),
        };
        let lists: Vec<(String, &Vec<String>)> =
            [(col("donor_id"), &self.donors), (col("recipient_id"), &self.recipients)]
                .into_iter()
                .filter(|(_, l)| !l.is_empty())
                .collect();
        q.push(" AND (");
        for (i, (col, list)) in lists.iter().enumerate() {
            q.push(if i > 0 { " OR " } else { "" }).push(&format!("{col} IN ("));
            push_list(q, list);
            q.push(")");
        }
        if lists.is_empty() {
            // Matches nothing.
            q.push("FALSE");
        }
        q.push(")");
    }
}

/// Whether a search page is cheaper read by walking the list's order and testing each row
/// than by the matched ids' indexes: when the rows walked, about (offset + limit) x rows /
/// matched, are fewer than the matched rows the indexes would read and sort. Decided here, not
/// by the planner: SQLite's takes the ids' index and sorts every matched row (a surname shared
/// by 2,000 donors: 21,561 rows, about 180 ms a page); PostgreSQL's finds the walk but takes
/// longer to plan it with 2,000 values than to run it.
fn walk_the_order(paging: &Paging<&'static str>, rows: i64, matched: i64) -> bool {
    paging.column == "created_at"
        && matched > 0
        && (paging.offset + paging.limit).saturating_mul(rows) < matched.saturating_mul(matched)
}

pub(crate) fn push_list(q: &mut Sql, ids: &[String]) {
    if ids.is_empty() {
        // Matches nothing.
        q.push("NULL");
    }
    for (i, id) in ids.iter().enumerate() {
        if i > 0 {
            q.push(", ");
        }
        q.push_bind(id.clone());
    }
}

async fn searched(db: &Db, cache: &DayCache, f: &TxFilter, paging: Paging<&'static str>) -> sqlx::Result<TxPage> {
    let mut conn = db.pool.acquire().await?;
    let c = &mut *conn;
    let matches = cache
        .matches
        .get_or(f.search.clone(), version(&cache.names), || async {
            let mut donors = cache.donors_matching(c, &f.search).await?.as_ref().clone();
            // The transactions of deleted donors are named 'Deleted donor' and keep no donor id.
            if DELETED_DONOR.to_lowercase().contains(&f.search) {
                donors.push(String::new());
            }
            let recipients: Vec<String> =
                sqlx::query_scalar("SELECT id FROM recipients WHERE name_key LIKE $1 ESCAPE '\\' LIMIT $2")
                    .bind(like_pattern(&f.search))
                    .bind((FEW_RECIPIENTS + 1) as i64)
                    .fetch_all(&mut *c)
                    .await?;
            Ok(std::sync::Arc::new((donors, recipients)))
        })
        .await?;
    let (donors, recipients) = (&matches.0, &matches.1);
    let narrow = donors.len() <= FEW_DONORS && recipients.len() <= FEW_RECIPIENTS;
    if narrow && donors.is_empty() && recipients.is_empty() {
        return Ok(TxPage { items: vec![], total: 0, total_capped: false });
    }
    let mut ids = if narrow {
        Ids { donors: donors.clone(), recipients: recipients.clone(), walk_order: false }
    } else {
        Ids::default()
    };
    // The total, kept until a transaction changes.
    let key = format!(
        "{}|{}|{}|{}|{}|{}|{}|{}",
        f.search, f.from, f.to, f.status, f.kind, f.recipient_type, f.recipient_id, f.donor_id
    );
    let counted = cache
        .totals
        .get_or(key, version(&cache.transactions), || {
            count(c, f, &ids, if narrow { None } else { Some(BROAD_TOTAL_CAP + 1) })
        })
        .await?;
    let few = ids.donors.len() + ids.recipients.len() <= PER_ID_AT_MOST;
    let items = if narrow && few && paging.column == "created_at" && paging.offset < SKIP_AT_MOST {
        newest_per_id(db, f, &ids, &paging).await?
    } else {
        if narrow {
            // The rows the filter holds without the search (the kept day counts).
            let rows: i64 = cache.days(c, f).await?.iter().map(|d| d.1).sum();
            ids.walk_order = walk_the_order(&paging, rows, counted);
        }
        page(db, f, &ids, &paging, None, paging.offset).await?
    };
    if narrow {
        return Ok(TxPage { items, total: counted, total_capped: false });
    }
    // Broad: the names kept on each transaction, in the list's order.
    let total_capped = counted > BROAD_TOTAL_CAP;
    let total = if total_capped { BROAD_TOTAL_CAP.max(paging.offset + items.len() as i64) } else { counted };
    Ok(TxPage { items, total, total_capped })
}

/// The most matched donors and recipients a search page reads one by one.
const PER_ID_AT_MOST: usize = 64;

/// A page of a narrow search in date order: the first rows of each matched donor and recipient
/// by its own index (at most `offset + limit` each), then the page of their union. Reads a
/// few rows per id, where one query over all of them would read every matching row to sort it.
async fn newest_per_id(
    db: &Db,
    f: &TxFilter,
    ids: &Ids,
    paging: &Paging<&'static str>,
) -> sqlx::Result<Vec<Transaction>> {
    let dir = if paging.descending { "DESC" } else { "ASC" };
    let each = paging.offset + paging.limit;
    let backend = db.backend;
    let mut one = f.clone();
    one.search = String::new();
    let order = format!(" ORDER BY created_at {dir}, id {dir}");
    // UNION, not UNION ALL: a row of a matched donor to a matched recipient comes once.
    let mut q = if backend == Backend::Postgres {
        // One lateral subquery per column over a VALUES list of the ids: planned once, where a
        // UNION of one subquery per id took PostgreSQL about 3 to 20 ms to plan (50 donors).
        let mut q = Sql::new(backend, format!("SELECT {TX_COLUMNS} FROM ("));
        let lists = [("donor_id", &ids.donors), ("recipient_id", &ids.recipients)];
        for (n, (col, list)) in lists.into_iter().filter(|(_, l)| !l.is_empty()).enumerate() {
            q.push(if n > 0 { " UNION SELECT t.* FROM (VALUES " } else { "SELECT t.* FROM (VALUES " });
            for (i, id) in list.iter().enumerate() {
                q.push(if i > 0 { ", (" } else { "(" }).push_bind(id.clone()).push(")");
            }
            q.push(&format!(") m(id) CROSS JOIN LATERAL (SELECT {TX_COLUMNS}"));
            matching_ids(&mut q, &one, &Ids::default());
            q.push(&format!(" AND {col} = m.id{order} LIMIT ")).push_bind(each).push(") t");
        }
        q
    } else {
        // SQLite: each id's newest positions read from its index alone ((donor_id or
        // recipient_id, created_at, id), migration 0007; every entry holds the rowid), then
        // only the page's rows from the table.
        let mut q = Sql::new(backend, format!("SELECT {TX_COLUMNS} FROM transactions WHERE rowid IN (SELECT r FROM ("));
        let parts =
            ids.donors.iter().map(|id| ("donor_id", id)).chain(ids.recipients.iter().map(|id| ("recipient_id", id)));
        for (i, (col, id)) in parts.enumerate() {
            q.push(if i > 0 {
                " UNION SELECT * FROM (SELECT rowid AS r, created_at, id"
            } else {
                "SELECT * FROM (SELECT rowid AS r, created_at, id"
            });
            matching_ids(&mut q, &one, &Ids::default());
            q.push(&format!(" AND {col} = ")).push_bind(id.clone());
            q.push(&format!("{order} LIMIT ")).push_bind(each).push(&format!(") p{i}"));
        }
        q
    };
    q.push(&format!(") u{order} LIMIT ")).push_bind(paging.limit).push(" OFFSET ").push_bind(paging.offset);
    if backend == Backend::Sqlite {
        q.push(&format!("){order}"));
    }
    // On the backend's own connections: the page is the list's hot read (see `Reader`).
    db.read(q, transaction).await
}

/// Ids of (at most `cap`) donors whose name contains `search`.
pub(crate) async fn matching_donors(c: &mut AnyConnection, search: &str, cap: usize) -> sqlx::Result<Vec<String>> {
    use common::find::{fts_phrase, has_wildcard};
    let trigrams = Backend::of_connection(c) == Backend::Sqlite && search.chars().count() >= 3;
    let (sql, pattern) = match (trigrams, has_wildcard(search)) {
        // FTS5's trigram index answers LIKE without ESCAPE: a search without a wildcard.
        (true, false) => (
            "SELECT r.id FROM donor_name_trigrams t JOIN donor_name_rows r ON r.fts_rowid = t.rowid WHERE t.name_key LIKE $1 LIMIT $2",
            format!("%{search}%"),
        ),
        // With one, the phrase of its trigrams (every character itself), by the same index.
        (true, true) => (
            "SELECT r.id FROM donor_name_trigrams t JOIN donor_name_rows r ON r.fts_rowid = t.rowid WHERE t.name_key MATCH $1 LIMIT $2",
            fts_phrase(search),
        ),
        (false, _) => ("SELECT id FROM donors WHERE name_key LIKE $1 ESCAPE '\\' LIMIT $2", like_pattern(search)),
    };
    sqlx::query_scalar(sql).bind(pattern).bind(cap as i64).fetch_all(c).await
}

/// The filter's WHERE clause, the search as the names kept on each transaction (the export,
/// which reads every matching row anyway).
pub fn matching(q: &mut Sql, f: &TxFilter) {
    matching_ids(q, f, &Ids::default())
}

/// The filter's WHERE clause (the search as the names kept on each transaction when `ids`
/// is empty, else as the matched donors and recipients).
fn matching_ids(q: &mut Sql, f: &TxFilter, ids: &Ids) {
    // SQLite's walk of the date order tests the ids in the index that holds them (migration 0010).
    let walk_index = ids.walk_order && q.backend() == Backend::Sqlite;
    q.push(if walk_index {
        " FROM transactions INDEXED BY transactions_created_search WHERE TRUE"
    } else {
        " FROM transactions WHERE TRUE"
    });
    if !f.search.is_empty() {
        if ids.donors.is_empty() && ids.recipients.is_empty() {
            let p = like_pattern(&f.search);
            q.push(" AND (donor_name_key LIKE ")
                .push_bind(p.clone())
                .push(" ESCAPE '\\' OR recipient_name_key LIKE ")
                .push_bind(p)
                .push(" ESCAPE '\\')");
        } else {
            ids.push(q);
        }
    }
    if f.from > 0 {
        q.push(" AND created_at >= ").push_bind(f.from);
    }
    if f.to > 0 {
        q.push(" AND created_at <= ").push_bind(f.to);
    }
    for (col, v) in [
        ("status", &f.status),
        ("type", &f.kind),
        ("recipient_type", &f.recipient_type),
        ("recipient_id", &f.recipient_id),
        ("donor_id", &f.donor_id),
    ] {
        if !v.is_empty() {
            q.push(&format!(" AND {col} = ")).push_bind(v.clone());
        }
    }
}

/// How many rows match (at most `cap` when given).
async fn count(c: &mut AnyConnection, f: &TxFilter, ids: &Ids, cap: Option<i64>) -> sqlx::Result<i64> {
    let backend = Backend::of_connection(c);
    let mut q = Sql::new(backend, "SELECT COUNT(*) FROM (SELECT 1");
    matching_ids(&mut q, f, ids);
    if let Some(cap) = cap {
        q.push(" LIMIT ").push_bind(cap);
    }
    q.push(") m");
    q.build().fetch_one(c).await?.try_get(0)
}

/// A page: `skip` rows of the order, then `limit`; from day `from_day` on (its end for a
/// newest-first list, its start for oldest-first) when given.
async fn page(
    db: &Db,
    f: &TxFilter,
    ids: &Ids,
    paging: &Paging<&'static str>,
    from_day: Option<i64>,
    skip: i64,
) -> sqlx::Result<Vec<Transaction>> {
    let dir = if paging.descending { "DESC" } else { "ASC" };
    let backend = db.backend;
    // PostgreSQL's walk picks the page's ids from the date index alone (migration 0010: it
    // holds each row's donor and recipient, an index-only scan tests them there), then reads
    // only those rows: 4,600 entries of one index instead of 4,600 table rows (a surname
    // shared by 2,000 donors).
    let ids_first = ids.walk_order && backend == Backend::Postgres;
    let mut q = Sql::new(
        backend,
        if ids_first {
            format!("SELECT {TX_COLUMNS} FROM transactions WHERE id IN (SELECT id")
        } else {
            format!("SELECT {TX_COLUMNS}")
        },
    );
    matching_ids(&mut q, f, ids);
    if let Some(day) = from_day {
        if paging.descending {
            q.push(" AND created_at < ").push_bind((day + 1) * DAY_MS);
        } else {
            q.push(" AND created_at >= ").push_bind(day * DAY_MS);
        }
    }
    let order = format!(" ORDER BY {} {dir}, id {dir}", paging.column);
    q.push(&order);
    if f.search.is_empty() {
        // A plan made once per connection serves every call (see `Sql::push_limit`).
        q.push_limit(paging.limit, skip);
    } else {
        // A search's plan depends on who it matched: planned for each call.
        q.push(" LIMIT ").push_bind(paging.limit).push(" OFFSET ").push_bind(skip);
    }
    if ids_first {
        q.push(&format!("){order}"));
    }
    // On the backend's own connections: the page is the list's hot read (see `Reader`).
    db.read(q, transaction).await
}

/// The filter's rows per day, oldest day first: the kept counts for whole days, an index
/// count for the partial first and last days of a date filter.
async fn day_counts(c: &mut AnyConnection, f: &TxFilter) -> sqlx::Result<Vec<(i64, i64)>> {
    let backend = Backend::of_connection(c);
    let mut q = Sql::new(backend, "SELECT day, CAST(SUM(n) AS BIGINT) AS n FROM tx_days WHERE TRUE");
    for (col, v) in [("status", &f.status), ("type", &f.kind), ("recipient_type", &f.recipient_type)] {
        if !v.is_empty() {
            q.push(&format!(" AND {col} = ")).push_bind(v.clone());
        }
    }
    if f.from > 0 {
        q.push(" AND day >= ").push_bind(f.from.div_euclid(DAY_MS));
    }
    if f.to > 0 {
        q.push(" AND day <= ").push_bind(f.to.div_euclid(DAY_MS));
    }
    q.push(" GROUP BY day ORDER BY day");
    let rows = q.build().fetch_all(&mut *c).await?;
    let mut days: Vec<(i64, i64)> =
        rows.iter().map(|r| Ok((r.try_get("day")?, r.try_get("n")?))).collect::<sqlx::Result<_>>()?;
    // A date filter that starts or ends inside a day: that day's rows in the range, exactly.
    let partial = |day: i64| (f.from > 0 && f.from > day * DAY_MS) || (f.to > 0 && f.to < (day + 1) * DAY_MS - 1);
    for i in [0, days.len().saturating_sub(1)] {
        if let Some(&(day, _)) = days.get(i)
            && partial(day)
        {
            let mut one = f.clone();
            one.from = f.from.max(day * DAY_MS);
            one.to = if f.to > 0 { f.to.min((day + 1) * DAY_MS - 1) } else { (day + 1) * DAY_MS - 1 };
            days[i].1 = count(c, &one, &Ids::default(), None).await?;
        }
    }
    days.retain(|(_, n)| *n > 0);
    Ok(days)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_walks_the_order_only_while_the_walk_is_shorter() {
        let at = |offset: i64, limit: i64| Paging { column: "created_at", descending: true, offset, limit };
        // 2,000 donors' 21,561 rows among 10,000,000: page 1 walks about 4,600 rows.
        assert!(walk_the_order(&at(0, 10), 10_000_000, 21_561));
        // Deep enough, the walk would pass more rows than the index reads.
        assert!(!walk_the_order(&at(5_000, 10), 10_000_000, 21_561));
        // A few matched rows: read by their index.
        assert!(!walk_the_order(&at(0, 10), 10_000_000, 5_000));
        // Sorted by another column, or nothing matched: never.
        assert!(!walk_the_order(&Paging { column: "amount_cents", ..at(0, 10) }, 10_000_000, 21_561));
        assert!(!walk_the_order(&at(0, 10), 10_000_000, 0));
    }

    /// The SQL a walk writes on each backend: the ids tested without their indexes.
    #[test]
    fn a_walk_keeps_the_planner_off_the_ids_indexes() {
        let ids = Ids { donors: vec!["d1".into(), "d2".into()], recipients: vec![], walk_order: true };
        let f = TxFilter { search: "moss".into(), ..Default::default() };
        let mut pg = Sql::new(Backend::Postgres, "SELECT id");
        matching_ids(&mut pg, &f, &ids);
        assert_eq!(pg.sql(), "SELECT id FROM transactions WHERE TRUE AND ((donor_id || '') IN ($1, $2))");
        let mut lite = Sql::new(Backend::Sqlite, "SELECT id");
        matching_ids(&mut lite, &f, &ids);
        assert_eq!(
            lite.sql(),
            "SELECT id FROM transactions INDEXED BY transactions_created_search WHERE TRUE AND (+donor_id IN (?, ?))"
        );
        let both = Ids { recipients: vec!["r1".into()], walk_order: false, ..ids };
        let mut plain = Sql::new(Backend::Postgres, "SELECT id");
        matching_ids(&mut plain, &f, &both);
        assert_eq!(
            plain.sql(),
            "SELECT id FROM transactions WHERE TRUE AND (donor_id IN ($1, $2) OR recipient_id IN ($3))"
        );
    }
}
