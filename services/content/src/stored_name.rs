//! The shape of a stored file's name (an id, a dot and an extension the BFF stores), and the
//! names a text holds: what media records and the page events read, apart from both.

/// The extensions the BFF stores (bff::media::Kind).
const EXTENSIONS: [&str; 12] = ["png", "jpg", "jp2", "jpx", "jpm", "tiff", "mp4", "mov", "webm", "mkv", "avi", "mpeg"];

/// Whether `s` has the shape of a stored name: an id (letters, digits, '-'), a dot and a
/// stored extension.
pub fn is_stored_name(s: &str) -> bool {
    match s.split_once('.') {
        Some((stem, ext)) => {
            !stem.is_empty()
                && stem.len() <= 64
                && stem.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                && EXTENSIONS.contains(&ext)
        }
        None => false,
    }
}

/// The stored names a text holds (a bare name, a URL, rich text).
pub fn names_in(text: &str, out: &mut std::collections::BTreeSet<String>) {
    for token in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '.')) {
        let token = token.trim_matches('.');
        if is_stored_name(token) {
            out.insert(token.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn stored_names_are_found_in_text() {
        let mut out = std::collections::BTreeSet::new();
        super::names_in("<img src=\"/media/x/ab12-cd.png\"> and https://h/media/y/0f.mp4. not.exe a.png.", &mut out);
        assert_eq!(out.into_iter().collect::<Vec<_>>(), ["0f.mp4", "a.png", "ab12-cd.png"]);
    }
}
