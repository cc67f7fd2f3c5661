//! Throttling by growing waits, shared by sign-in (per account, per address) and forgot
//! password (per email, per address). A key's first `free` attempts go through at once;
//! from then on each attempt makes the next one wait twice as long as the one before
//! (from `first_wait`, capped at `max_wait`): an attacker slows down progressively and
//! nobody is locked out for long. A key quiet for `forget_after` starts afresh.
//!
//! An attempt is claimed with ONE statement that counts it and sets when the next may
//! come, so parallel attempts are serialised by the key's row on SQLite and PostgreSQL
//! alike and no more than `free` of them can get through before the first wait.
//!
//! A claim may also be provisional (sign-in per address, where only failures on distinct
//! accounts count): it is counted at once, before the password is checked, so parallel
//! attempts are bounded the same way, and once the answer is known it is either kept
//! ([`keep`]) or given back ([`refund`]), which undoes its count and the wait it set. The
//! key's row holds the invariant `wait_ms = wait(attempts)` (0 below `free`, then
//! `first_wait` doubling up to `max_wait`), which each statement keeps, so a refund can
//! compute the wait one attempt fewer sets without knowing what happened in between.

use sqlx::{AnyConnection, Row};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    /// Attempts taken without any wait (at least 1).
    pub free: i64,
    pub first_wait_ms: i64,
    pub max_wait_ms: i64,
    /// A key with no attempt for this long is forgotten.
    pub forget_after_ms: i64,
}

/// What a claim answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// Taken: the attempt's number since the key was last cleared or forgotten.
    Taken(i64),
    /// Refused: the key may try again in this many milliseconds.
    Wait(i64),
}

/// Claims an attempt on `key` at `now`. With `gate` false the attempt is counted even
/// while the key must wait (a failure recorded after the fact).
pub async fn claim(c: &mut AnyConnection, key: &str, p: Policy, now: i64, gate: bool) -> sqlx::Result<Claim> {
    claim_as(c, key, p, now, gate, true).await
}

/// Claims an attempt on `key` provisionally: counted and gated like [`claim`], but the
/// key's quiet time (`forget_after`) still runs from its last kept attempt until [`keep`]
/// says this one counts; [`refund`] gives it back.
pub async fn claim_provisional(c: &mut AnyConnection, key: &str, p: Policy, now: i64) -> sqlx::Result<Claim> {
    claim_as(c, key, p, now, true, false).await
}

async fn claim_as(
    c: &mut AnyConnection,
    key: &str,
    p: Policy,
    now: i64,
    gate: bool,
    touch: bool,
) -> sqlx::Result<Claim> {
    sqlx::query("DELETE FROM throttle WHERE throttle_key = $1 AND updated_at < $2")
        .bind(key)
        .bind(now - p.forget_after_ms)
        .execute(&mut *c)
        .await?;
    // The wait the n-th attempt sets, n = attempts + 1 (the same expression twice: SET
    // sees the old row on both backends).
    let wait = "CASE WHEN throttle.attempts + 1 < $3 THEN 0 \
                WHEN throttle.wait_ms * 2 < $4 THEN $4 \
                WHEN throttle.wait_ms * 2 > $5 THEN $5 \
                ELSE throttle.wait_ms * 2 END";
    let q = format!(
        "INSERT INTO throttle (throttle_key, attempts, wait_ms, allowed_at, updated_at) VALUES ($1, 1, $6, $2 + $6, $2) \
         ON CONFLICT (throttle_key) DO UPDATE SET attempts = throttle.attempts + 1, wait_ms = {wait}, \
         allowed_at = $2 + {wait}, updated_at = CASE WHEN $8 = 1 THEN $2 ELSE throttle.updated_at END \
         WHERE $7 = 0 OR throttle.wait_ms = 0 OR throttle.allowed_at <= $2 \
         RETURNING attempts"
    );
    let first_wait = if p.free <= 1 { p.first_wait_ms.min(p.max_wait_ms) } else { 0 };
    let row = sqlx::query(sqlx::AssertSqlSafe(q))
        .bind(key)
        .bind(now)
        .bind(p.free)
        .bind(p.first_wait_ms)
        .bind(p.max_wait_ms)
        .bind(first_wait)
        .bind(i64::from(gate))
        .bind(i64::from(touch))
        .fetch_optional(&mut *c)
        .await?;
    match row {
        Some(r) => Ok(Claim::Taken(r.try_get("attempts")?)),
        None => Ok(Claim::Wait(wait_left(c, key, now).await?.max(1))),
    }
}

