//! What the loop-prevention rules share: every call chain there is to check,
//! structural and declared, and where a violation is reported.

use crate::diagnostic::Diagnostic;
use crate::model::Transcript;
use crate::roles::Role;
use crate::rules::RuleMeta;

/// What a chain rule says about one chain: its message and help, or `None`
/// when the chain keeps the rule.
pub(super) type Verdict = Option<(String, String)>;

/// Run a chain rule. Each invocation is reported at most once, at its INVOKE
/// marker, whether its structural chain, its declared chain or both break the
/// rule; a standalone CHAIN marker is reported at itself.
pub(super) fn check(
    t: &Transcript<'_>,
    meta: &'static RuleMeta,
    out: &mut Vec<Diagnostic>,
    verdict: impl Fn(&[Role]) -> Verdict,
) {
    for inv in &t.invocations {
        let declared = inv.declared.map(|c| &t.chains[c]);
        let structural = inv
            .structural
            .as_deref()
            .and_then(|c| verdict(c).map(|v| (v, None)));
        let found = structural.or_else(|| {
            let decl = declared?;
            verdict(&decl.roles).map(|v| (v, Some(decl.span.clone())))
        });
        if let Some(((message, help), decl_span)) = found {
            let mut d = meta.diagnostic(inv.span.clone(), message).with_help(help);
            d = match decl_span {
                Some(span) => d
                    .with_label("invoked here")
                    .with_related(span, "declared chain"),
                None => d.with_label("invoked here"),
            };
            out.push(d);
        }
    }
    for chain in t.chains.iter().filter(|c| c.attached.is_none()) {
        if let Some((message, help)) = verdict(&chain.roles) {
            out.push(
                meta.diagnostic(chain.span.clone(), message)
                    .with_help(help)
                    .with_label("declared here"),
            );
        }
    }
}

/// The last two roles are the same: an agent invoking itself.
pub(super) fn is_self_invocation(chain: &[Role]) -> bool {
    chain.len() >= 2 && chain[chain.len() - 1] == chain[chain.len() - 2]
}

/// The first role that appears twice in a chain.
pub(super) fn repeated_role(chain: &[Role]) -> Option<Role> {
    chain
        .iter()
        .enumerate()
        .find(|(i, r)| chain[..*i].contains(r))
        .map(|(_, r)| *r)
}
