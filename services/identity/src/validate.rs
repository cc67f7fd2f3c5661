//! Identity's input rules with the console's exact messages (SPEC section 5); the rules
//! every service shares (email, ...) are common::rules, re-exported here.

#[cfg(test)]
use crate::error::Error;
pub use common::error::Check;
pub use common::rules::{Email, is_email};

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
    fn password_rules_give_the_first_failing_message() {
        let mut c = Check::default();
        password_rules("", "p", "New Password", "New Password is Required", &mut c);
        password_rules("ab cdef", "q", "New Password", "x", &mut c);
        password_rules("abc", "r", "New Password", "x", &mut c);
        password_rules("abcdefgh", "s", "New Password", "x", &mut c);
        let Err(Error::Validation(errs)) = c.done() else { panic!() };
        let msgs: Vec<_> = errs.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(
            msgs,
            [
                "New Password is Required",
                "New Password must not contain spaces",
                "New Password must be between 6 and 20 characters",
            ]
        );
    }
}
