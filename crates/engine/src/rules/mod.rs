//! The rule registry: every rule, in one list, each with the kind of file
//! it reads. Codes never change and are never reused.
//!
//! Each rule lives in a file of its own, declared with [`declare_rule!`],
//! whose doc comment (What it does / Why is this bad? / Example / Use
//! instead) is the rule's documentation: `boardlint rule CODE` prints it and
//! `docs/rules/CODE.md` is generated from it. Adding a rule is that file and
//! one line of the [`registry!`] below.

use crate::diagnostic::Diagnostic;
use crate::model::Transcript;
use crate::records::handoff::Handoff;
use crate::records::handshake::HandshakeLog;
use crate::records::transition::TransitionLog;
use crate::sessions::Session;
use crate::settings::RuleSelection;

mod meta;
mod run;

mod block_fields;
mod card_util;
mod chains;

pub use meta::{Described, Family, FixSafety, FixScope, RuleFix, RuleMeta};

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

/// A registered rule, by the kind of file it reads.
#[derive(Clone, Copy)]
pub enum Entry {
    Transcript(&'static dyn Rule),
    Handoff(&'static dyn HandoffRule),
    Transition(&'static dyn TransitionRule),
    Handshake(&'static dyn HandshakeRule),
    Session(&'static dyn SessionRule),
}

impl Entry {
    pub fn meta(self) -> &'static RuleMeta {
        match self {
            Entry::Transcript(r) => r.meta(),
            Entry::Handoff(r) => r.meta(),
            Entry::Transition(r) => r.meta(),
            Entry::Handshake(r) => r.meta(),
            Entry::Session(r) => r.meta(),
        }
    }
}

/// Declares each rule's module and lists it, with the kind of file it
/// reads, in [`REGISTRY`]. A rule's position in the list is its index in a
/// [`RuleSelection`]; the list's order is the order of `boardlint rule --all`.
macro_rules! registry {
    ($($kind:ident: $module:ident::$rule:ident,)*) => {
        $(mod $module;)*
        static REGISTRY: &[Entry] = &[$(Entry::$kind(&$module::$rule),)*];
    };
}

registry! {
    Transcript: m001_malformed_marker::MalformedMarker,
    Transcript: m002_unknown_role::UnknownRole,
    Transcript: m003_unbalanced_block::UnbalancedBlock,
    Transcript: m004_leftover_placeholder::LeftoverPlaceholder,
    Transcript: l001_self_invocation::SelfInvocation,
    Transcript: l002_chain_too_deep::ChainTooDeep,
    Transcript: l003_circular_call::CircularCall,
    Transcript: l004_chain_mismatch::ChainMismatch,
    Transcript: l005_blocked_without_assumption::BlockedWithoutAssumption,
    Transcript: l006_missing_chain::MissingChain,
    Transcript: b001_invoke_during_isolation::InvokeDuringIsolation,
    Transcript: b002_invoke_during_critique::InvokeDuringCritique,
    Transcript: b003_broadcast_not_from_ceo::BroadcastNotFromCeo,
    Transcript: b004_phase_out_of_order::PhaseOutOfOrder,
    Transcript: b005_devils_advocate_concerns::DevilsAdvocateConcerns,
    Transcript: b006_contribution_template::ContributionTemplate,
    Transcript: b007_founder_review_gate::FounderReviewGate,
    Transcript: r001_response_missing_field::ResponseMissingField,
    Transcript: r002_invalid_confidence::InvalidConfidence,
    Transcript: r003_supporting_data_count::SupportingDataCount,
    Transcript: r004_multiline_field::MultilineField,
    Transcript: r005_field_order::FieldOrder,
    Transcript: r006_unanswered_invoke::UnansweredInvoke,
    Transcript: r007_unsolicited_response::UnsolicitedResponse,
    Transcript: r008_unanswered_broadcast::UnansweredBroadcast,
    Transcript: c001_card_frame::CardFrame,
    Transcript: c002_missing_section::MissingSection,
    Transcript: c003_section_order::SectionOrder,
    Transcript: c004_too_many_bullets::TooManyBullets,
    Transcript: c005_bottom_line_not_one_sentence::BottomLineNotOneSentence,
    Transcript: c006_why_too_long::WhyTooLong,
    Transcript: c007_action_missing_owner_or_deadline::ActionMissingOwnerOrDeadline,
    Transcript: c008_decision_without_options::DecisionWithoutOptions,
    Transcript: c009_invalid_urgency::InvalidUrgency,
    Transcript: c010_hedging_phrase::HedgingPhrase,
    Transcript: c011_process_narration::ProcessNarration,
    Transcript: c012_vague_risk::VagueRisk,
    Transcript: c013_perspectives_mismatch::PerspectivesMismatch,
    Transcript: q001_unsourced_finding::UnsourcedFinding,
    Transcript: q002_missing_confidence::MissingConfidence,
    Transcript: q003_assumptions_outweigh_confidence::AssumptionsOutweighConfidence,
    Transcript: q004_conflict_without_resolution::ConflictWithoutResolution,
    Transcript: q005_peer_verify_format::PeerVerifyFormat,
    Transcript: q006_critic_screen_format::CriticScreenFormat,
    Transcript: q007_confidence_mismatch::ConfidenceMismatch,
    Transcript: d001_decision_missing_field::DecisionMissingField,
    Transcript: d002_invalid_date::InvalidDate,
    Transcript: d003_review_too_early::ReviewTooEarly,
    Transcript: d004_not_one_owner::NotOneOwner,
    Transcript: d005_rejected_without_flag::RejectedWithoutFlag,
    Transcript: d006_resurfaced_proposal::ResurfacedProposal,
    Transcript: d007_action_item_format::ActionItemFormat,
    Transcript: d008_record_file_name::RecordFileName,
    Transcript: x001_unused_suppression::UnusedSuppression,
    Handoff: p001_missing_field::MissingField,
    Handoff: p002_unknown_status::UnknownStatus,
    Handoff: p003_attempt_out_of_range::AttemptOutOfRange,
    Handoff: p004_unknown_stage::UnknownStage,
    Handoff: p005_blocked_mismatch::BlockedMismatch,
    Handoff: p006_approval_without_commit::ApprovalWithoutCommit,
    Handoff: p007_checks_do_not_allow::ChecksDoNotAllow,
    Handoff: p008_failed_without_failed_check::FailedWithoutFailedCheck,
    Handoff: p009_illegal_routing::IllegalRouting,
    Handoff: p010_malformed_check::MalformedCheck,
    Handoff: p011_secret_in_record::SecretInRecord,
    Handoff: p012_unknown_key::UnknownKey,
    Handoff: p013_moving_ref::MovingRef,
    Handoff: t100_handoff_disagrees_with_log::HandoffDisagreesWithLog,
    Transition: t001_invalid_event::InvalidEvent,
    Transition: t002_time_backwards::TimeBackwards,
    Transition: t003_illegal_transition::IllegalTransition,
    Transition: t004_state_mismatch::StateMismatch,
    Transition: t005_duplicate_run::DuplicateRun,
    Transition: t006_attempt_gap::AttemptGap,
    Transition: t007_attempt_ceiling::AttemptCeiling,
    Transition: t008_approval_not_on_reviewed_commit::ApprovalNotOnReviewedCommit,
    Transition: t009_stale_approval::StaleApproval,
    Transition: t010_stage_skipped::StageSkipped,
    Transition: t011_self_approval::SelfApproval,
    Transition: t012_oversized_log::OversizedLog,
    Transition: t013_secret_in_event::SecretInEvent,
    Transition: t014_blocked_without_blocker::BlockedWithoutBlocker,
    Transition: t015_unblocked_too_early::UnblockedTooEarly,
    Transition: t016_duplicate_event_id::DuplicateEventId,
    Transition: t017_repeated_failure::RepeatedFailure,
    Handshake: h001_invalid_json::InvalidJson,
    Handshake: h002_missing_field::MessageMissingField,
    Handshake: h003_unknown_message_type::UnknownMessageType,
    Handshake: h004_wrong_field_type::WrongFieldType,
    Handshake: h005_request_id_format::RequestIdFormat,
    Handshake: h006_missing_request_id::MissingRequestId,
    Handshake: h007_missing_approve::MissingApprove,
    Handshake: h101_unknown_request::UnknownRequest,
    Handshake: h102_response_kind_mismatch::ResponseKindMismatch,
    Handshake: h103_wrong_responder::WrongResponder,
    Handshake: h104_already_decided::AlreadyDecided,
    Handshake: h105_reused_request_id::ReusedRequestId,
    Handshake: h106_timestamp_backwards::TimestampBackwards,
    Handshake: h107_activity_after_shutdown::ActivityAfterShutdown,
    Handshake: h108_pending_at_end::PendingAtEnd,
    Handshake: h109_rejection_without_feedback::RejectionWithoutFeedback,
    Handshake: h110_wrong_role::WrongRole,
    Handshake: h111_message_to_shut_down_member::MessageToShutDownMember,
    Handshake: h112_second_pending_plan::SecondPendingPlan,
    Handshake: h113_legacy_plan_submission::LegacyPlanSubmission,
    Session: a001_invalid_line::InvalidLine,
    Session: a002_tool_call_without_result::ToolCallWithoutResult,
    Session: a003_result_without_call::ResultWithoutCall,
    Session: a004_dangling_parent::DanglingParent,
    Session: a005_duplicate_id::DuplicateId,
}

/// Every rule, in registry order.
pub fn all() -> &'static [Entry] {
    REGISTRY
}

/// A rule by code (`L001`) or name (`self-invocation`), in any case.
pub fn find(key: &str) -> Option<&'static RuleMeta> {
    all()
        .iter()
        .map(|r| r.meta())
        .find(|m| m.code.eq_ignore_ascii_case(key) || m.name.eq_ignore_ascii_case(key))
}

/// The scope of the fix of the rule of `code`, for the rules that have
/// one (looked up among those few, not among every rule).
pub fn fix_scope(code: &str) -> Option<FixScope> {
    static FIXES: std::sync::OnceLock<Vec<(&'static str, FixScope)>> = std::sync::OnceLock::new();
    let fixes = FIXES.get_or_init(|| {
        all()
            .iter()
            .filter_map(|e| e.meta().fix.map(|f| (e.meta().code, f.scope)))
            .collect()
    });
    fixes.iter().find(|(c, _)| *c == code).map(|(_, s)| *s)
}

/// The family of the rule of `code`.
pub fn family_of(code: &str) -> Option<Family> {
    index_of(code).map(|i| all()[i].meta().family)
}

/// A rule's position in [`all`], by code.
pub fn index_of(code: &str) -> Option<usize> {
    all().iter().position(|r| r.meta().code == code)
}

/// The rules of one kind of file, with their positions in [`all`].
fn of_kind<R: ?Sized + 'static>(
    pick: impl Fn(Entry) -> Option<&'static R>,
) -> impl Iterator<Item = (usize, &'static R)> {
    all()
        .iter()
        .enumerate()
        .filter_map(move |(i, e)| pick(*e).map(|r| (i, r)))
}

/// Run every enabled rule over a transcript, at its configured severity;
/// diagnostics come back in source order. Large transcripts have their
/// rules spread over the thread pool.
pub fn check_transcript(t: &Transcript<'_>, selection: &RuleSelection) -> Vec<Diagnostic> {
    let rules = of_kind(|e| match e {
        Entry::Transcript(r) => Some(r),
        _ => None,
    });
    if t.source.len() >= run::PARALLEL_RULES_FROM {
        let rules: Vec<_> = rules.collect();
        let reads_fields = rules.iter().any(|&(i, r)| {
            selection.is_on(i) && crate::model::FIELD_READERS.contains(&r.meta().code)
        });
        if reads_fields {
            // A panic here is a rule's: those that read the fields meet it
            // again, each contained to its own internal error.
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                crate::model::read_fields_ahead(t)
            }));
        }
        run::parallel(rules, selection, |r, out| r.check(t, out))
    } else {
        run::in_turn(rules, selection, |r, out| r.check(t, out))
    }
}

