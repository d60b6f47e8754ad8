//! The rule registry: every rule's code, name, default severity, summary and
//! documentation, in one list. Codes never change and are never reused.
//!
//! Each rule lives in a file of its own, declared with [`declare_rule!`],
//! whose doc comment (What it does / Why is this bad? / Example / Use
//! instead) is the rule's documentation: `boardlint rule CODE` prints it and
//! `docs/rules/CODE.md` is generated from it.

use crate::diagnostic::{Diagnostic, Severity};
use crate::model::Transcript;
use crate::syntax::Span;

mod block_fields;
mod card_util;
mod chains;

mod a001_invalid_line;
mod a002_tool_call_without_result;
mod a003_result_without_call;
mod a004_dangling_parent;
mod a005_duplicate_id;
mod b001_invoke_during_isolation;
mod b002_invoke_during_critique;
mod b003_broadcast_not_from_ceo;
mod c001_card_frame;
mod c002_missing_section;
mod c003_section_order;
mod c004_too_many_bullets;
mod c005_bottom_line_not_one_sentence;
mod c006_why_too_long;
mod c007_action_missing_owner_or_deadline;
mod c008_decision_without_options;
mod c009_invalid_urgency;
mod c010_hedging_phrase;
mod c011_process_narration;
mod c012_vague_risk;
mod c013_perspectives_mismatch;
mod d001_decision_missing_field;
mod d002_invalid_date;
mod d003_review_too_early;
mod d004_not_one_owner;
mod d005_rejected_without_flag;
pub mod d006_resurfaced_proposal;
mod d007_action_item_format;
mod d008_record_file_name;
mod h001_invalid_json;
mod h002_missing_field;
mod h003_unknown_message_type;
mod h004_wrong_field_type;
mod h005_request_id_format;
mod h006_missing_request_id;
mod h007_missing_approve;
mod h101_unknown_request;
mod h102_response_kind_mismatch;
mod h103_wrong_responder;
mod h104_already_decided;
mod h105_reused_request_id;
mod h106_timestamp_backwards;
mod h107_activity_after_shutdown;
mod h108_pending_at_end;
mod h109_rejection_without_feedback;
mod h110_wrong_role;
mod h111_message_to_shut_down_member;
mod h112_second_pending_plan;
mod h113_legacy_plan_submission;
mod l001_self_invocation;
mod l002_chain_too_deep;
mod l003_circular_call;
mod l004_chain_mismatch;
mod l005_blocked_without_assumption;
mod l006_missing_chain;
mod m001_malformed_marker;
mod m002_unknown_role;
mod m003_unbalanced_block;
mod m004_leftover_placeholder;
mod p001_missing_field;
mod p002_unknown_status;
mod p003_attempt_out_of_range;
mod p004_unknown_stage;
mod p005_blocked_mismatch;
mod p006_approval_without_commit;
mod p007_checks_do_not_allow;
mod p008_failed_without_failed_check;
mod p009_illegal_routing;
mod p010_malformed_check;
pub mod p011_secret_in_record;
mod p012_unknown_key;
mod p013_moving_ref;
mod q001_unsourced_finding;
mod q002_missing_confidence;
mod q003_assumptions_outweigh_confidence;
mod q004_conflict_without_resolution;
mod q005_peer_verify_format;
mod q006_critic_screen_format;
mod q007_confidence_mismatch;
mod r001_response_missing_field;
mod r002_invalid_confidence;
mod r003_supporting_data_count;
mod r004_multiline_field;
mod r005_field_order;
mod r006_unanswered_invoke;
mod r007_unsolicited_response;
mod t001_invalid_event;
mod t002_time_backwards;
mod t003_illegal_transition;
mod t004_state_mismatch;
mod t005_duplicate_run;
mod t006_attempt_gap;
mod t007_attempt_ceiling;
mod t008_approval_not_on_reviewed_commit;
mod t009_stale_approval;
mod t010_stage_skipped;
mod t011_self_approval;
mod t012_oversized_log;
mod t013_secret_in_event;
mod t014_blocked_without_blocker;
mod t015_unblocked_too_early;
mod t016_duplicate_event_id;
mod t100_handoff_disagrees_with_log;
mod x001_unused_suppression;

pub use r002_invalid_confidence::level as confidence_level;

/// The family a rule belongs to, by the letter of its code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
    /// The rule's doc comment, one `#[doc]` line per line.
    pub doc: &'static str,
}

impl RuleMeta {
    pub fn family(&self) -> Family {
        Family::of(self.code)
    }

