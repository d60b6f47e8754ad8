//! Pipeline transition logs: JSONL, one event a line,
//! `{at, task_id, stage, attempt, prev_state, new_state, actor,
//! refs: {input, output}, reason?, checks?, blocked_by?, failure?,
//! event_id?}`.
//!
//! A run is (task_id, stage, attempt). Each event moves one run from
//! `prev_state` to `new_state`; the log is read in file order.

use serde_json::{Map, Value};

use crate::settings::Settings;
use crate::syntax::Span;

/// The moves a run may make: (from, to); `none` is before the first event.
pub const TRANSITIONS: [(&str, &str); 9] = [
    ("none", "queued"),
    ("queued", "running"),
    ("queued", "blocked"),
    ("running", "ready_for_review"),
    ("running", "failed"),
    ("running", "blocked"),
    ("blocked", "queued"),
    ("ready_for_review", "approved"),
    ("ready_for_review", "failed"),
];

/// The states a run may be in.
pub const STATES: [&str; 7] = [
    "none",
    "queued",
    "running",
    "blocked",
    "failed",
    "ready_for_review",
    "approved",
];

/// A run: one attempt of one stage of one task.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RunKey {
    pub task: String,
    pub stage: String,
    pub attempt: u64,
}

/// One well-formed event.
#[derive(Debug, Clone)]
pub struct Event {
    /// 0-based index of its line.
    pub line: usize,
    /// The line, without its terminator.
    pub span: Span,
    pub object: Map<String, Value>,
    pub at: Timestamp,
    pub run: RunKey,
    /// `none` when the event starts a run (`prev_state` null or `"none"`).
    pub prev: String,
    pub new: String,
    pub actor: String,
    pub input: Option<String>,
    pub output: Option<String>,
}

impl Event {
    /// The blockers that are tasks: those in `blocked_by` that are no
    /// permission or human decision (see [`is_task_blocker`]).
    pub fn task_blockers(&self) -> Vec<String> {
        let mut blockers = self.blockers();
        blockers.retain(|b| is_task_blocker(b));
        blockers
    }

    /// The class of the failure this event records, when it says one: its
    /// `failure` field (`timeout`, `stale_input`, …, compared in any case),
    /// else the names of the checks it reports failed (`check:lint,unit`).
    /// `None` when it names neither: a `reason` is free text, not a class.
    pub fn failure_class(&self) -> Option<String> {
        if let Some(Value::String(class)) = self.object.get("failure") {
            let class = class.trim();
            if !class.is_empty() {
                return Some(class.to_ascii_lowercase());
            }
        }
        let mut failed: Vec<&str> = self
            .object
            .get("checks")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter(|c| {
                c.get("result")
                    .and_then(Value::as_str)
                    .and_then(super::handoff::check_result)
                    == Some("failed")
            })
            .filter_map(|c| c.get("name").and_then(Value::as_str))
            .collect();
        failed.sort_unstable();
        failed.dedup();
        (!failed.is_empty()).then(|| format!("check:{}", failed.join(",")))
    }

