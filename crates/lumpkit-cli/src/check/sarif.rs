//! `--format sarif`: one SARIF 2.1.0 log (the format GitHub code scanning and other static-analysis
//! viewers read), written as the scan goes.
//!
//! The log is one JSON object, yet results are printed as they come: JSON member order does not
//! matter, so `results` comes first and `tool` (with the rules that occurred) is written at the end.
//! Each diagnostic is one result. Its physical location is the file on disk, with a `byteOffset`
//! region when the offset is in that file. A diagnostic in an archive member also names the chain of
//! members down to it as logical locations, outermost first (each with its own `name` as the archive
//! stores it and the `fullyQualifiedName` `a.pak!maps/x.bsp!rock4_1` down to it, so names holding
//! `!` stay unambiguous), and gives its offset in the text, because a member may be compressed and
//! its offsets then mean nothing in the file.

use std::collections::BTreeMap;
use std::io::Write;

use lumpkit::check::Checked;
use lumpkit::{Diagnostic, Severity};
use serde::Serialize;

use super::policy::Policy;
use lumpkit::check::Message;

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// What the log needs between results: whether one was written, and the rules that occurred.
#[derive(Default)]
pub struct Sarif {
    started: bool,
    any_result: bool,
    rules: BTreeMap<&'static str, Severity>,
}

impl Sarif {
    /// Writes one result per diagnostic of `c` that the policy shows.
    pub fn results(
        &mut self,
        out: &mut impl Write,
        policy: &Policy,
        c: &Checked,
        io_error: Option<&str>,
    ) -> std::io::Result<()> {
        self.start(out)?;
        let file = c.file();
        let member = (!c.joins.is_empty()).then_some(c);
        // Made once per file or member, and only for one with something to report.
        let mut file_uri = None;
        for d in &c.report.diagnostics {
            let Some(severity) = policy.severity(&c.report, d) else {
                continue;
            };
            self.rules.entry(d.code()).or_insert(d.severity());
            if self.any_result {
                out.write_all(b",")?;
            }
            self.any_result = true;
            let uri = file_uri.get_or_insert_with(|| uri(file));
            serde_json::to_writer(&mut *out, &result(d, severity, uri, member, io_error))?;
        }
        Ok(())
    }

    /// Ends the log (an empty one when nothing was checked).
    pub fn finish(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        self.start(out)?;
        let rules: Vec<Rule> = self
            .rules
            .iter()
            .map(|(&id, &severity)| Rule {
                id,
                default_configuration: Level {
                    level: level(severity),
                },
            })
            .collect();
        let tool = Tool {
            driver: Driver {
                name: "lumpkit",
                version: env!("CARGO_PKG_VERSION"),
                rules,
            },
        };
        out.write_all(b"],\"tool\":")?;
        serde_json::to_writer(&mut *out, &tool)?;
        out.write_all(b"}]}\n")
    }

    fn start(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        if !self.started {
            self.started = true;
            write!(
                out,
                "{{\"$schema\":\"{SCHEMA}\",\"version\":\"2.1.0\",\"runs\":[{{\"results\":["
            )?;
        }
        Ok(())
    }
}

fn result<'a>(
    d: &'a Diagnostic,
    severity: Severity,
    uri: &'a str,
    member: Option<&'a Checked>,
    io_error: Option<&'a str>,
) -> SarifResult<'a> {
    let region = match (member, d.offset) {
        (None, Some(byte_offset)) => Some(Region { byte_offset }),
        _ => None,
    };
    SarifResult {
        rule_id: d.code(),
        level: level(severity),
        message: Text {
            text: MemberMessage {
                message: Message(d, io_error),
                member_offset: member.and(d.offset),
            },
        },
        locations: [Location {
            physical_location: Physical {
                artifact_location: Artifact { uri },
                region,
            },
            logical_locations: member.map(|c| {
                let names = c.location().skip(1);
                let ends = c.joins.iter().skip(1).copied().chain([c.path.len()]);
                names
                    .zip(ends)
                    .map(|(name, end)| Logical {
                        name,
                        fully_qualified_name: c.path.get(..end).unwrap_or_default(),
                        kind: "member",
                    })
                    .collect()
            }),
        }],
        properties: lumpkit::report::profile_fields(d),
    }
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

/// A path as a relative or absolute URI reference: every byte but unreserved ones and `/` escaped.
fn uri(path: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        match b {
            b'\\' => out.push('/'),
            b if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) => out.push(char::from(b)),
            b => {
                let _ = write!(out, "%{b:02X}");
            }
        }
    }
    out
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult<'a> {
    rule_id: &'static str,
    level: &'static str,
    message: Text<'a>,
    locations: [Location<'a>; 1],
    /// SARIF property bag: an engine-dependent finding's `limit`, `value`, `refused_by`,
    /// `loaded_by` and `limits`.
    #[serde(skip_serializing_if = "Option::is_none")]
    properties: Option<serde_json::Map<String, serde_json::Value>>,
}

#[derive(Serialize)]
struct Text<'a> {
    text: MemberMessage<'a>,
}

/// The message, and for a member the offset inside it (which no region can hold).
struct MemberMessage<'a> {
    message: Message<'a>,
    member_offset: Option<u64>,
}

impl std::fmt::Display for MemberMessage<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.message.fmt(f)?;
        match self.member_offset {
            Some(at) => write!(f, " (at byte {at} of the member)"),
            None => Ok(()),
        }
    }
}

impl Serialize for MemberMessage<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Location<'a> {
    physical_location: Physical<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    logical_locations: Option<Vec<Logical<'a>>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Physical<'a> {
    artifact_location: Artifact<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    region: Option<Region>,
}

#[derive(Serialize)]
struct Artifact<'a> {
    uri: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    byte_offset: u64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Logical<'a> {
    name: &'a str,
    fully_qualified_name: &'a str,
    kind: &'static str,
}

#[derive(Serialize)]
struct Tool {
    driver: Driver,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: &'static str,
    version: &'static str,
    rules: Vec<Rule>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Rule {
    id: &'static str,
    default_configuration: Level,
}

#[derive(Serialize)]
struct Level {
    level: &'static str,
}

#[cfg(test)]
mod tests {
    use super::uri;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(uri("mods/a b/x.pbo"), "mods/a%20b/x.pbo");
        assert_eq!(uri("/abs/100%.paa"), "/abs/100%25.paa");
        assert_eq!(uri("dir\\file#1.blp"), "dir/file%231.blp");
        assert_eq!(uri("ü.blp"), "%C3%BC.blp");
    }
}
