//! The paging rules of every list (proto `common.v1.PageRequest`, mapped once by
//! `common::wire::page`): page from 1, a page size of 1 to 1000, a search of at most 100 characters,
//! a sort column from the list's allow-list and an order. With neither column nor order a
//! list shows the newest first.

use crate::error::Check;

/// A list query as asked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Page {
    pub page: i64,
    pub limit: i64,
    pub search: String,
    pub column: String,
    pub order: String,
}

/// A list query once checked: what the store needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging<C> {
    /// The allow-listed sort column (whatever the list's `columns` answers).
    pub column: C,
    pub descending: bool,
    pub limit: i64,
    pub offset: i64,
}

pub const MAX_LIMIT: i64 = 1000;
pub const MAX_SEARCH: usize = 100;

impl Page {
    /// The whole list in one order (an export): paging does not apply.
    pub fn everything(search: String, column: String, order: String) -> Self {
        Self { page: 1, limit: 1, search, column, order }
    }

    /// Checks the query against the list's allow-list `columns` (`""` is the default column),
    /// failing each wrong part in `check`. Answers the paging when every part is right.
    pub fn check<C>(&self, columns: impl Fn(&str) -> Option<C>, check: &mut Check) -> Option<Paging<C>> {
        let before = check.len();
        if self.page < 1 {
            check.fail("page", "page must be 1 or more");
        }
        if !(1..=MAX_LIMIT).contains(&self.limit) {
            check.fail("limit", "limit must be between 1 and 1000");
        }
        let column = columns(&self.column);
        if column.is_none() {
            check.fail("column", format!("Sorting by {} is not supported", self.column));
        }
        let descending = match self.order.to_lowercase().as_str() {
            "" => self.column.is_empty(),
            "asc" | "ascend" | "1" => false,
            "desc" | "descend" | "-1" => true,
            _ => {
                check.fail("order", "order must be asc or desc");
                false
            }
        };
        if self.search.chars().count() > MAX_SEARCH {
            check.fail("search", "search must be at most 100 characters");
        }
        let offset = (self.page.max(1) - 1).saturating_mul(self.limit);
        if check.len() == before {
            column.map(|column| Paging { column, descending, limit: self.limit, offset })
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cols(c: &str) -> Option<&'static str> {
        match c {
            "" | "createdAt" => Some("created_at"),
            "name" => Some("name_key"),
            _ => None,
        }
    }

    #[test]
    fn a_right_query_gives_its_paging_newest_first_by_default() {
        let mut check = Check::default();
        let p = Page { page: 3, limit: 10, ..Default::default() }.check(cols, &mut check).unwrap();
        assert_eq!(p, Paging { column: "created_at", descending: true, limit: 10, offset: 20 });
        let p =
            Page { page: 1, limit: 5, column: "name".into(), ..Default::default() }.check(cols, &mut check).unwrap();
        assert!(!p.descending);
        assert!(check.done().is_ok());
    }

    #[test]
    fn every_wrong_part_is_named() {
        let mut check = Check::default();
        let q = Page { page: 0, limit: 1001, search: "s".repeat(101), column: "x".into(), order: "up".into() };
        assert!(q.check(cols, &mut check).is_none());
        let Err(crate::error::Error::Validation(errs)) = check.done() else { panic!() };
        let fields: Vec<_> = errs.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["page", "limit", "column", "order", "search"]);
        assert_eq!(errs[2].message, "Sorting by x is not supported");
    }
}
