//! Shapes that must not crash the checker. Sizes are chosen to finish in
//! seconds in a debug build; speed itself is measured by benchmarks, not here.

fn check(source: &str) -> Vec<boardlint::Diagnostic> {
    boardlint::Engine::default().check(None, source)
}

fn response(role: &str) -> String {
    format!(
        "[RESPONSE:{role}]\nKey finding: fine.\nSupporting data:\n  - one\n  - two\nConfidence: low\nCaveat: none.\n"
    )
}

#[test]
fn a_hundred_nested_response_blocks() {
    let mut text = String::new();
    for _ in 0..100 {
        text.push_str(&response("cfo"));
    }
    for _ in 0..100 {
        text.push_str("[/RESPONSE]\n");
    }
    let diagnostics = check(&text);
    // Every block is closed; each answers nothing in a file with no invocation.
    assert!(
        diagnostics.iter().all(|d| d.code != "M003"),
        "{diagnostics:?}"
    );
}

#[test]
fn a_hundred_thousand_unclosed_openers_do_not_overflow_the_stack() {
    let text = "[RESPONSE:cfo]\n".repeat(100_000);
    let diagnostics = check(&text);
    assert_eq!(
        diagnostics.iter().filter(|d| d.code == "M003").count(),
        100_000
    );
}

#[test]
fn a_ten_megabyte_transcript() {
    let unit = format!(
        "## CRO\n\nCRO → [INVOKE:cfo|What is the Q3 budget for the [EMEA] team?]\n\n{}[/RESPONSE]\n\n\
         Some prose about the plan, with `[INVOKE:cfo|quoted]` code and a [link](https://example.com).\n\n",
        response("cfo")
    );
    let text = unit.repeat(10 * 1024 * 1024 / unit.len() + 1);
    assert!(text.len() >= 10 * 1024 * 1024);
    let diagnostics = check(&text);
    assert!(
        diagnostics.is_empty(),
        "{:?}",
        &diagnostics[..diagnostics.len().min(3)]
    );
}

#[test]
fn brackets_and_unclosed_markers_in_bulk() {
    for text in [
        "[".repeat(200_000),
        "[INVOKE:".repeat(50_000),
        "[INVOKE:cfo|a ".repeat(50_000),
        "`".repeat(100_000),
    ] {
        let diagnostics = check(&text);
        assert!(diagnostics.len() <= text.len());
    }
}

#[test]
fn one_long_line_and_mixed_line_endings() {
    let long = "word ".repeat(400_000);
    assert!(check(&long).is_empty());
    let mixed = "CFO: hi\r\n[INVOKE:cfo|self?]\r\n\n\u{FEFF}text\r\n";
    let d = check(mixed);
    assert_eq!(d.iter().map(|d| d.code).collect::<Vec<_>>(), ["L001"]);
}

fn format(source: &str) -> String {
    boardlint::Engine::default()
        .format(None, source)
        .expect("a text with no path is a transcript or a decision log, and formatted")
}

#[test]
fn twenty_thousand_nested_response_blocks() {
    let mut text = "[RESPONSE:cfo]\n".repeat(20_000);
    text.push_str(&"[/RESPONSE]\n".repeat(20_000));
    let diagnostics = check(&text);
    assert!(diagnostics.iter().all(|d| d.code != "M003"));
    assert_eq!(format(&format(&text)), format(&text));
}

#[test]
fn bulk_brackets_and_unclosed_invocations_format_losslessly() {
    for text in ["[".repeat(1 << 18), "[INVOKE:".repeat((1 << 18) / 8)] {
        let diagnostics = check(&text);
        assert!(diagnostics.len() <= text.len());
        assert_eq!(format(&text).trim_end(), text.trim_end());
    }
}

#[test]
fn twenty_thousand_bullets_in_one_section() {
    let mut text = String::from("━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n📊 CFO — Q3\n━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n\nBOTTOM LINE\nGo. — Confidence: 🟢 High\n\nWHAT\n");
    for i in 0..20_000 {
        text.push_str(&format!("• item {i} (from ledger) 🟢\n"));
    }
    let diagnostics = check(&text);
    // One bullet-limit finding for the section, not one per bullet.
    assert!(diagnostics.len() < 100, "{}", diagnostics.len());
    let once = format(&text);
    assert_eq!(format(&once), once);
}

#[test]
fn a_ten_thousand_role_chain() {
    let roles = ["cfo", "cro", "cmo", "coo", "cto"];
    let chain: Vec<&str> = (0..10_000).map(|i| roles[i % roles.len()]).collect();
    let text = format!("[CHAIN: {}]\n", chain.join(" → "));
    let diagnostics = check(&text);
    assert!(
        !diagnostics.is_empty(),
        "a chain that deep and circular is reported"
    );
    assert!(diagnostics.len() < 100, "{}", diagnostics.len());
    let once = format(&text);
    assert_eq!(format(&once), once);
}

#[test]
fn an_eight_megabyte_single_line() {
    let line = "[INVOKE:cfo|x] word ".repeat(400_000);
    assert!(line.len() >= 8_000_000);
    let diagnostics = check(&line);
    assert!(diagnostics.len() <= 800_000);
}

/// Fuzzing regression (check_transcript): four data points with the first
/// on the `Supporting data:` line made R003 index a fourth bullet that does
/// not exist. The related span now points at the real fourth point.
#[test]
fn fuzz_regression_r003_first_point_on_the_label_line() {
    let source = "<!-- a response with four supporting data points[RESPONSE: -->\n[RESPONSE:cmo]\nKey finding: Webinars produce pipeline at half the cost of trade shows.\nSupporting data:\u{e}  - Webinars: $1.9K cost per opportunity\n  - Trade shows: $4.1K cost per opportunity\n  - Webinar opportunities close at 24%, trade shows at 27%\n  - Webinar attendance grew 30% since January\nConfidence: medium\nCaveat: Trade shows also produce partner leads that are not counted.\n[/RESPONSE]\n";
    let diagnostics = check(source);
    let r003 = diagnostics
        .iter()
        .find(|d| d.code == "R003")
        .expect("R003 reports four points");
    assert!(r003.message.contains("4 data points"), "{}", r003.message);
    let (span, _) = r003
        .related
        .iter()
        .find(|(_, label)| label == "fourth point")
        .expect("the fourth point is related");
    assert_eq!(
        &source[span.clone()],
        "  - Webinar attendance grew 30% since January"
    );
    assert!(diagnostics.iter().all(|d| !d.internal));
}
