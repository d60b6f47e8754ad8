//! The boundary to the YAML library: transcripts' front matter, handoff
//! records and configuration files all come through here, and every
//! document passes [`check_depth`] before the library reads it.

pub use serde_yaml::{Mapping, Value};

/// The largest YAML document read, in bytes.
pub const MAX_DOCUMENT: usize = 1 << 20;

/// The deepest nesting read: flow collections (`[`, `{`) and block
/// collections (by indentation) counted together. The handoff records and
/// configuration files of the test fixtures nest at most 4 levels; the YAML
/// library's own limit is 128, and its scanner slows with the square of the
/// depth.
pub const MAX_DEPTH: usize = 64;

/// Why a document could not be read: the 1-based line when known, and the
/// cause.
pub type YamlError = (Option<usize>, String);

/// Parse a document of any shape, after refusing one nested deeper than
/// [`MAX_DEPTH`]. The error names the cause in the user's terms.
pub fn parse(text: &str) -> Result<Value, YamlError> {
    check_depth(text)?;
    serde_yaml::from_str(text)
        .map_err(|e| (e.location().map(|l| l.line()), explain(&e.to_string())))
}

/// The `speaker:` of a transcript's front matter, if it has one.
pub fn front_matter_speaker(body: &str) -> Option<String> {
    if body.len() > MAX_DOCUMENT {
        return None;
    }
    match parse(body).ok()?.get("speaker")? {
        Value::String(s) => Some(s.trim().to_string()),
        _ => None,
    }
}

/// A document whose top level is a mapping, as (key, value) pairs in order;
/// or why it is not one, with the 1-based line when known.
pub fn parse_mapping(text: &str) -> Result<Vec<(String, Value)>, YamlError> {
    if text.len() > MAX_DOCUMENT {
        return Err((
            None,
            format!(
                "the document is {} bytes; a record is at most {MAX_DOCUMENT}",
                text.len()
            ),
        ));
    }
    match parse(text)? {
        Value::Mapping(map) => Ok(map
            .into_iter()
            .map(|(k, v)| (scalar(&k).unwrap_or_default(), v))
            .collect()),
        _ => Err((
            Some(1),
            "the document is not a mapping of fields".to_string(),
        )),
    }
}

