//! The scanner held to the grammar: every input the line scanner reads
//! (`syntax::parse_with`) equals what the grammar-based reader (`spec`)
//! reads, and the scanner's literal tables are the grammar's literals.

use std::collections::HashMap;

use pest_meta::ast::Expr;
use proptest::prelude::*;

use super::scan::{
    BOLD, BOM, BRACKET_FOLLOWS, BULLETS, CARD_EMOJIS, CHAIN_ARROWS, COMMENT_CLOSE, COMMENT_OPEN,
    FENCE_CHARS, FRAME, FRAME_MIN, FRONT_MATTER_CLOSE, FRONT_MATTER_OPEN, HEADER_DASHES,
    HEADER_WORDS_MAX, KEYWORDS, LEAD_ARROWS, LINT_INFOS, MARKERS, NUMBER_ENDS, PHASE_WORDS,
    SEPARATORS, SOURCE_TAGS, WORD_ASCII, WORD_OTHER,
};
use super::{parse_apart, parse_in_pieces, parse_split_at, parse_with, spec};

#[path = "../../../../tests/common/pieces.rs"]
mod pieces;

#[test]
fn items_parse_exactly_as_one_pass() {
    let mut sources = vec![
        "---\nspeaker: cfo\n---\n\nCFO: a\n\n```text\n[INVOKE:cfo|x]\n\n\n```\n\n[INVOKE:cfo|two\nlines]\n\n".to_string(),
        "[INVOKE:cfo|unclosed\n\n```transcript\nCFO: in\n\n[RESPONSE:cfo]\n```\nafter\r\n\r\nend".to_string(),
        // A bare list marker or heading is a list item or a heading
        // with no content.
        "x\n*\n#\n1.\n- \n## \n#x\n-x\n*".to_string(),
        // Shapes the line scanner decides by hand: every lead, phase
        // and heading form, quotes, CRLF, lone CRs and unicode words.
        concat!(
            "## Phase 2: Contributions\n## phase 12 — x\n## Phase 1234 x\n#phase\n####### x\n    # x\n   # x\n",
            "Phase 3\nPHASE 4 - a\nPhase 5 x\nPhase\t6:\r\n**CFO:** a\n**CFO**: b\n__init__: c\nKey finding: d\n",
            "Fase 2 — Análise\n## FASE 3 Crítica\n**Phase 2 — Independent**\n**Fase 3:** b\n__Phase 4__\r\n**Phase 5**x\n**Phase 6 — a** b\n**Phase 7 — a*** \n## **Fase 8 — c**\n",
            "[VERIFIED] [ASSUMED ] [VERIFIED\t] [/VERIFIED] [VERIFIED/ASSUMED] [VERIFIED:x] [INVOKE:cfo|is it [VERIFIED]?]\n",
            "[INVOKE:jurídico|q] [RESPONSE:financeiro] [CHAIN: cro → jurídico] [INVOKE:juri\u{301}dico|q] [INVOKE:ção|q] [INVOKE:é1_|q] [INVOKE:1a|q] [INVOKE:\u{301}a|q]\n",
            "a b c d e f: six\na b c d e f g: seven\nIf wrong, the cost is: e\nÉquipe financière: f\nx²: g\n",
            "CRO → [INVOKE:cfo|q]\n**CRO** -> `[INVOKE:cfo|q]`\nCRO → no\n<!-- boardlint-disable L001 -->\n",
            "<!-- open\n<!-- a --> b\n<!---->\n📊 CFO — T\n🚩\n📋  BOARD\n> quoted\n>> > deep: x\n> \n>\n",
            // Card headers: the header's shape, and emoji lines that lack it.
            "📊 **CFO** — T\n📊 [ROLE] — [Topic]\n📋 REUNIÃO DE CONSELHO — d — t\n📋 a b c d e — x\n📋 a b c d — x\n",
            "🚩 CTO - Proactive Alert\n🚩 CTO -x\n🚩 CTO- x\n📊 CTO –x\n📊 Test results: 12 passed\n📋 **John:** x\n",
            "## 📋 Summary\n### 📊 CFO — x\n📊\t_cfo_\t— x\n📊 CFO — \n📊 CFO  — x\n📊 [CFO — x\n📊 CFO] — x\n📊 **CFO — x\n",
            "   \n\t\n \r\n\r\nlone\rcr\n\r\r\n- \r\n-\tx\n+ y\n• z\n•z\n123456789. n\n1234567890. n\n3) m\n",
            "━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n  ━━━━━━━━━━  \n━━━━━━━━━ short\n━━━━━━━━━━ x\n",
            "a [b] `c` [INVOKE:cfo|multi\nline] tail\n`unclosed\n[\n[[[\n``\n`` a ``\n- [x] done\n",
            "## <!-- c -->  `\n## <!-- c --> x\n#  \n# \r\n  ~~~ \n~~~\nfence body\n~~~\n",
            "x\r",
            "[INVOKE:cfo|a [b [c [d] e] f] g] [INVOKE: cfo |a [b [c [d [e] f] g] h] i]\n",
            "[INVOKE:cfo|two\r\nlines] [INVOKE:cfo|para\r\n\r\nend] [BLOCKED:x\n  \t\ny]\n",
            "[CHAIN: a → b -> c > d] [CHAIN:a→] [CHAIN: a → b → ] [CHAIN:a->b ]x\n",
            "[RESPONSE: cfo ] [RESPONSE:cfo|x] [/RESPONSE] [/RESPONSEX] [CRITIC-SCREEN] [CONFLICT DETECTED]\n",
            "[ASSUMPTIONS] [ASSUMED:a] [ASSUMPTION:[x]] [VERIFIED:[INVOKE:cfo|q]] [CONFLICT:a\n",
            "[x](y) [a][b] [c]: [d [e] f] [g [h] [i] [j [k] [INVOKE:x|[l]] [m\r\n] [n\ro]\n",
            "`a` ``b`c`` ```d`` e `` f ``` g `h\n`i\r\n```\n[INVOKE:cfo|`q`] [BROADCAST:all|z]\n",
            "[INVOKE:cfo|x [RESPONSE:cfo] y] [INVOKE:cfo|q\n",
        )
        .to_string(),
        // Fences and front matter, which the scanner reads too.
        "\u{FEFF}---\r\nkind: transcript\r\n...\r\n```\n```".to_string(),
        "--- \na: b\n---  \n````transcript  \n```\n[INVOKE:cfo|q\n````\nx]\n``` \t\n".to_string(),
        "---\nunclosed: front matter\n----\n--- x\n".to_string(),
        "---\nno: end".to_string(),
        "---\n---".to_string(),
        "----\nx\n---\n".to_string(),
        "\u{FEFF}x\n```transcript\rx\n```\n~~~boardlint\n~~~~`` \r\n  ```transcript x\n```\n".to_string(),
        "```transcript".to_string(),
        "~~~\r".to_string(),
        "  ```  python  \r\n~~~\n```\r\n   ```\t\nafter".to_string(),
        "```rust\ncode\nlast".to_string(),
        "```rust\ncode\n".to_string(),
        "~~~~\n~~~\n~~~~~\n``\n`` x\n```transcript\n\n\nCFO: a\n".to_string(),
        "```boardlint\n- [x] [RESPONSE:cfo]\n━━━━━━━━━━━━\n## Phase 1\n```\r".to_string(),
        "x\n---\na: b\n---\n".to_string(),
    ];
    sources.extend(crate::test_support::fixture_texts());
    let all = sources.join("\n\n");
    sources.push(all);
    for source in &sources {
        let whole = spec::parse_document(source);
        assert_eq!(parse_with(source, false), whole, "{source}");
        assert_eq!(spec::parse(source, false), whole, "item by item:\n{source}");
        // Every fence's body read as lines: the scanner as the grammar.
        assert_eq!(
            parse_with(source, true),
            spec::parse(source, true),
            "lint-code-blocks:\n{source}"
        );
        // Read in pieces of every size, as a large text is while the
        // model goes through its first lines.
        for size in [1, 3, 16, 64, 300] {
            for lint_code_blocks in [false, true] {
                assert_eq!(
                    parse_in_pieces(source, lint_code_blocks, None, size),
                    parse_with(source, lint_code_blocks),
                    "in pieces of {size} bytes:\n{source}"
                );
            }
        }
        // Each file on its own: the joined text adds nothing line by line.
        if !std::ptr::eq(source, sources.last().unwrap()) {
            // Cut in two at every line start, as large texts are read.
            for (at, _) in source.match_indices('\n') {
                assert_eq!(
                    parse_split_at(source, false, at + 1),
                    whole,
                    "cut at {at}:\n{source}"
                );
            }
        }
    }
}

