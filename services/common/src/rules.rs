//! Input rules every service shares, with the console's messages (SPEC section 5): email,
//! phone, zip code, US Tax ID (EIN), and the parts of each; a record's name.

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

/// A name (a term, a category, a FAQ category, a leadership entry): 'Please enter Name' when
/// empty, 'Please enter valid Name' when only white space (SPEC section 5), at most 100
/// characters; answers it trimmed.
pub fn parse_name(raw: &str, check: &mut Check) -> String {
    parse_name_within(raw, 100, check)
}

/// [`parse_name`] with another limit: 'Name must be at most <max> characters'.
pub fn parse_name_within(raw: &str, max: usize, check: &mut Check) -> String {
    let v = raw.trim();
    if raw.is_empty() {
        check.fail("name", "Please enter Name");
    } else if v.is_empty() {
        check.fail("name", "Please enter valid Name");
    } else if v.chars().count() > max {
        check.fail("name", too_long("Name", max));
    }
    v.to_string()
}

/// A required text, trimmed: `empty` when blank, `too_long` past `max` characters (each
/// screen words its messages; [`too_long`] is the usual one).
pub fn required_text(
    raw: &str,
    field: &str,
    empty: impl Into<String>,
    max: usize,
    too_long: impl Into<String>,
    check: &mut Check,
) -> String {
    let v = raw.trim();
    if v.is_empty() {
        check.fail(field, empty.into());
    } else if v.chars().count() > max {
        check.fail(field, too_long.into());
    }
    v.to_string()
}

/// A text, trimmed: when `required`, 'Please enter <label>' if blank; at most `max`
/// characters ([`too_long`] names `label`).
pub fn text(raw: &str, field: &str, label: &str, max: usize, required: bool, check: &mut Check) -> String {
    if required {
        required_text(raw, field, format!("Please enter {label}"), max, too_long(label, max), check)
    } else {
        optional_text(raw, field, label, max, check)
    }
}

/// An optional text, trimmed, at most `max` characters ([`too_long`] names `label`).
pub fn optional_text(raw: &str, field: &str, label: &str, max: usize, check: &mut Check) -> String {
    let v = raw.trim();
    if v.chars().count() > max {
        check.fail(field, too_long(label, max));
    }
    v.to_string()
}

/// '<label> must be at most <max> characters'.
pub fn too_long(label: &str, max: usize) -> String {
    format!("{label} must be at most {max} characters")
}

/// The digits of a text.
pub fn digits(s: &str) -> String {
    s.chars().filter(char::is_ascii_digit).collect()
}

/// Parses one form field into `T`: an empty value fails with `required` (or is `None` with no
/// failure when the field may stay empty: `required` is `None`), a malformed one with `invalid`.
/// The message is always the fixed text, never the value.
fn field<T>(
    raw: &str,
    field: &str,
    required: Option<&str>,
    invalid: &str,
    check: &mut Check,
    new: impl FnOnce(&str) -> Option<T>,
) -> Option<T> {
    let t = raw.trim();
    if t.is_empty() {
        if let Some(message) = required {
            check.fail(field, message);
        }
        return None;
    }
    let parsed = new(t);
    if parsed.is_none() {
        check.fail(field, invalid);
    }
    parsed
}

