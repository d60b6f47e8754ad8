//! Credentials: the one detector that the secret rules (P011, T013) report
//! with and that every diagnostic passes through before it is printed.
//!
//! [`find`] locates credential-shaped text: private key blocks, AWS access
//! key ids and secret access keys, GitHub tokens, `sk-` API keys, Slack
//! tokens, JSON web tokens, and (for redaction only) other long
//! high-entropy strings. [`redact_diagnostics`] hides what it finds in a
//! diagnostic's message, label, help and related labels, and marks the
//! bytes of the source around each diagnostic so that no excerpt shows them.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, MatchKind};

use crate::diagnostic::Diagnostic;

/// What a credential looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    PrivateKey,
    AwsKeyId,
    AwsSecret,
    GitHub,
    ApiKey,
    Slack,
    Jwt,
    /// A long random-looking string: hidden from output, but not reported
    /// by a rule (hashes and encoded data look the same).
    HighEntropy,
}

impl Kind {
    /// The words a diagnostic uses for it.
    pub fn describe(self) -> &'static str {
        match self {
            Kind::PrivateKey => "a private key",
            Kind::AwsKeyId => "an AWS access key id",
            Kind::AwsSecret => "an AWS secret access key",
            Kind::GitHub => "a GitHub token",
            Kind::ApiKey => "an API key",
            Kind::Slack => "a Slack token",
            Kind::Jwt => "a JSON web token",
            Kind::HighEntropy => "a high-entropy string",
        }
    }

    /// Whether the secret rules report it (everything is redacted).
    pub fn reported(self) -> bool {
        self != Kind::HighEntropy
    }
}

/// One credential in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Secret {
    pub range: Range<usize>,
    pub kind: Kind,
}

/// A secret as a diagnostic may show it: nothing of it but its length.
pub fn redacted(secret: &str) -> String {
    format!("[redacted, {} characters]", secret.chars().count())
}

const SECRET_KEYS: &[&str] = &[
    "password",
    "passwd",
    "secret",
    "token",
    "api_key",
    "apikey",
    "private_key",
    "access_key",
    "credential",
    "auth",
];

/// Whether a key is named like one that holds a secret (`password`,
/// `api_key`, …), but not a reference to one (`*_ref`, `*_url`).
pub fn secret_key(key: &str) -> bool {
    let k = key.to_ascii_lowercase();
    SECRET_KEYS.iter().any(|s| k.contains(s)) && !k.ends_with("_ref") && !k.ends_with("_url")
}

/// What kind of credential a value holds, if any the rules report.
pub fn credential(value: &str) -> Option<&'static str> {
    find(value)
        .into_iter()
        .find(|s| s.kind.reported())
        .map(|s| s.kind.describe())
}

/// The prefixes that every prefixed credential form starts with, in the
/// order of [`PREFIX_KINDS`].
const PREFIXES: &[&str] = &[
    "-----BEGIN",
    "AKIA",
    "ASIA",
    "ghp_",
    "gho_",
    "ghs_",
    "ghu_",
    "ghr_",
    "github_pat_",
    "sk-",
    "xoxb-",
    "xoxp-",
    "xoxa-",
    "xoxr-",
    "xoxs-",
    "xoxe-",
    "eyJ",
];

const PREFIX_KINDS: &[Kind] = &[
    Kind::PrivateKey,
    Kind::AwsKeyId,
    Kind::AwsKeyId,
    Kind::GitHub,
    Kind::GitHub,
    Kind::GitHub,
    Kind::GitHub,
    Kind::GitHub,
    Kind::GitHub,
    Kind::ApiKey,
    Kind::Slack,
    Kind::Slack,
    Kind::Slack,
    Kind::Slack,
    Kind::Slack,
    Kind::Slack,
    Kind::Jwt,
];

fn prefixes() -> Option<&'static AhoCorasick> {
    static AC: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    AC.get_or_init(|| {
        AhoCorasick::builder()
            .match_kind(MatchKind::LeftmostLongest)
            .build(PREFIXES)
            .ok()
    })
    .as_ref()
}