/// A text read in parts, each after a blank line (as a session's messages
/// are), reads as one pass where no fence crosses from a part into the
/// next (a marker ends at a blank line), a large one too (read in two
/// halves at once); a fence left open ends with its part.
#[test]
fn parts_read_apart_read_as_one_pass_but_for_fences() {
    let fenced = |t: &String| t.contains("```") || t.contains("~~~");
    let texts: Vec<String> = crate::test_support::fixture_texts()
        .into_iter()
        .filter(|t| !fenced(t))
        .collect();
    let starts = |t: &str| -> Vec<usize> {
        t.match_indices("\n\n")
            .map(|(i, _)| i + 2)
            .filter(|&i| i < t.len())
            .collect()
    };
    for text in &texts {
        let whole = parse_with(text, false);
        assert_eq!(parse_apart(text, false, &starts(text)), whole, "{text}");
        for at in starts(text) {
            assert_eq!(
                parse_apart(text, false, &[at]),
                whole,
                "apart at {at}:\n{text}"
            );
        }
    }
    let mut large = texts.join("\n\n");
    while large.len() < 3 << 20 {
        large = format!("{large}\n\n{large}");
    }
    let paragraphs: Vec<usize> = large.match_indices("\n\n").map(|(i, _)| i + 2).collect();
    assert_eq!(
        parse_apart(&large, false, &paragraphs),
        parse_with(&large, false)
    );
    // Read in pieces of a few parts each, fences and all: as read apart.
    for text in crate::test_support::fixture_texts() {
        let parts = starts(&text);
        for size in [1, 20, 200] {
            assert_eq!(
                parse_in_pieces(&text, false, Some(&parts), size),
                parse_apart(&text, false, &parts),
                "in pieces of {size} bytes:\n{text}"
            );
        }
    }
    // A fence left open ends with its part; the next part is no code.
    let text = "```\na\n\nb\n~~~transcript\nCFO: x\n\nc\n";
    let doc = parse_apart(text, false, &[7, 31]);
    assert_eq!(doc.code_fences.len(), 1);
    assert_eq!(doc.code_fences[0], 0..7);
    let lines: Vec<(usize, bool)> = (0..doc.lines.len())
        .map(|i| (doc.lines.span(i).start, doc.lines.get(i).in_fence))
        .collect();
    assert_eq!(lines, [(7, false), (23, true), (30, true), (31, false)]);
}

