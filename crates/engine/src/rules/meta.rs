//! What the registry knows of a rule: its code, name, family, default
//! severity, the release it came in, its summary, its fix and its
//! documentation, and the macro that declares it. Everything that treats
//! rules by what they are (`--fix`, the agent hook, `boardlint rule`, the
//! generated pages and the README's table) reads these facts, never a
//! rule's code.

use crate::diagnostic::{Diagnostic, Severity};
use crate::syntax::Span;

/// The family a rule belongs to: the letter of its code, but for T100,
/// which reads a handoff record (against its transition log) and is a
/// handoff rule (docs/rules/T100.md). More families may come in any
/// release: a `match` on it outside this crate needs a wildcard arm.
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

/// What the registry knows of a rule. The kind of file it reads is its
/// registry line's ([`Entry`](super::Entry)).
#[derive(Debug)]
#[non_exhaustive]
pub struct RuleMeta {
    pub code: &'static str,
    pub name: &'static str,
    pub family: Family,
    pub severity: Severity,
    /// The release the rule came in (`0.1.0`).
    pub added: &'static str,
    pub summary: &'static str,
    /// Whether `check --fix` (`fmt`'s rewrite) can remove its findings,
    /// and how: some of them, where the rewrite reaches (each finding says
    /// whether it does, `Diagnostic::fixable`).
    pub fix: Option<RuleFix>,
    /// The rule's doc comment, one `#[doc]` line per line.
    pub doc: &'static str,
}

/// How `check --fix` removes a rule's findings: which of `fmt`'s
/// replacements is a finding's fix, and whether applying it is safe.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct RuleFix {
    pub scope: FixScope,
    pub safety: FixSafety,
}

/// Where the replacement that fixes a finding starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum FixScope {
    /// The card the finding lies in, printed again whole, for a finding the
    /// rule marks fixable (only the rule knows whether the rewrite removes
    /// it: C001 stays on a card with no header).
    Card,
    /// The RESPONSE block whose opener is among the finding's places,
    /// printed again: the rule cannot tell whether `fmt` prints the block
    /// again (a block it leaves as written but for its opener keeps its
    /// fields where they are), so every finding is offered, and kept as
    /// fixable where a replacement covers it.
    Block,
}

/// Whether a fix may be applied without a reader's look.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum FixSafety {
    /// It keeps every word: it moves sections and fields into their
    /// order, draws frames, lays out lines. Every fix boardlint has is
    /// safe; one that could change what a text says would be marked
    /// otherwise, and left to the user.
    Safe,
}

impl RuleMeta {
    pub fn family(&self) -> Family {
        self.family
    }

    /// Whether `check --fix` can remove some of its findings.
    pub fn fixable(&self) -> bool {
        self.fix.is_some()
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
            "# {} {}\n\n{}. Family: {}. Default severity: {}.{} Added in {}.\n\n{}\n",
            self.code,
            self.name,
            self.summary,
            self.family().title().to_lowercase(),
            self.severity.as_str(),
            match self.fix {
                Some(_) => " Fix: sometimes, safe (`boardlint check --fix`, or `boardlint fmt`, removes the findings marked `[*]`).",
                None => "",
            },
            self.added,
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
            family: $family:ident,
            severity: $sev:ident,
            added: $added:literal,
            summary: $summary:literal
            $(, fix: $scope:ident)? $(,)?
        }
    ) => {
        $(#[doc = $doc])*
        pub struct $name;

        impl $name {
            pub const META: $crate::rules::RuleMeta = $crate::rules::RuleMeta {
                code: $code,
                name: $rname,
                family: $crate::rules::Family::$family,
                severity: $crate::diagnostic::Severity::$sev,
                added: $added,
                summary: $summary,
                fix: $crate::rules::meta::fix_of(&[$($crate::rules::FixScope::$scope)?]),
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

/// A rule's fix, from the scope its declaration names, if any: every fix
/// declared is safe.
pub(crate) const fn fix_of(scope: &[FixScope]) -> Option<RuleFix> {
    match scope {
        [scope] => Some(RuleFix {
            scope: *scope,
            safety: FixSafety::Safe,
        }),
        _ => None,
    }
}

pub(crate) use declare_rule;
