//! The layers of `docs/architecture.md`, held against the code: every
//! `crate::` path in `src/` names a module of the same layer or a lower one,
//! the top-level modules import each other in no circle, nor do the files
//! (re-exports followed to the file that defines what they export), and no
//! command imports another. Test code (`#[cfg(test)]` modules) may reach
//! anywhere and is not read.

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

/// The engine crate's sources (`crates/engine/src`). The `boardlint`
/// crate names the engine's modules as its own (`src/lib.rs`), so the two
/// are read as one tree of modules: `crate::config` in `src/commands` is
/// the engine's `config`.
fn engine_src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("crates/engine/src")
}

/// Every Rust file of both crates but the `boardlint` crate's root (its
/// command-line entry, and the names it gives the engine's modules).
fn all_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    rust_files(&engine_src(), &mut files);
    rust_files(&src(), &mut files);
    files.retain(|f| f != &src().join("lib.rs"));
    files
}

/// A file's path within its crate's `src`.
fn relative(path: &Path) -> &Path {
    path.strip_prefix(engine_src())
        .or_else(|_| path.strip_prefix(src()))
        .unwrap()
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
    let rel = relative(path);
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
    let files = all_files();
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
    let files = all_files();
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
    let found: Vec<String> = circles(&imports())
        .into_iter()
        .map(|c| c.join(", "))
        .collect();
    assert!(
        found.is_empty(),
        "modules that import each other in a circle:\n{}",
        found.join("\n")
    );
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

/// The commands a user runs, each a surface of the engine: none imports
/// another. What two of them share (the configuration's failures and
/// `FailOn` in `failing.rs`, the servers' `engines.rs`, diffs and rule
/// summaries in `output/`) sits beside them or below.
const SURFACES: &[&str] = &[
    "check", "fmt", "config", "rule", "generate", "watch", "hook", "mcp", "server",
];

/// The modules of `commands/` a file there names: `super::NAME` (or
/// `super::super::NAME` from a file of a folder) and `crate::commands::NAME`.
fn named_commands(code: &str, depth: usize) -> BTreeSet<String> {
    let up = "super::".repeat(depth + 1);
    let mut out = BTreeSet::new();
    for prefix in [up.as_str(), "crate::commands::"] {
        for (at, _) in code.match_indices(prefix) {
            // A longer run of `super::` is another module's path.
            let before = &code[..at];
            let after = &code[at + prefix.len()..];
            if before.ends_with("super::") || after.starts_with("super::") {
                continue;
            }
            let name: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if after[name.len()..].starts_with("::") {
                out.insert(name);
            }
        }
    }
    out
}

#[test]
fn no_command_imports_another() {
    let commands = src().join("commands");
    let mut files = Vec::new();
    rust_files(&commands, &mut files);
    let mut crossing = Vec::new();
    for file in files {
        let rel = file.strip_prefix(&commands).unwrap();
        let parts: Vec<String> = rel
            .iter()
            .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
            .collect();
        let surface = parts[0].clone();
        if !SURFACES.contains(&surface.as_str()) {
            continue;
        }
        // `check.rs` and `hook/mod.rs` sit in `commands`' children; a file
        // of a folder one further down.
        let depth = usize::from(parts.len() > 1 && parts.last().unwrap() != "mod");
        let code = production_code(&fs::read_to_string(&file).unwrap());
        for other in named_commands(&code, depth) {
            if other != surface && SURFACES.contains(&other.as_str()) {
                crossing.push(format!("{} imports commands::{other}", rel.display()));
            }
        }
    }
    assert!(
        crossing.is_empty(),
        "commands that import another command:\n{}",
        crossing.join("\n")
    );
}

#[test]
fn the_reader_of_command_imports_reads_them() {
    let code = "use super::failing::FailOn;\nuse super::fmt::x;\nfn f() { super::super::check::y(); crate::commands::mcp::z(); }\n";
    let at_top: Vec<String> = named_commands(code, 0).into_iter().collect();
    assert_eq!(at_top, ["failing", "fmt", "mcp"]);
    let below: Vec<String> = named_commands(code, 1).into_iter().collect();
    assert_eq!(below, ["check", "mcp"]);
}

// ------------------------------------------------------------ files

/// The module path of every file of the crate (`src/a/b.rs` and
/// `src/a/b/mod.rs` → `a::b`, `src/lib.rs` → the root), but `main.rs` and
/// the test-only files.
fn file_modules() -> BTreeMap<Vec<String>, PathBuf> {
    let mut out = BTreeMap::new();
    for file in all_files() {
        let rel = relative(&file);
        let mut parts: Vec<String> = rel
            .iter()
            .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
            .collect();
        if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
            parts.pop();
        }
        let test_only = parts
            .first()
            .is_some_and(|p| p == "test_support" || p == "main")
            || parts.last().is_some_and(|p| p.ends_with("_tests"));
        if !test_only {
            out.insert(parts, file);
        }
    }
    out
}

