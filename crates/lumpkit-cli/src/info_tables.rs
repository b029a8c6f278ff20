//! `info`'s fields for people: scalars as `key: value`, lists of records (levels, entries,
//! textures, materials, batches, …) as aligned tables, maps (lumps, counts, tags, …) as two-column
//! tables. Format-agnostic: it reads the same fields `--json` prints, whatever the format.

use std::io::Write;

use serde_json::{Map, Value};

/// Rows of a long table shown without `--all`.
const ROWS: usize = 20;
/// Widest cell shown without `--all`.
const CELL: usize = 48;

/// Writes `fields` (a report's JSON object without its common keys); `all` shows every row and
/// whole cells.
pub fn write_fields<'a>(
    out: &mut impl Write,
    fields: impl Iterator<Item = (&'a String, &'a Value)>,
    all: bool,
) -> std::io::Result<()> {
    let mut blocks = Vec::new();
    for (key, value) in fields {
        match value {
            Value::Array(items) if items.iter().any(Value::is_object) => {
                blocks.push((key, value));
            }
            Value::Object(map) if !map.is_empty() => blocks.push((key, value)),
            _ => writeln!(out, "  {key}: {}", short(&compact(value), all))?,
        }
    }
    for (key, value) in blocks {
        writeln!(out)?;
        match value {
            Value::Array(items) => records(out, key, items, all)?,
            Value::Object(map) => pairs(out, key, map, all)?,
            _ => {}
        }
    }
    Ok(())
}

/// A list of records as a table: one column per key, in order of first appearance, with the
/// row number first.
fn records(out: &mut impl Write, key: &str, items: &[Value], all: bool) -> std::io::Result<()> {
    let mut columns: Vec<&str> = Vec::new();
    for item in items {
        for k in item.as_object().into_iter().flat_map(Map::keys) {
            if !columns.contains(&k.as_str()) {
                columns.push(k);
            }
        }
    }
    let shown = if all {
        items.len()
    } else {
        ROWS.min(items.len())
    };
    let mut rows: Vec<Vec<String>> = vec![
        std::iter::once("#".to_string())
            .chain(columns.iter().map(|c| c.to_string()))
            .collect(),
    ];
    for (i, item) in items.iter().take(shown).enumerate() {
        let mut row = vec![i.to_string()];
        for c in &columns {
            let cell = match item {
                Value::Object(m) => m.get(*c).map(compact).unwrap_or_default(),
                other if c == columns.first().unwrap_or(&"") => compact(other),
                _ => String::new(),
            };
            row.push(short(&cell, all));
        }
        rows.push(row);
    }
    writeln!(out, "  {key} ({}):", items.len())?;
    table(out, &rows, true)?;
    if shown < items.len() {
        writeln!(
            out,
            "    … and {} more (--all lists them)",
            items.len() - shown
        )?;
    }
    Ok(())
}

/// A map as a two-column table. A string value is prose written for people (an engine verdict
/// such as "loads in: quakespasm; refused by: quake (MAX_MAP_LEAFS)") and nothing stands to its
/// right, so it is shown whole; lists and objects are cut like any cell.
fn pairs(
    out: &mut impl Write,
    key: &str,
    map: &Map<String, Value>,
    all: bool,
) -> std::io::Result<()> {
    writeln!(out, "  {key}:")?;
    let rows: Vec<Vec<String>> = map
        .iter()
        .map(|(k, v)| match v {
            Value::String(text) => vec![k.clone(), text.clone()],
            other => vec![k.clone(), short(&compact(other), all)],
        })
        .collect();
    table(out, &rows, false)
}

/// Rows with each column padded to its widest cell; columns that hold only numbers are
/// right-aligned (below a header row when `header`).
fn table(out: &mut impl Write, rows: &[Vec<String>], header: bool) -> std::io::Result<()> {
    let body = rows.get(usize::from(header)..).unwrap_or_default();
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let numeric: Vec<bool> = (0..columns)
        .map(|i| {
            body.iter()
                .all(|row| row.get(i).is_none_or(|c| c.is_empty() || is_number(c)))
        })
        .collect();
    let mut widths: Vec<usize> = Vec::new();
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            let w = cell.chars().count();
            match widths.get_mut(i) {
                Some(max) => *max = (*max).max(w),
                None => widths.push(w),
            }
        }
    }
    for row in rows {
        let mut line = String::from("   ");
        for ((cell, &width), &right) in row.iter().zip(&widths).zip(&numeric) {
            let pad = width.saturating_sub(cell.chars().count());
            line.push(' ');
            if right {
                line.extend(std::iter::repeat_n(' ', pad));
                line.push_str(cell);
            } else {
                line.push_str(cell);
                line.extend(std::iter::repeat_n(' ', pad));
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

fn is_number(cell: &str) -> bool {
    !cell.is_empty() && cell.parse::<f64>().is_ok()
}

/// A value as short text: strings without quotes, objects as `k=v` pairs, lists comma-joined.
fn compact(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => "-".into(),
        Value::Array(items) => {
            let inner: Vec<String> = items.iter().map(compact).collect();
            format!("[{}]", inner.join(", "))
        }
        Value::Object(map) => map
            .iter()
            .map(|(k, v)| match v {
                Value::Object(_) => format!("{k}={{{}}}", compact(v)),
                _ => format!("{k}={}", compact(v)),
            })
            .collect::<Vec<_>>()
            .join(" "),
        other => other.to_string(),
    }
}

/// `text` cut to [`CELL`] characters with `…` unless `all`.
fn short(text: &str, all: bool) -> String {
    if all || text.chars().count() <= CELL {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(CELL.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn render(v: &Value, all: bool) -> String {
        let mut out = Vec::new();
        write_fields(&mut out, v.as_object().unwrap().iter(), all).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn records_become_aligned_tables_and_long_lists_are_cut() {
        let entries: Vec<Value> = (0..25)
            .map(|i| json!({"name": format!("t{i}"), "size": i * 100}))
            .collect();
        let v =
            json!({"encoding": "dxt1", "entries": entries, "lumps": {"planes": 2, "faces": 10}});
        let text = render(&v, false);
        assert!(text.contains("  encoding: dxt1\n"), "{text}");
        assert!(text.contains("  entries (25):\n"), "{text}");
        assert!(text.contains("     # name size\n"), "{text}");
        assert!(text.contains("     0 t0      0\n"), "{text}");
        assert!(text.contains("    19 t19  1900\n"), "{text}");
        assert!(!text.contains("t20"), "{text}");
        assert!(text.contains("… and 5 more (--all lists them)"), "{text}");
        assert!(text.contains("    planes  2\n"), "{text}");
        let all = render(&v, true);
        assert!(all.contains("    24 t24  2400\n"), "{all}");
    }

    #[test]
    fn a_verdict_in_a_map_is_shown_whole_but_long_lists_are_cut() {
        let summary = "loads in: quakespasm, xash3d; refused by: quake (MAX_MAP_LEAFS)";
        let many: Vec<String> = (0..40).map(|i| format!("engine{i}")).collect();
        let v = json!({"engines": {"summary": summary, "loads_in": many}});
        let text = render(&v, false);
        assert!(text.contains(&format!("summary  {summary}\n")), "{text}");
        assert!(text.contains("[engine0, engine1,"), "{text}");
        assert!(!text.contains("engine39"), "{text}");
        assert!(render(&v, true).contains("engine39]"), "{text}");
    }
}