/// Every credential in `text`, in order, none overlapping.
pub fn find(text: &str) -> Vec<Secret> {
    find_in(text, 0..text.len())
}

/// The credentials that start in `within` (a byte range of `text`); a
/// credential may run past its end (a private key block does).
pub fn find_in(text: &str, within: Range<usize>) -> Vec<Secret> {
    let bytes = text.as_bytes();
    let start = within.start.min(bytes.len());
    let within = start..within.end.min(bytes.len()).max(start);
    let mut found = Vec::new();
    if let Some(ac) = prefixes() {
        let input = aho_corasick::Input::new(bytes).range(within.clone());
        for m in ac.find_iter(input) {
            if found
                .last()
                .is_some_and(|s: &Secret| s.range.end > m.start())
            {
                continue;
            }
            let kind = PREFIX_KINDS[m.pattern().as_usize()];
            if let Some(end) = validate(bytes, m.start(), m.end(), kind) {
                found.push(Secret {
                    range: m.start()..end,
                    kind,
                });
            }
        }
    }
    // Long random-looking runs of the base64 alphabet: AWS secret access
    // keys (40 characters), private key bodies, other keys.
    let mut extra = Vec::new();
    let mut i = within.start;
    while i < within.end {
        // A run of 40 that starts at `i` holds byte `i + 39`: test that
        // byte first, then walk back to the last byte outside the alphabet,
        // so that prose is passed over a word at a time.
        if i + RUN > bytes.len() {
            break;
        }
        // `i` is where the text starts, a line starts, or a byte outside
        // the alphabet was: never inside a run.
        if let Some(j) = (i..i + RUN).rev().find(|&j| !base64(bytes[j])) {
            i = j + 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && base64(bytes[i]) {
            i += 1;
        }
        let mut end = i;
        while end < bytes.len() && bytes[end] == b'=' && end - i < 2 {
            end += 1;
        }
        let run = &bytes[start..i];
        if random_looking(run) {
            let kind = if run.len() == 40 && !word_char_before(bytes, start) {
                Kind::AwsSecret
            } else {
                Kind::HighEntropy
            };
            extra.push(Secret {
                range: start..end,
                kind,
            });
        }
    }
    if extra.is_empty() {
        return found;
    }
    // Keep the prefixed forms where the two overlap.
    let mut merged = Vec::with_capacity(found.len() + extra.len());
    let mut prefixed = found.into_iter().peekable();
    for s in extra {
        while prefixed
            .peek()
            .is_some_and(|p| p.range.end <= s.range.start)
        {
            merged.extend(prefixed.next());
        }
        let overlaps = merged
            .last()
            .is_some_and(|p: &Secret| p.range.end > s.range.start)
            || prefixed.peek().is_some_and(|p| p.range.start < s.range.end);
        if !overlaps {
            merged.push(s);
        }
    }
    merged.extend(prefixed);
    merged
}

/// The shortest run of the base64 alphabet taken for a key.
const RUN: usize = 40;

fn base64(b: u8) -> bool {
    static TABLE: [bool; 256] = {
        let mut t = [false; 256];
        let mut b = 0;
        while b < 256 {
            let c = b as u8;
            t[b] = c.is_ascii_alphanumeric() || c == b'+' || c == b'/';
            b += 1;
        }
        t
    };
    TABLE[b as usize]
}

fn word_char_before(bytes: &[u8], at: usize) -> bool {
    at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_')
}

/// Mixed case and digits, and at least 4.5 bits of entropy a character:
/// random keys are; words, paths, identifiers and hex hashes are not.
fn random_looking(run: &[u8]) -> bool {
    let upper = run.iter().any(u8::is_ascii_uppercase);
    let lower = run.iter().any(u8::is_ascii_lowercase);
    let digit = run.iter().any(u8::is_ascii_digit);
    if !(upper && lower && digit) {
        return false;
    }
    let mut counts = [0u32; 256];
    for &b in run {
        counts[b as usize] += 1;
    }
    let n = run.len() as f64;
    let entropy: f64 = counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let p = c as f64 / n;
            -p * p.log2()
        })
        .sum();
    entropy >= 4.5
}

