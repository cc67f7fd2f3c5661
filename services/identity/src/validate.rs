//! Input rules with the console's exact messages (SPEC section 5). Parsed values
//! are newtypes: once built, the rest of the code can trust them.

pub use common::error::Check;
#[cfg(test)]
use crate::error::Error;

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

/// A trimmed, lower-cased, well-formed email.
#[derive(Debug, Clone, PartialEq)]
pub struct Email(String);

impl Email {
    /// `required` is the message for an empty value (it differs between screens).
    pub fn parse(raw: &str, field: &str, required: &str, check: &mut Check) -> Option<Self> {
        let v = raw.trim().to_lowercase();
        if v.is_empty() {
            check.fail(field, required);
            None
        } else if !is_email(&v) {
            check.fail(field, "Please enter valid email address.");
            None
        } else {
            Some(Self(v))
        }
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A password that follows the account rules: 6 to 20 characters, no white space.
/// `label` names it in messages ("Old Password", "New Password", "Password").
pub fn password_rules(raw: &str, field: &str, label: &str, required: &str, check: &mut Check) {
    let n = raw.chars().count();
    if raw.is_empty() {
        check.fail(field, required);
    } else if raw.chars().any(char::is_whitespace) {
        check.fail(field, format!("{label} must not contain spaces"));
    } else if !(6..=20).contains(&n) {
        check.fail(field, format!("{label} must be between 6 and 20 characters"));
    }
}

/// A person's name part: required, at most 50 characters, letters and common punctuation.
pub fn name(raw: &str, field: &str, label: &str, check: &mut Check) -> String {
    let v = raw.trim();
    if v.is_empty() {
        check.fail(field, format!("{label} is required"));
    } else if v.chars().count() > 50 {
        check.fail(field, format!("{label} must be at most 50 characters"));
    } else if !v.chars().all(|c| c.is_alphabetic() || " .'-".contains(c)) {
        check.fail(field, format!("Please enter valid {label}"));
    }
    v.to_string()
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
    fn password_rules_give_the_first_failing_message() {
        let mut c = Check::default();
        password_rules("", "p", "New Password", "New Password is Required", &mut c);
        password_rules("ab cdef", "q", "New Password", "x", &mut c);
        password_rules("abc", "r", "New Password", "x", &mut c);
        password_rules("abcdefgh", "s", "New Password", "x", &mut c);
        let Err(Error::Validation(errs)) = c.done() else { panic!() };
        let msgs: Vec<_> = errs.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(msgs, [
            "New Password is Required",
            "New Password must not contain spaces",
            "New Password must be between 6 and 20 characters",
        ]);
    }
}