/// Marker soup: the pieces of tests/no_panic.rs and arbitrary text.
fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            prop::sample::select(pieces::PIECES).prop_map(str::to_string),
            any::<String>()
        ],
        0..60,
    )
    .prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn the_line_scanner_reads_as_the_grammar(source in soup(), cut in any::<prop::sample::Index>()) {
        for lint_code_blocks in [false, true] {
            let scanned = parse_with(&source, lint_code_blocks);
            let grammar = spec::parse(&source, lint_code_blocks);
            // Read in two halves at once, as a large text is.
            let at = cut.index(source.len() + 1);
            let split = parse_split_at(&source, lint_code_blocks, at);
            // Read in pieces of about `at` bytes, as the model reads a large text.
            let pieces = parse_in_pieces(&source, lint_code_blocks, None, at.max(1));
            prop_assert_eq!(&scanned, &grammar);
            prop_assert_eq!(&split, &grammar);
            prop_assert_eq!(&pieces, &grammar);
        }
    }
}

// ---------------------------------------------------------------- literals

/// The grammar's rules, by name.
fn grammar() -> HashMap<String, Expr> {
    let text = include_str!("../../grammar/transcript.pest");
    let pairs = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, text)
        .expect("the grammar parses");
    pest_meta::parser::consume_rules(pairs)
        .expect("the grammar's rules are valid")
        .into_iter()
        .map(|rule| (rule.name, rule.expr))
        .collect()
}

fn rule<'g>(grammar: &'g HashMap<String, Expr>, name: &str) -> &'g Expr {
    grammar
        .get(name)
        .unwrap_or_else(|| panic!("the grammar has no rule `{name}`"))
}

/// The alternatives of an ordered choice, in order (one for any other
/// expression).
fn alternatives(expr: &Expr) -> Vec<&Expr> {
    match expr {
        Expr::Choice(a, b) => {
            let mut all = alternatives(a);
            all.extend(alternatives(b));
            all
        }
        other => vec![other],
    }
}

