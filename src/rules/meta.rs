//! What the registry knows of a rule: its code, name, family, default
//! severity, summary and documentation, and the macro that declares it.

use crate::diagnostic::{Diagnostic, Severity};
use crate::syntax::Span;

/// The family a rule belongs to, by the letter of its code.
/// More families may come in any release: a `match` on it outside this
/// crate needs a wildcard arm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Family {
    Marker,
    Loop,
    Board,
    Response,
    Card,
    Quality,
    Suppression,
    Decision,
    Handoff,
    Transition,
    Handshake,
    Session,
}

impl Family {
    pub fn of(code: &str) -> Family {
        match code.as_bytes().first() {
            Some(b'M') => Family::Marker,
            Some(b'L') => Family::Loop,
            Some(b'B') => Family::Board,
            Some(b'C') => Family::Card,
            Some(b'Q') => Family::Quality,
            Some(b'X') => Family::Suppression,
            Some(b'D') => Family::Decision,
            Some(b'P') => Family::Handoff,
            Some(b'T') => Family::Transition,
            Some(b'H') => Family::Handshake,
            Some(b'A') => Family::Session,
            _ => Family::Response,
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Family::Marker => "Markers",
            Family::Loop => "Loop prevention",
            Family::Board => "Board meetings",
            Family::Response => "Responses",
            Family::Card => "Founder cards",
            Family::Quality => "Quality loop",
            Family::Suppression => "Suppressions",
            Family::Decision => "Decision logs",
            Family::Handoff => "Handoff records",
            Family::Transition => "Transition logs",
            Family::Handshake => "Handshake logs",
            Family::Session => "Session logs",
        }
    }
}

/// What the registry knows of a rule.
#[derive(Debug)]
pub struct RuleMeta {
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    pub summary: &'static str,
    /// Whether `check --fix` (`fmt`'s rewrite) can remove its findings:
    /// some of them, where the rewrite reaches (each finding says whether
    /// it does, `Diagnostic::fixable`).
    pub fixable: bool,
    /// The rule's doc comment, one `#[doc]` line per line.
    pub doc: &'static str,
}

impl RuleMeta {
    pub fn family(&self) -> Family {
        Family::of(self.code)
    }

    /// A diagnostic of this rule at `span`.
    pub fn diagnostic(
        &'static self,
        span: Span,
        message: impl Into<std::borrow::Cow<'static, str>>,
    ) -> Diagnostic {
        Diagnostic {
            code: self.code,
            name: self.name,
            severity: self.severity,
            span,
            message: message.into(),
            label: "".into(),
            help: "".into(),
            related: Vec::new(),
            internal: false,
            redact: Vec::new(),
            fixable: false,
            fix: None,
        }
    }

    /// The rule's documentation page: what `boardlint rule CODE` prints and
    /// what `docs/rules/CODE.md` holds.
    pub fn page(&self) -> String {
        format!(
            "# {} {}\n\n{}. Family: {}. Default severity: {}.{}\n\n{}\n",
            self.code,
            self.name,
            self.summary,
            self.family().title().to_lowercase(),
            self.severity.as_str(),
            match self.fixable {
                true => " Fix: sometimes (`boardlint check --fix`, or `boardlint fmt`, removes the findings marked `[*]`).",
                false => "",
            },
            self.markdown()
        )
    }

    /// The documentation as markdown, without the leading space that `///`
    /// leaves on each line.
    pub fn markdown(&self) -> String {
        let mut out = String::new();
        for line in self.doc.lines() {
            out.push_str(line.strip_prefix(' ').unwrap_or(line));
            out.push('\n');
        }
        out.trim().to_string()
    }
}

pub trait Described: Sync {
    fn meta(&self) -> &'static RuleMeta;
}

/// Declare a rule: its struct, documentation and registry entry.
macro_rules! declare_rule {
    (
        $(#[doc = $doc:expr])*
        pub struct $name:ident {
            code: $code:literal,
            name: $rname:literal,
            severity: $sev:ident,
            summary: $summary:literal
            $(, fixable: $fixable:literal)? $(,)?
        }
    ) => {
        $(#[doc = $doc])*
        pub struct $name;

        impl $name {
            pub const META: $crate::rules::RuleMeta = $crate::rules::RuleMeta {
                code: $code,
                name: $rname,
                severity: $crate::diagnostic::Severity::$sev,
                summary: $summary,
                fixable: false $(|| $fixable)?,
                doc: concat!($($doc, "\n"),*),
            };
        }

        impl $crate::rules::Described for $name {
            fn meta(&self) -> &'static $crate::rules::RuleMeta {
                static META: $crate::rules::RuleMeta = $name::META;
                &META
            }
        }
    };
}

pub(crate) use declare_rule;
