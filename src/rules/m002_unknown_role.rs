use crate::roles::BROADCAST_TARGET;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a role token in a marker that is not one of the valid roles
    /// (`ceo cfo cro cmo cpo cto chro coo ciso gc cdo caio cco vpe`, plus any
    /// configured in `roles`). Tokens match in any case. `all` is valid only
    /// as a BROADCAST target.
    ///
    /// An invocation of an unknown role takes no part in chains or answers.
    ///
    /// ## Why is this bad?
    /// An invocation of a role that does not exist is never answered, and a
    /// chain naming one cannot be checked.
    ///
    /// ## Example
    /// ```transcript
    /// [INVOKE:board|Should we raise a bridge round?]
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// [INVOKE:ceo|Should we raise a bridge round?]
    /// ```
    pub struct UnknownRole {
        code: "M002",
        name: "unknown-role",
        severity: Error,
        summary: "A marker names a role outside the valid set",
    }
}

impl Rule for UnknownRole {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        let valid: Vec<&str> = t.roles().names().collect();
        for u in &t.unknown_roles {
            let (message, help) = if u.token.eq_ignore_ascii_case(BROADCAST_TARGET) {
                (
                    format!(
                        "`{}` is only valid as a BROADCAST target, not in {}",
                        u.token, u.marker
                    ),
                    "to ask every role at once, the CEO writes `[BROADCAST:all|question]`"
                        .to_string(),
                )
            } else {
                let hint = t
                    .roles()
                    .suggest(&u.token)
                    .map(|s| format!("did you mean `{s}`? "))
                    .unwrap_or_default();
                (
                    format!("`{}` is not a valid role", u.token),
                    format!(
                        "{hint}valid roles are {}; add others with the `roles` setting",
                        valid.join(", ")
                    ),
                )
            };
            out.push(
                self.meta()
                    .diagnostic(u.span.clone(), message)
                    .with_label("unknown role")
                    .with_help(help),
            );
        }
    }
}
