//! The layers of `docs/architecture.md`, held against the code: every
//! `crate::` path in `src/` names a module of the same layer or a lower one,
//! and the top-level modules import each other in no circle. Test code
//! (`#[cfg(test)]` modules) may reach anywhere and is not read.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Each top-level module of the crate and its layer, from the bottom up.
/// A new module gets a row here and a line in docs/architecture.md.
const LAYERS: &[(&str, usize)] = &[
    // 0 foundation: text, the line reader, settings, what a file is.
    ("context", 0),
    ("date", 0),
    ("diagnostic", 0),
    ("files", 0),
    ("guard", 0),
    ("kinds", 0),
    ("lines", 0),
    ("mapped", 0),
    ("parallel", 0),
    ("roles", 0),
    ("secrets", 0),
    ("controls", 0),
    ("settings", 0),
    ("syntax", 0),
    ("text", 0),
    ("yaml", 0),
    // 1 models: what a file says.
    ("model", 1),
    ("records", 1),
    ("sessions", 1),
    // 2 rules.
    ("rules", 2),
    // 3 what the engine is given: the configuration (it resolves rule
    // selectors through the registry) and the formatter.
    ("config", 3),
    ("format", 3),
    // 4 the engine.
    ("engine", 4),
    // 5 outputs.
    ("output", 5),
    // 6 commands.
    ("commands", 6),
    // 7 the command line's shape.
    ("cli", 7),
];

const NAMES: [&str; 5] = [
    "foundation",
    "models",
    "rules",
    "configuration and formatter",
    "engine",
];

fn layer_name(layer: usize) -> &'static str {
    NAMES
        .get(layer)
        .copied()
        .unwrap_or(["outputs", "commands", "command line"][layer - NAMES.len()])
}

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module a file belongs to: `src/rules/c001_card_frame.rs` → `rules`;
/// `None` for the crate root and for test-only files.
fn module_of(path: &Path) -> Option<String> {
    let rel = path.strip_prefix(src()).unwrap();
    let first = rel.components().next()?.as_os_str().to_str()?.to_string();
    let name = first.strip_suffix(".rs").unwrap_or(&first).to_string();
    let test_only =
        name == "test_support" || name.ends_with("_tests") || rel.ends_with("spec_tests.rs");
    (!(name == "lib" || name == "main" || test_only)).then_some(name)
}

/// The code of a file without its `#[cfg(test)]` modules and comments.
fn production_code(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            // `#[cfg(test)] mod x;` or `#[cfg(test)] mod x { … }` to the end
            // of the file (test modules stand last).
            if lines
                .peek()
                .is_some_and(|l| l.trim_start().starts_with("mod "))
            {
                if lines.peek().is_some_and(|l| l.trim_end().ends_with(';')) {
                    lines.next();
                    continue;
                }
                break;
            }
            continue;
        }
        if trimmed.starts_with("//") {
            continue;
        }
        out.push_str(line.split(" // ").next().unwrap_or(line));
        out.push('\n');
    }
    out
}

/// Every top-level module a text names with `crate::NAME`, including those
/// of grouped imports (`use crate::{a, b::c}`).
fn named_modules(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        if let Some(group) = after.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                out.insert(name);
            }
        } else {
            let name: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            out.insert(name);
        }
        rest = after;
    }
    out
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().find(|(m, _)| *m == module).map(|(_, l)| *l)
}

/// Module → the modules it imports, read from the code.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let Some(module) = module_of(&file) else {
            continue;
        };
        let code = production_code(&fs::read_to_string(&file).unwrap());
        let entry = graph.entry(module.clone()).or_default();
        for named in named_modules(&code) {
            // Macros exported at the root (`crate::declare_rule!`) are no
            // module.
            if named != module && layer_of(&named).is_some() {
                entry.insert(named);
            }
        }
    }
    graph
}

#[test]
fn every_module_has_a_layer() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let unplaced: BTreeSet<String> = files
        .iter()
        .filter_map(|f| module_of(f))
        .filter(|m| layer_of(m).is_none())
        .collect();
    assert!(
        unplaced.is_empty(),
        "modules with no layer in tests/architecture.rs (and docs/architecture.md): {unplaced:?}"
    );
}

#[test]
fn no_import_runs_back_up_the_layers() {
    let mut upward = Vec::new();
    for (module, named) in imports() {
        let here = layer_of(&module).unwrap();
        for other in named {
            let there = layer_of(&other).unwrap();
            if there > here {
                upward.push(format!(
                    "{module} ({}) imports {other} ({})",
                    layer_name(here),
                    layer_name(there)
                ));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports that run back up:\n{}",
        upward.join("\n")
    );
}

#[test]
fn no_modules_import_each_other_in_a_circle() {
    let graph = imports();
    // Depth-first search; a grey module met again closes a circle.
    fn visit<'g>(
        m: &'g str,
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<&'g str, bool>,
        path: &mut Vec<&'g str>,
    ) -> Option<Vec<String>> {
        match state.get(m) {
            Some(true) => return None,
            Some(false) => {
                let from = path.iter().position(|p| *p == m).unwrap();
                let mut circle: Vec<String> = path[from..].iter().map(|s| s.to_string()).collect();
                circle.push(m.to_string());
                return Some(circle);
            }
            None => {}
        }
        state.insert(m, false);
        path.push(m);
        for next in graph.get(m).into_iter().flatten() {
            if let Some(circle) = visit(next, graph, state, path) {
                return Some(circle);
            }
        }
        path.pop();
        state.insert(m, true);
        None
    }
    let mut state = BTreeMap::new();
    for m in graph.keys() {
        if let Some(circle) = visit(m, &graph, &mut state, &mut Vec::new()) {
            panic!(
                "modules import each other in a circle: {}",
                circle.join(" -> ")
            );
        }
    }
}

#[test]
fn the_reader_of_imports_reads_them() {
    // The checks above are only as good as this reader: it must see plain,
    // nested and grouped paths, and skip comments and test modules.
    let code = production_code(
        "use crate::rules::Rule;\nuse crate::{model, records::handoff};\n// crate::cli\nfn f() { crate::engine::check(); }\n#[cfg(test)]\nmod tests {\n    use crate::commands;\n}\n",
    );
    let named = named_modules(&code);
    assert_eq!(
        named.into_iter().collect::<Vec<_>>(),
        ["engine", "model", "records", "rules"]
    );
    assert!(imports().get("engine").is_some_and(|m| m.contains("rules")));
}
