//! Rich text (the console's editor output: nonprofit missions, CMS pages, FAQ answers,
//! biographies) as it may be stored and shown: the one cleaner every service uses.

/// Links a rich-text field may carry (SPEC section 5).
const LINK_SCHEMES: [&str; 4] = ["http", "https", "mailto", "tel"];

/// Sanitises rich text: safe tags only (no script, style, iframe, svg, event handlers or
/// inline styles), links limited to http, https, mailto and tel.
pub fn sanitize_html(html: &str) -> String {
    let mut b = ammonia::Builder::default();
    b.url_schemes(LINK_SCHEMES.into_iter().collect());
    b.link_rel(Some("noopener noreferrer"));
    b.clean(html).to_string()
}

/// The visible text of rich text (to tell an empty editor from content).
pub fn text_of(html: &str) -> String {
    let stripped = ammonia::Builder::empty().clean(html).to_string();
    stripped.replace("&nbsp;", " ").trim().to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn empty_editor_output_has_no_text() {
        assert_eq!(super::text_of("<p>&nbsp;</p><p><br></p>"), "");
        assert_eq!(super::text_of("<p>Hi <b>there</b></p>"), "Hi there");
    }
}
