//! Credentials: the one detector that the secret rules (P011, T013) report
//! with and that every diagnostic passes through before it is printed.
//!
//! [`find`] locates credential-shaped text: private key blocks, the
//! prefixed tokens of the services whose shapes gitleaks' rule set
//! describes (AWS, GitHub, GitLab, Stripe, Google, npm, Hugging Face, PyPI,
//! SendGrid, Anthropic, OpenAI, Slack), `sk-` API keys, JSON web
//! tokens, the password of a URL (`scheme://user:password@host`), and (for
//! redaction only) other long high-entropy strings. [`redact_diagnostics`]
//! hides what it finds in a diagnostic's message, label, help and related
//! labels, and marks the bytes of the source around each diagnostic so that
//! no excerpt shows them; [`keep_in_place`] cuts an edit of the source so
//! that it writes out no credential it keeps.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, MatchKind};
use rayon::prelude::*;

use crate::diagnostic::Diagnostic;

/// What a credential looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    PrivateKey,
    AwsKeyId,
    AwsSecret,
    GitHub,
    GitLab,
    Stripe,
    Google,
    Npm,
    HuggingFace,
    PyPi,
    SendGrid,
    Anthropic,
    OpenAi,
    ApiKey,
    Slack,
    Jwt,
    /// The password of a URL's user information.
    UrlPassword,
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
            Kind::GitLab => "a GitLab token",
            Kind::Stripe => "a Stripe API key",
            Kind::Google => "a Google API key",
            Kind::Npm => "an npm token",
            Kind::HuggingFace => "a Hugging Face token",
            Kind::PyPi => "a PyPI token",
            Kind::SendGrid => "a SendGrid API key",
            Kind::Anthropic => "an Anthropic API key",
            Kind::OpenAi => "an OpenAI API key",
            Kind::ApiKey => "an API key",
            Kind::Slack => "a Slack token",
            Kind::Jwt => "a JSON web token",
            Kind::UrlPassword => "a password in a URL",
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

/// The bytes a credential's body is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Alphabet {
    /// `A-Z a-z 0-9`
    Alnum,
    /// `A-Z a-z 0-9 _`
    Word,
    /// `A-Z a-z 0-9 _ -` (base64url)
    WordDash,
    /// `A-Z a-z 0-9 -`
    AlnumDash,
    /// `A-Z 0-9`
    UpperDigit,
    /// `A-Z a-z 0-9 _ - .`
    Dotted,
    /// What a URL's user information and host may hold (RFC 3986's
    /// unreserved, percent-encoded, sub-delimiter bytes, `:` and `@`, less
    /// the quotes that end a URL in prose).
    Authority,
}

/// How many alphabets there are (the size of [`Scan`]'s cache).
const ALPHABETS: usize = 7;

impl Alphabet {
    fn has(self, b: u8) -> bool {
        match self {
            Alphabet::Alnum => b.is_ascii_alphanumeric(),
            Alphabet::Word => b.is_ascii_alphanumeric() || b == b'_',
            Alphabet::WordDash => b.is_ascii_alphanumeric() || b == b'_' || b == b'-',
            Alphabet::AlnumDash => b.is_ascii_alphanumeric() || b == b'-',
            Alphabet::UpperDigit => b.is_ascii_uppercase() || b.is_ascii_digit(),
            Alphabet::Dotted => b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b == b'.',
            Alphabet::Authority => {
                b.is_ascii_alphanumeric()
                    || matches!(
                        b,
                        b'-' | b'.'
                            | b'_'
                            | b'~'
                            | b'%'
                            | b'!'
                            | b'$'
                            | b'&'
                            | b'('
                            | b')'
                            | b'*'
                            | b'+'
                            | b','
                            | b';'
                            | b'='
                            | b':'
                            | b'@'
                    )
            }
        }
    }
}

/// What makes the body after a prefix a credential: `Some(length)` of the
/// body taken (usually all of it), or `None`.
type Check = fn(&[u8]) -> Option<usize>;

/// How a credential that starts with a prefix goes on.
#[derive(Clone, Copy)]
enum Form {
    /// A body of `alphabet` (as far as it runs), which `word` accepts at
    /// the start of a word, and `glued` (if the prefix is distinctive
    /// enough) right after a letter, digit or `_` as well (`xghp_…`).
    Token {
        alphabet: Alphabet,
        word: Check,
        glued: Option<Check>,
    },
    /// `-----BEGIN … PRIVATE KEY-----` to its END line.
    PrivateKey,
    /// `eyJ….eyJ….signature`.
    Jwt,
    /// `scheme://user:password@host`, keyed on its `://`.
    Url,
}

/// One credential form: its prefix, its kind, and how it goes on.
struct Shape {
    prefix: &'static str,
    kind: Kind,
    form: Form,
}

const fn token(prefix: &'static str, kind: Kind, alphabet: Alphabet, word: Check) -> Shape {
    Shape {
        prefix,
        kind,
        form: Form::Token {
            alphabet,
            word,
            glued: None,
        },
    }
}

/// A distinctive prefix with a body of a fixed shape, which counts glued
/// to the word before it when `glued` accepts its body.
const fn distinctive(
    prefix: &'static str,
    kind: Kind,
    alphabet: Alphabet,
    word: Check,
    glued: Check,
) -> Shape {
    Shape {
        prefix,
        kind,
        form: Form::Token {
            alphabet,
            word,
            glued: Some(glued),
        },
    }
}

/// Every credential form with a prefix, after the shapes of gitleaks'
/// rule set (`config/gitleaks.toml`, v8.30.1) where it has one.
const SHAPES: &[Shape] = &[
    Shape {
        prefix: "-----BEGIN",
        kind: Kind::PrivateKey,
        form: Form::PrivateKey,
    },
    distinctive(
        "AKIA",
        Kind::AwsKeyId,
        Alphabet::UpperDigit,
        at_least::<16>,
        aws_key_id,
    ),
    distinctive(
        "ASIA",
        Kind::AwsKeyId,
        Alphabet::UpperDigit,
        at_least::<16>,
        aws_key_id,
    ),
    distinctive("ghp_", Kind::GitHub, Alphabet::Word, at_least::<20>, github),
    distinctive("gho_", Kind::GitHub, Alphabet::Word, at_least::<20>, github),
    distinctive("ghs_", Kind::GitHub, Alphabet::Word, at_least::<20>, github),
    distinctive("ghu_", Kind::GitHub, Alphabet::Word, at_least::<20>, github),
    distinctive("ghr_", Kind::GitHub, Alphabet::Word, at_least::<20>, github),
    distinctive(
        "github_pat_",
        Kind::GitHub,
        Alphabet::Word,
        at_least::<20>,
        exactly::<82>,
    ),
    distinctive(
        "glpat-",
        Kind::GitLab,
        Alphabet::WordDash,
        varied::<20>,
        gitlab::<20>,
    ),
    distinctive(
        "glrt-",
        Kind::GitLab,
        Alphabet::WordDash,
        varied::<20>,
        gitlab::<20>,
    ),
    distinctive(
        "gldt-",
        Kind::GitLab,
        Alphabet::WordDash,
        varied::<20>,
        gitlab::<20>,
    ),
    distinctive(
        "glft-",
        Kind::GitLab,
        Alphabet::WordDash,
        varied::<20>,
        gitlab::<20>,
    ),
    distinctive(
        "glffct-",
        Kind::GitLab,
        Alphabet::WordDash,
        varied::<20>,
        gitlab::<20>,
    ),
    distinctive(
        "glsoat-",
        Kind::GitLab,
        Alphabet::WordDash,
        varied::<20>,
        gitlab::<20>,
    ),
    distinctive(
        "glcbt-",
        Kind::GitLab,
        Alphabet::WordDash,
        varied::<22>,
        gitlab_job,
    ),
    distinctive(
        "glimt-",
        Kind::GitLab,
        Alphabet::WordDash,
        varied::<25>,
        gitlab::<25>,
    ),
    distinctive(
        "glptt-",
        Kind::GitLab,
        Alphabet::WordDash,
        varied::<40>,
        gitlab::<40>,
    ),
    distinctive(
        "glagent-",
        Kind::GitLab,
        Alphabet::WordDash,
        varied::<50>,
        gitlab::<50>,
    ),
    distinctive(
        "gloas-",
        Kind::GitLab,
        Alphabet::WordDash,
        varied::<64>,
        gitlab::<64>,
    ),
    distinctive(
        "GR1348941",
        Kind::GitLab,
        Alphabet::WordDash,
        varied::<20>,
        gitlab::<20>,
    ),
    distinctive(
        "sk_live_",
        Kind::Stripe,
        Alphabet::Alnum,
        stripe,
        stripe_glued,
    ),
    distinctive(
        "sk_test_",
        Kind::Stripe,
        Alphabet::Alnum,
        stripe,
        stripe_glued,
    ),
    distinctive(
        "sk_prod_",
        Kind::Stripe,
        Alphabet::Alnum,
        stripe,
        stripe_glued,
    ),
    distinctive(
        "rk_live_",
        Kind::Stripe,
        Alphabet::Alnum,
        stripe,
        stripe_glued,
    ),
    distinctive(
        "rk_test_",
        Kind::Stripe,
        Alphabet::Alnum,
        stripe,
        stripe_glued,
    ),
    distinctive(
        "rk_prod_",
        Kind::Stripe,
        Alphabet::Alnum,
        stripe,
        stripe_glued,
    ),
    distinctive("AIza", Kind::Google, Alphabet::WordDash, google, google),
    token("npm_", Kind::Npm, Alphabet::Word, npm),
    token("hf_", Kind::HuggingFace, Alphabet::Word, hugging_face),
    distinctive(
        "pypi-AgEIcHlwaS5vcmc",
        Kind::PyPi,
        Alphabet::WordDash,
        at_least::<50>,
        at_least::<50>,
    ),
    token("SG.", Kind::SendGrid, Alphabet::Dotted, sendgrid),
    distinctive(
        "sk-ant-",
        Kind::Anthropic,
        Alphabet::WordDash,
        api_key,
        anthropic,
    ),
    distinctive(
        "sk-proj-",
        Kind::OpenAi,
        Alphabet::WordDash,
        api_key,
        openai,
    ),
    distinctive(
        "sk-svcacct-",
        Kind::OpenAi,
        Alphabet::WordDash,
        api_key,
        openai,
    ),
    distinctive(
        "sk-admin-",
        Kind::OpenAi,
        Alphabet::WordDash,
        api_key,
        openai,
    ),
    token("sk-", Kind::ApiKey, Alphabet::WordDash, api_key),
    distinctive(
        "xoxb-",
        Kind::Slack,
        Alphabet::AlnumDash,
        at_least::<10>,
        slack,
    ),
    distinctive(
        "xoxp-",
        Kind::Slack,
        Alphabet::AlnumDash,
        at_least::<10>,
        slack,
    ),
    distinctive(
        "xoxa-",
        Kind::Slack,
        Alphabet::AlnumDash,
        at_least::<10>,
        slack,
    ),
    distinctive(
        "xoxr-",
        Kind::Slack,
        Alphabet::AlnumDash,
        at_least::<10>,
        slack,
    ),
    distinctive(
        "xoxs-",
        Kind::Slack,
        Alphabet::AlnumDash,
        at_least::<10>,
        slack,
    ),
    distinctive(
        "xoxe-",
        Kind::Slack,
        Alphabet::AlnumDash,
        at_least::<10>,
        slack,
    ),
    distinctive(
        "xoxo-",
        Kind::Slack,
        Alphabet::AlnumDash,
        at_least::<10>,
        slack,
    ),
    distinctive(
        "xapp-",
        Kind::Slack,
        Alphabet::AlnumDash,
        at_least::<10>,
        slack,
    ),
    Shape {
        prefix: "eyJ",
        kind: Kind::Jwt,
        form: Form::Jwt,
    },
    Shape {
        prefix: "://",
        kind: Kind::UrlPassword,
        form: Form::Url,
    },
];