/// The paths of a `use` tree, each as its segments: `a::{b, c::{d, e as
/// f}, self}` → `a::b`, `a::c::d`, `a::c::e`, `a`.
fn use_paths(tree: &str) -> Vec<Vec<String>> {
    fn parse(s: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
        let s = s.trim();
        if let Some(open) = s.find('{') {
            let head: Vec<String> = s[..open]
                .split("::")
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(String::from)
                .collect();
            let mut base = prefix.to_vec();
            base.extend(head);
            let inner = &s[open + 1..s.rfind('}').unwrap_or(s.len())];
            // Split at the commas outside nested braces.
            let (mut depth, mut start) = (0, 0);
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        parse(&inner[start..i], &base, out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            parse(&inner[start..], &base, out);
            return;
        }
        let s = s.split(" as ").next().unwrap_or(s).trim();
        if s.is_empty() || s == "*" {
            return;
        }
        let mut path = prefix.to_vec();
        for seg in s.split("::").map(str::trim) {
            if seg == "self" {
                continue;
            }
            if seg != "*" {
                path.push(seg.to_string());
            }
        }
        out.push(path);
    }
    let mut out = Vec::new();
    parse(tree, &[], &mut out);
    out
}

/// The `use` statements of a text (`pub`, `pub(crate)` or none), each
/// with whether it re-exports: (is it `pub`, its tree).
fn use_statements(code: &str) -> Vec<(bool, String)> {
    use_statements_at(code)
        .into_iter()
        .map(|(p, t, _)| (p, t))
        .collect()
}

/// The text without its `use` statements: the paths its code names.
fn without_uses(code: &str) -> String {
    let mut out = code.to_string();
    for (_, _, range) in use_statements_at(code) {
        out.replace_range(range.clone(), &" ".repeat(range.len()));
    }
    out
}

/// [`use_statements`], each with the bytes of its tree.
fn use_statements_at(code: &str) -> Vec<(bool, String, std::ops::Range<usize>)> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].trim_end();
        let starts_statement = before.is_empty()
            || before.ends_with(';')
            || before.ends_with('{')
            || before.ends_with('}')
            || before.ends_with(']')
            || before.ends_with("pub")
            || before.ends_with("pub(crate)")
            || before.ends_with("pub(super)");
        let word_start = at == 0
            || !rest.as_bytes()[at - 1].is_ascii_alphanumeric() && rest.as_bytes()[at - 1] != b'_';
        let after = &rest[at + 4..];
        let end = after.find(';').unwrap_or(after.len());
        if starts_statement && word_start {
            let public = before.ends_with("pub")
                || before.ends_with("pub(crate)")
                || before.ends_with("pub(super)");
            let from = code.len() - after.len();
            out.push((public, after[..end].to_string(), from..from + end));
            rest = &after[end..];
        } else {
            rest = after;
        }
    }
    out
}

/// Every path written in code outside `use` statements that starts at
/// `crate`, `super` or `self`: `crate::output::diff::paint(…)`.
fn inline_paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        for (at, _) in code.match_indices(start) {
            let b = code.as_bytes();
            if at > 0
                && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_' || b[at - 1] == b':')
            {
                continue;
            }
            let mut path = Vec::new();
            let mut rest = &code[at..];
            loop {
                let seg: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if seg.is_empty() {
                    break;
                }
                rest = &rest[seg.len()..];
                path.push(seg);
                match rest.strip_prefix("::") {
                    Some(r) if !r.starts_with('{') && !r.starts_with('<') => rest = r,
                    _ => break,
                }
            }
            out.push(path);
        }
    }
    out
}