/// Keeps a provisional claim: the key's quiet time runs from `now`.
pub async fn keep(c: &mut AnyConnection, key: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE throttle SET updated_at = $1 WHERE throttle_key = $2").bind(now).bind(key).execute(c).await?;
    Ok(())
}

/// Gives back one claim of `key`: one attempt fewer, and the wait that count sets. With
/// `spacing` the attempt still delays the next by that (restored) wait, counted from when
/// it was claimed (it was evaluated, it only does not count); without, it leaves no wait of
/// its own (a right password, or an attempt another throttle refused).
pub async fn refund(c: &mut AnyConnection, key: &str, p: Policy, spacing: bool) -> sqlx::Result<()> {
    // wait(n) for n = attempts - 1, from wait(attempts) = wait_ms: 0 below `free`; the cap
    // from `capped_from` on; just under the cap where wait(attempts) is the first capped
    // one; otherwise half (the waits double). `allowed_at - wait_ms` is when the latest
    // claim was taken (it set `allowed_at = now + wait_ms`).
    let (capped_from, below_cap) = p.cap();
    let wait = "CASE WHEN attempts - 1 < $2 THEN 0 WHEN attempts - 1 >= $4 THEN $3 WHEN wait_ms >= $3 THEN $5 ELSE wait_ms / 2 END";
    let q = format!(
        "UPDATE throttle SET attempts = attempts - 1, wait_ms = {wait}, allowed_at = allowed_at - wait_ms + $6 * {wait} \
         WHERE throttle_key = $1 AND attempts > 0"
    );
    sqlx::query(sqlx::AssertSqlSafe(q))
        .bind(key)
        .bind(p.free)
        .bind(p.max_wait_ms)
        .bind(capped_from)
        .bind(below_cap)
        .bind(i64::from(spacing))
        .execute(c)
        .await?;
    Ok(())
}

impl Policy {
    /// The first attempt whose wait is the cap, and the wait just below the cap (see
    /// [`refund`]). Without a first wait nothing ever waits: no attempt is capped.
    fn cap(self) -> (i64, i64) {
        if self.first_wait_ms <= 0 {
            return (i64::MAX, 0);
        }
        let (mut n, mut below, mut w) = (self.free, 0, self.first_wait_ms);
        while w < self.max_wait_ms {
            below = w;
            w *= 2;
            n += 1;
        }
        (n, below)
    }
}

/// How long `key` must still wait, milliseconds (0 when it may try now). A key without a
/// wait never blocks, even when a concurrent attempt stamped it a moment after `now`.
pub async fn wait_left(c: &mut AnyConnection, key: &str, now: i64) -> sqlx::Result<i64> {
    let allowed: Option<i64> =
        sqlx::query_scalar("SELECT allowed_at FROM throttle WHERE throttle_key = $1 AND wait_ms > 0")
            .bind(key)
            .fetch_optional(c)
            .await?;
    Ok(allowed.map_or(0, |a| (a - now).max(0)))
}

/// Forgets a key (a successful sign-in clears its account).
pub async fn clear(c: &mut AnyConnection, key: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM throttle WHERE throttle_key = $1").bind(key).execute(c).await?;
    Ok(())
}

/// Whole seconds to wait for `ms` milliseconds (at least 1).
pub fn secs(ms: i64) -> u64 {
    ((ms + 999) / 1000).max(1) as u64
}