/// Shannon entropy of `bytes`, in bits a byte.
fn entropy(bytes: &[u8]) -> f64 {
    let mut counts = [0u32; 256];
    for &b in bytes {
        counts[b as usize] += 1;
    }
    let n = bytes.len() as f64;
    counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let p = c as f64 / n;
            -p * p.log2()
        })
        .sum()
}

fn has(body: &[u8], class: fn(&u8) -> bool) -> bool {
    body.iter().any(class)
}

fn at_least<const N: usize>(body: &[u8]) -> Option<usize> {
    (body.len() >= N).then_some(body.len())
}

fn exactly<const N: usize>(body: &[u8]) -> Option<usize> {
    (body.len() == N && entropy(body) >= 3.0).then_some(N)
}

/// At least `N` bytes, and not a placeholder (`xxxx…`): three bits of
/// entropy a byte, gitleaks' floor for these shapes.
fn varied<const N: usize>(body: &[u8]) -> Option<usize> {
    (body.len() >= N && entropy(body) >= 3.0).then_some(body.len())
}

/// 16 characters of base32 (`A-Z2-7`), varied.
fn aws_key_id(body: &[u8]) -> Option<usize> {
    let base32 = |b: &u8| b.is_ascii_uppercase() || (b'2'..=b'7').contains(b);
    (body.len() == 16 && body.iter().all(base32) && entropy(body) >= 3.0).then_some(16)
}

/// 36 letters and digits, varied.
fn github(body: &[u8]) -> Option<usize> {
    (body.len() == 36 && body.iter().all(u8::is_ascii_alphanumeric) && entropy(body) >= 3.0)
        .then_some(36)
}

/// `N` characters, or a routable token (`…` of 27 or more, then `.` and
/// nine lower-case letters and digits), varied.
fn gitlab<const N: usize>(body: &[u8]) -> Option<usize> {
    let routable = body.len() >= 37 && body[body.len() - 10] == b'.';
    ((body.len() == N || routable) && entropy(body) >= 3.0).then_some(body.len())
}

/// `glcbt-`: one to five letters and digits, `_`, then 20 characters.
fn gitlab_job(body: &[u8]) -> Option<usize> {
    let cut = body.iter().position(|&b| b == b'_')?;
    ((1..=5).contains(&cut) && body.len() - cut - 1 == 20 && entropy(body) >= 3.0)
        .then_some(body.len())
}

/// 10 or more letters and digits, varied, with a digit or both cases
/// (`sk_test_configuration` is an identifier).
fn stripe(body: &[u8]) -> Option<usize> {
    let mixed = has(body, u8::is_ascii_digit)
        || has(body, u8::is_ascii_uppercase) && has(body, u8::is_ascii_lowercase);
    (body.len() >= 10 && mixed && entropy(body) >= 2.5).then_some(body.len())
}

/// Glued: 24 or more, with digits and both cases (`task_live_view` holds
/// `sk_live_` but is an identifier).
fn stripe_glued(body: &[u8]) -> Option<usize> {
    let mixed = has(body, u8::is_ascii_digit)
        && has(body, u8::is_ascii_uppercase)
        && has(body, u8::is_ascii_lowercase);
    (body.len() >= 24 && mixed && entropy(body) >= 3.0).then_some(body.len())
}

/// 35 characters of base64url, random-looking.
fn google(body: &[u8]) -> Option<usize> {
    (body.len() == 35 && entropy(body) >= 4.0).then_some(35)
}

/// 36 lower-case letters and digits (either case), varied.
fn npm(body: &[u8]) -> Option<usize> {
    (body.len() == 36
        && body.iter().all(u8::is_ascii_alphanumeric)
        && has(body, u8::is_ascii_digit)
        && entropy(body) >= 3.0)
        .then_some(36)
}

/// 34 letters of both cases, varied.
fn hugging_face(body: &[u8]) -> Option<usize> {
    (body.len() == 34
        && body.iter().all(u8::is_ascii_alphabetic)
        && has(body, u8::is_ascii_uppercase)
        && has(body, u8::is_ascii_lowercase)
        && entropy(body) >= 3.0)
        .then_some(34)
}

/// `SG.` 22 characters, `.`, 43 characters (a full stop after it ends a
/// sentence).
fn sendgrid(body: &[u8]) -> Option<usize> {
    let key = body.get(..66)?;
    let dots = key.iter().filter(|&&b| b == b'.').count();
    (key[22] == b'.' && dots == 1 && body[66..].iter().all(|&b| b == b'.') && entropy(key) >= 3.0)
        .then_some(66)
}

/// An `sk-` key: 20 or more characters with a digit.
fn api_key(body: &[u8]) -> Option<usize> {
    (body.len() >= 20 && has(body, u8::is_ascii_digit)).then_some(body.len())
}

/// Glued: `api03-` or `admin01-`, 93 characters and `AA`.
fn anthropic(body: &[u8]) -> Option<usize> {
    let rest = body
        .strip_prefix(b"api03-")
        .or_else(|| body.strip_prefix(b"admin01-"))?;
    (rest.len() == 95 && rest.ends_with(b"AA")).then_some(body.len())
}

/// Glued: a project, service account or admin key, which holds
/// `T3BlbkFJ` (`OpenAI` in base64).
fn openai(body: &[u8]) -> Option<usize> {
    (body.len() >= 40 && memchr::memmem::find(body, b"T3BlbkFJ").is_some()).then_some(body.len())
}

/// Glued: groups of digits and characters joined by `-`, starting with a
/// digit, 20 or more.
fn slack(body: &[u8]) -> Option<usize> {
    (body.len() >= 20 && body[0].is_ascii_digit() && body.contains(&b'-')).then_some(body.len())
}

/// What the scan looks for: each a prefix of the forms in [`SHAPES`] that
/// start with it (`sk-` of `sk-ant-…`, `sk-proj-…` and `sk-…`; `xox` of
/// the Slack tokens), so that there are no more than 32 and the automaton's
/// prefilter stays its fastest kind. Their order puts alike prefixes into
/// the same buckets of that prefilter (it assigns them by position), which
/// was measured to read ordinary text fastest; any order finds the same.
const ANCHORS: &[&str] = &[
    "glagent-",
    "github_pat_",
    "glsoat-",
    "gho_",
    "sk-",
    "xox",
    "AKIA",
    "eyJ",
    "ghr_",
    "GR1348941",
    "glf",
    "gldt-",
    "sk_",
    "hf_",
    "ASIA",
    "://",
    "ghs_",
    "glcbt-",
    "npm_",
    "gloas-",
    "rk_",
    "xapp-",
    "AIza",
    "-----BEGIN",
    "ghu_",
    "glrt-",
    "glp",
    "glimt-",
    "SG.",
    "ghp_",
    "pypi-AgEIcHlwaS5vcmc",
];

/// The automaton over [`ANCHORS`], and for each anchor the forms that
/// start with it, longest first.
struct Prefixes {
    automaton: AhoCorasick,
    shapes: Vec<Vec<&'static Shape>>,
}