/// `path` (relative to the file of module `here`) as segments from the
/// crate root; `None` for a path of another crate.
fn absolute(
    path: &[String],
    here: &[String],
    modules: &BTreeMap<Vec<String>, PathBuf>,
) -> Option<Vec<String>> {
    let first = path.first()?;
    // `here` is the module whose items `self::` names (a file's own,
    // `a/b.rs` and `a/b/mod.rs` alike); `super::` names the one above.
    let mut base = match first.as_str() {
        "crate" => Vec::new(),
        "self" => here.to_vec(),
        "super" => here[..here.len().saturating_sub(1)].to_vec(),
        // A child module named directly (`use types::Span` in a
        // `mod.rs`).
        name => {
            let mut child = here.to_vec();
            child.push(name.to_string());
            return modules.contains_key(&child).then(|| [here, path].concat());
        }
    };
    let mut rest = &path[1..];
    while rest.first().is_some_and(|s| s == "super") {
        base.pop();
        rest = &rest[1..];
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// The file that defines what `path` (from the crate root) names: the
/// deepest module it runs through, or, where that module re-exports the
/// name, the file the re-export leads to.
fn defining_file(
    path: &[String],
    modules: &BTreeMap<Vec<String>, PathBuf>,
    exports: &BTreeMap<Vec<String>, Vec<String>>,
    depth: usize,
) -> Option<Vec<String>> {
    let mut module: Vec<String> = Vec::new();
    for (i, seg) in path.iter().enumerate() {
        let mut next = module.clone();
        next.push(seg.clone());
        if modules.contains_key(&next) {
            module = next;
            continue;
        }
        // `seg` is an item of `module`: its own, or a re-export.
        let mut name = module.clone();
        name.push(seg.clone());
        if let Some(target) = exports.get(&name).filter(|_| depth < 16) {
            let mut full = target.clone();
            full.extend(path[i + 1..].iter().cloned());
            return defining_file(&full, modules, exports, depth + 1);
        }
        return Some(module);
    }
    Some(module)
}

/// File → the files it imports from, read from the code, re-exports
/// followed to the files that define what they export.
fn file_imports() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let modules = file_modules();
    // Re-exports: `module::Name` → the path it stands for.
    let mut exports: BTreeMap<Vec<String>, Vec<String>> = BTreeMap::new();
    let mut codes = BTreeMap::new();
    for (module, file) in &modules {
        let code = production_code(&fs::read_to_string(file).unwrap());
        for (public, tree) in use_statements(&code) {
            if !public {
                continue;
            }
            for path in use_paths(&tree) {
                if let (Some(abs), Some(last)) = (absolute(&path, module, &modules), path.last()) {
                    let mut name = module.clone();
                    name.push(last.clone());
                    // The first re-export of a name is the module's own (a
                    // prelude module further down may name it again).
                    if abs != name {
                        exports.entry(name).or_insert(abs);
                    }
                }
            }
        }
        codes.insert(module.clone(), code);
    }
    let mut graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for module in modules.keys() {
        let code = &codes[module];
        let mut paths: Vec<Vec<String>> = use_statements(code)
            .into_iter()
            .filter(|(public, _)| !public)
            .flat_map(|(_, tree)| use_paths(&tree))
            .collect();
        paths.extend(inline_paths(&without_uses(code)));
        let entry = graph.entry(module.clone()).or_default();
        for path in paths {
            let Some(abs) = absolute(&path, module, &modules) else {
                continue;
            };
            if let Some(target) = defining_file(&abs, &modules, &exports, 0) {
                if &target != module && !target.is_empty() {
                    entry.insert(target);
                }
            }
        }
    }
    graph
}

/// The circles of a graph: its strongly connected parts of two or more.
fn circles<N: Ord + Clone>(graph: &BTreeMap<N, BTreeSet<N>>) -> Vec<Vec<N>> {
    // Tarjan's algorithm.
    struct State<N> {
        index: BTreeMap<N, usize>,
        low: BTreeMap<N, usize>,
        stack: Vec<N>,
        out: Vec<Vec<N>>,
    }
    fn visit<N: Ord + Clone>(v: &N, g: &BTreeMap<N, BTreeSet<N>>, s: &mut State<N>) {
        let i = s.index.len();
        s.index.insert(v.clone(), i);
        s.low.insert(v.clone(), i);
        s.stack.push(v.clone());
        for w in g.get(v).into_iter().flatten() {
            if !s.index.contains_key(w) {
                visit(w, g, s);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.stack.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut part = Vec::new();
            while let Some(w) = s.stack.pop() {
                let done = &w == v;
                part.push(w);
                if done {
                    break;
                }
            }
            if part.len() > 1 {
                s.out.push(part);
            }
        }
    }
    let mut s = State {
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v) {
            visit(v, graph, &mut s);
        }
    }
    s.out
}

#[test]
fn no_files_import_each_other_in_a_circle() {
    let graph = file_imports();
    let found: Vec<String> = circles(&graph)
        .into_iter()
        .map(|c| {
            c.iter()
                .map(|m| m.join("::"))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect();
    assert!(
        found.is_empty(),
        "files that import each other in a circle (re-exports followed):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_reader_of_file_imports_follows_paths_and_re_exports() {
    let tree = use_paths("crate::{model::{self, Transcript}, rules::Rule as R, syntax::*}");
    let shown: Vec<String> = tree.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        shown,
        [
            "crate::model",
            "crate::model::Transcript",
            "crate::rules::Rule",
            "crate::syntax"
        ]
    );
    let inline =
        inline_paths("fn f() { crate::output::diff::paint(x); super::failing::FailOn::Error }");
    let shown: Vec<String> = inline.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        shown,
        [
            "crate::output::diff::paint",
            "super::failing::FailOn::Error"
        ]
    );
    let graph = file_imports();
    let of = |m: &str| {
        graph
            .get(&m.split("::").map(String::from).collect::<Vec<_>>())
            .cloned()
            .unwrap_or_default()
    };
    let names = |set: BTreeSet<Vec<String>>| {
        set.into_iter()
            .map(|m| m.join("::"))
            .collect::<BTreeSet<_>>()
    };
    // `check.rs` takes `FailOn` from `failing.rs`, and `Span`, which
    // `syntax/mod.rs` re-exports, from the file that defines it.
    assert!(names(of("commands::check")).contains("commands::failing"));
    let check = names(of("commands::check"));
    assert!(check.contains("output::diff"), "{check:?}");
    let scan = names(of("syntax::scan"));
    assert!(scan.contains("syntax::types"), "{scan:?}");
    // A circle is found.
    let mut g: BTreeMap<u8, BTreeSet<u8>> = BTreeMap::new();
    g.insert(1, [2].into());
    g.insert(2, [3].into());
    g.insert(3, [1].into());
    g.insert(4, [1].into());
    assert_eq!(circles(&g).len(), 1);
}

// ------------------------------------------------------------ crates

#[test]
fn the_engine_crate_holds_the_layers_up_to_the_engine_and_the_surfaces_sit_on_it() {
    let engine_top = layer_of("engine").unwrap();
    let mut misplaced = Vec::new();
    for file in all_files() {
        let Some(module) = module_of(&file) else {
            continue;
        };
        let layer = layer_of(&module).unwrap();
        let in_engine = file.starts_with(engine_src());
        if in_engine != (layer <= engine_top) {
            misplaced.push(format!(
                "{} ({}) is in the {} crate",
                relative(&file).display(),
                layer_name(layer),
                if in_engine { "engine" } else { "boardlint" }
            ));
        }
    }
    assert!(
        misplaced.is_empty(),
        "files on the wrong side of the crates' line:\n{}",
        misplaced.join("\n")
    );
}

/// What the engine's library users must not compile: an async runtime,
/// the servers' protocol crates, the terminal's renderers, the command
/// line's parser, the file watcher.
const SURFACE_CRATES: &[&str] = &[
    "tokio",
    "rmcp",
    "lsp-server",
    "lsp-types",
    "miette",
    "owo-colors",
    "textwrap",
    "clap",
    "notify",
];

#[test]
fn a_library_user_of_the_engine_compiles_no_runtime_server_or_terminal_crate() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args([
            "tree",
            "--offline",
            "--locked",
            "-p",
            "boardlint-engine",
            "-e",
            "normal",
            "--prefix",
            "none",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tree = String::from_utf8_lossy(&out.stdout);
    let crates: BTreeSet<&str> = tree
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(
        crates.contains("boardlint-engine") && crates.contains("rayon"),
        "{tree}"
    );
    let found: Vec<&&str> = SURFACE_CRATES
        .iter()
        .filter(|c| crates.contains(**c))
        .collect();
    assert!(found.is_empty(), "the engine depends on {found:?}:\n{tree}");
}
