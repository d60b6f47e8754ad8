use crate::records::handshake::{Link, Protocol, Role};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a plan submission from a teammate that already has a tracked plan
    /// submission pending (not yet decided).
    ///
    /// ## Why is this bad?
    /// Two pending plans from one teammate race: the lead may approve the older
    /// one while the teammate works from the newer, and the gate no longer says
    /// which plan the work follows.
    ///
    /// ## Example
    /// ```json
    /// {"type": "plan_approval_request", "from": "alice", …, "metadata": {"request_id": "req_000101"}}
    /// {"type": "plan_approval_request", "from": "alice", …, "metadata": {"request_id": "req_000102"}}
    /// ```
    ///
    /// Use instead: wait for the decision on the first plan, or withdraw it.
    pub struct SecondPendingPlan {
        code: "H112",
        name: "second-pending-plan",
        family: Handshake,
        severity: Warning,
        added: "0.1.0",
        summary: "A teammate submits a plan while one is pending",
    }
}

impl HandshakeRule for SecondPendingPlan {
    fn check(&self, log: &HandshakeLog<'_>, out: &mut Vec<Diagnostic>) {
        let decided: std::collections::HashMap<usize, usize> = log
            .links
            .iter()
            .filter_map(|(&i, l)| match l {
                Link::Decides(r) => Some((*r, i)),
                _ => None,
            })
            .collect();
        let plans: Vec<usize> = log
            .tracked
            .iter()
            .copied()
            .filter(|&r| log.messages[r].role == Role::Request(Protocol::Plan))
            .collect();
        for (k, &r) in plans.iter().enumerate() {
            let m = &log.messages[r];
            let open = plans[..k].iter().find(|&&p| {
                log.messages[p].from == m.from && decided.get(&p).is_none_or(|&d| d > r)
            });
            let Some(&p) = open else { continue };
            out.push(
                self.meta()
                    .diagnostic(
                        log.field_span(m, "type"),
                        format!(
                            "`{}` submits a plan while another is pending",
                            m.from.clone().unwrap_or_default()
                        ),
                    )
                    .with_label("second pending plan")
                    .with_related(log.messages[p].span.clone(), "pending plan")
                    .with_help(
                        "wait for the decision on the pending plan before submitting another",
                    ),
            );
        }
    }
}