/// The literals of a choice made of literals only.
fn literals(expr: &Expr) -> Vec<String> {
    alternatives(expr)
        .into_iter()
        .map(|alt| match alt {
            Expr::Str(s) => s.clone(),
            other => panic!("not a literal: {other:?}"),
        })
        .collect()
}

/// The first element of a sequence.
fn first(expr: &Expr) -> &Expr {
    match expr {
        Expr::Seq(a, _) => first(a),
        other => other,
    }
}

/// The literal alternatives of every choice within `expr`, in the order
/// they are written (a choice's other alternatives are left out).
fn choices(expr: &Expr) -> Vec<Vec<String>> {
    fn visit(expr: &Expr, out: &mut Vec<Vec<String>>) {
        match expr {
            Expr::Choice(..) => {
                let alts = alternatives(expr);
                let strs: Vec<String> = alts
                    .iter()
                    .filter_map(|a| match a {
                        Expr::Str(s) => Some(s.clone()),
                        _ => None,
                    })
                    .collect();
                if !strs.is_empty() {
                    out.push(strs);
                }
                for alt in alts {
                    visit(alt, out);
                }
            }
            Expr::Seq(a, b) => {
                visit(a, out);
                visit(b, out);
            }
            Expr::Opt(e)
            | Expr::Rep(e)
            | Expr::RepOnce(e)
            | Expr::RepExact(e, _)
            | Expr::RepMin(e, _)
            | Expr::RepMax(e, _)
            | Expr::RepMinMax(e, _, _)
            | Expr::PosPred(e)
            | Expr::NegPred(e)
            | Expr::Push(e) => visit(e, out),
            _ => {}
        }
    }
    let mut out = Vec::new();
    visit(expr, &mut out);
    out
}

/// Every literal within `expr`, in the order they are written.
fn all_literals(expr: &Expr) -> Vec<String> {
    match expr {
        Expr::Str(s) | Expr::Insens(s) => vec![s.clone()],
        Expr::Seq(a, b) | Expr::Choice(a, b) => {
            let mut all = all_literals(a);
            all.extend(all_literals(b));
            all
        }
        Expr::Opt(e)
        | Expr::Rep(e)
        | Expr::RepOnce(e)
        | Expr::RepExact(e, _)
        | Expr::RepMin(e, _)
        | Expr::RepMax(e, _)
        | Expr::RepMinMax(e, _, _)
        | Expr::PosPred(e)
        | Expr::NegPred(e)
        | Expr::Push(e) => all_literals(e),
        _ => Vec::new(),
    }
}

fn strings(table: &[&str]) -> Vec<String> {
    table.iter().map(|s| s.to_string()).collect()
}

fn chars(table: &[u8]) -> Vec<String> {
    table.iter().map(|&b| char::from(b).to_string()).collect()
}

