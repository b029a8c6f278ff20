//! Files that are not ours: what `check` says about them.

use crate::Sample;

/// Samples for `corpus/misc/`.
pub fn samples() -> Vec<Sample> {
    vec![
        Sample::new(
            "readme.txt",
            b"not an asset file\n".to_vec(),
            "ok",
            &["lumpkit-unknown-format"],
        ),
        // A Quake 3 text skin under WoW's `.skin` extension: recognised by its `surface,path` lines
        // as a Quake 3 skin (`q3skin`), which shares the extension: no mismatch.
        Sample::new(
            "text-named.skin",
            b"// a player skin\nh_head,models/players/x/head.tga\ntag_head,\n".to_vec(),
            "ok",
            &[],
        ),
        // Other text under `.skin`: printable text is not a broken binary skin profile, so it is
        // not parsed as one; the name is flagged.
        Sample::new(
            "notes-named.skin",
            b"this skin was removed\n".to_vec(),
            "warning",
            &["lumpkit-extension-mismatch"],
        ),
        // A text placeholder saved as a Warcraft III map: the game opens every `.w3x` with its
        // MPQ reader and fails, so the mismatch is an error (MPQ's `misnamed_severity`).
        Sample::new(
            "text-placeholder.w3x",
            b"map removed, see the forum thread\n".to_vec(),
            "error",
            &["lumpkit-extension-mismatch"],
        ),
        // A PNG saved with a .blp name: the content wins, the name is flagged.
        Sample::new(
            "png-named.blp",
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(),
            "warning",
            &["lumpkit-extension-mismatch"],
        ),
        // A WAD saved with a .blp name: one of our formats named as another; checked as what
        // the content is, the name flagged.
        Sample::new(
            "wad-named.blp",
            crate::wad::wad(
                b"WAD3",
                &[crate::wad::EntrySpec::new(
                    b"brick",
                    0x43,
                    crate::wad::miptex(
                        b"brick",
                        16,
                        16,
                        Some(&crate::wad::palette_block(
                            256,
                            &crate::wad::palette([0, 0, 255]),
                        )),
                    ),
                )],
            ),
            "warning",
            &["lumpkit-extension-mismatch"],
        ),
    ]
}
