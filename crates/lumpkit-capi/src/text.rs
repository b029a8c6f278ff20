//! Text handed to C: NUL-terminated copies owned by a handle (or by the thread's last error).

use std::ffi::CString;

/// `text` as a C string. A NUL inside (an archive may store one in a member name) cannot be
/// represented, so it becomes U+FFFD; everything else is kept byte for byte.
pub fn c_string(text: &str) -> CString {
    CString::new(text).unwrap_or_else(|_| {
        let cleaned = text.replace('\0', "\u{fffd}");
        CString::new(cleaned).unwrap_or_default()
    })
}

#[cfg(test)]
mod tests {
    use super::c_string;

    #[test]
    fn interior_nul_is_replaced_not_cut() {
        assert_eq!(c_string("a.blp").to_bytes(), b"a.blp");
        assert_eq!(c_string("a\0b").to_str().ok(), Some("a\u{fffd}b"));
    }
}
