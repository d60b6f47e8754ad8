//! Reports written as they are made: a JSON document whose one large list
//! (SARIF's results, GitLab's issues, rdjson's diagnostics) is made an
//! element at a time while it is written, so that a run with millions of
//! findings never holds their JSON values, nor the whole text, at once.

use std::cell::RefCell;
use std::io::Write;

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::Value;

/// Write `doc` pretty-printed (two spaces, as `serde_json::to_writer_pretty`
/// writes it, and a newline after it), with the list at `at` (keys of
/// objects, indices of lists) holding `items`, each made when it is
/// written. The text is the one the whole document, built first, would
/// give.
pub fn write_pretty_with<I: Iterator<Item = Value>>(
    out: &mut dyn Write,
    doc: &Value,
    at: &[&str],
    items: I,
) -> std::io::Result<()> {
    let items = RefCell::new(Some(items));
    let mut writer = std::io::BufWriter::new(out);
    serde_json::to_writer_pretty(
        &mut writer,
        &Spliced {
            value: doc,
            at,
            items: &items,
        },
    )
    .map_err(std::io::Error::other)?;
    writer.write_all(b"\n")?;
    writer.flush()
}

/// `value`, with the items in place of the list at `at` below it.
struct Spliced<'a, I> {
    value: &'a Value,
    at: &'a [&'a str],
    items: &'a RefCell<Option<I>>,
}

impl<I: Iterator<Item = Value>> Serialize for Spliced<'_, I> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Some((step, rest)) = self.at.split_first() else {
            let items = self.items.borrow_mut().take();
            return s.collect_seq(items.into_iter().flatten());
        };
        let inner = |value| Spliced {
            value,
            at: rest,
            items: self.items,
        };
        match self.value {
            Value::Object(map) => {
                let mut m = s.serialize_map(Some(map.len()))?;
                for (k, v) in map {
                    match k == step {
                        true => m.serialize_entry(k, &inner(v))?,
                        false => m.serialize_entry(k, v)?,
                    }
                }
                m.end()
            }
            Value::Array(list) => {
                let mut seq = s.serialize_seq(Some(list.len()))?;
                for (i, v) in list.iter().enumerate() {
                    match step.parse() == Ok(i) {
                        true => seq.serialize_element(&inner(v))?,
                        false => seq.serialize_element(v)?,
                    }
                }
                seq.end()
            }
            other => other.serialize(s),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_text_is_that_of_the_whole_document() {
        for n in [0, 1, 3] {
            let items: Vec<Value> = (0..n)
                .map(|i| json!({"b": i, "a": {"x": [i, "y"]}}))
                .collect();
            let whole = json!({"z": 1, "runs": [{"tool": {"n": "x"}, "results": items.clone(), "k": []}], "a": null});
            let shell =
                json!({"z": 1, "runs": [{"tool": {"n": "x"}, "results": [], "k": []}], "a": null});
            let mut out = Vec::new();
            write_pretty_with(
                &mut out,
                &shell,
                &["runs", "0", "results"],
                items.into_iter(),
            )
            .unwrap();
            let mut expected = serde_json::to_string_pretty(&whole).unwrap();
            expected.push('\n');
            assert_eq!(String::from_utf8(out).unwrap(), expected);
        }
        // A list at the top.
        let mut out = Vec::new();
        write_pretty_with(&mut out, &json!([]), &[], [json!(1), json!(2)].into_iter()).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "[\n  1,\n  2\n]\n");
    }
}
