use crate::rules::prelude::*;

declare_rule! {
    /// ## What it does
    /// Flags a suppression comment that suppressed nothing
    /// (`<!-- boardlint-disable … -->`, `<!-- boardlint-disable-next-line … -->`,
    /// `<!-- boardlint-disable-file … -->`), and one that names something
    /// that is not a rule code, code prefix or rule name, with the nearest
    /// rule ("did you mean"). A selector that names no rule suppresses
    /// nothing: a typo never silences every rule.
    ///
    /// The suppression pass reports this rule after every other rule has run,
    /// since only then is it known what each comment suppressed.
    ///
    /// ## Why is this bad?
    /// A suppression outlives the problem it was written for. Left in place it
    /// silently hides the next real problem of that rule on that line.
    ///
    /// ## Example
    /// ```transcript
    /// <!-- boardlint-disable-next-line L001 -- legacy transcript -->
    /// CFO: Burn is $280K a month.
    /// ```
    ///
    /// Use instead: remove the comment.
    /// ```transcript
    /// CFO: Burn is $280K a month.
    /// ```
    pub struct UnusedSuppression {
        code: "X001",
        name: "unused-suppression",
        family: Suppression,
        severity: Warning,
        added: "0.1.0",
        summary: "A suppression comment suppresses nothing",
    }
}

impl Rule for UnusedSuppression {
    /// Reported by `crate::suppress::apply`, which knows what each comment
    /// suppressed; nothing to do while the other rules run.
    fn check(&self, _: &Transcript<'_>, _: &mut Vec<Diagnostic>) {}
}