/// Run every enabled handoff rule over a handoff record.
pub fn check_handoff(record: &Handoff<'_>, selection: &RuleSelection) -> Vec<Diagnostic> {
    let rules = of_kind(|e| match e {
        Entry::Handoff(r) => Some(r),
        _ => None,
    });
    run::in_turn(rules, selection, |r, out| r.check(record, out))
}

/// Run every enabled transition rule over a transition log.
pub fn check_transition(log: &TransitionLog<'_>, selection: &RuleSelection) -> Vec<Diagnostic> {
    let rules = of_kind(|e| match e {
        Entry::Transition(r) => Some(r),
        _ => None,
    });
    run::in_turn(rules, selection, |r, out| r.check(log, out))
}

/// Run every enabled handshake rule over a handshake log.
pub fn check_handshake(log: &HandshakeLog<'_>, selection: &RuleSelection) -> Vec<Diagnostic> {
    let rules = of_kind(|e| match e {
        Entry::Handshake(r) => Some(r),
        _ => None,
    });
    run::in_turn(rules, selection, |r, out| r.check(log, out))
}

/// Run every enabled session rule over a session log.
pub fn check_session(s: &Session<'_>, selection: &RuleSelection) -> Vec<Diagnostic> {
    let rules = of_kind(|e| match e {
        Entry::Session(r) => Some(r),
        _ => None,
    });
    run::in_turn(rules, selection, |r, out| r.check(s, out))
}

