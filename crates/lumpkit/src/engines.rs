//! Each engine's verdict on a file at a glance (`info`'s `engines` field): which engines of the
//! file's family load it and which refuse it, and why, from the report's diagnostics.

use lumpkit_formats::Severity;
use lumpkit_formats::profiles::{self, Engine};
use serde::Serialize;

use crate::Report;

/// Which engines of a file's family load it and which refuse it, and why (`info`'s `engines`:
/// `{summary, loads_in, refused_by: {engine: [reasons]}}`).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct EngineVerdicts {
    /// One line for people: "loads in: …; refused by: engine (reason, …), …".
    pub summary: String,
    /// The engines that load the file.
    pub loads_in: Vec<&'static str>,
    /// The engines that refuse it, each with its reasons: a limit's name or a diagnostic code.
    pub refused_by: Refusals,
}

/// Engines with their reasons, in the family's order (a JSON object).
#[derive(Clone, Debug, Default)]
pub struct Refusals(pub Vec<(&'static str, Vec<&'static str>)>);

impl Serialize for Refusals {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(engine, why)| (engine, why)))
    }
}

/// Judges `engines` on `report`: an engine refuses the file when a profiled finding is an error
/// for it (the reason is the limit's name) or when the file has an error no profile qualifies (the
/// reason is its code).
pub fn verdicts(report: &Report, engines: &[Engine]) -> EngineVerdicts {
    let mut refused: Vec<(Engine, Vec<&'static str>)> = Vec::new();
    let mut loads = Vec::new();
    for &engine in engines {
        let mut reasons: Vec<&'static str> = Vec::new();
        for d in &report.diagnostics {
            match profiles::condition_of(d) {
                Some(c) => {
                    let [value, _, _] = d.args;
                    // Refused means the engine's own verdict is an error: a mild condition
                    // (a sky drawn wrong) is a warning for the engine it affects, which still
                    // loads the file.
                    let refuses = c.engines.iter().any(|e| e.engine == engine)
                        && c.verdict(value, profiles::Targets::NONE.with(engine))
                            == Some(Severity::Error);
                    if refuses && !reasons.contains(&c.limit) {
                        reasons.push(c.limit);
                    }
                }
                None if d.rule.severity == Severity::Error && !reasons.contains(&d.code()) => {
                    reasons.push(d.code());
                }
                None => {}
            }
        }
        if reasons.is_empty() {
            loads.push(engine.name());
        } else {
            refused.push((engine, reasons));
        }
    }
    let mut summary = String::new();
    if !loads.is_empty() {
        summary.push_str("loads in: ");
        summary.push_str(&loads.join(", "));
    }
    if !refused.is_empty() {
        if !summary.is_empty() {
            summary.push_str("; ");
        }
        summary.push_str("refused by: ");
        let parts: Vec<String> = refused
            .iter()
            .map(|(e, why)| format!("{} ({})", e.name(), why.join(", ")))
            .collect();
        summary.push_str(&parts.join(", "));
    }
    EngineVerdicts {
        summary,
        loads_in: loads,
        refused_by: Refusals(
            refused
                .into_iter()
                .map(|(e, why)| (e.name(), why))
                .collect(),
        ),
    }
}
