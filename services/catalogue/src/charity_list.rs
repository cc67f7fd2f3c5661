//! The nonprofit lists: the console's onboarded and imported (navigator) lists, with their
//! filters, search and paging (see `list_page`), and the active nonprofits.

use crate::charity::{APPROVE, PENDING, REJECT};
use crate::charity_list_store::{self as store, CharityRow, Filter};
use crate::charity_store::name_key;
use crate::error::Result;
use crate::list_cache::{ListKey, PageKey, PositionsKey};
use crate::service::Catalogue;
use common::error::Check;
use common::paging::Page;
use std::sync::Arc;

/// A nonprofit list: its page and its own filters.
#[derive(Debug, Clone, Default)]
pub struct ListQuery {
    pub page: Page,
    /// Imported nonprofits (the navigator) or onboarded ones.
    pub imported: bool,
    /// '' = any.
    pub verification: String,
}

impl Catalogue {
    pub async fn list_charities(&self, q: &ListQuery) -> Result<(Vec<CharityRow>, i64)> {
        let mut check = Check::default();
        let paging = q.page.check(store::sort_column, &mut check);
        if !matches!(q.verification.as_str(), "" | PENDING | APPROVE | REJECT) {
            check.fail("adminVerification", "adminVerification must be Pending, Approve or Reject");
        }
        check.done()?;
        let common::paging::Paging { column, descending, limit, offset } = paging.expect("checked");
        // The search applies past 2 characters (SPEC section 5).
        let key = name_key(&q.page.search);
        let search = if key.chars().count() > 2 { key } else { String::new() };
        let compact: String = search.chars().filter(|c| *c != '-').collect();
        let ein_digits = (!compact.is_empty() && compact.chars().all(|c| c.is_ascii_digit())).then_some(compact);
        let f = Filter {
            imported: q.imported,
            verification: &q.verification,
            search: &search,
            ein_digits,
            names_fts: false,
        };
        let order = store::Order { column, descending };
        self.list_page(&f, order, limit, offset).await
    }

    /// A page of a nonprofit list and its total. A first page with no search reads a few
    /// index entries and a kept count. Otherwise the list version decides what can be reused
    /// (see list_cache): a list of at most `all_positions_up_to` rows keeps every row's
    /// position (its pages are then read by id, its total is their number); a longer one keeps
    /// its total (counted once when searched) and every `sparse_every`-th row's position, from
    /// which a deep page seeks, skipping fewer than `sparse_every` index entries.
    async fn list_page(
        &self,
        f: &Filter<'_>,
        order: store::Order,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<CharityRow>, i64)> {
        let pool = &self.db.pool;
        let (all_up_to, sparse_every) = (self.lists.all_positions_up_to, self.lists.sparse_every);
        if f.search.is_empty() && offset < sparse_every {
            return Ok(store::page_with_kept_total(&self.db, f, order, limit, offset).await?);
        }
        if !f.search.is_empty()
            && let Some(found) = self.kept_search_page(f, order, limit, offset).await?
        {
            return Ok(found);
        }
        // Each step takes a connection only for its own statement: callers waiting for an
        // answer another caller is working out hold none.
        let (version, counted) = store::version_and_total(&mut *pool.acquire().await?, f).await?;
        let list = ListKey {
            version,
            imported: f.imported,
            verification: f.verification.to_string(),
            search: f.search.to_string(),
        };
        let positions = |every: i64, at_most: i64| {
            let key = PositionsKey { list: list.clone(), order, every };
            self.lists.positions.get_or_try_init(key, move || async move {
                let mut c = pool.acquire().await?;
                // A search that few names match anywhere: SQLite finds them by its trigram
                // table (PostgreSQL's planner picks its trigram index by itself).
                let few = every == 1
                    && !f.search.is_empty()
                    && self.db.backend == common::db::Backend::Sqlite
                    && store::few_name_matches(&mut c, f.search, at_most).await?;
                let by_trigrams = Filter { names_fts: few, ..f.clone() };
                let found = store::positions(&mut c, &by_trigrams, order, every, at_most).await?;
                // Every row's, or none: a list longer than `at_most` keeps sparse positions.
                Ok::<_, sqlx::Error>(found.filter(|p| every > 1 || (p.len() as i64) < at_most).map(Arc::new))
            })
        };
        if counted.is_none_or(|n| n <= all_up_to)
            && let Some(all) = positions(1, all_up_to + 1).await?
        {
            let from = (offset as usize).min(all.len());
            let rows = store::page(
                &self.db,
                f,
                order,
                limit,
                store::Start::Rows(&all[from..(from + limit as usize).min(all.len())]),
            )
            .await?;
            return Ok((rows, all.len() as i64));
        }
        let total = match counted {
            Some(n) => n,
            None => {
                self.lists
                    .totals
                    .get_or_try_init(list.clone(), || async { store::total(&mut *pool.acquire().await?, f).await })
                    .await?
            }
        };
        let sparse = if offset >= sparse_every { positions(sparse_every, i64::MAX).await? } else { None };
        let start = match sparse.as_deref() {
            Some(sparse) if !sparse.is_empty() => {
                let i = ((offset / sparse_every) as usize).min(sparse.len() - 1);
                store::Start::Seek(&sparse[i], offset - i as i64 * sparse_every)
            }
            _ => store::Start::Offset(offset),
        };
        if f.search.is_empty() {
            return Ok((store::page(&self.db, f, order, limit, start).await?, total));
        }
        // A searched page is worked out once per list version; asked again, it is read by id.
        let mut fresh = None;
        let key = PageKey { list, order, limit, offset };
        let ids = self
            .lists
            .pages
            .get_or_try_init(key, || async {
                let rows = store::page(&self.db, f, order, limit, start).await?;
                let ids = rows.iter().map(|r| r.id.clone()).collect();
                fresh = Some(rows);
                Ok::<_, sqlx::Error>(Arc::new(ids))
            })
            .await?;
        let rows = match fresh {
            Some(rows) => rows,
            None => store::page(&self.db, f, order, limit, store::Start::Ids(&ids)).await?,
        };
        Ok((rows, total))
    }