/// A scalar as text: strings, numbers and booleans; `None` for the rest.
pub fn scalar(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// The library's message without its positions (the line is reported
/// apart), and in the user's terms where it has its own.
fn explain(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(i) = rest.find(" at line ") {
        out.push_str(&rest[..i]);
        let after = &rest[i + " at line ".len()..];
        let digits = |s: &str| s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let n = digits(after);
        match after[n..].strip_prefix(" column ") {
            Some(col) if n > 0 => rest = &col[digits(col)..],
            _ => {
                out.push_str(" at line ");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    if let Some(key) = out
        .strip_prefix("duplicate entry with key \"")
        .and_then(|k| k.strip_suffix('"'))
    {
        return format!("the key `{key}` is written twice");
    }
    match out.as_str() {
        "repetition limit exceeded" => {
            "its aliases (`*name`) expand too far: repetition limit exceeded".to_string()
        }
        "recursion limit exceeded" => "nested too deep: recursion limit exceeded".to_string(),
        "deserializing from YAML containing more than one document is not supported" => {
            "more than one document (`---`): a file holds one".to_string()
        }
        _ => out,
    }
}

/// Refuse a document nested deeper than [`MAX_DEPTH`], before the YAML
/// library reads it; the error names the line where the limit is passed.
pub fn check_depth(text: &str) -> Result<(), YamlError> {
    match too_deep(text, MAX_DEPTH) {
        Some(line) => Err((
            Some(line),
            format!("nested more than {MAX_DEPTH} levels deep"),
        )),
        None => Ok(()),
    }
}

/// The 1-based line where a document's nesting first passes `limit`, read
/// in one pass over its bytes: flow collections by their brackets, block
/// collections by the columns of their entries and keys, skipping quoted
/// scalars, block scalars, plain scalars and comments the way the YAML
/// scanner does, so that brackets in text are not counted.
pub fn too_deep(text: &str, limit: usize) -> Option<usize> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut scan = Scan::new(limit);
    for (n, line) in lines(text.as_bytes()).enumerate() {
        if scan.line(line).is_err() {
            return Some(n + 1);
        }
    }
    None
}

/// The deepest nesting of a document, as [`too_deep`] counts it.
#[cfg(test)]
fn depth(text: &str) -> usize {
    let mut scan = Scan::new(usize::MAX);
    for line in lines(text.as_bytes()) {
        let _ = scan.line(line);
    }
    scan.deepest
}

/// The lines of a text, split at every line break YAML knows (LF, CRLF, CR,
/// NEL, LS, PS), without their breaks.
fn lines(b: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut start = 0;
    let mut i = 0;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        while i < b.len() {
            let brk = match b[i] {
                b'\n' => 1,
                b'\r' if b.get(i + 1) == Some(&b'\n') => 2,
                b'\r' => 1,
                0xC2 if b.get(i + 1) == Some(&0x85) => 2,
                0xE2 if b.get(i + 1) == Some(&0x80)
                    && matches!(b.get(i + 2), Some(0xA8 | 0xA9)) =>
                {
                    3
                }
                _ => 0,
            };
            if brk > 0 {
                let line = &b[start..i];
                i += brk;
                start = i;
                return Some(line);
            }
            i += 1;
        }
        done = true;
        Some(&b[start..])
    })
}

/// Nesting passed the limit.
struct TooDeep;

/// The state of the depth scan between lines.
struct Scan {
    limit: usize,
    deepest: usize,
    /// The open block collections, innermost last: their columns, and
    /// whether each is a sequence (an indentless sequence shares its
    /// mapping's column).
    stack: Vec<(usize, bool)>,
    /// Open flow collections.
    flow: usize,
    /// Of each open flow level, innermost last: whether it is a sequence
    /// (`[`), and whether an entry of that sequence is a single-pair
    /// mapping being read (`[a: b]`, `[? a]`), which is one level more.
    flow_levels: Vec<(bool, bool)>,
    /// Where the outermost open flow collection began, should it be a key,
    /// and how deep it went: a key's mapping is known only after it.
    flow_key: Option<usize>,
    flow_deepest: usize,
    /// In a flow collection: whether the next character starts a token (is
    /// not inside a plain scalar), so that a quote there opens a quoted
    /// scalar.
    token_start: bool,
    /// Inside a quoted scalar that runs on past the line: its quote.
    quote: Option<u8>,
    /// Inside a block scalar (`|`, `>`): the least indentation of its lines,
    /// and its indentation once its first line set it.
    block: Option<(usize, Option<usize>)>,
    /// The last line ended inside a plain scalar in block context: the
    /// column of the collection holding it (`None` at the top), as lines
    /// indented more than that continue it.
    plain: Option<Option<usize>>,
}

fn blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

fn blank_at(l: &[u8], i: usize) -> bool {
    l.get(i).is_none_or(|&b| blank(b))
}

fn skip_blanks(l: &[u8], mut i: usize) -> usize {
    while i < l.len() && blank(l[i]) {
        i += 1;
    }
    i
}

/// The index after the quote closing a quoted scalar whose text starts at
/// `i`; `None` when it runs on past the line.
fn skip_quote(l: &[u8], mut i: usize, quote: u8) -> Option<usize> {
    while i < l.len() {
        let b = l[i];
        if quote == b'"' && b == b'\\' {
            i += 2;
            continue;
        }
        if b == quote {
            if quote == b'\'' && l.get(i + 1) == Some(&b'\'') {
                i += 2;
                continue;
            }
            return Some(i + 1);
        }
        i += 1;
    }
    None
}

/// The end of an anchor, alias or tag starting at `i`.
fn skip_property(l: &[u8], mut i: usize, flow: bool) -> usize {
    while i < l.len() && !blank(l[i]) && !(flow && b",[]{}".contains(&l[i])) {
        i += 1;
    }
    i
}

fn is_document_marker(l: &[u8]) -> bool {
    (l.starts_with(b"---") || l.starts_with(b"...")) && blank_at(l, 3)
}

impl Scan {
    fn new(limit: usize) -> Scan {
        Scan {
            limit,
            deepest: 0,
            stack: Vec::new(),
            flow: 0,
            flow_key: None,
            flow_levels: Vec::new(),
            flow_deepest: 0,
            token_start: true,
            quote: None,
            block: None,
            plain: None,
        }
    }

    /// A key or value indicator in a flow sequence opens a single-pair
    /// mapping, one level below the sequence, until the entry ends.
    fn pair(&mut self) -> Result<(), TooDeep> {
        match self.flow_levels.last_mut() {
            Some((true, open @ false)) => {
                *open = true;
                self.flow_deepest = self.flow_deepest.max(self.flow + 1);
                self.reach(self.stack.len() + self.flow + 1)
            }
            _ => Ok(()),
        }
    }

    /// An entry of the innermost flow collection ends.
    fn end_pair(&mut self) {
        if let Some((_, open)) = self.flow_levels.last_mut() {
            *open = false;
        }
    }

    fn deeper(&mut self) -> Result<(), TooDeep> {
        self.reach(self.stack.len() + self.flow)
    }

    fn reach(&mut self, depth: usize) -> Result<(), TooDeep> {
        self.deepest = self.deepest.max(depth);
        if depth > self.limit {
            Err(TooDeep)
        } else {
            Ok(())
        }
    }

    /// A block sequence entry (`-`) at a column: a new level when deeper
    /// than the innermost open collection, or at the column of a mapping
    /// (an indentless sequence, as under `key:`).
    fn sequence(&mut self, column: usize) -> Result<(), TooDeep> {
        match self.stack.last() {
            Some(&(top, sequence)) if top > column || (top == column && sequence) => Ok(()),
            _ => {
                self.stack.push((column, true));
                self.deeper()
            }
        }
    }

    /// A mapping key (or `?`) at a column: a new level when deeper than the
    /// innermost open collection; at the column of an indentless sequence,
    /// that sequence has ended.
    fn mapping(&mut self, column: usize) -> Result<(), TooDeep> {
        match self.stack.last() {
            Some(&(top, _)) if top > column => Ok(()),
            Some(&(top, true)) if top == column => {
                if self.stack.len() > 1 && self.stack[self.stack.len() - 2].0 == column {
                    self.stack.pop();
                }
                Ok(())
            }
            Some(&(top, false)) if top == column => Ok(()),
            _ => {
                self.stack.push((column, false));
                self.deeper()
            }
        }
    }

    /// The column of the innermost open block collection.
    fn parent(&self) -> Option<usize> {
        self.stack.last().map(|&(column, _)| column)
    }

    fn open(&mut self, bracket: u8) -> Result<(), TooDeep> {
        if self.flow == 0 {
            self.flow_deepest = 0;
            self.flow_levels.clear();
        }
        self.flow_levels.push((bracket == b'[', false));
        self.flow += 1;
        self.flow_deepest = self.flow_deepest.max(self.flow);
        self.token_start = true;
        self.deeper()
    }

    fn line(&mut self, l: &[u8]) -> Result<(), TooDeep> {
        let indent = l.iter().take_while(|&&b| b == b' ').count();
        let is_blank = l[indent..].iter().all(|&b| blank(b));
        if let Some(quote) = self.quote {
            let Some(end) = skip_quote(l, 0, quote) else {
                return Ok(());
            };
            self.quote = None;
            return if self.flow > 0 {
                self.token_start = true;
                self.flow_text(l, end)
            } else {
                self.after_node(l, end, None, 0)
            };
        }
        if let Some((least, set)) = self.block {
            if is_blank {
                return Ok(());
            }
            if indent >= set.unwrap_or(least) {
                self.block = Some((least, Some(set.unwrap_or(indent))));
                return Ok(());
            }
            self.block = None;
        }
        if self.flow > 0 {
            return self.flow_text(l, 0);
        }
        if is_blank {
            return Ok(());
        }
        let first = l[indent];
        if let Some(parent) = self.plain.take() {
            let continues = first != b'#'
                && !(indent == 0 && is_document_marker(l))
                && parent.is_none_or(|p| indent > p);
            if continues {
                // The scalar runs on to a comment, or to `: `, which the
                // library refuses: what follows is read as a node.
                let mut j = indent;
                while j < l.len() {
                    if l[j] == b':' && blank_at(l, j + 1) {
                        return self.node(l, j + 1);
                    }
                    if l[j] == b'#' && blank(l[j - 1]) {
                        return Ok(());
                    }
                    j += 1;
                }
                self.plain = Some(parent);
                return Ok(());
            }
        }
        if first == b'#' {
            return Ok(());
        }
        while self.stack.last().is_some_and(|&(top, _)| top > indent) {
            self.stack.pop();
        }
        if indent == 0 && is_document_marker(l) {
            self.stack.clear();
            return self.node(l, 3);
        }
        if indent == 0 && first == b'%' {
            return Ok(());
        }
        self.node(l, indent)
    }

    /// Block context, where a node may start.
    fn node(&mut self, l: &[u8], mut i: usize) -> Result<(), TooDeep> {
        // Where the node began, its anchor or tag included: a key's mapping
        // sits at that column.
        let mut start = None;
        loop {
            i = skip_blanks(l, i);
            let Some(&c) = l.get(i) else {
                return Ok(());
            };
            let at = *start.get_or_insert(i);
            match c {
                b'#' => return Ok(()),
                b'[' | b'{' => {
                    self.open(c)?;
                    self.flow_key = Some(at);
                    return self.flow_text(l, i + 1);
                }
                b'"' | b'\'' => match skip_quote(l, i + 1, c) {
                    Some(end) => return self.after_node(l, end, Some(at), 0),
                    None => {
                        self.quote = Some(c);
                        return Ok(());
                    }
                },
                b'|' | b'>' => {
                    self.block_scalar(&l[i + 1..]);
                    return Ok(());
                }
                b'&' | b'!' => i = skip_property(l, i, false),
                b'*' => {
                    let end = skip_property(l, i, false);
                    return self.after_node(l, end, Some(at), 0);
                }
                b'-' if blank_at(l, i + 1) => {
                    self.sequence(i)?;
                    start = None;
                    i += 1;
                }
                b'?' | b':' if blank_at(l, i + 1) => {
                    // An explicit key, or a value with an empty key.
                    self.mapping(at)?;
                    start = None;
                    i += 1;
                }
                _ => return self.plain_scalar(l, i, at),
            }
        }
    }

    /// A plain scalar in block context, or a key: it ends at `: ` (a key,
    /// whose mapping sits at `key`, the column its node began), at ` #`, or
    /// runs on to the next line.
    fn plain_scalar(&mut self, l: &[u8], start: usize, key: usize) -> Result<(), TooDeep> {
        for j in start..l.len() {
            if l[j] == b':' && blank_at(l, j + 1) {
                self.mapping(key)?;
                return self.node(l, j + 1);
            }
            if l[j] == b'#' && j > start && blank(l[j - 1]) {
                return Ok(());
            }
        }
        self.plain = Some(self.parent());
        Ok(())
    }

    /// After a quoted scalar, an alias or a flow collection (`nested`
    /// levels deep) in block context: a `:` makes it a key, nested in its
    /// mapping.
    fn after_node(
        &mut self,
        l: &[u8],
        i: usize,
        start: Option<usize>,
        nested: usize,
    ) -> Result<(), TooDeep> {
        let i = skip_blanks(l, i);
        if l.get(i) == Some(&b':') && blank_at(l, i + 1) {
            if let Some(start) = start {
                self.mapping(start)?;
                self.reach(self.stack.len() + nested)?;
            }
            return self.node(l, i + 1);
        }
        Ok(())
    }

    /// A block scalar's header (after `|` or `>`): its lines are those
    /// indented at least one more than its collection, or as much as the
    /// indentation indicator says.
    fn block_scalar(&mut self, header: &[u8]) {
        let parent = self.parent();
        let mut explicit = None;
        for &b in header.iter().take(2) {
            match b {
                b'1'..=b'9' => explicit = Some(usize::from(b - b'0')),
                b'+' | b'-' => {}
                _ => break,
            }
        }
        self.block = Some(match explicit {
            Some(n) => {
                let least = parent.map_or(n, |p| p + n);
                (least, Some(least))
            }
            None => (parent.map_or(1, |p| p + 1), None),
        });
    }

    /// Inside flow collections, where every bracket outside a quoted scalar
    /// or a comment is one.
    fn flow_text(&mut self, l: &[u8], mut i: usize) -> Result<(), TooDeep> {
        while i < l.len() {
            let c = l[i];
            match c {
                b' ' | b'\t' => {}
                // A comment where a token could start: after white space,
                // or right after a flow indicator (`[# note`).
                b'#' if i == 0 || blank(l[i - 1]) || self.token_start => {
                    self.token_start = true;
                    return Ok(());
                }
                b'[' | b'{' => self.open(c)?,
                b']' | b'}' => {
                    self.end_pair();
                    self.flow_levels.pop();
                    self.flow = self.flow.saturating_sub(1);
                    self.token_start = true;
                    if self.flow == 0 {
                        let key = self.flow_key.take();
                        return self.after_node(l, i + 1, key, self.flow_deepest);
                    }
                }
                b',' => {
                    self.end_pair();
                    self.token_start = true;
                }
                b'"' | b'\'' if self.token_start => match skip_quote(l, i + 1, c) {
                    Some(end) => {
                        i = end;
                        continue;
                    }
                    None => {
                        self.quote = Some(c);
                        return Ok(());
                    }
                },
                b':' if self.token_start
                    || l.get(i + 1)
                        .is_none_or(|&n| blank(n) || b",[]{}".contains(&n)) =>
                {
                    self.pair()?;
                    self.token_start = true;
                }
                b'?' if self.token_start && blank_at(l, i + 1) => self.pair()?,
                b'&' | b'!' | b'*' if self.token_start => {
                    i = skip_property(l, i, true);
                    continue;
                }
                _ => self.token_start = false,
            }
            i += 1;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_speaker() {
        assert_eq!(
            front_matter_speaker("title: x\nspeaker: CFO\n").as_deref(),
            Some("CFO")
        );
        assert_eq!(front_matter_speaker("title: x\n"), None);
        assert_eq!(front_matter_speaker("speaker: [a, b]\n"), None);
        assert_eq!(front_matter_speaker(": not yaml : :\n  - ["), None);
    }

    #[test]
    fn reads_mappings_and_explains_the_rest() {
        let fields = parse_mapping("a: 1\nb: [x]\n").unwrap();
        assert_eq!(fields[0].0, "a");
        assert!(parse_mapping("- 1\n- 2\n").is_err());
        let (line, message) = parse_mapping("a: 1\nb: [\n").unwrap_err();
        assert!(line.is_some());
        assert!(!message.contains(" at line "), "{message}");
        let (_, message) = parse_mapping("a: 1\na: 2\n").unwrap_err();
        assert_eq!(message, "the key `a` is written twice");
    }

    #[test]
    fn alias_bombs_are_refused() {
        let mut bomb = String::from("a: &a [x, x, x, x, x, x, x, x, x]\n");
        for i in 0..10 {
            let prev = if i == 0 {
                "a".to_string()
            } else {
                format!("l{}", i - 1)
            };
            bomb.push_str(&format!("l{i}: &l{i} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"));
        }
        assert!(parse_mapping(&bomb).is_err());
    }

    /// How deep the collections of a parsed document nest.
    fn value_depth(v: &Value) -> usize {
        match v {
            Value::Sequence(items) => 1 + items.iter().map(value_depth).max().unwrap_or(0),
            Value::Mapping(map) => {
                1 + map
                    .iter()
                    .map(|(k, v)| value_depth(k).max(value_depth(v)))
                    .max()
                    .unwrap_or(0)
            }
            Value::Tagged(t) => value_depth(&t.value),
            _ => 0,
        }
    }

    const SHAPES: &[&str] = &[
        "a: 1\n",
        "a: [1, [2, [3]]]\n",
        "- - - x\n",
        "a:\n  b:\n    c:\n      - d\n      - {e: [f]}\n",
        "key:\n- a\n- b\nother: 1\n",
        "a: \"[[[[ quoted ]]]]\"\nb: '[[[ it''s ]]]'\n",
        "a: |\n  [[[[ literal\n  {{{{\nb: >-\n  [[[[ folded\n\nc: [x]\n",
        "a: plain [[[ text\n  runs on [[[ here\n  and here {{{\nb: 1\n",
        "a: 1 # [[[[ a comment\n# [[[[ a comment line\nb: [1, 2] # [[[\n",
        "a: [\"x]\", 'y]', z]\nb: {k: \"v}\", 'w': [1]}\n",
        "a: [x,\n  [y,\n   z],\n  \"multi\n  line ]]]\"]\n",
        "- name: unit\n  result: passed\n- {name: lint, result: failed}\n",
        "a: &anchor [1]\nb: *anchor\nc: !!str x\n",
        "a: \"escaped \\\" [[[\"\nb: 1\n",
        "--- \na: [1]\n",
        "a:\n  - |\n    [[[[\n    ]]\n  - x\n",
        "a: \"[[[[\n  ]] still quoted\"\nb: [1]\n",
        "top: text with a [bracket\nnext: 1\n",
        "[a, [b]]: x\n&k {c: d}: e\n",
        "? [a]\n: [b]\n",
        // Single-pair mappings inside flow sequences are a level of their
        // own.
        "[# ---\n? a]",
        "[a: b, c]\n",
        "x: [[? y, z: 1]]\n",
    ];

    #[test]
    fn brackets_in_text_are_not_counted_and_the_count_matches_the_nesting() {
        for shape in SHAPES {
            let parsed: Value = serde_yaml::from_str(shape).unwrap();
            let (scanned, real) = (depth(shape), value_depth(&parsed));
            // Never below the real nesting, at most one level above it.
            assert!(
                scanned >= real && scanned <= real + 1,
                "{shape:?}: scanned {scanned}, real {real}"
            );
        }
    }

    #[test]
    fn the_count_matches_the_nesting_of_every_yaml_fixture() {
        let mut dirs = vec![std::path::PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures"
        ))];
        let mut seen = 0;
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                    continue;
                }
                if !matches!(
                    path.extension().and_then(|e| e.to_str()),
                    Some("yaml" | "yml")
                ) {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                let Ok(parsed) = serde_yaml::from_str::<Value>(&text) else {
                    continue;
                };
                let (scanned, real) = (depth(&text), value_depth(&parsed));
                assert!(
                    scanned >= real && scanned <= real + 1,
                    "{}: scanned {scanned}, real {real}",
                    path.display()
                );
                assert!(scanned <= 8, "{}: {scanned}", path.display());
                seen += 1;
            }
        }
        assert!(seen > 20, "{seen}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 1000,
            failure_persistence: None,
            ..proptest::prelude::ProptestConfig::default()
        })]

        /// On YAML made of every construct the count skips or follows, the
        /// count is never below the real nesting, and at most two above.
        #[test]
        fn the_count_follows_the_nesting_of_any_document(
            text in "([a-z]{1,3}|: |:|\n|  | |- |-|\\? |\\[|\\]|\\{|\\}|, |,|\"|'|# |#|\\|\n|>-\n|\\|2\n|&a |\\*a |!t |1|---\n|\\.\\.\\.\n|\\\\|\t|\r\n)*"
        ) {
            if let Ok(parsed) = serde_yaml::from_str::<Value>(&text) {
                let (scanned, real) = (depth(&text), value_depth(&parsed));
                proptest::prop_assert!(
                    scanned >= real && scanned <= real + 2,
                    "{text:?}: scanned {scanned}, real {real}"
                );
            }
        }
    }

    #[test]
    fn deep_nesting_is_refused_before_parsing_in_linear_time() {
        let start = std::time::Instant::now();
        let shapes = [
            "[".repeat(MAX_DOCUMENT),
            format!("notes: {}{}\n", "[".repeat(80_000), "]".repeat(80_000)),
            format!("notes: {}x\n", "{a: ".repeat(80_000)),
            format!("notes:\n{}x\n", "- ".repeat(80_000)),
            (0..200)
                .map(|i| format!("{}k{i}:\n", " ".repeat(i)))
                .collect(),
        ];
        for text in &shapes {
            let (line, message) = parse(text).unwrap_err();
            assert_eq!(message, "nested more than 64 levels deep");
            assert!(line.is_some());
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
        // At the limit, still read.
        let at_limit = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(&at_limit).is_ok());
        let over = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        assert!(parse(&over).is_err());
    }

    #[test]
    fn a_byte_order_mark_or_odd_line_breaks_hide_nothing() {
        let deep = "[".repeat(100);
        for text in [
            format!("\u{feff}{deep}"),
            format!("a: |\r{deep}"),
            format!("a: x\u{2028}{deep}"),
            format!("a: 'x'\r\n{deep}"),
        ] {
            assert!(check_depth(&text).is_err(), "{text:?}");
        }
    }
}
