//! Where a record is: the eight location fields a donor, a community and an event keep (the
//! same columns, in the same order, in each table; the same field names in each proto
//! message), read from a row, bound to a statement and checked once here.
//!
//! On the wire the fields stay flat: the struct is `#[serde(flatten)]`ed into its record's
//! JSON (bus payloads), and [`located!`](crate::located) writes the eight fields between a
//! proto message and a record in either direction.

use crate::error::Check;
use crate::rules::{Zip, optional_text};
use sqlx::Row;
use sqlx::any::AnyRow;

/// The location fields of a record's form.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    pub address: String,
    pub city: String,
    pub state: String,
    pub country: String,
    pub city_id: String,
    pub state_id: String,
    pub country_id: String,
    pub zip_code: String,
}

/// A statement whose values are bound one by one.
type Query<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>;

impl Location {
    /// The location columns of a row.
    pub fn of(r: &AnyRow) -> sqlx::Result<Self> {
        Ok(Self {
            address: r.try_get("address")?,
            city: r.try_get("city")?,
            state: r.try_get("state")?,
            country: r.try_get("country")?,
            city_id: r.try_get("city_id")?,
            state_id: r.try_get("state_id")?,
            country_id: r.try_get("country_id")?,
            zip_code: r.try_get("zip_code")?,
        })
    }

    /// Binds the location's values, in the order of its columns (address to zip_code).
    pub fn bind<'q>(&'q self, q: Query<'q>) -> Query<'q> {
        q.bind(&self.address)
            .bind(&self.city)
            .bind(&self.state)
            .bind(&self.country)
            .bind(&self.city_id)
            .bind(&self.state_id)
            .bind(&self.country_id)
            .bind(&self.zip_code)
    }

    /// The location of a form, trimmed and checked (names at most 100 characters, the zip
    /// code checked when given), with its `address` as the form checked it (a donor's
    /// address, an event's venue, a community's address: each has its own rule).
    pub fn checked(&self, address: String, check: &mut Check) -> Self {
        Self {
            address,
            city: optional_text(&self.city, "city", "City", 100, check),
            state: optional_text(&self.state, "state", "State", 100, check),
            country: optional_text(&self.country, "country", "Country", 100, check),
            city_id: optional_text(&self.city_id, "cityId", "City", 100, check),
            state_id: optional_text(&self.state_id, "stateId", "State", 100, check),
            country_id: optional_text(&self.country_id, "countryId", "Country", 100, check),
            zip_code: Zip::parse(&self.zip_code, "zipCode", None, check).map(Zip::into_string).unwrap_or_default(),
        }
    }
}

/// `located!(from => Type { other: value, .. })`: a `Type` whose eight location fields are
/// `from`'s (a proto message or a [`Location`]), and whose other fields are as written.
#[macro_export]
macro_rules! located {
    ($from:expr => $($T:ident)::+ { $($field:ident: $value:expr),* $(,)? }) => {
        $($T)::+ {
            address: $from.address,
            city: $from.city,
            state: $from.state,
            country: $from.country,
            city_id: $from.city_id,
            state_id: $from.state_id,
            country_id: $from.country_id,
            zip_code: $from.zip_code,
            $($field: $value),*
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_location_is_trimmed_and_its_long_names_and_bad_zip_refused() {
        let raw = Location { city: "  Austin ".into(), zip_code: "78701".into(), ..Location::default() };
        let mut check = Check::default();
        let got = raw.checked("1 Main St".into(), &mut check);
        assert!(check.done().is_ok());
        assert_eq!(
            got,
            Location {
                address: "1 Main St".into(),
                city: "Austin".into(),
                zip_code: "78701".into(),
                ..Location::default()
            }
        );

        let raw = Location { state: "x".repeat(101), zip_code: "123".into(), ..Location::default() };
        let mut check = Check::default();
        raw.checked(String::new(), &mut check);
        let text = format!("{:?}", check.done().expect_err("refused"));
        assert!(text.contains("State must be at most 100 characters"), "{text}");
        assert!(text.contains(Zip::INVALID), "{text}");
    }
}