    /// Tasks named in `blocked_by` (a string or a list of strings).
    pub fn blockers(&self) -> Vec<String> {
        match self.object.get("blocked_by") {
            Some(Value::String(s)) if !s.trim().is_empty() => vec![s.clone()],
            Some(Value::Array(items)) => items
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// Whether a blocker is a task, which must reach `approved` before the run
/// it blocks goes on. A permission (`permission:deploy-prod`) or a human
/// decision (`human:cfo-signoff`), the other things a run waits on
/// (docs/records.md), is granted outside the pipeline and has no state in
/// the log.
pub fn is_task_blocker(blocker: &str) -> bool {
    !["permission:", "human:"]
        .iter()
        .any(|kind| blocker_is(blocker, kind))
}

/// Whether a blocker is a person's decision (`human:NAME`).
pub fn is_human_blocker(blocker: &str) -> bool {
    blocker_is(blocker, "human:")
}

/// Whether a blocker is of a kind (`permission:`, `human:`), in any case.
fn blocker_is(blocker: &str, kind: &str) -> bool {
    blocker
        .trim()
        .get(..kind.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(kind))
}

/// An RFC 3339 time, as seconds since the epoch plus nanoseconds, for
/// ordering.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Timestamp(pub i64, pub u32);

impl Timestamp {
    /// `2026-03-05T14:02:00Z`, `2026-03-05T14:02:00.5+01:00`.
    pub fn parse(s: &str) -> Option<Timestamp> {
        let b = s.as_bytes();
        if b.len() < 20 || !matches!(b[10], b'T' | b't' | b' ') || b[13] != b':' || b[16] != b':' {
            return None;
        }
        let date = crate::date::Date::parse(&s[..10])?;
        let num = |r: std::ops::Range<usize>| s.get(r)?.parse::<i64>().ok();
        let (h, m, sec) = (num(11..13)?, num(14..16)?, num(17..19)?);
        if h > 23 || m > 59 || sec > 60 {
            return None;
        }
        let mut rest = &s[19..];
        let mut nanos = 0u32;
        if let Some(frac) = rest.strip_prefix('.') {
            let digits: String = frac.chars().take_while(char::is_ascii_digit).collect();
            if digits.is_empty() {
                return None;
            }
            let padded = format!("{:0<9}", &digits[..digits.len().min(9)]);
            nanos = padded.parse().ok()?;
            rest = &frac[digits.len()..];
        }
        let offset = match rest {
            "Z" | "z" => 0,
            _ => {
                let sign = match rest.as_bytes().first()? {
                    b'+' => 1,
                    b'-' => -1,
                    _ => return None,
                };
                if rest.len() != 6 || rest.as_bytes()[3] != b':' {
                    return None;
                }
                sign * (rest[1..3].parse::<i64>().ok()? * 3600
                    + rest[4..6].parse::<i64>().ok()? * 60)
            }
        };
        Some(Timestamp(
            date.ordinal() * 86_400 + h * 3600 + m * 60 + sec - offset,
            nanos,
        ))
    }
}

/// A line that is not a well-formed event, and why.
#[derive(Debug, Clone)]
pub struct Invalid {
    pub span: Span,
    pub message: String,
}

/// A transition log, parsed line by line; a bad line never stops the rest.
#[derive(Debug)]
pub struct TransitionLog<'a> {
    pub source: &'a str,
    pub settings: &'a Settings,
    pub events: Vec<Event>,
    pub invalid: Vec<Invalid>,
    /// Each line's span and raw length, for size checks.
    pub lines: Vec<Span>,
}

impl<'a> TransitionLog<'a> {
    pub fn parse(source: &'a str, settings: &'a Settings) -> Self {
        let mut log = TransitionLog {
            source,
            settings,
            events: Vec::new(),
            invalid: Vec::new(),
            lines: Vec::new(),
        };
        let mut offset = 0;
        for (i, raw) in source.split_inclusive('\n').enumerate() {
            let text = raw.trim_end_matches(['\n', '\r']);
            let span = offset..offset + text.len();
            offset += raw.len();
            log.lines.push(span.clone());
            if text.trim().is_empty() {
                continue;
            }
            match read_event(i, span.clone(), text) {
                Ok(event) => log.events.push(event),
                Err(message) => log.invalid.push(Invalid {
                    span: field_or_line(text, &span, &message),
                    message: message.1,
                }),
            }
        }
        log
    }

    /// The span of a field in an event's line: from its key to the end of
    /// its value's first token; the line when the key is not found.
    pub fn field_span(&self, event: &Event, key: &str) -> Span {
        key_span(&self.source[event.span.clone()], &event.span, key)
    }

    /// The last event of each run, for checking handoff records against.
    pub fn run_ends(&self, path: &str) -> Vec<crate::context::RunEnd> {
        let mut ends: Vec<crate::context::RunEnd> = Vec::new();
        for e in &self.events {
            let end = crate::context::RunEnd {
                task: e.run.task.clone(),
                stage: e.run.stage.clone(),
                attempt: e.run.attempt,
                state: e.new.clone(),
                input: e.input.clone(),
                output: e.output.clone(),
                path: path.to_string(),
                line: e.line + 1,
            };
            match ends
                .iter_mut()
                .find(|x| x.task == end.task && x.stage == end.stage && x.attempt == end.attempt)
            {
                Some(x) => *x = end,
                None => ends.push(end),
            }
        }
        ends
    }

    /// Whether a ref is a commit hash.
    pub fn is_commit(r: &str) -> bool {
        crate::records::handoff::is_commit(r)
    }
}

fn key_span(text: &str, line: &Span, key: &str) -> Span {
    let needle = format!("\"{key}\"");
    match text.find(&needle) {
        Some(i) => line.start + i..line.start + i + needle.len(),
        None => line.clone(),
    }
}

fn field_or_line(text: &str, line: &Span, error: &(Option<String>, String)) -> Span {
    match &error.0 {
        Some(key) => key_span(text, line, key),
        None => line.clone(),
    }
}

/// Read one event; the error names the field when one is at fault.
fn read_event(line: usize, span: Span, text: &str) -> Result<Event, (Option<String>, String)> {
    let value: Value = serde_json::from_str(text).map_err(|e| (None, format!("not JSON: {e}")))?;
    let Value::Object(object) = value else {
        return Err((None, "not a JSON object".into()));
    };
    let string = |key: &str| -> Result<String, (Option<String>, String)> {
        match object.get(key) {
            Some(Value::String(s)) => Ok(s.clone()),
            Some(_) => Err((Some(key.into()), format!("`{key}` is not a string"))),
            None => Err((Some(key.into()), format!("`{key}` is missing"))),
        }
    };
    let at_text = string("at")?;
    let at = Timestamp::parse(&at_text).ok_or((
        Some("at".into()),
        format!("`at` is not an RFC 3339 time: `{at_text}`"),
    ))?;
    let task = string("task_id")?;
    let stage = string("stage")?;
    let attempt = match object.get("attempt") {
        Some(Value::Number(n)) => n.as_u64().ok_or((
            Some("attempt".into()),
            "`attempt` is not a positive integer".into(),
        ))?,
        Some(_) => return Err((Some("attempt".into()), "`attempt` is not an integer".into())),
        None => return Err((Some("attempt".into()), "`attempt` is missing".into())),
    };
    let prev = match object.get("prev_state") {
        Some(Value::Null) => "none".to_string(),
        Some(Value::String(s)) => s.clone(),
        Some(_) => {
            return Err((
                Some("prev_state".into()),
                "`prev_state` is not a string or null".into(),
            ))
        }
        None => return Err((Some("prev_state".into()), "`prev_state` is missing".into())),
    };
    let new = string("new_state")?;
    for (key, state) in [("prev_state", &prev), ("new_state", &new)] {
        if !STATES.contains(&state.as_str()) {
            return Err((Some(key.into()), format!("`{state}` is not a state")));
        }
    }
    let actor = string("actor")?;
    let refs = match object.get("refs") {
        Some(Value::Object(r)) => r,
        Some(_) => return Err((Some("refs".into()), "`refs` is not an object".into())),
        None => return Err((Some("refs".into()), "`refs` is missing".into())),
    };
    let reference = |key: &str| -> Result<Option<String>, (Option<String>, String)> {
        match refs.get(key) {
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(Value::Null) | None => Ok(None),
            Some(_) => Err((
                Some("refs".into()),
                format!("`refs.{key}` is not a string or null"),
            )),
        }
    };
    let (input, output) = (reference("input")?, reference("output")?);
    Ok(Event {
        line,
        span,
        at,
        run: RunKey {
            task,
            stage,
            attempt,
        },
        prev,
        new,
        actor,
        input,
        output,
        object,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permissions_and_human_decisions_are_no_task_blockers() {
        for blocker in ["permission:deploy-prod", "HUMAN:cfo-signoff", " human:x"] {
            assert!(!is_task_blocker(blocker), "{blocker}");
        }
        for blocker in ["PAY-398", "permissions-review", "humane-ux", "é", ""] {
            assert!(is_task_blocker(blocker), "{blocker}");
        }
    }

    fn event(json: &str) -> Event {
        let settings = Settings::default();
        let log = TransitionLog::parse(json, &settings);
        log.events.into_iter().next().expect("a well-formed event")
    }

    #[test]
    fn a_failure_class_is_the_failure_field_else_the_failed_checks() {
        let head = r#"{"at":"2026-03-05T14:01:00Z","task_id":"T","stage":"implement","attempt":1,"prev_state":"running","new_state":"failed","actor":"a","refs":{"input":null,"output":null}"#;
        let with = |rest: &str| event(&format!("{head}{rest}}}\n"));
        assert_eq!(
            with(r#","failure":" Timeout ""#).failure_class().as_deref(),
            Some("timeout")
        );
        let checks = r#","checks":[{"name":"unit","result":"fail"},{"name":"lint","result":"failed"},{"name":"e2e","result":"passed"}]"#;
        assert_eq!(
            with(checks).failure_class().as_deref(),
            Some("check:lint,unit")
        );
        assert_eq!(
            with(r#","reason":"unit tests failed""#).failure_class(),
            None
        );
        assert_eq!(with(r#","failure":"""#).failure_class(), None);
    }

    #[test]
    fn timestamps_order_across_offsets() {
        let a = Timestamp::parse("2026-03-05T14:02:00Z").unwrap();
        let b = Timestamp::parse("2026-03-05T15:01:00+01:00").unwrap();
        assert!(b < a);
        assert!(Timestamp::parse("2026-03-05T14:02:00.250Z").unwrap() > a);
        assert!(Timestamp::parse("2026-03-05 14:02").is_none());
        assert!(Timestamp::parse("2026-02-30T00:00:00Z").is_none());
    }

    #[test]
    fn reads_events_and_reports_the_field_at_fault() {
        let settings = Settings::default();
        let text = "{\"at\":\"2026-03-05T14:02:00Z\",\"task_id\":\"T\",\"stage\":\"implement\",\"attempt\":1,\"prev_state\":null,\"new_state\":\"queued\",\"actor\":\"orchestrator\",\"refs\":{\"input\":\"3f9c2ab\",\"output\":null}}\nnot json\n{\"at\":\"soon\"}\n";
        let log = TransitionLog::parse(text, &settings);
        assert_eq!(log.events.len(), 1);
        assert_eq!(log.events[0].prev, "none");
        assert_eq!(log.invalid.len(), 2);
        assert_eq!(&text[log.invalid[1].span.clone()], "\"at\"");
    }
}
