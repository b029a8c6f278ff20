//! Rules of the Quake 3 text files: what makes ioquake3 ignore a shader script.

use crate::diag::{Rule, Severity};

/// A shader name not followed by `{`.
pub static SHADER_NO_OPENING_BRACE: Rule = Rule {
    code: "shader-missing-opening-brace",
    severity: Severity::Warning,
    message: "the shader named on line {0} is not followed by an opening brace; ioq3 ignores the rest of this shader file (ScanAndLoadShaderFiles: \"missing opening brace\"), so its shaders fall back to plain textures",
};
/// A shader block never closed.
pub static SHADER_NO_CLOSING_BRACE: Rule = Rule {
    code: "shader-missing-closing-brace",
    severity: Severity::Warning,
    message: "the shader named on line {0} is never closed; ioq3 ignores the rest of this shader file (ScanAndLoadShaderFiles: \"missing closing brace\"), so its shaders fall back to plain textures",
};

/// Every rule of the Quake 3 text files.
pub static RULES: &[&Rule] = &[&SHADER_NO_OPENING_BRACE, &SHADER_NO_CLOSING_BRACE];