    /// A searched page asked again while the list has not moved, in one statement: what is
    /// kept for the newest list version seen says which rows (every match's position, or the
    /// page's ids and the search's total), and they are read with the list version. None, and
    /// the whole way in `list_page`, when something is not kept yet or the list has moved since
    /// (the rows and the version are read in one statement, so they agree).
    async fn kept_search_page(
        &self,
        f: &Filter<'_>,
        order: store::Order,
        limit: i64,
        offset: i64,
    ) -> Result<Option<(Vec<CharityRow>, i64)>> {
        let lists = &self.lists;
        let Some(version) = lists.positions.newest() else { return Ok(None) };
        let list = ListKey {
            version,
            imported: f.imported,
            verification: f.verification.to_string(),
            search: f.search.to_string(),
        };
        let (ids, total) = match lists.positions.peek(&PositionsKey { list: list.clone(), order, every: 1 }) {
            None => return Ok(None),
            Some(Some(all)) => {
                let from = (offset as usize).min(all.len());
                let ids = all[from..(from + limit as usize).min(all.len())].iter().map(|p| p.id.clone()).collect();
                (Arc::new(ids), all.len() as i64)
            }
            // More matches than every position is kept for: the page's ids and the total.
            Some(None) => {
                let total = lists.totals.peek(&list);
                match (lists.pages.peek(&PageKey { list, order, limit, offset }), total) {
                    (Some(ids), Some(total)) => (ids, total),
                    _ => return Ok(None),
                }
            }
        };
        if ids.is_empty() {
            return Ok(None);
        }
        let (rows, read_at) = store::rows_at_version(&self.db, f, order, &ids).await?;
        Ok((read_at == Some(version)).then_some((rows, total)))
    }

    /// Search everywhere (issue 36): nonprofits of every list whose Tax ID starts with the
    /// query's digits (written with or without its dash), then those whose name contains the
    /// query from 3 characters (the list's search starts there too, SPEC section 5); each once.
    pub async fn find_charities(&self, f: &common::find::Find) -> Result<Vec<CharityRow>> {
        let c = &mut *self.db.pool.acquire().await?;
        let mut found = vec![];
        if let Some(digits) = f.digits(2).filter(|d| d.len() <= 9) {
            found.extend(store::find_by_ein(c, &digits, f.limit).await?);
        }
        if f.contains_names() && (found.len() as i64) < f.limit {
            found.extend(store::find_by_name(c, &name_key(&f.text), f.limit).await?);
        }
        Ok(common::find::distinct(found, |r| &r.id, f.limit))
    }

    pub async fn active_charities(&self) -> Result<Vec<(String, String)>> {
        Ok(store::active(&mut *self.db.pool.acquire().await?).await?)
    }
}
