use crate::model::FieldName;
use crate::rules::prelude::*;
use crate::syntax::BlockKind;

declare_rule! {
    /// ## What it does
    /// Flags a `[RESPONSE:role]` block that lacks one of its four fields:
    /// `Key finding:`, `Supporting data:`, `Confidence:`, `Caveat:`. Labels
    /// match in any case. An unclosed block (M003) is checked too, up to
    /// where it ends for the model: the next speaker line of another role,
    /// a heading, a sibling RESPONSE opener, or a paragraph that is no part
    /// of a response.
    ///
    /// ## Why is this bad?
    /// Invoked agents answer in one fixed structure (agent-protocol, Response
    /// Format) so that the caller can read the answer, weigh it by its
    /// confidence and know what would make it wrong.
    ///
    /// ## Example
    /// ```transcript
    /// [RESPONSE:cfo]
    /// Key finding: Two hires fit the H2 budget; a third does not.
    /// Supporting data:
    ///   - H2 headcount budget left: $340K
    ///   - Two hires cost $270K fully loaded
    /// [/RESPONSE]
    /// ```
    ///
    /// Use instead:
    /// ```transcript
    /// [RESPONSE:cfo]
    /// Key finding: Two hires fit the H2 budget; a third does not.
    /// Supporting data:
    ///   - H2 headcount budget left: $340K
    ///   - Two hires cost $270K fully loaded
    /// Confidence: high
    /// Caveat: A bridge round would change the budget entirely.
    /// [/RESPONSE]
    /// ```
    pub struct ResponseMissingField {
        code: "R001",
        name: "response-missing-field",
        family: Response,
        severity: Error,
        added: "0.1.0",
        summary: "A RESPONSE block lacks one of its four fields",
    }
}

impl Rule for ResponseMissingField {
    fn check(&self, t: &Transcript<'_>, out: &mut Vec<Diagnostic>) {
        for block in t
            .blocks
            .iter()
            .filter(|b| b.kind == BlockKind::Response)
        {
            let fields = crate::model::response_fields(t, block);
            let missing: Vec<&str> = FieldName::ALL
                .into_iter()
                .filter(|f| fields.get(*f).is_none())
                .map(FieldName::label)
                .collect();
            if missing.is_empty() {
                continue;
            }
            let list = join_and(&missing.iter().map(|m| format!("`{m}`")).collect::<Vec<_>>());
            out.push(
                self.meta()
                    .diagnostic(block.open.clone(), format!("`{}` is missing {list}", t.text(&block.open)))
                    .with_label("incomplete response")
                    .with_help(
                        "a response has, in order: `Key finding:` (one line), `Supporting data:` (2–3 `  - ` \
                         points), `Confidence: high|medium|low` and `Caveat:` (one line)",
                    ),
            );
        }
    }
}

fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