/// A keyword or literal added to the grammar and not to the scanner's
/// tables, or the other way round, fails here.
#[test]
fn the_scanners_literals_are_the_grammars() {
    let g = grammar();
    assert_eq!(literals(rule(&g, "keyword")), strings(&KEYWORDS));
    for (i, a) in KEYWORDS.iter().enumerate() {
        for (j, b) in KEYWORDS.iter().enumerate() {
            assert!(i == j || !a.starts_with(b), "`{b}` is a prefix of `{a}`");
        }
    }

    // `marker = _{ &"[" ~ (invoke | broadcast | …) }`: each alternative's
    // opening literal, in order.
    let Expr::Seq(_, choice) = rule(&g, "marker") else {
        panic!("`marker` is a lookahead and a choice");
    };
    let openers: Vec<String> = alternatives(choice)
        .into_iter()
        .map(|alt| {
            let Expr::Ident(name) = alt else {
                panic!("not a rule: {alt:?}");
            };
            match first(rule(&g, name)) {
                Expr::Str(s) => s.clone(),
                other => panic!("`{name}` does not open with a literal: {other:?}"),
            }
        })
        .collect();
    let table: Vec<String> = MARKERS.iter().map(|(l, _)| l.to_string()).collect();
    assert_eq!(openers, table);
    // Every marker literal opens with `[`, `/`? and a keyword.
    for (literal, shape) in &MARKERS {
        let word = literal.trim_start_matches('[').trim_start_matches('/');
        assert!(
            KEYWORDS.iter().any(|k| word.starts_with(k)),
            "{literal} ({shape:?}) has no keyword"
        );
    }

    assert_eq!(literals(rule(&g, "bullet_mark")), strings(&BULLETS));
    assert_eq!(choices(rule(&g, "number_mark")), vec![chars(&NUMBER_ENDS)]);
    assert_eq!(
        rule(&g, "frame_run"),
        &Expr::RepMin(Box::new(Expr::Str(FRAME.to_string())), FRAME_MIN as u32)
    );
    let emojis: Vec<&str> = CARD_EMOJIS.iter().map(|(e, _)| *e).collect();
    assert_eq!(literals(rule(&g, "card_emoji")), strings(&emojis));
    // `header_dash = _{ hws* ~ ("—" | "–") | hws+ ~ "-" ~ hws }`.
    let mut dashes = strings(&HEADER_DASHES);
    dashes.push("-".to_string());
    assert_eq!(all_literals(rule(&g, "header_dash")), dashes);
    // `(" " ~ header_word){0,3}`: a name of at most four words.
    let words = format!(
        "RepMinMax(Seq(Str(\" \"), Ident(\"header_word\")), 0, {})",
        HEADER_WORDS_MAX - 1
    );
    assert!(format!("{:?}", rule(&g, "header_shape")).contains(&words));
    assert_eq!(literals(first(rule(&g, "lint_info"))), strings(&LINT_INFOS));

    // `fence_run = @{ "```" ~ "`"* | "~~~" ~ "~"* }`.
    let runs: Vec<String> = alternatives(rule(&g, "fence_run"))
        .into_iter()
        .map(|alt| all_literals(alt).concat())
        .collect();
    let expected: Vec<String> = FENCE_CHARS
        .iter()
        .map(|&c| char::from(c).to_string().repeat(4))
        .collect();
    assert_eq!(runs, expected);
    assert_eq!(choices(rule(&g, "fence_close")), vec![chars(&FENCE_CHARS)]);

    assert_eq!(rule(&g, "bom"), &Expr::Str(BOM.to_string()));
    assert_eq!(
        first(rule(&g, "front_matter")),
        &Expr::Str(FRONT_MATTER_OPEN.to_string())
    );
    assert_eq!(
        choices(rule(&g, "fm_close")),
        vec![strings(&FRONT_MATTER_CLOSE)]
    );

    assert_eq!(all_literals(rule(&g, "phase_word")), strings(&PHASE_WORDS));
    for phase in ["heading_phase", "phase_label", "bold_phase_head"] {
        assert_eq!(
            first(rule(&g, phase)),
            &Expr::Ident("phase_word".to_string()),
            "{phase}"
        );
        assert_eq!(
            choices(rule(&g, phase)),
            vec![strings(&SEPARATORS)],
            "{phase}"
        );
    }
    // `bold_phase`: one alternative a bold mark, opening and closing it.
    let bold_phases: Vec<Vec<String>> = alternatives(rule(&g, "bold_phase"))
        .into_iter()
        .map(|alt| {
            all_literals(alt)
                .into_iter()
                .filter(|l| BOLD.contains(&l.as_str()))
                .collect()
        })
        .collect();
    let expected: Vec<Vec<String>> = BOLD.iter().map(|b| vec![b.to_string(); 3]).collect();
    assert_eq!(bold_phases, expected);
    let tag = rule(&g, "source_tag");
    assert_eq!(choices(tag), vec![strings(&SOURCE_TAGS)]);
    assert_eq!(all_literals(tag).first().map(String::as_str), Some("["));
    assert_eq!(
        all_literals(rule(&g, "comment")),
        strings(&[COMMENT_OPEN, COMMENT_CLOSE])
    );
    assert_eq!(literals(rule(&g, "bold")), strings(&BOLD));

    let mut word = choices(rule(&g, "word")).concat();
    word.sort();
    let mut table = chars(WORD_ASCII);
    table.push(WORD_OTHER.to_string());
    table.sort();
    assert_eq!(word, table);

    assert_eq!(choices(rule(&g, "arrow_lead"))[0], strings(&LEAD_ARROWS));
    assert_eq!(literals(rule(&g, "arrow")), strings(&CHAIN_ARROWS));
    assert_eq!(
        literals(rule(&g, "bracket_follow")),
        chars(&BRACKET_FOLLOWS)
    );
}
