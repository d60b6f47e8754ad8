//! Arbitrary text and marker soup never make `check` or `fmt` panic, and
//! `fmt` stays idempotent on them.

use boardlint::format::{format, FormatOptions};
use boardlint::settings::Settings;
use proptest::prelude::*;

const PIECES: &[&str] = &[
    "[INVOKE:cfo|",
    "[INVOKE:",
    "[RESPONSE:cro]",
    "[/RESPONSE]",
    "[CHAIN: a → b]",
    "[CHAIN:",
    "]",
    "[",
    "`",
    "```",
    "```transcript\n",
    "\n",
    "\n\n",
    "\r\n",
    "CFO: ",
    "## CEO — x\n",
    "Phase 2:",
    "━━━━━━━━━━━━",
    "📊 CFO — T\n",
    "BOTTOM LINE\n",
    "WHAT\n",
    "• ",
    "- ",
    "1. ",
    "**Bottom Line:** ",
    "Key finding: ",
    "Confidence: ",
    "🟢 ",
    "Low",
    "[CONFLICT DETECTED]",
    "[/CONFLICT]",
    "[PEER-VERIFY:cfo]",
    "[CRITIC-SCREEN]",
    "<!-- boardlint-disable L001 -->",
    "<!-- boardlint-enable -->",
    "İ",
    "ẞ",
    "Ω",
    "é",
    "\u{0}",
    "\t",
    "→",
    "—",
    "(owner: x, due: 1)",
    "$2.5M",
    "---\n",
    "OPÇÃO A: x — y",
    "URGÊNCIA: 🔴 Agir hoje",
    "Option A:",
    "> ",
    "   ",
    "x",
];

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            prop::sample::select(PIECES).prop_map(str::to_string),
            any::<String>()
        ],
        0..60,
    )
    .prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn check_and_fmt_never_panic(source in soup()) {
        let settings = Settings::default();
        let _ = boardlint::check_source(&source, &settings);
        let once = format(&source, &settings, &FormatOptions::default());
        let _ = boardlint::check_source(&once, &settings);
        let twice = format(&once, &settings, &FormatOptions::default());
        prop_assert_eq!(once, twice);
    }
}
