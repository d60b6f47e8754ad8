use std::collections::HashSet;

use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a Claude Code record whose `parentUuid` names no record anywhere
    /// in the file.
    ///
    /// ## Why is this bad?
    /// Records form a tree through `parentUuid`; a parent that is not in the
    /// file means the log was truncated or spliced, and the thread the record
    /// belongs to cannot be rebuilt.
    ///
    /// ## Example
    /// ```json
    /// {"type":"assistant","uuid":"b2","parentUuid":"zz-not-here",…}
    /// ```
    ///
    /// Use instead: keep sessions whole; a resumed session names a parent it
    /// contains.
    ///
    /// Not reported: the records of a compaction sub-agent's log
    /// (`agentId: acompact-…`), whose thread starts in the main session's
    /// file, and `hook_progress` records, whose parent Claude Code 2.1.12
    /// to 2.1.42 name but never write.
    pub struct DanglingParent {
        code: "A004",
        name: "dangling-parent",
        family: Session,
        severity: Warning,
        added: "0.1.0",
        summary: "A record's parent is not in the log",
    }
}

impl SessionRule for DanglingParent {
    fn check(&self, s: &Session<'_>, out: &mut Vec<Diagnostic>) {
        // Room for every record's uuid at once, not grown by doubling.
        let mut known: HashSet<&str> = HashSet::with_capacity(s.log.records.len());
        known.extend(
            s.log
                .records
                .iter()
                .filter_map(|r| r.uuid.as_ref().map(|(u, _)| u.as_str())),
        );
        for r in &s.log.records {
            let Some((parent, span)) = &r.parent else {
                continue;
            };
            if r.detached || known.contains(parent.as_str()) {
                continue;
            }
            out.push(
                self.meta()
                    .diagnostic(
                        span.clone(),
                        format!("parent `{parent}` is not in this log"),
                    )
                    .with_label("dangling parent")
                    .with_help("the log was truncated or spliced; keep sessions whole"),
            );
        }
    }
}