/// Shared imports for rule files.
pub(crate) mod prelude {
    pub use crate::diagnostic::Diagnostic;
    pub use crate::model::Transcript;
    pub use crate::records::handoff::Handoff;
    pub use crate::records::handshake::HandshakeLog;
    pub use crate::records::transition::TransitionLog;
    pub(crate) use crate::rules::meta::declare_rule;
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
    fn a_rules_family_is_its_code_letters_and_its_kind_of_file_agrees() {
        let letters = [
            ('M', Family::Marker),
            ('L', Family::Loop),
            ('B', Family::Board),
            ('R', Family::Response),
            ('C', Family::Card),
            ('Q', Family::Quality),
            ('X', Family::Suppression),
            ('D', Family::Decision),
            ('P', Family::Handoff),
            ('T', Family::Transition),
            ('H', Family::Handshake),
            ('A', Family::Session),
        ];
        for entry in all() {
            let m = entry.meta();
            let letter = m.code.chars().next().unwrap();
            let by_letter = letters.iter().find(|(l, _)| *l == letter).unwrap().1;
            // T100 reads a handoff record, against its transition log.
            let expected = if m.code == "T100" {
                Family::Handoff
            } else {
                by_letter
            };
            assert_eq!(m.family, expected, "{}", m.code);
            let kind_agrees = match entry {
                Entry::Handoff(_) => m.family == Family::Handoff,
                Entry::Transition(_) => m.family == Family::Transition,
                Entry::Handshake(_) => m.family == Family::Handshake,
                Entry::Session(_) => m.family == Family::Session,
                Entry::Transcript(_) => !matches!(
                    m.family,
                    Family::Handoff | Family::Transition | Family::Handshake | Family::Session
                ),
            };
            assert!(
                kind_agrees,
                "{} is filed with the wrong kind of file",
                m.code
            );
            assert!(!m.added.is_empty() && m.added.split('.').all(|n| n.parse::<u32>().is_ok()));
        }
        // The rules with a fix, and where it starts.
        let fixes: Vec<_> = all()
            .iter()
            .filter_map(|e| Some((e.meta().code, e.meta().fix?.scope)))
            .collect();
        assert_eq!(
            fixes,
            [
                ("R005", FixScope::Block),
                ("C001", FixScope::Card),
                ("C003", FixScope::Card)
            ]
        );
        assert_eq!(fix_scope("R005"), Some(FixScope::Block));
        assert_eq!(fix_scope("C002"), None);
        assert_eq!(family_of("C010"), Some(Family::Card));
        assert_eq!(family_of("Z999"), None);
    }