/// Where a credential that starts with a prefix at `start..prefix_end`
/// ends, or `None` when what follows is not one.
fn validate(bytes: &[u8], start: usize, prefix_end: usize, kind: Kind) -> Option<usize> {
    let run = |from: usize, ok: &dyn Fn(u8) -> bool| {
        let mut end = from;
        while end < bytes.len() && ok(bytes[end]) {
            end += 1;
        }
        end
    };
    if kind != Kind::PrivateKey && word_char_before(bytes, start) {
        return None;
    }
    match kind {
        Kind::PrivateKey => {
            // `-----BEGIN … PRIVATE KEY-----`, to the matching END line or,
            // when there is none, the end of the text.
            let line_end =
                memchr::memchr(b'\n', &bytes[prefix_end..]).map_or(bytes.len(), |i| prefix_end + i);
            let header = &bytes[prefix_end..line_end];
            memchr::memmem::find(header, b"PRIVATE KEY")?;
            let end = memchr::memmem::find(&bytes[line_end..], b"-----END")
                .map(|i| line_end + i + "-----END".len())
                .map(|at| {
                    let close = memchr::memmem::find(&bytes[at..], b"-----");
                    close.map_or(bytes.len(), |i| at + i + 5)
                })
                .unwrap_or(bytes.len());
            Some(end)
        }
        Kind::AwsKeyId => {
            let end = run(prefix_end, &|b| {
                b.is_ascii_uppercase() || b.is_ascii_digit()
            });
            (end - prefix_end >= 16).then_some(end)
        }
        Kind::GitHub => {
            let end = run(prefix_end, &|b| b.is_ascii_alphanumeric() || b == b'_');
            (end - prefix_end >= 20).then_some(end)
        }
        Kind::ApiKey => {
            let end = run(prefix_end, &|b| {
                b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
            });
            let key = &bytes[prefix_end..end];
            (key.len() >= 20 && key.iter().any(u8::is_ascii_digit)).then_some(end)
        }
        Kind::Slack => {
            let end = run(prefix_end, &|b| b.is_ascii_alphanumeric() || b == b'-');
            (end - prefix_end >= 10).then_some(end)
        }
        Kind::Jwt => {
            // header.payload.signature, base64url; the signature may be empty.
            let url = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'-';
            let header = run(prefix_end, &url);
            if header - start < 10 || bytes.get(header) != Some(&b'.') {
                return None;
            }
            let payload = run(header + 1, &url);
            if payload - header - 1 < 10 {
                return None;
            }
            if bytes.get(payload) != Some(&b'.') {
                return None;
            }
            Some(run(payload + 1, &url))
        }
        Kind::AwsSecret | Kind::HighEntropy => None,
    }
}

/// `text` with every credential in it replaced by [`redacted`].
pub fn scrub(text: &str) -> Cow<'_, str> {
    let found = find(text);
    if found.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for s in found {
        out.push_str(&text[at..s.range.start]);
        out.push_str(&redacted(&text[s.range.clone()]));
        at = s.range.end;
    }
    out.push_str(&text[at..]);
    Cow::Owned(out)
}

/// The shortest leading part of a secret found in the source that, quoted
/// on its own in a message, is hidden too (a rule may cut a quote short).
const QUOTED_PART: usize = 8;

