use std::collections::HashMap;

use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags two Claude Code records with the same record `uuid`. Records of
    /// one reply share `message.id`; that is not a duplicate.
    ///
    /// ## Why is this bad?
    /// The uuid identifies a record in the thread tree; two records with one
    /// uuid make every child ambiguous, and usually mean a line was written
    /// twice.
    ///
    /// ## Example
    /// ```json
    /// {"type":"assistant","uuid":"b2",…}
    /// {"type":"assistant","uuid":"b2",…}
    /// ```
    ///
    /// Use instead: one uuid per record.
    ///
    /// Not reported: a record that `claude --continue` copied into the new
    /// session, which keeps its uuid under the new `sessionId`.
    pub struct DuplicateId {
        code: "A005",
        name: "duplicate-id",
        family: Session,
        severity: Error,
        added: "0.1.0",
        summary: "Two records share a uuid",
    }
}

impl SessionRule for DuplicateId {
    fn check(&self, s: &Session<'_>, out: &mut Vec<Diagnostic>) {
        let mut seen: HashMap<(u64, &str), &crate::syntax::Span> =
            HashMap::with_capacity(s.log.records.len());
        for r in &s.log.records {
            let Some((uuid, span)) = &r.uuid else {
                continue;
            };
            // A record `--continue` copied into a new session repeats its
            // uuid under the new session's id: only a uuid used twice in
            // one session is a duplicate.
            match seen.get(&(r.session, uuid.as_str())) {
                Some(first) => out.push(
                    self.meta()
                        .diagnostic(
                            span.clone(),
                            format!("the uuid `{uuid}` is already used by an earlier record"),
                        )
                        .with_label("duplicate uuid")
                        .with_related((*first).clone(), "first used here")
                        .with_help("give every record its own uuid"),
                ),
                None => {
                    seen.insert((r.session, uuid), span);
                }
            }
        }
    }
}