/// A parsed form field: the newtype `$T` of a `String` (after its doc comment), its `INVALID`
/// message, `parse` (the one [`field`] way, through the type's own `new`) and its text.
macro_rules! form_field {
    ($(#[$doc:meta])* $T:ident, invalid: $invalid:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct $T(String);

        impl $T {
            pub const INVALID: &str = $invalid;

            /// `required`: the message for an empty value, or `None` when the field may stay empty.
            pub fn parse(raw: &str, field_name: &str, required: Option<&str>, check: &mut Check) -> Option<Self> {
                field(raw, field_name, required, Self::INVALID, check, Self::new)
            }
            /// Its text as `new` keeps it.
            pub fn as_str(&self) -> &str {
                &self.0
            }
            pub fn into_string(self) -> String {
                self.0
            }
        }
    };
}

form_field! {
    /// A US phone number, parsed once: written any way without letters, kept as its ten digits.
    Phone, invalid: "Please enter valid Phone Number"
}

impl Phone {
    pub fn new(raw: &str) -> Option<Self> {
        let d = digits(raw);
        (d.len() == 10 && !raw.chars().any(char::is_alphabetic)).then_some(Self(d))
    }
}

form_field! {
    /// A US zip code, parsed once: five digits, or five plus four ('12345-6789' or '123456789'),
    /// kept as written (trimmed).
    Zip, invalid: "Please enter valid Zip Code"
}

impl Zip {
    pub fn new(raw: &str) -> Option<Self> {
        let z = raw.trim();
        let d = digits(z);
        let shape_ok = z.chars().all(|c| c.is_ascii_digit() || c == '-');
        let ok = shape_ok
            && (z.len() == 5 && d.len() == 5
                || z.len() == 10 && d.len() == 9 && z.as_bytes()[5] == b'-'
                || z.len() == 9 && d.len() == 9);
        ok.then(|| Self(z.to_string()))
    }
}

form_field! {
    /// A US Tax ID (EIN), parsed once: 'XX-XXXXXXX' or 'XXXXXXXXX', kept as its nine digits
    /// (as stored).
    TaxId, invalid: "Please enter valid Tax ID"
}

impl TaxId {
    pub fn new(raw: &str) -> Option<Self> {
        let t = raw.trim();
        let ok = (t.len() == 9 && t.chars().all(|c| c.is_ascii_digit()))
            || (t.len() == 10
                && t.as_bytes()[2] == b'-'
                && t.chars().enumerate().all(|(i, c)| i == 2 || c.is_ascii_digit()));
        ok.then(|| Self(digits(t)))
    }
}

/// A stored Tax ID's nine digits as shown: '123456789' -> '12-3456789'.
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
    fn phones_zips_and_tax_ids_are_parsed_once() {
        assert_eq!(Phone::new("(555) 123-4567").map(Phone::into_string).as_deref(), Some("5551234567"));
        assert_eq!(Phone::new("555-123-456x"), None);
        assert_eq!(Phone::new("555-123-456"), None);
        for ok in ["98101", "98101-1234", "981011234", " 98101 "] {
            assert!(Zip::new(ok).is_some(), "{ok}");
        }
        assert_eq!(Zip::new(" 98101-1234 ").map(Zip::into_string).as_deref(), Some("98101-1234"));
        for bad in ["9810", "98101-123", "9810a", "98-1011234", "98101\n1"] {
            assert_eq!(Zip::new(bad), None, "{bad}");
        }
        assert_eq!(TaxId::new("12-3456789").map(TaxId::into_string).as_deref(), Some("123456789"));
        assert_eq!(TaxId::new(" 123456789 ").map(TaxId::into_string).as_deref(), Some("123456789"));
        assert_eq!(TaxId::new("123-456789"), None);
        assert_eq!(format_ein("123456789"), "12-3456789");
    }

    #[test]
    fn a_field_fails_with_the_screen_messages_and_never_echoes_the_value() {
        // Optional and empty: no value, no failure.
        let mut check = Check::default();
        assert_eq!(Phone::parse("  ", "phoneNumber", None, &mut check), None);
        assert!(check.done().is_ok());
        // Required and empty: the required message.
        let mut check = Check::default();
        assert_eq!(TaxId::parse("", "taxId", Some("Please enter Tax ID"), &mut check), None);
        let text = format!("{:?}", check.done().expect_err("refused"));
        assert!(text.contains("Please enter Tax ID") && text.contains("taxId"), "{text}");
        // Malformed: the invalid message, not the hostile value.
        let mut check = Check::default();
        assert_eq!(Zip::parse("<script>1</script>", "zipCode", None, &mut check), None);
        let text = format!("{:?}", check.done().expect_err("refused"));
        assert!(text.contains(Zip::INVALID) && !text.contains("script"), "{text}");
        let mut check = Check::default();
        assert!(Phone::parse("555 123 4567", "phoneNumber", Some("x"), &mut check).is_some());
        assert!(check.done().is_ok());
    }
}