/// Hide every credential from `diagnostics` of `source`: in their texts,
/// whatever found it, and in the source lines any output shows around
/// their spans (the line before a span's first line to the line after its
/// last), which are marked as redacted bytes.
pub fn redact_diagnostics(source: &str, diagnostics: &mut [Diagnostic]) {
    if diagnostics.is_empty() {
        return;
    }
    let windows = windows(source, diagnostics);
    let mut secrets: Vec<Secret> = Vec::new();
    for w in &windows {
        // A secret found in the window before may run past this one's start
        // (a private key block), or past its end.
        let from = secrets.last().map_or(w.start, |s| s.range.end.max(w.start));
        if from < w.end {
            secrets.extend(find_in(source, from..w.end));
        }
    }
    let quoted: Vec<&str> = secrets.iter().map(|s| &source[s.range.clone()]).collect();
    for d in diagnostics.iter_mut() {
        scrub_in_place(&mut d.message, &quoted);
        scrub_in_place(&mut d.label, &quoted);
        scrub_in_place(&mut d.help, &quoted);
        for (_, label) in &mut d.related {
            scrub_in_place(label, &quoted);
        }
        if secrets.is_empty() {
            continue;
        }
        let shown: Vec<Range<usize>> = std::iter::once(&d.span)
            .chain(d.related.iter().map(|(s, _)| s))
            .map(|s| window(source, s))
            .collect();
        for w in shown {
            let first = secrets.partition_point(|s| s.range.end <= w.start);
            for s in secrets[first..]
                .iter()
                .take_while(|s| s.range.start < w.end)
            {
                if !d.redact.contains(&s.range) {
                    d.redact.push(s.range.clone());
                }
            }
        }
    }
}

fn scrub_in_place(text: &mut Cow<'static, str>, quoted: &[&str]) {
    if let Cow::Owned(clean) = scrub(text) {
        *text = Cow::Owned(clean);
    }
    for secret in quoted {
        if let Some(clean) = hide_quoted(text, secret) {
            *text = Cow::Owned(clean);
        }
    }
}

/// `text` with each quote of `secret` (whole, or its first
/// [`QUOTED_PART`] characters or more, in any ASCII case) hidden.
fn hide_quoted(text: &str, secret: &str) -> Option<String> {
    let head = secret.get(..QUOTED_PART.min(secret.len()))?;
    if head.len() < QUOTED_PART.min(secret.len()) || head.is_empty() {
        return None;
    }
    let t = text.as_bytes();
    let s = secret.as_bytes();
    let mut out: Option<String> = None;
    let mut copied = 0;
    let mut i = 0;
    while i + head.len() <= t.len() {
        if t[i..i + head.len()].eq_ignore_ascii_case(head.as_bytes()) {
            let mut n = head.len();
            while n < s.len() && i + n < t.len() && t[i + n].eq_ignore_ascii_case(&s[n]) {
                n += 1;
            }
            // Whole characters only.
            while !text.is_char_boundary(i + n) {
                n -= 1;
            }
            let o = out.get_or_insert_with(String::new);
            o.push_str(&text[copied..i]);
            o.push_str(&redacted(&text[i..i + n]));
            copied = i + n;
            i += n.max(1);
        } else {
            i += 1;
        }
    }
    out.map(|mut o| {
        o.push_str(&text[copied..]);
        o
    })
}

/// The source lines an output may show for `span`: from the start of the
/// line before its first line to the end of the line after its last.
fn window(source: &str, span: &Range<usize>) -> Range<usize> {
    let b = source.as_bytes();
    let start = span.start.min(b.len());
    let end = span.end.min(b.len()).max(start);
    let line_start = |at: usize| memchr::memrchr(b'\n', &b[..at]).map_or(0, |i| i + 1);
    let line_end = |at: usize| memchr::memchr(b'\n', &b[at..]).map_or(b.len(), |i| at + i);
    let first = line_start(start);
    let before = if first == 0 { 0 } else { line_start(first - 1) };
    let last = line_end(end);
    let after = if last >= b.len() {
        b.len()
    } else {
        line_end(last + 1)
    };
    before..after
}

