//! Money arithmetic in integer cents and the UTC calendar arithmetic of rollups and
//! subscription intervals (no floating point, no date library).

/// A fee of `bp` basis points (hundredths of a percent) on `amount_cents`, rounded half up to
/// the cent: `fee = (amount * bp + 5000) / 10000` computed in i128 (no overflow for any i64
/// amount and any basis points up to 10000). Negative inputs count as 0.
pub fn fee(amount_cents: i64, bp: i64) -> i64 {
    let (a, b) = (amount_cents.max(0) as i128, bp.max(0) as i128);
    ((a * b + 5000) / 10000) as i64
}

/// What one transaction is charged, stored with it and never recomputed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Charges {
    pub processing_fee_cents: i64,
    pub service_charge_cents: i64,
    pub net_cents: i64,
}

/// The processing fee and the service charge on `amount_cents` (each [`fee`]), and the net:
/// amount - processing fee - service charge. The net is never negative: the processing fee
/// is capped at the amount, then the service charge at what is left.
pub fn charges(amount_cents: i64, processing_fee_bp: i64, service_charge_bp: i64) -> Charges {
    let amount = amount_cents.max(0);
    let processing_fee_cents = fee(amount, processing_fee_bp).min(amount);
    let service_charge_cents = fee(amount, service_charge_bp).min(amount - processing_fee_cents);
    Charges {
        processing_fee_cents,
        service_charge_cents,
        net_cents: amount - processing_fee_cents - service_charge_cents,
    }
}

/// Cents as dollars with two decimals ("1234.50", "-0.05"), without floating point.
pub fn dollars(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let c = cents.unsigned_abs();
    format!("{sign}{}.{:02}", c / 100, c % 100)
}

const DAY_MS: i64 = 86_400_000;

/// Days since 1970-01-01 of a proleptic Gregorian date (month 1..=12).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date (year, month 1..=12, day) of a day number since 1970-01-01.
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { yoe + era * 400 + 1 } else { yoe + era * 400 }, m, d)
}

/// The UTC (year, month 1..=12) of an epoch-millisecond time.
pub fn year_month(ms: i64) -> (i32, i32) {
    let (y, m, _) = civil_from_days(ms.div_euclid(DAY_MS));
    (y as i32, m as i32)
}

/// Epoch ms of the first instant of a UTC month.
pub fn month_start(year: i32, month: i32) -> i64 {
    days_from_civil(year as i64, month as i64, 1) * DAY_MS
}

fn days_in_month(y: i64, m: i64) -> i64 {
    let (ny, nm) = if m == 12 { (y + 1, 1) } else { (y, m + 1) };
    days_from_civil(ny, nm, 1) - days_from_civil(y, m, 1)
}

/// `ms` moved `months` calendar months later (UTC), the day clamped to the month's last
/// (Jan 31 + 1 month = Feb 28/29), the time of day kept.
pub fn add_months(ms: i64, months: i64) -> i64 {
    let days = ms.div_euclid(DAY_MS);
    let time = ms.rem_euclid(DAY_MS);
    let (y, m, d) = civil_from_days(days);
    let idx = y * 12 + (m - 1) + months;
    let (ny, nm) = (idx.div_euclid(12), idx.rem_euclid(12) + 1);
    let nd = d.min(days_in_month(ny, nm));
    days_from_civil(ny, nm, nd) * DAY_MS + time
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fees_round_half_up_to_the_cent() {
        assert_eq!(fee(0, 290), 0);
        assert_eq!(fee(1, 290), 0); // 0.029 cent
        assert_eq!(fee(1, 5000), 1); // 0.5 cent rounds up
        assert_eq!(fee(1, 4999), 0); // 0.4999 cent rounds down
        assert_eq!(fee(100, 50), 1); // 0.5 cent
        assert_eq!(fee(100, 49), 0);
        assert_eq!(fee(10_000, 290), 290);
        assert_eq!(fee(1_234, 290), 36); // 35.786
        assert_eq!(fee(1_050, 500), 53); // 52.5 -> 53
        assert_eq!(fee(12_345, 10_000), 12_345); // 100 %
        assert_eq!(fee(12_345, 0), 0);
        assert_eq!(fee(i64::MAX, 10_000), i64::MAX);
        assert_eq!(fee(100_000_000, 9_999), 99_990_000);
        assert_eq!(fee(-5, 290), 0);
    }

    #[test]
    fn the_net_is_never_negative() {
        assert_eq!(
            charges(10_000, 290, 500),
            Charges { processing_fee_cents: 290, service_charge_cents: 500, net_cents: 9_210 }
        );
        assert_eq!(
            charges(10_000, 10_000, 10_000),
            Charges { processing_fee_cents: 10_000, service_charge_cents: 0, net_cents: 0 }
        );
        assert_eq!(
            charges(1, 6_000, 6_000),
            Charges { processing_fee_cents: 1, service_charge_cents: 0, net_cents: 0 }
        );
        assert_eq!(
            charges(100, 6_000, 6_000),
            Charges { processing_fee_cents: 60, service_charge_cents: 40, net_cents: 0 }
        );
        assert_eq!(charges(1, 0, 0), Charges { processing_fee_cents: 0, service_charge_cents: 0, net_cents: 1 });
    }

    #[test]
    fn dollars_have_two_decimals() {
        assert_eq!(dollars(0), "0.00");
        assert_eq!(dollars(5), "0.05");
        assert_eq!(dollars(123_450), "1234.50");
        assert_eq!(dollars(-5), "-0.05");
        assert_eq!(dollars(i64::MIN), "-92233720368547758.08");
    }

    #[test]
    fn calendar_arithmetic_is_utc() {
        assert_eq!(year_month(0), (1970, 1));
        assert_eq!(year_month(-1), (1969, 12));
        let feb29 = month_start(2024, 2) + 28 * DAY_MS;
        assert_eq!(year_month(feb29), (2024, 2));
        assert_eq!(year_month(month_start(2026, 12) - 1), (2026, 11));
        let jan31 = month_start(2026, 1) + 30 * DAY_MS + 3_600_000;
        assert_eq!(add_months(jan31, 1), month_start(2026, 2) + 27 * DAY_MS + 3_600_000);
        assert_eq!(add_months(feb29, 12), month_start(2025, 2) + 27 * DAY_MS);
        assert_eq!(add_months(month_start(2026, 12), 1), month_start(2027, 1));
        assert_eq!(add_months(month_start(2026, 3), 12), month_start(2027, 3));
    }
}
