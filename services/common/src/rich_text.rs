//! Rich text (the console's editor output: nonprofit missions, CMS pages, FAQ answers,
//! biographies) as it may be stored and shown: the one cleaner every service uses, on the
//! server, before anything is stored.
//!
//! What survives: safe tags only (no script, style, iframe, svg, event handlers or inline
//! styles); links only with an explicit http, https, mailto or tel scheme (SPEC section 5), so
//! a scheme-relative `//host` link or a relative path is dropped; images only from the
//! console's own media (`/media/{module}/{file}`, served by the BFF at the page's own origin),
//! so no page shown to the public or to an admin loads a third party's pixel.

use std::borrow::Cow;

/// Links a rich-text field may carry (SPEC section 5).
const LINK_SCHEMES: [&str; 4] = ["http", "https", "mailto", "tel"];

/// Where the console's own media are served (bff `/media/{module}/{file}`).
const OWN_MEDIA: &str = "/media/";

/// Whether `url` is a path to one of the console's own media files: `/media/`, a module and
/// a file name of letters, digits, '_', '-' and one dot; no host, no query, no way up.
fn own_media(url: &str) -> bool {
    let Some(rest) = url.strip_prefix(OWN_MEDIA) else { return false };
    let mut parts = rest.split('/');
    let (Some(module), Some(file), None) = (parts.next(), parts.next(), parts.next()) else { return false };
    let word = |s: &str| {
        !s.is_empty() && s.len() <= 100 && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    };
    word(module) && matches!(file.split_once('.'), Some((stem, ext)) if word(stem) && word(ext))
}

/// Keeps a URL without a scheme only when it is one of the console's own media files.
struct OwnMediaOnly;

impl ammonia::UrlRelativeEvaluate<'static> for OwnMediaOnly {
    fn evaluate<'a>(&self, url: &'a str) -> Option<Cow<'a, str>> {
        own_media(url).then_some(Cow::Borrowed(url))
    }
}

/// Sanitises rich text (see the module).
pub fn sanitize_html(html: &str) -> String {
    let mut b = ammonia::Builder::default();
    b.url_schemes(LINK_SCHEMES.into_iter().collect());
    b.link_rel(Some("noopener noreferrer"));
    // A URL without a scheme (relative, or `//host/...`) survives only as the console's own media.
    b.url_relative(ammonia::UrlRelative::Custom(Box::new(OwnMediaOnly)));
    // An image's source is the console's own media or nothing (an absolute http(s) source
    // would pass the link schemes).
    b.attribute_filter(|element, attribute, value| match (element, attribute) {
        ("img", "src") => own_media(value).then_some(Cow::Borrowed(value)),
        _ => Some(Cow::Borrowed(value)),
    });
    b.clean(html).to_string()
}

/// The visible text of rich text (to tell an empty editor from content).
pub fn text_of(html: &str) -> String {
    let stripped = ammonia::Builder::empty().clean(html).to_string();
    stripped.replace("&nbsp;", " ").trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::sanitize_html as clean;

    #[test]
    fn empty_editor_output_has_no_text() {
        assert_eq!(super::text_of("<p>&nbsp;</p><p><br></p>"), "");
        assert_eq!(super::text_of("<p>Hi <b>there</b></p>"), "Hi there");
    }

    #[test]
    fn links_keep_only_an_explicit_allowed_scheme() {
        let rel = " rel=\"noopener noreferrer\"";
        for ok in ["https://x.org/a?b=1", "http://x.org", "mailto:a@x.org", "tel:+15551234567"] {
            assert_eq!(clean(&format!("<a href=\"{ok}\">x</a>")), format!("<a href=\"{ok}\"{rel}>x</a>"), "{ok}");
        }
        for dropped in [
            "//evil.example/x",
            "///evil.example",
            "/about",
            "about",
            "javascript:alert(1)",
            "data:text/html,x",
            "ftp://x.org",
            "  //evil.example",
        ] {
            assert_eq!(clean(&format!("<a href=\"{dropped}\">x</a>")), format!("<a{rel}>x</a>"), "{dropped}");
        }
    }

    #[test]
    fn images_come_only_from_the_consoles_own_media() {
        assert_eq!(
            clean("<img src=\"/media/aboutUsImage/0190a1b2.png\" alt=\"a\">"),
            "<img src=\"/media/aboutUsImage/0190a1b2.png\" alt=\"a\">"
        );
        for src in [
            "https://tracker.example/pixel.png",
            "http://tracker.example/p.gif",
            "//tracker.example/p.gif",
            "/media/../identity.db",
            "/media/x/../../y.png",
            "/media/x/y.png?track=1",
            "/media/x/y/z.png",
            "/mediax/y.png",
            "data:image/png;base64,AAAA",
        ] {
            assert_eq!(clean(&format!("<img src=\"{src}\" alt=\"a\">")), "<img alt=\"a\">", "{src}");
        }
        // No other way to load a remote picture.
        assert_eq!(
            clean("<img srcset=\"https://t.example/p.png 1x\" src=\"/media/m/a.png\">"),
            "<img src=\"/media/m/a.png\">"
        );
        assert_eq!(clean("<p style=\"background:url(https://t.example/p.png)\">x</p>"), "<p>x</p>");
        assert_eq!(clean("<svg><image href=\"https://t.example/p.png\"/></svg>"), "");
    }
}
