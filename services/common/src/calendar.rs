//! UTC calendar arithmetic on epoch milliseconds, for per-month figures: month bounds are
//! computed here, never with SQL date functions (they differ between SQLite and PostgreSQL).

const DAY_MS: i64 = 86_400_000;

/// Days since 1970-01-01 of a proleptic Gregorian date (month 1..=12).
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = month as i64;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + day as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The UTC year of an epoch-milliseconds time.
pub fn year_of(ms: i64) -> i32 {
    let days = ms.div_euclid(DAY_MS);
    // Start from an estimate and correct it by the year's bounds.
    let mut year = 1970 + (days as f64 / 365.2425).floor() as i64;
    while days_from_civil(year, 1, 1) > days {
        year -= 1;
    }
    while days_from_civil(year + 1, 1, 1) <= days {
        year += 1;
    }
    year as i32
}

/// The first millisecond of a UTC month (1..=12); month 13 is January of the next year.
pub fn month_start_ms(year: i32, month: u32) -> i64 {
    let (y, m) = if month > 12 { (year as i64 + 1, month - 12) } else { (year as i64, month) };
    days_from_civil(y, m, 1) * DAY_MS
}

/// The thirteen bounds of a year's months: month `m` (1..=12) is `[b[m-1], b[m])`.
pub fn month_bounds(year: i32) -> [i64; 13] {
    std::array::from_fn(|i| month_start_ms(year, i as u32 + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_and_years_match_known_dates() {
        assert_eq!(month_start_ms(1970, 1), 0);
        // 2024-03-01T00:00:00Z (a leap year's March).
        assert_eq!(month_start_ms(2024, 3), 1_709_251_200_000);
        assert_eq!(month_start_ms(2026, 13), month_start_ms(2027, 1));
        assert_eq!(year_of(1_709_251_200_000), 2024);
        assert_eq!(year_of(month_start_ms(2027, 1) - 1), 2026);
        assert_eq!(year_of(month_start_ms(2027, 1)), 2027);
        assert_eq!(year_of(-1), 1969);
        let b = month_bounds(2025);
        assert_eq!((b[0], b[12]), (month_start_ms(2025, 1), month_start_ms(2026, 1)));
        assert_eq!(b[2] - b[1], 28 * DAY_MS);
    }
}