/// The windows of every diagnostic, sorted and merged, so that no byte of
/// the source is scanned twice.
fn windows(source: &str, diagnostics: &[Diagnostic]) -> Vec<Range<usize>> {
    let mut all: Vec<Range<usize>> = diagnostics
        .iter()
        .flat_map(|d| std::iter::once(&d.span).chain(d.related.iter().map(|(s, _)| s)))
        .map(|s| window(source, s))
        .collect();
    all.sort_by_key(|w| w.start);
    let mut merged: Vec<Range<usize>> = Vec::with_capacity(all.len());
    for w in all {
        match merged.last_mut() {
            Some(last) if w.start <= last.end => last.end = last.end.max(w.end),
            _ => merged.push(w),
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Credential shapes, each as a credential of its kind would be written.
    /// The values are made up.
    pub(crate) const SHAPES: &[(&str, Kind)] = &[
        ("AKIAIOSFODNN7EXAMPLE", Kind::AwsKeyId),
        ("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", Kind::AwsSecret),
        ("ghp_16C7e42F292c6912E7710c838347Ae178B4a", Kind::GitHub),
        (
            "github_pat_11ABCDEFG0abcdefghijkl_mnopqrstuvwxyzABCDEFGHIJ0123456789",
            Kind::GitHub,
        ),
        ("sk-proj-4fJq9ZsX2bV7nK1mT8wR3yL6", Kind::ApiKey),
        ("xoxb-1234567890-abcdefABCDEF", Kind::Slack),
        (
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
            Kind::Jwt,
        ),
    ];

    #[test]
    fn finds_every_shape_inside_other_text() {
        for (secret, kind) in SHAPES {
            let text = format!("value: `{secret}`, then more");
            let found = find(&text);
            assert_eq!(found.len(), 1, "{secret}: {found:?}");
            assert_eq!(&text[found[0].range.clone()], *secret);
            assert_eq!(found[0].kind, *kind, "{secret}");
            assert!(credential(secret).is_some());
        }
    }

    /// The runs a byte-by-byte scan finds.
    fn naive_runs(text: &str) -> Vec<Range<usize>> {
        let b = text.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < b.len() {
            if !base64(b[i]) {
                i += 1;
                continue;
            }
            let start = i;
            while i < b.len() && base64(b[i]) {
                i += 1;
            }
            if random_looking(&b[start..i]) && i - start >= RUN {
                out.push(start..i);
            }
        }
        out
    }

    proptest::proptest! {
        #[test]
        fn the_skipping_scan_finds_what_a_byte_scan_finds(
            parts in proptest::collection::vec(
                proptest::prop_oneof![
                    "[A-Za-z0-9+/]{30,70}",
                    "[ a-z.,\n]{0,12}",
                    "[A-Z0-9]{1,50}",
                ],
                0..12,
            )
        ) {
            let text: String = parts.concat();
            let fast: Vec<Range<usize>> = find(&text)
                .into_iter()
                .filter(|s| matches!(s.kind, Kind::AwsSecret | Kind::HighEntropy))
                .map(|s| s.range.start..s.range.end - text[..s.range.end].len() + text[..s.range.end].trim_end_matches('=').len())
                .collect();
            let prefixed = find(&text).iter().any(|s| !matches!(s.kind, Kind::AwsSecret | Kind::HighEntropy));
            if !prefixed {
                proptest::prop_assert_eq!(fast, naive_runs(&text));
            }
        }
    }

    #[test]
    fn finds_a_private_key_block_whole() {
        let text = "key:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\nafter";
        let found = find(text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(text[found[0].range.clone()].ends_with("PRIVATE KEY-----"));
        assert!(text[found[0].range.clone()].contains("b3Blbn"));
        assert_eq!(
            credential("-----BEGIN OPENSSH PRIVATE KEY-----"),
            Some("a private key")
        );
    }

    /// Found by the `handoff` fuzz target: a private key block that runs
    /// past the next diagnostic's window made the scan start after it ended.
    #[test]
    fn a_secret_running_past_a_window_ends_the_next_scan_cleanly() {
        let key = "-----BEGIN OPENSSH PRIVATE KEY-----\n    EXAMPLEONLYNOTAREALKEY\n";
        let source = format!("a: x\nb: y\n{key}c: z\nd: w\ne: v\n");
        let at = |s: &str| source.find(s).unwrap();
        let mut d = vec![
            diagnostic(at("b:")..at("b:") + 1),
            diagnostic(at("c:")..at("c:") + 1),
        ];
        redact_diagnostics(&source, &mut d);
        assert!(d.iter().all(|d| !d.redact.is_empty()));
        let (from, to) = (40, 10);
        assert!(find_in(&source, from..to).is_empty());
        assert!(find_in(&source, 500..900).is_empty());
    }

    fn diagnostic(span: Range<usize>) -> Diagnostic {
        Diagnostic {
            code: "P002",
            name: "unknown-status",
            severity: crate::diagnostic::Severity::Error,
            span,
            message: "".into(),
            label: "".into(),
            help: "".into(),
            related: Vec::new(),
            internal: false,
            redact: Vec::new(),
            fixable: false,
        }
    }

    #[test]
    fn leaves_ordinary_text_alone() {
        for text in [
            "3f9c2ab",
            "task-skeleton",
            "task-implementation-phase-two-of-three",
            "9b1e7c4a2f0d3e5b6c7a8d9e0f1a2b3c4d5e6f7a",
            "src/rules/p011SecretInRecord/withSomeMorePath",
            "ThisIsAVeryLongCamelCaseIdentifierWithOneDigit1",
            "mask-1234567890abcdefghijklmn",
            "eyJ alone",
            "AKIA short",
        ] {
            assert_eq!(find(text), vec![], "{text}");
            assert_eq!(credential(text), None, "{text}");
        }
    }

    #[test]
    fn scrub_replaces_each_secret_by_its_length() {
        let text = "a ghp_16C7e42F292c6912E7710c838347Ae178B4a and AKIAIOSFODNN7EXAMPLE.";
        assert_eq!(
            scrub(text),
            "a [redacted, 40 characters] and [redacted, 20 characters]."
        );
        assert!(matches!(scrub("nothing here"), Cow::Borrowed(_)));
    }

    #[test]
    fn a_quoted_part_of_a_secret_found_in_the_source_is_hidden() {
        assert_eq!(
            hide_quoted(
                "narration: \"use GHP_16C7E42F29…\"",
                "ghp_16C7e42F292c6912E7710c838347Ae178B4a"
            )
            .as_deref(),
            Some("narration: \"use [redacted, 14 characters]…\"")
        );
        assert_eq!(hide_quoted("nothing", "ghp_16C7e42F292c"), None);
    }

    #[test]
    fn diagnostics_lose_every_secret_in_text_and_excerpt() {
        let source = "one\nstatus: ghp_16C7e42F292c6912E7710c838347Ae178B4a\nthree\nfour\nfive: AKIAIOSFODNN7EXAMPLE\n";
        let at = source.find("status").unwrap();
        let mut d = vec![Diagnostic {
            code: "P002",
            name: "unknown-status",
            severity: crate::diagnostic::Severity::Error,
            span: at..at + 6,
            message: "unknown status `ghp_16C7e42F292c6912E7710c838347Ae178B4a`".into(),
            label: "".into(),
            help: "".into(),
            related: Vec::new(),
            internal: false,
            redact: Vec::new(),
            fixable: false,
        }];
        redact_diagnostics(source, &mut d);
        assert_eq!(d[0].message, "unknown status `[redacted, 40 characters]`");
        let secret = source.find("ghp_").unwrap();
        assert_eq!(d[0].redact, vec![secret..secret + 40]);
        // The AWS key two lines below is outside what any excerpt shows.
        let shown = crate::diagnostic::redact_source(source, &d).unwrap();
        assert!(!shown.contains("ghp_"));
        assert!(shown.contains("AKIA"));
    }
}