    #[test]
    fn finds_rules_by_code_or_name() {
        assert_eq!(find("l001").unwrap().name, "self-invocation");
        assert_eq!(find("Self-Invocation").unwrap().code, "L001");
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
        // RESPONSE fields parsed on each call instead of kept (as in a large
        // file of many block lines): the same findings.
        let settings = crate::settings::Settings::default();
        let kept = check_transcript(&crate::model::build(&text, &settings), &settings.rules);
        let mut t = crate::model::build(&text, &settings);
        t.keep_fields = false;
        let reparsed = check_transcript(&t, &settings.rules);
        let key = |d: &Diagnostic| (d.code, d.span.clone(), d.message.clone());
        assert!(kept.iter().any(|d| d.code == "R001") && kept.iter().any(|d| d.code == "R005"));
        assert_eq!(
            kept.iter().map(key).collect::<Vec<_>>(),
            reparsed.iter().map(key).collect::<Vec<_>>()
        );
        let source = text.repeat(run::PARALLEL_RULES_FROM / text.len() + 1);
        let t = crate::model::build(&source, &settings);
        let parallel = check_transcript(&t, &settings.rules);
        let transcript_rules = of_kind(|e| match e {
            Entry::Transcript(r) => Some(r),
            _ => None,
        });
        let in_turn = run::in_turn(transcript_rules, &settings.rules, |r, out| r.check(&t, out));
        assert!(parallel.len() > 100, "{}", parallel.len());
        assert_eq!(
            parallel.iter().map(key).collect::<Vec<_>>(),
            in_turn.iter().map(key).collect::<Vec<_>>()
        );
    }
}
