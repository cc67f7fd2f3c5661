//! Input rules every service shares, with the console's messages (SPEC section 5): email,
//! phone, zip code, US Tax ID (EIN), and the parts of each.

use crate::error::Check;

/// The standard email pattern: local part, `@`, a dotted domain with a 2+ letter TLD.
/// `+` tags are accepted.
pub fn is_email(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else { return false };
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && local.chars().all(|c| c.is_ascii_alphanumeric() || "._%+-".contains(c))
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..");
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                && !l.starts_with('-')
                && !l.ends_with('-')
        })
        && labels.last().is_some_and(|t| t.len() >= 2 && t.chars().all(|c| c.is_ascii_alphabetic()));
    local_ok && domain_ok && s.len() <= 254
}

pub const INVALID_EMAIL: &str = "Please enter valid email address.";

/// A trimmed, lower-cased, well-formed email.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    /// `required` is the message for an empty value (it differs between screens).
    pub fn parse(raw: &str, field: &str, required: &str, check: &mut Check) -> Option<Self> {
        let v = raw.trim().to_lowercase();
        if v.is_empty() {
            check.fail(field, required);
            None
        } else if !is_email(&v) {
            check.fail(field, INVALID_EMAIL);
            None
        } else {
            Some(Self(v))
        }
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
    pub fn into_string(self) -> String {
        self.0
    }
}

/// The digits of a text.
pub fn digits(s: &str) -> String {
    s.chars().filter(char::is_ascii_digit).collect()
}

/// A US phone number: ten digits, written any way without letters. Answers the digits.
pub fn phone(raw: &str) -> Option<String> {
    let d = digits(raw);
    (d.len() == 10 && !raw.chars().any(char::is_alphabetic)).then_some(d)
}

/// A US zip code: five digits, or five plus four ('12345-6789' or '123456789').
pub fn is_zip(z: &str) -> bool {
    let d = digits(z);
    let shape_ok = z.chars().all(|c| c.is_ascii_digit() || c == '-');
    shape_ok
        && (z.len() == 5 && d.len() == 5
            || z.len() == 10 && d.len() == 9 && z.as_bytes()[5] == b'-'
            || z.len() == 9 && d.len() == 9)
}

/// A US Tax ID (EIN): nine digits from 'XX-XXXXXXX' or 'XXXXXXXXX'; None otherwise.
pub fn ein(raw: &str) -> Option<String> {
    let t = raw.trim();
    let ok = (t.len() == 9 && t.chars().all(|c| c.is_ascii_digit()))
        || (t.len() == 10
            && t.as_bytes()[2] == b'-'
            && t.chars().enumerate().all(|(i, c)| i == 2 || c.is_ascii_digit()));
    ok.then(|| digits(t))
}

/// '123456789' -> '12-3456789'.
pub fn format_ein(ein: &str) -> String {
    if ein.len() == 9 { format!("{}-{}", &ein[..2], &ein[2..]) } else { ein.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_follow_the_standard_pattern_with_plus_tags() {
        for ok in ["a@b.co", "first.last+tag@example.org", "x_y-z@sub.domain.io"] {
            assert!(is_email(ok), "{ok}");
        }
        for bad in ["", "a", "a@b", "a@b.c", "a b@c.com", "a@@b.com", ".a@b.com", "a@-b.com", "a@b.c0m"] {
            assert!(!is_email(bad), "{bad}");
        }
    }

    #[test]
    fn hostile_emails_are_refused_and_nothing_is_echoed_back() {
        let long_local = format!("{}@example.org", "a".repeat(65));
        let long_total = format!("a@{}.org", "b".repeat(250));
        for bad in [
            "a@b.com\r\nBcc: victim@example.org", // header injection
            "a\0@b.com",
            "\u{430}@b.com",   // Cyrillic 'а' that looks like 'a'
            "a@b\u{2024}com",  // one-dot leader instead of '.'
            "\u{fc}ser@b.com", // non-ASCII local part
            "<script>@b.com",
            "a'--@b.com",
            "a\"b@c.com",
            "a@b.com.",
            "a@.b.com",
            "a..b@c.com",
            "a.@b.com",
            &long_local,
            &long_total,
        ] {
            assert!(!is_email(bad), "{bad:?}");
            let mut check = Check::default();
            assert_eq!(Email::parse(bad, "email", "Please enter Email", &mut check), None, "{bad:?}");
            // The message is the fixed text, never the hostile value.
            let err = check.done().expect_err("refused");
            let text = format!("{err:?}");
            assert!(text.contains(INVALID_EMAIL), "{text}");
            assert!(!text.contains("script") && !text.contains("victim"), "{text}");
        }
        // Case and surrounding white space (a trailing newline included) are normalised away,
        // so a duplicate is a duplicate and nothing but the address is stored.
        let mut check = Check::default();
        assert_eq!(
            Email::parse("a@b.com\n", "email", "x", &mut check).map(Email::into_string).as_deref(),
            Some("a@b.com")
        );
        let mut check = Check::default();
        assert_eq!(
            Email::parse("  First.Last+Tag@Example.ORG \t", "email", "x", &mut check)
                .map(Email::into_string)
                .as_deref(),
            Some("first.last+tag@example.org")
        );
    }

    #[test]
    fn phones_zips_and_tax_ids() {
        assert_eq!(phone("(555) 123-4567").as_deref(), Some("5551234567"));
        assert_eq!(phone("555-123-456x"), None);
        assert!(is_zip("98101") && is_zip("98101-1234") && is_zip("981011234"));
        assert!(!is_zip("9810") && !is_zip("98101-123") && !is_zip("9810a"));
        assert_eq!(ein("12-3456789").as_deref(), Some("123456789"));
        assert_eq!(ein("123-456789"), None);
        assert_eq!(format_ein("123456789"), "12-3456789");
    }
}