    /// A diagnostic of this rule at `span`.
    pub fn diagnostic(&'static self, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code: self.code,
            name: self.name,
            severity: self.severity,
            span,
            message: message.into(),
            label: String::new(),
            help: String::new(),
            related: Vec::new(),
            internal: false,
            redact: Vec::new(),
        }
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

/// A rule: reads the transcript model, reports diagnostics.
pub trait Rule: Described + Sync {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>);
}

/// A rule over an agent tool's session log.
pub trait SessionRule: Described + Sync {
    fn check(&self, s: &crate::sessions::Session<'_>, out: &mut Vec<Diagnostic>);
}

/// A rule over a handshake message log (JSONL).
pub trait HandshakeRule: Described + Sync {
    fn check(&self, log: &crate::records::handshake::HandshakeLog<'_>, out: &mut Vec<Diagnostic>);
}

/// A rule over a pipeline transition log (JSONL).
pub trait TransitionRule: Described + Sync {
    fn check(&self, log: &crate::records::transition::TransitionLog<'_>, out: &mut Vec<Diagnostic>);
}

/// A rule over a pipeline handoff record (YAML).
pub trait HandoffRule: Described + Sync {
    fn check(&self, r: &crate::records::handoff::Handoff<'_>, out: &mut Vec<Diagnostic>);
}

/// Declare a rule: its struct, documentation and registry entry.
#[macro_export]
macro_rules! declare_rule {
    (
        $(#[doc = $doc:expr])*
        pub struct $name:ident {
            code: $code:literal,
            name: $rname:literal,
            severity: $sev:ident,
            summary: $summary:literal $(,)?
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

static RULES: &[&dyn Rule] = &[
    &m001_malformed_marker::MalformedMarker,
    &m002_unknown_role::UnknownRole,
    &m003_unbalanced_block::UnbalancedBlock,
    &m004_leftover_placeholder::LeftoverPlaceholder,
    &l001_self_invocation::SelfInvocation,
    &l002_chain_too_deep::ChainTooDeep,
    &l003_circular_call::CircularCall,
    &l004_chain_mismatch::ChainMismatch,
    &l005_blocked_without_assumption::BlockedWithoutAssumption,
    &l006_missing_chain::MissingChain,
    &b001_invoke_during_isolation::InvokeDuringIsolation,
    &b002_invoke_during_critique::InvokeDuringCritique,
    &b003_broadcast_not_from_ceo::BroadcastNotFromCeo,
    &r001_response_missing_field::ResponseMissingField,
    &r002_invalid_confidence::InvalidConfidence,
    &r003_supporting_data_count::SupportingDataCount,
    &r004_multiline_field::MultilineField,
    &r005_field_order::FieldOrder,
    &r006_unanswered_invoke::UnansweredInvoke,
    &r007_unsolicited_response::UnsolicitedResponse,
    &c001_card_frame::CardFrame,
    &c002_missing_section::MissingSection,
    &c003_section_order::SectionOrder,
    &c004_too_many_bullets::TooManyBullets,
    &c005_bottom_line_not_one_sentence::BottomLineNotOneSentence,
    &c006_why_too_long::WhyTooLong,
    &c007_action_missing_owner_or_deadline::ActionMissingOwnerOrDeadline,
    &c008_decision_without_options::DecisionWithoutOptions,
    &c009_invalid_urgency::InvalidUrgency,
    &c010_hedging_phrase::HedgingPhrase,
    &c011_process_narration::ProcessNarration,
    &c012_vague_risk::VagueRisk,
    &c013_perspectives_mismatch::PerspectivesMismatch,
    &q001_unsourced_finding::UnsourcedFinding,
    &q002_missing_confidence::MissingConfidence,
    &q003_assumptions_outweigh_confidence::AssumptionsOutweighConfidence,
    &q004_conflict_without_resolution::ConflictWithoutResolution,
    &q005_peer_verify_format::PeerVerifyFormat,
    &q006_critic_screen_format::CriticScreenFormat,
    &q007_confidence_mismatch::ConfidenceMismatch,
    &d001_decision_missing_field::DecisionMissingField,
    &d002_invalid_date::InvalidDate,
    &d003_review_too_early::ReviewTooEarly,
    &d004_not_one_owner::NotOneOwner,
    &d005_rejected_without_flag::RejectedWithoutFlag,
    &d006_resurfaced_proposal::ResurfacedProposal,
    &d007_action_item_format::ActionItemFormat,
    &d008_record_file_name::RecordFileName,
    &x001_unused_suppression::UnusedSuppression,
];

/// Every rule, in code order.
static HANDOFF_RULES: &[&dyn HandoffRule] = &[
    &p001_missing_field::MissingField,
    &p002_unknown_status::UnknownStatus,
    &p003_attempt_out_of_range::AttemptOutOfRange,
    &p004_unknown_stage::UnknownStage,
    &p005_blocked_mismatch::BlockedMismatch,
    &p006_approval_without_commit::ApprovalWithoutCommit,
    &p007_checks_do_not_allow::ChecksDoNotAllow,
    &p008_failed_without_failed_check::FailedWithoutFailedCheck,
    &p009_illegal_routing::IllegalRouting,
    &p010_malformed_check::MalformedCheck,
    &p011_secret_in_record::SecretInRecord,
    &p012_unknown_key::UnknownKey,
    &p013_moving_ref::MovingRef,
    &t100_handoff_disagrees_with_log::HandoffDisagreesWithLog,
];

static SESSION_RULES: &[&dyn SessionRule] = &[
    &a001_invalid_line::InvalidLine,
    &a002_tool_call_without_result::ToolCallWithoutResult,
    &a003_result_without_call::ResultWithoutCall,
    &a004_dangling_parent::DanglingParent,
    &a005_duplicate_id::DuplicateId,
];

static HANDSHAKE_RULES: &[&dyn HandshakeRule] = &[
    &h001_invalid_json::InvalidJson,
    &h002_missing_field::MessageMissingField,
    &h003_unknown_message_type::UnknownMessageType,
    &h004_wrong_field_type::WrongFieldType,
    &h005_request_id_format::RequestIdFormat,
    &h006_missing_request_id::MissingRequestId,
    &h007_missing_approve::MissingApprove,
    &h101_unknown_request::UnknownRequest,
    &h102_response_kind_mismatch::ResponseKindMismatch,
    &h103_wrong_responder::WrongResponder,
    &h104_already_decided::AlreadyDecided,
    &h105_reused_request_id::ReusedRequestId,
    &h106_timestamp_backwards::TimestampBackwards,
    &h107_activity_after_shutdown::ActivityAfterShutdown,
    &h108_pending_at_end::PendingAtEnd,
    &h109_rejection_without_feedback::RejectionWithoutFeedback,
    &h110_wrong_role::WrongRole,
    &h111_message_to_shut_down_member::MessageToShutDownMember,
    &h112_second_pending_plan::SecondPendingPlan,
    &h113_legacy_plan_submission::LegacyPlanSubmission,
];

static TRANSITION_RULES: &[&dyn TransitionRule] = &[
    &t001_invalid_event::InvalidEvent,
    &t002_time_backwards::TimeBackwards,
    &t003_illegal_transition::IllegalTransition,
    &t004_state_mismatch::StateMismatch,
    &t005_duplicate_run::DuplicateRun,
    &t006_attempt_gap::AttemptGap,
    &t007_attempt_ceiling::AttemptCeiling,
    &t008_approval_not_on_reviewed_commit::ApprovalNotOnReviewedCommit,
    &t009_stale_approval::StaleApproval,
    &t010_stage_skipped::StageSkipped,
    &t011_self_approval::SelfApproval,
    &t012_oversized_log::OversizedLog,
    &t013_secret_in_event::SecretInEvent,
    &t014_blocked_without_blocker::BlockedWithoutBlocker,
    &t015_unblocked_too_early::UnblockedTooEarly,
    &t016_duplicate_event_id::DuplicateEventId,
];

/// Every rule: the transcript rules, then the record rules, each in code
/// order within its family. Indices into this list are what the rule
/// selection uses.
static ALL: std::sync::LazyLock<Vec<&'static dyn Described>> = std::sync::LazyLock::new(|| {
    let transcript = RULES.iter().map(|r| *r as &dyn Described);
    let handoff = HANDOFF_RULES.iter().map(|r| *r as &dyn Described);
    let transition = TRANSITION_RULES.iter().map(|r| *r as &dyn Described);
    let handshake = HANDSHAKE_RULES.iter().map(|r| *r as &dyn Described);
    let session = SESSION_RULES.iter().map(|r| *r as &dyn Described);
    transcript
        .chain(handoff)
        .chain(transition)
        .chain(handshake)
        .chain(session)
        .collect()
});

/// Every rule, in registry order.
pub fn all() -> &'static [&'static dyn Described] {
    &ALL
}

/// Run every enabled session rule over a session log.
pub fn check_session(s: &crate::sessions::Session<'_>) -> Vec<Diagnostic> {
    let first = RULES.len() + HANDOFF_RULES.len() + TRANSITION_RULES.len() + HANDSHAKE_RULES.len();
    run_family(SESSION_RULES, first, &s.settings.rules, |r, out| {
        r.check(s, out)
    })
}

/// Run every enabled handshake rule over a handshake log.
pub fn check_handshake(log: &crate::records::handshake::HandshakeLog<'_>) -> Vec<Diagnostic> {
    let first = RULES.len() + HANDOFF_RULES.len() + TRANSITION_RULES.len();
    run_family(HANDSHAKE_RULES, first, &log.settings.rules, |r, out| {
        r.check(log, out)
    })
}

/// Run every enabled transition rule over a transition log.
pub fn check_transition(log: &crate::records::transition::TransitionLog<'_>) -> Vec<Diagnostic> {
    let first = RULES.len() + HANDOFF_RULES.len();
    run_family(TRANSITION_RULES, first, &log.settings.rules, |r, out| {
        r.check(log, out)
    })
}

/// Run every enabled handoff rule over a handoff record.
pub fn check_handoff(r: &crate::records::handoff::Handoff<'_>) -> Vec<Diagnostic> {
    run_family(
        HANDOFF_RULES,
        RULES.len(),
        &r.settings.rules,
        |rule, out| rule.check(r, out),
    )
}

/// A rule by code (`L001`) or name (`self-invocation`), in any case.
pub fn find(key: &str) -> Option<&'static dyn Described> {
    all().iter().copied().find(|r| {
        r.meta().code.eq_ignore_ascii_case(key) || r.meta().name.eq_ignore_ascii_case(key)
    })
}

/// A rule's position in [`all`], by code.
pub fn index_of(code: &str) -> Option<usize> {
    all().iter().position(|r| r.meta().code == code)
}

/// Run every enabled rule over a transcript, at its configured severity;
/// diagnostics come back in source order.
pub fn check(t: &Transcript<'_>) -> Vec<Diagnostic> {
    if t.source.len() >= PARALLEL_RULES_FROM {
        run_family_parallel(RULES, 0, &t.settings.rules, |r, out| r.check(t, out))
    } else {
        run_family(RULES, 0, &t.settings.rules, |r, out| r.check(t, out))
    }
}

/// Transcripts this large have their rules run on every core at once (a
/// directory of files already keeps every core busy with one file each).
const PARALLEL_RULES_FROM: usize = 512 * 1024;

/// [`run_family`], with the rules spread over the thread pool; the same
/// diagnostics in the same order.
fn run_family_parallel<R: Described + ?Sized>(
    rules: &[&R],
    first: usize,
    selection: &crate::settings::RuleSelection,
    check: impl Fn(&R, &mut Vec<Diagnostic>) + Sync,
) -> Vec<Diagnostic> {
    use rayon::prelude::*;
    let parts: Vec<Vec<Diagnostic>> = rules
        .par_iter()
        .enumerate()
        .with_max_len(1)
        .map(|(j, rule)| run_one(*rule, first + j, selection, &check))
        .collect();
    let mut out: Vec<Diagnostic> = parts.into_iter().flatten().collect();
    out.sort_by(|a, b| (a.span.start, a.code, a.span.end).cmp(&(b.span.start, b.code, b.span.end)));
    out
}

/// One rule, if enabled, at its configured severity; a panic becomes one
/// internal-error diagnostic.
fn run_one<R: Described + ?Sized>(
    rule: &R,
    i: usize,
    selection: &crate::settings::RuleSelection,
    check: &impl Fn(&R, &mut Vec<Diagnostic>),
) -> Vec<Diagnostic> {
    if !selection.enabled[i] {
        return Vec::new();
    }
    let meta = rule.meta();
    let found = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        inject_panic(meta.code);
        let mut found = Vec::new();
        check(rule, &mut found);
        found
    }));
    match found {
        Ok(mut found) => {
            for d in &mut found {
                d.severity = selection.severity[i];
            }
            found
        }
        Err(payload) => vec![internal_error(meta, &*payload)],
    }
}

/// Run the enabled rules of one family (`first` is the family's first index
/// in [`all`]) at their configured severity, in source order. A rule that
/// panics loses its findings for this file and leaves one internal-error
/// diagnostic instead; the other rules still run.
fn run_family<R: Described + ?Sized>(
    rules: &[&R],
    first: usize,
    selection: &crate::settings::RuleSelection,
    check: impl Fn(&R, &mut Vec<Diagnostic>),
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (j, rule) in rules.iter().enumerate() {
        out.extend(run_one(*rule, first + j, selection, &check));
    }
    out.sort_by(|a, b| (a.span.start, a.code, a.span.end).cmp(&(b.span.start, b.code, b.span.end)));
    out
}

/// The diagnostic left by a rule that panicked.
fn internal_error(meta: &'static RuleMeta, payload: &(dyn std::any::Any + Send)) -> Diagnostic {
    let cause = crate::guard::message(payload);
    let mut d = meta
        .diagnostic(
            0..0,
            format!(
                "internal error in {} {}: {cause}; its findings for this file are missing",
                meta.code, meta.name
            ),
        )
        .with_help("this is a bug in boardlint, not in the file: please report it with the file that triggers it");
    d.severity = crate::diagnostic::Severity::Error;
    d.internal = true;
    d
}

/// Debug builds make the rule named by `BOARDLINT_PANIC_IN_RULE` panic, so
/// tests can show that a failing rule is contained. Release builds never do.
fn inject_panic(code: &str) {
    #[cfg(debug_assertions)]
    {
        static TARGET: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
        let target = TARGET.get_or_init(|| std::env::var("BOARDLINT_PANIC_IN_RULE").ok());
        if target.as_deref() == Some(code) {
            panic!("injected panic in {code}");
        }
    }
    let _ = code;
}

/// Shared imports for rule files.
pub(crate) mod prelude {
    pub use crate::declare_rule;
    pub use crate::diagnostic::Diagnostic;
    pub use crate::model::Transcript;
    pub use crate::records::handoff::Handoff;
    pub use crate::records::handshake::HandshakeLog;
    pub use crate::records::transition::TransitionLog;
    pub use crate::rules::{
        Described, HandoffRule, HandshakeRule, Rule, SessionRule, TransitionRule,
    };
    pub use crate::sessions::Session;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_names_are_unique_and_well_formed() {
        let mut seen = std::collections::HashSet::new();
        for rule in all() {
            let m = rule.meta();
            assert!(seen.insert(m.code), "duplicate code {}", m.code);
            assert!(seen.insert(m.name), "duplicate name {}", m.name);
            assert_eq!(m.code.len(), 4, "{}", m.code);
            assert!(m
                .name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '-' || c.is_ascii_digit()));
            let doc = m.markdown();
            for section in [
                "## What it does",
                "## Why is this bad?",
                "## Example",
                "Use instead:",
            ] {
                assert!(doc.contains(section), "{} lacks {section}", m.code);
            }
        }
    }

