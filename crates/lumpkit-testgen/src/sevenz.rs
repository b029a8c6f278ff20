//! Writers of 7z archives through `sevenz-rust2`'s encoder (LZMA2, BCJ x86, solid blocks), and one
//! malformed archive per `7z-*` rule that an encoder without AES or PPMd can produce.

use std::io::Cursor;

/// The coders a writer can chain (re-exported for tests).
pub use sevenz_rust2::EncoderMethod as Method;
use sevenz_rust2::EncoderMethod;
use sevenz_rust2::{ArchiveEntry, ArchiveWriter, EncoderConfiguration, SourceReader};

use crate::Sample;

/// A 7z archive of `(name, content)` files; `solid` packs them into one block. `None` when the
/// encoder fails (it does not on these inputs).
pub fn archive(files: &[(&str, &[u8])], methods: &[EncoderMethod], solid: bool) -> Option<Vec<u8>> {
    let coders = methods
        .iter()
        .map(|m| EncoderConfiguration::from(*m))
        .collect();
    archive_with(files, coders, solid)
}

/// [`archive`] with configured coders (dictionary sizes, delta distances).
pub fn archive_with(
    files: &[(&str, &[u8])],
    coders: Vec<EncoderConfiguration>,
    solid: bool,
) -> Option<Vec<u8>> {
    let mut writer = ArchiveWriter::new(Cursor::new(Vec::new())).ok()?;
    writer.set_content_methods(coders);
    if solid {
        let entries = files
            .iter()
            .map(|(n, _)| ArchiveEntry::new_file(n))
            .collect();
        let readers = files.iter().map(|(_, d)| SourceReader::new(*d)).collect();
        writer.push_archive_entries(entries, readers).ok()?;
    } else {
        for (name, data) in files {
            writer
                .push_archive_entry(ArchiveEntry::new_file(name), Some(*data))
                .ok()?;
        }
    }
    Some(writer.finish().ok()?.into_inner())
}

/// Every 7z sample.
pub fn samples() -> Vec<Sample> {
    let script = b"actor Imp2 : DoomImp { Health 80 }\n".repeat(100);
    let wal = crate::wal::wal("floor1_3", 16, 16);
    let files: [(&str, &[u8]); 2] = [
        ("scripts/monsters.txt", &script),
        ("textures/floor1_3.wal", &wal),
    ];
    let mut s = Vec::new();
    let Some(solid) = archive(&files, &[EncoderMethod::LZMA2], true) else {
        return s;
    };
    s.push(Sample::new("valid_solid.7z", solid.clone(), "ok", &[]));
    if let Some(bcj) = archive(
        &files,
        &[EncoderMethod::BCJ_X86_FILTER, EncoderMethod::LZMA],
        false,
    ) {
        s.push(Sample::new("valid_bcj_lzma.7z", bcj, "ok", &[]));
    }
    // The start header's CRC (bytes 8..12) no longer matches.
    let mut b = solid.clone();
    b[8] ^= 0xFF;
    s.push(Sample::new("invalid.7z", b, "error", &["7z-invalid"]));
    // A byte of the packed stream (right after the 32-byte signature header) changed.
    let mut b = solid.clone();
    b[40] ^= 0x55;
    s.push(Sample::new(
        "data_corrupt.7z",
        b,
        "error",
        &["7z-data-corrupt"],
    ));
    if let Some(b) = archive(
        &[("../../autoexec.cfg", b"bind x quit")],
        &[EncoderMethod::LZMA2],
        false,
    ) {
        s.push(Sample::new(
            "name_unsafe.7z",
            b,
            "warning",
            &["7z-name-unsafe"],
        ));
    }
    s
}