fn prefixes() -> Option<&'static Prefixes> {
    static AC: OnceLock<Option<Prefixes>> = OnceLock::new();
    AC.get_or_init(|| {
        let automaton = AhoCorasick::builder()
            .match_kind(MatchKind::LeftmostLongest)
            .build(ANCHORS)
            .ok()?;
        let shapes = ANCHORS
            .iter()
            .map(|anchor| {
                let mut of: Vec<&Shape> = SHAPES
                    .iter()
                    .filter(|s| s.prefix.starts_with(anchor))
                    .collect();
                of.sort_by_key(|s| std::cmp::Reverse(s.prefix.len()));
                of
            })
            .collect();
        Some(Prefixes { automaton, shapes })
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
    let found = prefixed(bytes, within.clone(), &mut None);
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
        if let Some(j) = bytes[i..i + RUN].iter().rposition(|&b| !base64(b)) {
            i += j + 1;
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

/// The prefixed credentials that start in `within`, in order, none
/// overlapping, read with `scan` (made at the first prefix: most texts, a
/// message, hold none).
fn prefixed<'a>(bytes: &'a [u8], within: Range<usize>, scan: &mut Option<Scan<'a>>) -> Vec<Secret> {
    let mut found: Vec<Secret> = Vec::new();
    let Some(prefixes) = prefixes() else {
        return found;
    };
    // A URL's password waits until what its user part holds (a token as
    // the user name) is found, so that the list stays in order.
    let mut password: Option<Secret> = None;
    let input = aho_corasick::Input::new(bytes).range(within);
    for m in prefixes.automaton.find_iter(input) {
        if let Some(p) = password.take() {
            match p.range.end <= m.start() {
                true => found.push(p),
                false => password = Some(p),
            }
        }
        let inside = found.last().is_some_and(|s| s.range.end > m.start())
            || password
                .as_ref()
                .is_some_and(|p| p.range.start <= m.start());
        if inside {
            continue;
        }
        let shapes = &prefixes.shapes[m.pattern().as_usize()];
        let scan = scan.get_or_insert_with(|| Scan::new(bytes));
        let Some(secret) = shapes
            .iter()
            .find_map(|shape| scan.secret(m.start(), shape))
        else {
            continue;
        };
        match (&mut password, secret.kind) {
            (None, Kind::UrlPassword) => password = Some(secret),
            // A `://` in a URL's user part is no URL of its own.
            (Some(_), Kind::UrlPassword) => {}
            // A token as the user name that runs into the password (never,
            // as `:` ends every token): hide both as one.
            (Some(p), _) if secret.range.end > p.range.start => {
                p.range = secret.range.start..p.range.end.max(secret.range.end);
            }
            _ => found.push(secret),
        }
    }
    found.extend(password);
    found
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
    upper && lower && digit && entropy(run) >= 4.5
}

/// One scan of a text for prefixed credentials, which remembers where the
/// last run of each alphabet, and the last line, ended: the prefixes come
/// in order, so a run or a line is read once however many prefixes it
/// holds (`eyJeyJeyJ…` costs what its length does).
struct Scan<'a> {
    bytes: &'a [u8],
    /// For each alphabet: a start, and where the run from it ends.
    runs: [(usize, usize); ALPHABETS],
    /// A position, and where its line ends.
    line: (usize, usize),
    /// A position, the next `PRIVATE KEY` on its line from there, and
    /// where the line ends.
    private: (usize, Option<usize>, usize),
    /// How many bytes it has read.
    #[cfg(test)]
    read: usize,
}

impl<'a> Scan<'a> {
    fn new(bytes: &'a [u8]) -> Scan<'a> {
        Scan {
            bytes,
            runs: [(usize::MAX, 0); ALPHABETS],
            line: (usize::MAX, 0),
            private: (usize::MAX, None, 0),
            #[cfg(test)]
            read: 0,
        }
    }

    /// Count `n` bytes read (for the test that the scan is linear).
    fn reads(&mut self, n: usize) {
        #[cfg(test)]
        {
            self.read += n;
        }
        let _ = n;
    }

    /// Where the run of `alphabet` from `from` ends.
    fn run(&mut self, from: usize, alphabet: Alphabet) -> usize {
        let (start, end) = self.runs[alphabet as usize];
        if start <= from && from <= end {
            return end;
        }
        let mut end = from;
        while end < self.bytes.len() && alphabet.has(self.bytes[end]) {
            end += 1;
        }
        self.runs[alphabet as usize] = (from, end);
        self.reads(end - from);
        end
    }

    fn line_end(&mut self, from: usize) -> usize {
        let (start, end) = self.line;
        if start <= from && from <= end {
            return end;
        }
        let end = memchr::memchr(b'\n', &self.bytes[from..]).map_or(self.bytes.len(), |i| from + i);
        self.line = (from, end);
        self.reads(end - from);
        end
    }

    /// Where the next `PRIVATE KEY` from `from` on its line is.
    fn private_key(&mut self, from: usize) -> Option<usize> {
        let line_end = self.line_end(from);
        // The last search was on this line, from before `from`, and what it
        // found (or that it found nothing) is still ahead.
        let (start, next, end) = self.private;
        if start <= from && end == line_end && next.is_none_or(|at| at >= from) {
            return next;
        }
        let next =
            memchr::memmem::find(&self.bytes[from..line_end], b"PRIVATE KEY").map(|i| from + i);
        self.private = (from, next, line_end);
        self.reads(line_end - from);
        next
    }

    /// The credential of form `shape` at `start`, if its prefix is there
    /// and what follows makes one.
    fn secret(&mut self, start: usize, shape: &Shape) -> Option<Secret> {
        let Shape { prefix, kind, form } = *shape;
        let bytes = self.bytes;
        if !bytes[start..].starts_with(prefix.as_bytes()) {
            return None;
        }
        let prefix_end = start + prefix.len();
        let glued = word_char_before(bytes, start);
        let end = match form {
            Form::PrivateKey => self.private_key_end(prefix_end)?,
            Form::Jwt if glued => return None,
            Form::Jwt => self.jwt_end(start, prefix_end)?,
            Form::Url => {
                return self.url_password(start).map(|range| Secret {
                    range,
                    kind: Kind::UrlPassword,
                })
            }
            Form::Token {
                alphabet,
                word,
                glued: glued_check,
            } => {
                let check = match glued {
                    true => glued_check,
                    false => Some(word),
                };
                let mut end = self.run(prefix_end, alphabet);
                if kind == Kind::GitLab {
                    end = routable(bytes, end);
                }
                // The checks read the body's first bytes only, so that
                // prefixes in a row (`sk-sk-sk-…`) cost a bounded amount
                // each; a body they accept whole is taken whole.
                let body = &bytes[prefix_end..end];
                let window = &body[..body.len().min(CHECKED)];
                self.reads(window.len());
                let whole = |n: usize| if n == window.len() { body.len() } else { n };
                // A quote cut short (`ghp_16C7e42F…`) shows no whole body:
                // the start of one is enough, where the prefix counts.
                let cut = check.is_some() && cut_short(bytes, end) && token_like(window);
                let taken = check
                    .and_then(|check| check(window))
                    .or(cut.then_some(window.len()))
                    .map(whole);
                // (`sk-ant-…` or `sk-proj-…` that is not its vendor's shape
                // is tried as an `sk-` key next.)
                prefix_end + taken?
            }
        };
        Some(Secret {
            range: start..end,
            kind,
        })
    }

    /// A private key block: a header that says `PRIVATE KEY`
    /// (`-----BEGIN … PRIVATE KEY-----`), to the matching END marker (on a
    /// later line, or on the same one when a value holds the block on one
    /// line) or, when there is none, the end of the text.
    fn private_key_end(&mut self, prefix_end: usize) -> Option<usize> {
        let bytes = self.bytes;
        let line_end = self.line_end(prefix_end);
        let label = self.private_key(prefix_end)?;
        let close = memchr::memmem::find(&bytes[prefix_end..line_end], b"-----")
            .map_or(line_end, |i| prefix_end + i);
        if label + "PRIVATE KEY".len() > close {
            return None;
        }
        let from = (close + 5).min(line_end);
        let end = memchr::memmem::find(&bytes[from..], b"-----END")
            .map(|i| from + i + "-----END".len())
            .map(|at| {
                let close = memchr::memmem::find(&bytes[at..], b"-----");
                close.map_or(bytes.len(), |i| at + i + 5)
            })
            .unwrap_or(bytes.len());
        self.reads(end - prefix_end);
        Some(end)
    }

    /// header.payload.signature, base64url; the signature may be empty.
    /// Cut short, or with no signature, a header and a payload that is a
    /// JSON object too (`eyJ…`) are one.
    fn jwt_end(&mut self, start: usize, prefix_end: usize) -> Option<usize> {
        let bytes = self.bytes;
        let header = self.run(prefix_end, Alphabet::WordDash);
        if header - start < 10 {
            return None;
        }
        if bytes.get(header) != Some(&b'.') {
            return cut_short(bytes, header).then_some(header);
        }
        let payload = self.run(header + 1, Alphabet::WordDash);
        if payload - header - 1 < 10 {
            return None;
        }
        if bytes.get(payload) != Some(&b'.') {
            let object = bytes[header + 1..].starts_with(b"eyJ");
            return (object || cut_short(bytes, payload)).then_some(payload);
        }
        Some(self.run(payload + 1, Alphabet::WordDash))
    }

    /// The password of `scheme://user:password@host` whose `://` is at
    /// `at`: the user information is what comes before the last `@` of the
    /// authority (which `/`, `?`, `#`, a space, a quote or a bracket ends),
    /// and its password what comes after its first `:`. A password that is
    /// a variable (`$DB_PASSWORD`) or already masked (`****`) is none.
    fn url_password(&mut self, at: usize) -> Option<Range<usize>> {
        let bytes = self.bytes;
        let scheme = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.');
        if at == 0 || !scheme(bytes[at - 1]) {
            return None;
        }
        let from = at + 3;
        let end = self.run(from, Alphabet::Authority);
        let authority = &bytes[from..end];
        let user_end = match memchr::memrchr(b'@', authority) {
            Some(at) if at + 1 < authority.len() => at,
            Some(_) => return None,
            // A quote cut short in the password (`u:Hunter2Se…`), but not
            // in a port (`localhost:80…`).
            None if cut_short(bytes, end) => {
                let colon = memchr::memchr(b':', authority)?;
                let rest = &authority[colon + 1..];
                if rest.is_empty() || rest.iter().all(u8::is_ascii_digit) {
                    return None;
                }
                authority.len()
            }
            None => return None,
        };
        let colon = memchr::memchr(b':', &authority[..user_end])?;
        let password = &authority[colon + 1..user_end];
        if password.is_empty() || password[0] == b'$' || password.iter().all(|&b| b == b'*') {
            return None;
        }
        Some(from + colon + 1..from + user_end)
    }
}

/// How much of a token's body its checks read: more than any shape's
/// fixed length or distinctive part (a routable GitLab token's 310).
const CHECKED: usize = 512;

/// Whether a quote cut short ends at `at` (the `…` every cut quote ends
/// with).
fn cut_short(bytes: &[u8], at: usize) -> bool {
    bytes[at..].starts_with("…".as_bytes())
}

/// The start of a token's body: 8 or more characters, with a digit or
/// both cases (`sk-learning…` is a word).
fn token_like(body: &[u8]) -> bool {
    body.len() >= 8
        && (has(body, u8::is_ascii_digit)
            || has(body, u8::is_ascii_uppercase) && has(body, u8::is_ascii_lowercase))
}

/// A routable GitLab token goes on after its body with `.` and nine
/// lower-case letters and digits.
fn routable(bytes: &[u8], end: usize) -> usize {
    let suffix = |b: &u8| b.is_ascii_lowercase() || b.is_ascii_digit();
    match bytes.get(end..end + 10) {
        Some([b'.', rest @ ..])
            if rest.iter().all(suffix)
                && !bytes.get(end + 10).is_some_and(u8::is_ascii_alphanumeric) =>
        {
            end + 10
        }
        _ => end,
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

/// The edits that turn `source[replaced]` into `inserted` without writing
/// out any credential `inserted` holds: each stays where it already is in
/// the source, and only the text around it is replaced. In source order,
/// as (bytes of the source, their replacement), none empty; `None` when a
/// credential of `inserted` is not in `source[replaced]` in the same order
/// (the edit would have to write it), or when a replacement would still
/// quote a credential of the source.
pub fn keep_in_place(
    source: &str,
    replaced: Range<usize>,
    inserted: &str,
) -> Option<Vec<(Range<usize>, String)>> {
    let region = source.get(replaced.clone())?;
    let base = replaced.start;
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    let mut edit = |old: Range<usize>, new: &str| {
        if !old.is_empty() || !new.is_empty() {
            edits.push((base + old.start..base + old.end, new.to_string()));
        }
    };
    let (mut old, mut new) = (0, 0);
    for s in find(inserted) {
        let secret = &inserted[s.range.clone()];
        let at = old + memchr::memmem::find(&region.as_bytes()[old..], secret.as_bytes())?;
        edit(old..at, &inserted[new..s.range.start]);
        old = at + secret.len();
        new = s.range.end;
    }
    edit(old..region.len(), &inserted[new..]);
    let kept: Vec<Secret> = find(region);
    let quotes = edits.iter().any(|(_, text)| {
        kept.iter()
            .any(|k| hide_quoted(text, &region[k.range.clone()]).is_some())
    });
    (!quotes).then_some(edits)
}

/// The shortest leading part of a secret found in the source that, quoted
/// on its own in a message, is hidden too (a rule may cut a quote short).
const QUOTED_PART: usize = 8;

/// Hide every credential from `diagnostics` of `source`: in their texts,
/// whatever found it, and in the source any output shows around their
/// spans ([`LineBounds::shown`]: the lines around a span, and of a long line
/// the columns an excerpt shows), which are marked as redacted bytes.
///
/// Linear in the findings: the spans are met in source order, so that the
/// lines around them are found once however many findings a line holds;
/// the credentials of what is shown are found once, in one pass over it;
/// and a text is read once for quotes of any of them. A finding on a long
/// line (a session log's record) costs the columns around it, not the line.
pub fn redact_diagnostics(source: &str, diagnostics: &mut [Diagnostic]) {
    if diagnostics.is_empty() {
        return;
    }
    // Every span (primary and related) with its diagnostic, in source
    // order, and the source an output may show around it.
    let mut spans: Vec<(usize, Range<usize>)> = diagnostics
        .iter()
        .enumerate()
        .flat_map(|(i, d)| {
            std::iter::once(&d.span)
                .chain(d.related.iter().map(|(s, _)| s))
                .map(move |s| (i, s.clone()))
        })
        .collect();
    spans.sort_unstable_by_key(|(_, s)| s.start);
    let large = spans.len() >= REDACT_APART_FROM;
    // (diagnostic, a range shown for it), in the order of their starts.
    let mut shown: Vec<(usize, Range<usize>)> = match large {
        false => shown_around(source, &spans),
        true => spans
            .par_chunks(spans.len().div_ceil(parts()))
            .map(|part| shown_around(source, part))
            .flatten()
            .collect(),
    };
    shown.sort_unstable_by_key(|(_, r)| r.start);
    let secrets = match large {
        false => scan_shown(source, &shown, Reach::default()).0,
        true => scan_shown_apart(source, &shown),
    };
    let quotes = Quotes::new(source, &secrets);
    let scrub = |d: &mut Diagnostic| {
        quotes.scrub(&mut d.message);
        quotes.scrub(&mut d.label);
        quotes.scrub(&mut d.help);
        for (_, label) in &mut d.related {
            quotes.scrub(label);
        }
    };
    match large {
        false => diagnostics.iter_mut().for_each(scrub),
        true => diagnostics.par_iter_mut().with_min_len(256).for_each(scrub),
    }
    if secrets.is_empty() {
        return;
    }
    let mut touched: Vec<usize> = Vec::new();
    for (i, w) in &shown {
        let first = secrets.partition_point(|s| s.range.end <= w.start);
        let shown = secrets[first..]
            .iter()
            .take_while(|s| s.range.start < w.end)
            .map(|s| s.range.clone());
        let redact = &mut diagnostics[*i].redact;
        let before = redact.len();
        redact.extend(shown);
        if redact.len() > before {
            touched.push(*i);
        }
    }
    touched.sort_unstable();
    touched.dedup();
    for i in touched {
        let redact = &mut diagnostics[i].redact;
        redact.sort_unstable_by_key(|r| (r.start, r.end));
        redact.dedup();
    }
}

/// Findings with this many spans are redacted on every core: the lines
/// around each are found, and read for credentials, in parts at once.
const REDACT_APART_FROM: usize = 1024;

/// How many parts the spans or the ranges shown are cut into: a few a
/// core, so that a part of many long lines does not keep the others
/// waiting.
fn parts() -> usize {
    rayon::current_num_threads() * 4
}

/// What an output may show around each of `spans` (in source order), with
/// the diagnostic each belongs to ([`LineBounds::shown`]).
fn shown_around(source: &str, spans: &[(usize, Range<usize>)]) -> Vec<(usize, Range<usize>)> {
    let mut lines = LineBounds::new(source);
    let mut shown = Vec::with_capacity(spans.len() * 2);
    let mut ranges = Vec::new();
    for (i, span) in spans {
        lines.shown(span, &mut ranges);
        shown.extend(ranges.drain(..).map(|r| (*i, r)));
    }
    shown
}

/// How far reading for credentials has gone: the end of what was read,
/// and of the last credential found (which may run past it, a private key
/// block).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Reach {
    scanned: usize,
    found_to: usize,
}

/// The credentials in the ranges `shown` (in the order of their starts),
/// read on from `reach`; and how far the reading went.
///
/// Merged, no byte is read twice. A range is read from the start of the
/// run of the characters credentials are made of that it starts in (no
/// further back than what was read already), to the end of the one it ends
/// in: so a credential an excerpt shows only the end or the start of is
/// found whole, and what was read always ends between two runs, never
/// inside a credential's prefix.
fn scan_shown(
    source: &str,
    shown: &[(usize, Range<usize>)],
    mut reach: Reach,
) -> (Vec<Secret>, Reach) {
    let bytes = source.as_bytes();
    let mut secrets: Vec<Secret> = Vec::new();
    for (_, w) in shown {
        // A secret found before may run past this range's start (a
        // private key block), or past its end.
        let Reach { scanned, found_to } = reach;
        let mut from = w.start.max(found_to).max(scanned);
        if from < w.end {
            // No run of them crosses a line break.
            let floor = scanned.max(found_to);
            while from > floor && credential_byte(bytes[from - 1]) {
                from -= 1;
            }
            let mut end = w.end;
            while end < bytes.len() && credential_byte(bytes[end]) {
                end += 1;
            }
            secrets.extend(find_in(source, from..end));
            reach.scanned = end;
            reach.found_to = secrets.last().map_or(found_to, |s| s.range.end);
        }
    }
    (secrets, reach)
}

/// [`scan_shown`] from the start, in parts at once. The ranges are cut into
/// parts where a line break lies between the ranges before and the next
/// (never between two findings of one line). Each part is read as if
/// nothing came before it; where what came before reaches no further than
/// the start of the line the part's first range starts on, that is how one
/// pass reads it too (each of its ranges is read from where it starts, back
/// to the start of the run it starts in at most, which no line break is
/// part of), and the part's reading is kept. Else (a private key block run
/// into that line) the part is read again, on from there.
fn scan_shown_apart(source: &str, shown: &[(usize, Range<usize>)]) -> Vec<Secret> {
    let bytes = source.as_bytes();
    let size = shown.len().div_ceil(parts()).max(1);
    let mut cuts = vec![0];
    let mut reach = 0;
    for (k, (_, w)) in shown.iter().enumerate().skip(1) {
        reach = reach.max(shown[k - 1].1.end);
        let due = k - cuts[cuts.len() - 1] >= size;
        if due && reach < w.start && memchr::memchr(b'\n', &bytes[reach..w.start]).is_some() {
            cuts.push(k);
        }
    }
    cuts.push(shown.len());
    let parts: Vec<&[(usize, Range<usize>)]> =
        cuts.windows(2).map(|c| &shown[c[0]..c[1]]).collect();
    let read: Vec<(Vec<Secret>, Reach)> = parts
        .par_iter()
        .map(|part| scan_shown(source, part, Reach::default()))
        .collect();
    let mut lines = LineBounds::new(source);
    let mut secrets = Vec::new();
    let mut reach = Reach::default();
    for (part, (found, alone)) in parts.into_iter().zip(read) {
        let first_line = part.first().map_or(0, |(_, w)| lines.line(w.start).start);
        let (found, after) = match reach.scanned.max(reach.found_to) <= first_line {
            true => (found, alone),
            false => scan_shown(source, part, reach),
        };
        secrets.extend(found);
        reach = Reach {
            scanned: reach.scanned.max(after.scanned),
            found_to: reach.found_to.max(after.found_to),
        };
    }
    secrets
}

/// The credentials found in a file, to hide wherever a diagnostic's text
/// quotes one: each is looked for by its first [`QUOTED_PART`] bytes, all
/// of them at once, so a text is read once however many there are.
struct Quotes<'a> {
    secrets: Vec<&'a str>,
    /// Finds the heads, in any ASCII case.
    automaton: Option<AhoCorasick>,
    /// The secrets each head (a pattern of `automaton`) starts.
    of: Vec<Vec<usize>>,
}

impl<'a> Quotes<'a> {
    fn new(source: &'a str, found: &[Secret]) -> Quotes<'a> {
        let mut secrets: Vec<&str> = found.iter().map(|s| &source[s.range.clone()]).collect();
        secrets.sort_unstable();
        secrets.dedup();
        let mut heads: Vec<Vec<u8>> = Vec::new();
        let mut of: Vec<Vec<usize>> = Vec::new();
        let mut index: std::collections::HashMap<Vec<u8>, usize> = Default::default();
        for (k, secret) in secrets.iter().enumerate() {
            let Some(head) = secret.get(..QUOTED_PART.min(secret.len())) else {
                continue;
            };
            if head.is_empty() {
                continue;
            }
            let key = head.as_bytes().to_ascii_lowercase();
            let at = *index.entry(key.clone()).or_insert_with(|| {
                heads.push(key);
                of.push(Vec::new());
                heads.len() - 1
            });
            of[at].push(k);
        }
        let automaton = (!heads.is_empty())
            .then(|| {
                AhoCorasick::builder()
                    .ascii_case_insensitive(true)
                    .match_kind(MatchKind::Standard)
                    .build(&heads)
                    .ok()
            })
            .flatten();
        Quotes {
            secrets,
            automaton,
            of,
        }
    }

    /// Hide in `text` every credential it holds, and every quote of a
    /// credential of the file. A text a rule wrote whole (`Cow::Borrowed`,
    /// a `'static` literal of the program) quotes nothing of the input:
    /// only the texts made from it are read.
    fn scrub(&self, text: &mut Cow<'static, str>) {
        if matches!(text, Cow::Borrowed(_)) {
            return;
        }
        if let Cow::Owned(clean) = scrub(text) {
            *text = Cow::Owned(clean);
        }
        if let Some(clean) = self.hide(text) {
            *text = Cow::Owned(clean);
        }
    }

    /// `text` with each quote of a secret hidden, as [`hide_quoted`] hides
    /// one secret's; `None` when it quotes none.
    fn hide(&self, text: &str) -> Option<String> {
        let automaton = self.automaton.as_ref()?;
        let t = text.as_bytes();
        let word = |at: usize| t.get(at).is_some_and(u8::is_ascii_alphanumeric);
        let mut hidden: Vec<Range<usize>> = Vec::new();
        for m in automaton.find_overlapping_iter(t) {
            let i = m.start();
            for &k in &self.of[m.pattern().as_usize()] {
                let s = self.secrets[k].as_bytes();
                let mut n = if s.len() < QUOTED_PART {
                    // Written whole, as a word of its own.
                    let whole = t.get(i..i + s.len()) == Some(s)
                        && !word(i + s.len())
                        && (i == 0 || !word(i - 1));
                    if !whole {
                        continue;
                    }
                    s.len()
                } else {
                    let mut n = m.end() - i;
                    while n < s.len() && i + n < t.len() && t[i + n].eq_ignore_ascii_case(&s[n]) {
                        n += 1;
                    }
                    n
                };
                // Whole characters only.
                while !text.is_char_boundary(i + n) {
                    n -= 1;
                }
                if n > 0 {
                    hidden.push(i..i + n);
                }
            }
        }
        if hidden.is_empty() {
            return None;
        }
        hidden.sort_unstable_by_key(|r| r.start);
        let mut out = String::with_capacity(text.len());
        let mut copied = 0;
        let mut at = 0;
        while at < hidden.len() {
            let mut range = hidden[at].clone();
            at += 1;
            while at < hidden.len() && hidden[at].start < range.end {
                range.end = range.end.max(hidden[at].end);
                at += 1;
            }
            out.push_str(&text[copied..range.start]);
            out.push_str(&redacted(&text[range.clone()]));
            copied = range.end;
        }
        out.push_str(&text[copied..]);
        Some(out)
    }
}

/// `text` with each quote of `secret` (whole, or its first
/// [`QUOTED_PART`] characters or more, in any ASCII case; a shorter secret
/// whole, as a word) hidden.
fn hide_quoted(text: &str, secret: &str) -> Option<String> {
    let head = secret.get(..QUOTED_PART.min(secret.len()))?;
    if head.len() < QUOTED_PART.min(secret.len()) || head.is_empty() {
        return None;
    }
    let t = text.as_bytes();
    let s = secret.as_bytes();
    let h = head.as_bytes();
    // A secret shorter than a quoted part (a URL's password can be) is
    // hidden where it is written whole, as a word of its own, so that a
    // password `pass` leaves `passed` alone.
    let short = s.len() < QUOTED_PART;
    let word = |at: usize| t.get(at).is_some_and(u8::is_ascii_alphanumeric);
    let mut out: Option<String> = None;
    let mut copied = 0;
    let mut i = 0;
    // Only where the first byte is, in either case.
    let (lower, upper) = (h[0].to_ascii_lowercase(), h[0].to_ascii_uppercase());
    while let Some(k) = memchr::memchr2(lower, upper, &t[i..]) {
        i += k;
        if i + h.len() > t.len() {
            break;
        }
        let quoted = match short {
            true => &t[i..i + s.len()] == s && !word(i + s.len()) && (i == 0 || !word(i - 1)),
            false => t[i..i + h.len()].eq_ignore_ascii_case(h),
        };
        if !quoted {
            i += 1;
            continue;
        }
        let mut n = h.len();
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
    }
    out.map(|mut o| {
        o.push_str(&text[copied..]);
        o
    })
}

/// Lines this long or shorter are read whole for credentials wherever a
/// span is near them. Of a longer one (a record of a session log, a
/// one-line document), only the columns around a span are: no output
/// shows more of it (the human output clips a line over 400 bytes to 240
/// around the span, `output/human.rs`; the hook's reply quotes 80
/// characters of a span's first line).
const WHOLE_LINE: usize = 1024;
/// Of a long line, the bytes read before the column of a span's start and
/// from it on (the span itself is read whole): more than any excerpt shows
/// (60 before, 180 from it).
const SHOWN_BEFORE: usize = 96;
const SHOWN_AFTER: usize = 256;

/// Whether `b` can be part of a credential: a token, a key, a URL's
/// password, a JSON web token. A range to scan that starts on such a byte
/// is read from where the run of them starts.
fn credential_byte(b: u8) -> bool {
    b.is_ascii_graphic()
        && !matches!(
            b,
            b'"' | b'\\'
                | b'`'
                | b'\''
                | b'('
                | b')'
                | b'['
                | b']'
                | b'{'
                | b'}'
                | b'<'
                | b'>'
                | b','
                | b';'
        )
}

/// How many lines [`LineBounds`] remembers.
const RECENT: usize = 4;

/// A line found, and (once asked) whether it is read whole.
#[derive(Clone)]
struct Found {
    line: Range<usize>,
    whole: Option<bool>,
}

/// The bounds of lines, with the last few found remembered: spans met in
/// source order fall on lines already found, so that a long line is
/// scanned once, not once for each finding on it.
struct LineBounds<'a> {
    text: &'a str,
    /// Lines found lately, at most [`RECENT`].
    recent: Vec<Found>,
    next: usize,
}

impl<'a> LineBounds<'a> {
    fn new(text: &'a str) -> LineBounds<'a> {
        LineBounds {
            text,
            recent: Vec::with_capacity(RECENT),
            next: 0,
        }
    }

    fn found(&mut self, at: usize) -> &mut Found {
        let held = |f: &Found| f.line.start <= at && at <= f.line.end;
        if let Some(k) = self.recent.iter().position(held) {
            return &mut self.recent[k];
        }
        let b = self.text.as_bytes();
        let start = memchr::memrchr(b'\n', &b[..at]).map_or(0, |i| i + 1);
        let end = memchr::memchr(b'\n', &b[at..]).map_or(b.len(), |i| at + i);
        let found = Found {
            line: start..end,
            whole: None,
        };
        let k = self.next;
        self.next = (self.next + 1) % RECENT;
        match self.recent.get_mut(k) {
            Some(place) => *place = found,
            None => self.recent.push(found),
        }
        &mut self.recent[k]
    }

    /// The line holding byte `at` (its line break, or the end of the text,
    /// included): from its first byte to its line break.
    fn line(&mut self, at: usize) -> Range<usize> {
        self.found(at).line.clone()
    }

    /// Whether the line holding `at` is read whole: a short one; a long
    /// one that holds a private key block (which runs from its header, far
    /// from the span perhaps) or a character the human output escapes
    /// (whose escaped line shows other columns than its bytes').
    fn whole(&mut self, at: usize) -> bool {
        let text = self.text;
        let found = self.found(at);
        let line = found.line.clone();
        *found.whole.get_or_insert_with(|| {
            line.len() <= WHOLE_LINE
                || memchr::memmem::find(&text.as_bytes()[line.clone()], b"PRIVATE KEY").is_some()
                || crate::controls::first_unsafe(&text[..line.end], line.start).is_some()
        })
    }

    /// What an output may show around `span`, pushed to `out`: the span,
    /// and the lines from the one before its first line to the one after
    /// its last, each whole when it is short ([`LineBounds::whole`]), else
    /// the columns around the span's start.
    fn shown(&mut self, span: &Range<usize>, out: &mut Vec<Range<usize>>) {
        let len = self.text.len();
        let start = span.start.min(len);
        let end = span.end.min(len).max(start);
        let first = self.line(start);
        let last = self.line(end);
        let column = start - first.start;
        if first.start > 0 {
            let before = self.line(first.start - 1);
            out.push(self.context(before, column));
        }
        let lo = match self.whole(start) {
            true => first.start,
            false => start.saturating_sub(SHOWN_BEFORE).max(first.start),
        };
        let hi = match self.whole(end) {
            true => last.end,
            false => end.max(start + SHOWN_AFTER).min(last.end),
        };
        out.push(lo..hi);
        if last.end < len {
            let after = self.line(last.end + 1);
            out.push(self.context(after, column));
        }
    }

    /// What an output may show of a context line (the line before a span
    /// or after it) when the span starts at `column` of its line: the line
    /// when it is read whole, else the columns around that one.
    fn context(&mut self, line: Range<usize>, column: usize) -> Range<usize> {
        if self.whole(line.start) {
            return line;
        }
        let lo = (line.start + column)
            .saturating_sub(SHOWN_BEFORE)
            .max(line.start);
        let hi = (line.start + column + SHOWN_AFTER).min(line.end);
        lo..hi.max(lo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_read_in_parts_at_once_are_those_one_pass_reads() {
        // What keeps a read within its line: no run of credential bytes
        // crosses a line break.
        assert!(!credential_byte(b'\n') && !credential_byte(b'\r'));
        // Short lines and long ones, credentials of every shape, findings
        // several to a long line (parts meet inside one), a private key
        // block across lines, and lines of plain prose.
        let mut text = String::new();
        let mut spans = Vec::new();
        let key = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n";
        for n in 0..3_000 {
            let (secret, _) = SHAPES[n % SHAPES.len()];
            let at = text.len();
            match n % 5 {
                0 => text.push_str(&format!("short {secret} line\n")),
                1 => text.push_str(&format!(
                    "{} {secret} {}\n",
                    "long ".repeat(300),
                    "tail ".repeat(200)
                )),
                2 => text.push_str(key),
                3 => text.push_str("plain prose and nothing more\n"),
                _ => text.push_str(&format!("{secret}{}\n", "x".repeat(1_500))),
            }
            let end = text.len();
            // One to four spans a line, some inside a credential.
            for k in 0..=(n % 4) {
                let start = at + (end - at) * k / 4;
                spans.push((n, start..(start + 12).min(end)));
            }
        }
        spans.sort_unstable_by_key(|(_, s)| s.start);
        let whole = shown_around(&text, &spans);
        let apart: Vec<(usize, Range<usize>)> = spans
            .chunks(97)
            .flat_map(|part| shown_around(&text, part))
            .collect();
        assert_eq!(apart, whole);
        let mut shown = whole;
        shown.sort_unstable_by_key(|(_, r)| r.start);
        let (one_pass, _) = scan_shown(&text, &shown, Reach::default());
        assert!(one_pass.len() > 1_000, "{} credentials", one_pass.len());
        let ranges = |s: &[Secret]| s.iter().map(|s| s.range.clone()).collect::<Vec<_>>();
        assert_eq!(ranges(&scan_shown_apart(&text, &shown)), ranges(&one_pass));
        // Every range twice: never cut between the two.
        let pairs: Vec<(usize, Range<usize>)> =
            shown.iter().flat_map(|x| [x.clone(), x.clone()]).collect();
        let (twice, _) = scan_shown(&text, &pairs, Reach::default());
        assert_eq!(ranges(&scan_shown_apart(&text, &pairs)), ranges(&twice));
        // Findings on every line of private key blocks: parts start inside
        // a block that one pass found whole from its first line, and are
        // read again.
        // The body holds what, read alone, is a credential of its own.
        let body = "-----BEGIN OPENSSH PRIVATE KEY-----\nAKIAIOSFODNN7EXAMPLE\n-----END OPENSSH PRIVATE KEY-----\n";
        assert_eq!(find_in(body, 36..56).len(), 1);
        let blocks = body.repeat(2_000);
        let mut spans = Vec::new();
        let mut at = 0;
        for (n, line) in blocks.split_inclusive('\n').enumerate() {
            spans.push((n, at + 2..at + 6));
            at += line.len();
        }
        let shown = shown_around(&blocks, &spans);
        let (one_pass, _) = scan_shown(&blocks, &shown, Reach::default());
        assert_eq!(one_pass.len(), 2_000);
        assert_eq!(
            ranges(&scan_shown_apart(&blocks, &shown)),
            ranges(&one_pass)
        );
    }

    /// Credential shapes, each as a credential of its kind would be written.
    /// The values are made up.
    pub(crate) const SHAPES: &[(&str, Kind)] = &[
        ("AKIAIOSFODNN7EXAMPLE", Kind::AwsKeyId),
        ("ASIAY34FZKBOKMUTVV7A", Kind::AwsKeyId),
        ("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", Kind::AwsSecret),
        ("ghp_16C7e42F292c6912E7710c838347Ae178B4a", Kind::GitHub),
        (
            "github_pat_11ABCDEFG0abcdefghijkl_mnopqrstuvwxyzABCDEFGHIJ0123456789",
            Kind::GitHub,
        ),
        ("glpat-3aMimXCoWVuDPXsNIi7F", Kind::GitLab),
        ("glpat-MFxFkM-R5Kjp1vRt_1fjORS-6il.01r4edt2s", Kind::GitLab),
        ("glcbt-Ty4_Qwb8DwkNhFdnXsiVpzz6", Kind::GitLab),
        ("gldt-BJXB3upSpHmn5RuvcQPU", Kind::GitLab),
        ("sk_live_Qdy1W4WiC71xze0JoeskTUh7", Kind::Stripe),
        ("rk_test_eZzjtttNHn21O2msrML38ZER", Kind::Stripe),
        ("AIzazR6Kspdf9aqdwNOXd8iZY2jaai9sQjIkgf_", Kind::Google),
        ("npm_dh65fa766r736fjr8f7mbuyhygdz1pnb4409", Kind::Npm),
        ("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", Kind::HuggingFace),
        (
            "pypi-AgEIcHlwaS5vcmcuhsBrz9l1vcRv36JnYVjNZ1ZX63aU1K5FYkSPJzvqpp6lWRlSNHRGaNMfiyX",
            Kind::PyPi,
        ),
        (
            "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",
            Kind::SendGrid,
        ),
        (
            "sk-ant-api03-qHRrQawwLJ5DyMAA6jAZ6CIJjK2kYTcxhYoqeNnXFQ0DyqVv64KRyeK7qjvxOS6IWD9xxhGgljIOqgT8GcEYW2k-bYxSOAA",
            Kind::Anthropic,
        ),
        ("sk-proj-4fJq9ZsX2bV7nK1mT8wR3yL6", Kind::OpenAi),
        ("sk-4fJq9ZsX2bV7nK1mT8wR3yL6", Kind::ApiKey),
        ("xoxb-1234567890-abcdefABCDEF", Kind::Slack),
        (
            "xapp-1-5FK2Z9RI19R-6563212233079-58904dba41ecccc3fc1626e53a13043b026c48bbf33feff9243a8f506b40928b",
            Kind::Slack,
        ),
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

    /// A block held on one line (a value pasted from an environment
    /// variable) ends at its own END marker, not at a later one.
    #[test]
    fn a_private_key_on_one_line_ends_on_that_line() {
        let key = "-----BEGIN OPENSSH PRIVATE KEY----- Q7vL2mXk9RtP4wZs8NdY3hJc6FbG1aUe5KoV0iTqWnE -----END OPENSSH PRIVATE KEY-----";
        let text = format!("a: {key}\nb: x\nc: {key}\n");
        let found: Vec<&str> = find(&text).iter().map(|s| &text[s.range.clone()]).collect();
        assert_eq!(found, [key, key]);
        // The label belongs to the header, not to a later marker.
        assert_eq!(
            find("-----BEGIN CERTIFICATE----- x -----END PRIVATE KEY-----"),
            vec![]
        );
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
            fix: None,
        }
    }

    /// The first of [`SHAPES`] of a kind.
    fn shape(kind: Kind) -> &'static str {
        SHAPES.iter().find(|(_, k)| *k == kind).unwrap().0
    }

    /// Each (text, the credentials in it, as (text, kind)).
    fn finds(cases: &[(&str, &[(&str, Kind)])]) {
        for (text, expected) in cases {
            let found: Vec<(&str, Kind)> = find(text)
                .into_iter()
                .map(|s| (&text[s.range], s.kind))
                .collect();
            assert_eq!(found, *expected, "{text}");
        }
    }

    /// The distinctive prefixes with a body of a fixed shape count glued
    /// to the word before them; the range is the token's own.
    #[test]
    fn finds_a_distinctive_token_glued_to_a_word() {
        let ghp = "ghp_LZaBytem5o7GtdFbHkDRjHH1e2TBHkyglziS";
        let pat = "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";
        let openai = "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";
        let glued: &[(&str, Kind)] = &[
            (ghp, Kind::GitHub),
            (pat, Kind::GitHub),
            ("glpat-3aMimXCoWVuDPXsNIi7F", Kind::GitLab),
            ("AIzazR6Kspdf9aqdwNOXd8iZY2jaai9sQjIkgf_", Kind::Google),
            (
                "xoxb-82077390455-953029001747-DVbCrcZuQ1lcCCzQdqhDfNuv",
                Kind::Slack,
            ),
            ("AKIAXXOP64QRAXYHIHQY", Kind::AwsKeyId),
            ("sk_live_Qdy1W4WiC71xze0JoeskTUh7", Kind::Stripe),
            (shape(Kind::PyPi), Kind::PyPi),
            (shape(Kind::Anthropic), Kind::Anthropic),
            (openai, Kind::OpenAi),
        ];
        for (token, kind) in glued {
            for before in ["x", "_", "7", "prefix_"] {
                let text = format!("value: {before}{token} end");
                let at = text.find(token).unwrap();
                assert_eq!(
                    find(&text),
                    vec![Secret {
                        range: at..at + token.len(),
                        kind: *kind
                    }],
                    "{text}"
                );
            }
        }
        // Glued, a body of the wrong length or alphabet is no token.
        for text in [
            "xghp_LZaBytem5o7GtdFbHkDRjHH1e2TBHkyglz",
            "xghp_LZaBytem5o7GtdFbHkDRjHH1e2TBHkyglziSm",
            "xglpat-3aMimXCoWVuDPXsNIi7Fmore",
            "xAIzazR6Kspdf9aqdwNOXd8iZY2jaai9sQjIk",
            "PAKIAIOSFODNN7EXAMPLE1",
            "xoxoxb-words-and-more-words-here",
        ] {
            assert_eq!(find(text), vec![], "{text}");
        }
    }

    /// A generic prefix (`sk-`) and the short ones (`npm_`, `hf_`, `SG.`,
    /// `SK`) count only at the start of a word, so prose is not hit.
    #[test]
    fn a_generic_prefix_counts_only_at_a_word_start() {
        for (token, _) in SHAPES.iter().filter(|(_, k)| {
            matches!(
                k,
                Kind::ApiKey | Kind::Npm | Kind::HuggingFace | Kind::SendGrid | Kind::Jwt
            )
        }) {
            assert_eq!(find(&format!("a{token}")), vec![], "{token}");
            assert_eq!(find(&format!("({token})")).len(), 1, "{token}");
        }
        // A longer `sk-…-` prefix whose body is not its vendor's is an
        // `sk-` key at a word start, and nothing glued.
        finds(&[
            (
                "sk-ant-4fJq9ZsX2bV7nK1mT8wR3yL6",
                &[("sk-ant-4fJq9ZsX2bV7nK1mT8wR3yL6", Kind::Anthropic)],
            ),
            ("xsk-ant-4fJq9ZsX2bV7nK1mT8wR3yL6", &[]),
            ("xsk-proj-4fJq9ZsX2bV7nK1mT8wR3yL6", &[]),
        ]);
    }

    #[test]
    fn finds_the_password_of_a_url() {
        finds(&[
            (
                "see https://user:pass@host/path",
                &[("pass", Kind::UrlPassword)],
            ),
            (
                "DATABASE_URL=postgres://admin:Hunter2Secret@db.internal:5432/app",
                &[("Hunter2Secret", Kind::UrlPassword)],
            ),
            (
                "redis://:s3cr3t@cache:6379/0",
                &[("s3cr3t", Kind::UrlPassword)],
            ),
            (
                "amqp://guest:guest@rabbit//",
                &[("guest", Kind::UrlPassword)],
            ),
            (
                "mongodb+srv://app:p%40ss@cluster0.example.net/db?retryWrites=true",
                &[("p%40ss", Kind::UrlPassword)],
            ),
            // The last `@` of the authority ends the user information.
            ("https://user:p@ss@host/", &[("p@ss", Kind::UrlPassword)]),
            ("url: 'ftp://u:pw@files'", &[("pw", Kind::UrlPassword)]),
            (
                "`s3+https://k:v@h`, then `x://a:b@c`",
                &[("v", Kind::UrlPassword), ("b", Kind::UrlPassword)],
            ),
            // A token as the user name is found as itself.
            (
                "https://ghp_16C7e42F292c6912E7710c838347Ae178B4a:x-oauth-basic@github.com/o/r",
                &[
                    ("ghp_16C7e42F292c6912E7710c838347Ae178B4a", Kind::GitHub),
                    ("x-oauth-basic", Kind::UrlPassword),
                ],
            ),
            // A token as the password is the password.
            (
                "https://oauth2:glpat-3aMimXCoWVuDPXsNIi7F@gitlab.com/o/r.git",
                &[("glpat-3aMimXCoWVuDPXsNIi7F", Kind::UrlPassword)],
            ),
        ]);
        assert_eq!(
            credential("postgres://a:b@c/d"),
            Some("a password in a URL")
        );
    }

    /// A quote cut short (as messages cut a long value, with `…`) shows
    /// the start of a credential: that start is found too.
    #[test]
    fn finds_the_start_of_a_credential_cut_short() {
        finds(&[
            (
                "`pypi-AgEIcHlwaS5vcmcuhsBrz9l1vcRv36JnYVj…`",
                &[("pypi-AgEIcHlwaS5vcmcuhsBrz9l1vcRv36JnYVj", Kind::PyPi)],
            ),
            (
                "`SG.1C-HgCrM_czIjnbr54BIU9.PNqd4TDZOogmRw…`",
                &[("SG.1C-HgCrM_czIjnbr54BIU9.PNqd4TDZOogmRw", Kind::SendGrid)],
            ),
            ("`xghp_16C7e42F…`", &[("ghp_16C7e42F", Kind::GitHub)]),
            (
                "`eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY…`",
                &[("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY", Kind::Jwt)],
            ),
            (
                "`eyJhbGciOiJIUzI1NiJ9…`",
                &[("eyJhbGciOiJIUzI1NiJ9", Kind::Jwt)],
            ),
            // A JWT with no signature.
            (
                "eyJhbGciOiJub25lIn0.eyJzdWIiOiIxMjM0In0 alone",
                &[("eyJhbGciOiJub25lIn0.eyJzdWIiOiIxMjM0In0", Kind::Jwt)],
            ),
            (
                "`postgres://admin:Hunter2Se…`",
                &[("Hunter2Se", Kind::UrlPassword)],
            ),
            // Words, ports and short bodies cut short are none.
            ("`http://localhost:80…`", &[]),
            ("`sk-learning-models…`", &[]),
            ("`ghp_abc…`", &[]),
            ("`xsk-4fJq9ZsX2bV7…`", &[]),
        ]);
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
            // URLs and addresses with no password.
            "http://localhost:8080/path",
            "user@example.com",
            "mailto:user@example.com",
            "https://host/a@b",
            "https://host/a:b@c",
            "https://host?a=b:c@d",
            "ssh://git@github.com:22/o/r.git",
            "https://user@host/x",
            "postgres://user:$DB_PASSWORD@db/app",
            "postgres://user:${DB_PASSWORD}@db/app",
            "https://user:****@host",
            "https://user:pass@",
            "a :// b:c@d",
            "://x:y@z",
            // Words and identifiers that hold a prefix.
            "Zaragoza, aizawa, AIzawa and AIza alone",
            "task_live_view",
            "task_live_view_controller_with_more_words_1234",
            "sk_test_configuration",
            "sk_live_",
            "rk_live_dashboard_v2",
            "desk_test_runner",
            "npm_config_cache",
            "npm_package_version",
            "hf_hub_download",
            "hf_token_from_environment_variable",
            "SG.example",
            "SKU-1234",
            "ASKED",
            "TASK_9b1e7c4a2f0d3e5b6c7a8d9e0f1a2b3c",
            "glpat-xxxxxxxxxxxxxxxxxxxx",
            "glpat-",
            "gldt-token",
            "xoxb-",
            "xapp-store",
            "the GR1348941 token",
            "sk-ant-short",
            "PRIVATE KEY alone",
        ] {
            assert_eq!(find(text), vec![], "{text}");
            assert_eq!(credential(text), None, "{text}");
        }
    }

    /// Each reported kind has its own words.
    #[test]
    fn every_kind_has_its_own_words() {
        let mut words: Vec<&str> = SHAPES.iter().map(|(_, k)| k.describe()).collect();
        words.push(Kind::UrlPassword.describe());
        words.push(Kind::PrivateKey.describe());
        words.sort();
        words.dedup();
        assert_eq!(words.len(), 17, "{words:?}");
        assert_eq!(
            credential("key sk_live_Qdy1W4WiC71xze0JoeskTUh7"),
            Some("a Stripe API key")
        );
        assert_eq!(
            credential("AIzazR6Kspdf9aqdwNOXd8iZY2jaai9sQjIkgf_"),
            Some("a Google API key")
        );
    }

    /// Every form is found through one anchor, and there are few enough
    /// anchors for the automaton's fastest prefilter.
    #[test]
    fn every_form_has_one_anchor() {
        assert!(ANCHORS.len() <= 32);
        for shape in super::SHAPES {
            let anchors = ANCHORS
                .iter()
                .filter(|a| shape.prefix.starts_with(**a))
                .count();
            assert_eq!(anchors, 1, "{}", shape.prefix);
        }
        let prefixes = prefixes().unwrap();
        assert!(prefixes.shapes.iter().all(|s| !s.is_empty()));
    }

    /// Prefixes in a row, a private key header with no END, and URLs cost
    /// what their length does: twice the text, at most about twice the
    /// bytes read (a count, not a time).
    #[test]
    fn the_scan_reads_each_run_once() {
        let read = |text: &str| {
            let mut scan = None;
            prefixed(text.as_bytes(), 0..text.len(), &mut scan);
            scan.map_or(0, |s| s.read)
        };
        for unit in [
            "eyJ",
            "-----BEGIN ",
            "-----BEGIN PRIVATE KEY ",
            "a://b",
            "x://y:z",
            "ghp_",
            "xghp_",
            "sk-",
            "sk_live_",
            "glpat-",
            "xoxb-1",
            "eyJhbGciOi.",
        ] {
            let (one, two) = (unit.repeat(20_000), unit.repeat(40_000));
            let (a, b) = (read(&one), read(&two));
            assert!(b <= 2 * a + a / 20 + 4 * CHECKED, "{unit}: {a} then {b}");
            assert!(a <= (CHECKED + 8) * one.len(), "{unit}: {a}");
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

    /// A password shorter than a quoted part is hidden where it stands
    /// whole, as a word: `passed` keeps its letters.
    #[test]
    fn a_short_password_is_hidden_as_a_word() {
        assert_eq!(
            hide_quoted("use `pass` (it passed)", "pass").as_deref(),
            Some("use `[redacted, 4 characters]` (it passed)")
        );
        assert_eq!(hide_quoted("it passed, bypass", "pass"), None);
    }

    #[test]
    fn a_url_in_a_message_keeps_all_but_its_password() {
        let source = "status: postgres://admin:Hunter2Secret@db.internal:5432/app\n";
        let mut d = vec![diagnostic(0..6)];
        d[0].message = "unknown status `postgres://admin:Hunter2Secret@db.internal:5432/app`"
            .to_string()
            .into();
        d[0].help = "not `Hunter2Secret`, nor `hunter2s…`".to_string().into();
        redact_diagnostics(source, &mut d);
        assert_eq!(
            d[0].message,
            "unknown status `postgres://admin:[redacted, 13 characters]@db.internal:5432/app`"
        );
        assert_eq!(
            d[0].help,
            "not `[redacted, 13 characters]`, nor `[redacted, 8 characters]…`"
        );
        let at = source.find("Hunter2").unwrap();
        assert_eq!(d[0].redact, vec![at..at + 13]);
        // A rule's own words (a literal) quote nothing of the input: a
        // password that is a word leaves them as they are.
        let source = "status: redis://u:high@cache\n";
        let mut d = vec![diagnostic(0..6)];
        d[0].message = format!("status `{}`", &source[8..28]).into();
        d[0].help = "write `Confidence: high`".into();
        redact_diagnostics(source, &mut d);
        assert_eq!(
            d[0].message,
            "status `redis://u:[redacted, 4 characters]@cache`"
        );
        assert_eq!(d[0].help, "write `Confidence: high`");
    }

    /// An edit keeps each credential where it is in the source and
    /// replaces the text around it; the edits still make the new text.
    #[test]
    fn an_edit_never_writes_out_a_credential_it_keeps() {
        let key = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
        let url = "postgres://u:Hunter2Secret@db/app";
        let source = format!("keep\nA {key}\nB {url}\nkeep\n");
        let from = source.find('A').unwrap();
        let to = source.rfind("keep").unwrap();
        let inserted = format!("B, with {key}\nA: {url}\n");
        let edits = keep_in_place(&source, from..to, &inserted).unwrap();
        let mut applied = source.clone();
        for (range, text) in edits.iter().rev() {
            assert!(
                !text.contains("ghp_") && !text.contains("Hunter2"),
                "{text}"
            );
            applied.replace_range(range.clone(), text);
        }
        assert_eq!(applied, format!("keep\n{inserted}keep\n"));
        // No credential: the one edit as it was.
        assert_eq!(
            keep_in_place("a\nb\n", 2..4, "c\n"),
            Some(vec![(2..4, "c\n".to_string())])
        );
        // A credential the edit would have to write: none.
        assert_eq!(keep_in_place("a\nb\n", 2..4, &format!("{key}\n")), None);
        let swapped = format!("B {url}\nA {key}\n");
        assert_eq!(keep_in_place(&source, from..to, &swapped), None);
    }

    /// Hiding the quotes of all of a file's secrets at once hides what
    /// hiding each secret's quotes in turn hides.
    #[test]
    fn quotes_hide_what_each_secret_hides() {
        let mut source = String::new();
        for (secret, _) in SHAPES {
            source.push_str(&format!("key: {secret}\n"));
        }
        source.push_str("postgres://admin:pass@db.example.com/x\n");
        let found = find(&source);
        let quotes = Quotes::new(&source, &found);
        let secrets: Vec<&str> = found.iter().map(|s| &source[s.range.clone()]).collect();
        let one_by_one = |text: &str| {
            let mut out = text.to_string();
            for secret in &secrets {
                if let Some(clean) = hide_quoted(&out, secret) {
                    out = clean;
                }
            }
            out
        };
        for (i, (secret, _)) in SHAPES.iter().enumerate() {
            let next = SHAPES[(i + 5) % SHAPES.len()].0;
            let texts = [
                format!("`{secret}` is unknown"),
                format!("starts `{}…`", &secret[..QUOTED_PART + 3]),
                format!("{} and {next}", secret.to_ascii_uppercase()),
                format!("use `pass` (it passed) with {}", &next[..QUOTED_PART]),
                "nothing quoted".to_string(),
            ];
            for text in texts {
                let all = quotes.hide(&text).unwrap_or_else(|| text.clone());
                assert_eq!(all, one_by_one(&text), "{text}");
                assert!(!all.contains(&secret[..QUOTED_PART]), "{all}");
            }
        }
    }

    /// Many findings on one long line with credentials on it and around it:
    /// each finding is marked with exactly the credentials of the lines
    /// around its span, as finding them for it alone marks.
    #[test]
    fn findings_on_one_long_line_each_get_the_credentials_around_them() {
        let key = shape(Kind::GitHub);
        let aws = shape(Kind::AwsKeyId);
        let mut source = format!("before {aws}\n");
        let line = source.len();
        for n in 0..300 {
            source.push_str(&format!("x{n} [INVOKE:cfo|q] "));
            if n % 50 == 0 {
                source.push_str(key);
                source.push(' ');
            }
        }
        source.push_str(&format!("\nafter\nfar {aws}\n"));
        let spans: Vec<Range<usize>> = source[line..]
            .match_indices("[INVOKE:")
            .map(|(at, m)| line + at..line + at + m.len())
            .collect();
        let mut all: Vec<Diagnostic> = spans.iter().rev().map(|s| diagnostic(s.clone())).collect();
        redact_diagnostics(&source, &mut all);
        let far = source.rfind(aws).unwrap();
        let keys: Vec<usize> = source.match_indices(key).map(|(at, _)| at).collect();
        for d in &all {
            let mut alone = vec![diagnostic(d.span.clone())];
            redact_diagnostics(&source, &mut alone);
            assert_eq!(d.redact, alone[0].redact);
            // The key on the line before (a short line, read whole), and
            // the keys of the long line whose bytes an excerpt may show:
            // those that reach into the columns around the span.
            let shown =
                d.span.start.saturating_sub(SHOWN_BEFORE).max(line)..d.span.start + SHOWN_AFTER;
            let near = keys
                .iter()
                .filter(|&&k| k < shown.end && k + key.len() > shown.start)
                .count();
            assert_eq!(d.redact.len(), 1 + near, "{:?}", d.span);
            assert!(d.redact.iter().all(|r| r.start < far));
        }
    }

    /// The bytes of `source` marked redacted for a finding on its first
    /// `[INVOKE:`.
    fn redacted_at_invocation(source: &str) -> Vec<Range<usize>> {
        let at = source.find("[INVOKE:").unwrap();
        let mut d = vec![diagnostic(at..at + 8)];
        redact_diagnostics(source, &mut d);
        d.remove(0).redact
    }

    #[test]
    fn a_credential_a_long_line_shows_the_end_of_is_hidden_whole() {
        // A long line (a session log's record) whose finding is 20 bytes
        // after the end of a 600-byte key: the excerpt shows the key's
        // last bytes, and the scan finds it from its start.
        let key: String = (0..600)
            .map(|i| b"aZ3kQ9xW2mP7vB4nR8tY6cL1"[(i * 7 + i / 24) % 24] as char)
            .collect();
        let source = format!(
            "{{\"text\":\"{}{key} then [INVOKE:cfo|q] {}\"}}\n",
            "words ".repeat(400),
            "more ".repeat(400)
        );
        let start = source.find(&key).unwrap();
        assert_eq!(
            redacted_at_invocation(&source),
            vec![start..start + key.len()]
        );
        // Far from the span, nothing of the line is read.
        let far = format!(
            "{}{key}{} [INVOKE:cfo|q]\n",
            "a ".repeat(50),
            " b".repeat(2000)
        );
        assert!(redacted_at_invocation(&far).is_empty());
    }

    #[test]
    fn a_long_line_an_excerpt_escapes_or_that_holds_a_private_key_is_read_whole() {
        let key = shape(Kind::GitHub);
        let filler = "word ".repeat(600);
        for odd in ["\u{1b}[2J", "-----BEGIN RSA PRIVATE KEY-----"] {
            let source = format!("{key} {odd} {filler} [INVOKE:cfo|q]\n");
            assert!(
                redacted_at_invocation(&source).contains(&(0..key.len())),
                "{odd:?}"
            );
        }
        let source = format!("{key} {filler} [INVOKE:cfo|q]\n");
        assert!(redacted_at_invocation(&source).is_empty());
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
            message: "unknown status `ghp_16C7e42F292c6912E7710c838347Ae178B4a`"
                .to_string()
                .into(),
            label: "".into(),
            help: "".into(),
            related: Vec::new(),
            internal: false,
            redact: Vec::new(),
            fixable: false,
            fix: None,
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