    #[test]
    fn finds_rules_by_code_or_name() {
        assert_eq!(find("l001").unwrap().meta().name, "self-invocation");
        assert_eq!(find("Self-Invocation").unwrap().meta().code, "L001");
        assert!(find("Z999").is_none());
    }

    #[test]
    fn large_files_give_what_small_files_give() {
        // Every transcript fixture, repeated past the size from which a
        // file's rules run in parallel.
        let mut text = String::new();
        for fixture in crate::test_support::fixture_texts() {
            text.push_str(&fixture);
            text.push_str("\n\n");
        }
        // Past the size from which a file's RESPONSE fields are parsed on
        // each call instead of kept: the same findings.
        let settings = crate::settings::Settings::default();
        let kept = check(&Transcript::build(&text, &settings));
        let padded = format!("{text}{}", "\n".repeat(crate::model::KEEP_FIELDS_BELOW));
        let reparsed = check(&Transcript::build(&padded, &settings));
        let key = |d: &Diagnostic| (d.code, d.span.clone(), d.message.clone());
        assert!(kept.iter().any(|d| d.code == "R001") && kept.iter().any(|d| d.code == "R005"));
        assert_eq!(
            kept.iter().map(key).collect::<Vec<_>>(),
            reparsed.iter().map(key).collect::<Vec<_>>()
        );
        let source = text.repeat(PARALLEL_RULES_FROM / text.len() + 1);
        let t = Transcript::build(&source, &settings);
        let parallel = check(&t);
        let in_turn = run_family(RULES, 0, &t.settings.rules, |r, out| r.check(&t, out));
        assert!(parallel.len() > 100, "{}", parallel.len());
        assert_eq!(
            parallel.iter().map(key).collect::<Vec<_>>(),
            in_turn.iter().map(key).collect::<Vec<_>>()
        );
    }
}
