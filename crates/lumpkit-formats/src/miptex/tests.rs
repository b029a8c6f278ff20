#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use super::*;
use crate::diag::Diagnostic;

/// Collects up to 16 codes in order (the crate has no allocator).
struct Collect([&'static str; 16], usize);

impl Sink for Collect {
    fn report(&mut self, d: Diagnostic) -> Result<(), Error> {
        if let Some(slot) = self.0.get_mut(self.1) {
            *slot = d.code();
            self.1 += 1;
        }
        Ok(())
    }
}

impl Collect {
    fn new() -> Self {
        Collect([""; 16], 0)
    }
    fn codes(&self) -> &[&'static str] {
        &self.0[..self.1]
    }
}

/// A 16x16 miptex with the four levels packed after the header, then (optionally) the palette.
fn miptex(buf: &mut [u8; 40 + 340 + 770], w: u32, h: u32) {
    buf[..4].copy_from_slice(b"test");
    buf[16..20].copy_from_slice(&w.to_le_bytes());
    buf[20..24].copy_from_slice(&h.to_le_bytes());
    let mut off = 40u32;
    for n in 0..4 {
        buf[24 + 4 * n..28 + 4 * n].copy_from_slice(&off.to_le_bytes());
        let (lw, lh) = level_size(w, h, n as u32);
        off += lw * lh;
    }
    buf[off as usize..off as usize + 2].copy_from_slice(&256u16.to_le_bytes());
    for i in 0..256 {
        buf[off as usize + 2 + 3 * i] = i as u8;
    }
}

#[test]
fn parses_levels_and_palette() {
    let mut buf = [0u8; 1150];
    miptex(&mut buf, 16, 16);
    buf[40] = 7;
    let mut sink = Collect::new();
    let m = Miptex::parse(&buf, PaletteLayout::Trailing, &mut sink).unwrap();
    assert_eq!(sink.codes(), &[] as &[&str]);
    assert_eq!(m.name(), b"test");
    assert_eq!((m.width(), m.height()), (16, 16));
    let l3 = m.level(3).unwrap();
    assert_eq!((l3.width, l3.height, l3.pixels.len()), (2, 2, 4));
    assert_eq!(m.level(0).unwrap().pixels[0], 7);
    assert_eq!(m.palette().unwrap()[3], 1);
    assert!(m.level(4).is_err());
}

#[test]
fn reports_bad_offsets_sizes_and_palettes() {
    let mut buf = [0u8; 1150];
    miptex(&mut buf, 16, 16);
    buf[36..40].copy_from_slice(&u32::MAX.to_le_bytes());
    buf[380..382].copy_from_slice(&255u16.to_le_bytes());
    let mut sink = Collect::new();
    let m = Miptex::parse(&buf, PaletteLayout::External, &mut sink).unwrap();
    assert_eq!(sink.codes(), &["miptex-mip-out-of-bounds"]);
    assert_eq!(m.level(3).unwrap_err().code(), "miptex-mip-out-of-bounds");
    assert!(m.palette().is_none());

    let mut sink = Collect::new();
    let _ = Miptex::parse(&buf, PaletteLayout::Trailing, &mut sink).unwrap();
    assert_eq!(
        sink.codes(),
        &["miptex-mip-out-of-bounds", "miptex-palette-past-end"]
    );

    let mut sink = Collect::new();
    let err = Miptex::parse(&buf[..39], PaletteLayout::Trailing, &mut sink).unwrap_err();
    assert_eq!(err.code(), "miptex-truncated");

    let mut buf = [0u8; 1150];
    miptex(&mut buf, 24, 8);
    let mut sink = Collect::new();
    let _ = Miptex::parse(&buf, PaletteLayout::External, &mut sink).unwrap();
    assert_eq!(sink.codes(), &["miptex-size-not-multiple-of-16"]);

    buf[16..20].copy_from_slice(&0u32.to_le_bytes());
    let err = Miptex::parse(&buf, PaletteLayout::External, &mut Collect::new()).unwrap_err();
    assert_eq!(err.code(), "miptex-size-zero");
    buf[16..20].copy_from_slice(&4096u32.to_le_bytes());
    let err = Miptex::parse(&buf, PaletteLayout::External, &mut Collect::new()).unwrap_err();
    assert_eq!(err.code(), "miptex-size-too-large");
}

#[test]
fn colour_count_and_external() {
    let mut buf = [0u8; 1150];
    miptex(&mut buf, 16, 16);
    buf[380..382].copy_from_slice(&16u16.to_le_bytes());
    let mut sink = Collect::new();
    let m = Miptex::parse(&buf, PaletteLayout::Trailing, &mut sink).unwrap();
    assert_eq!(sink.codes(), &["miptex-colour-count"]);
    assert!(m.palette().is_some());
    buf[24..40].fill(0);
    let mut sink = Collect::new();
    let m = Miptex::parse(&buf, PaletteLayout::Trailing, &mut sink).unwrap();
    assert!(m.is_external());
    assert_eq!(sink.codes(), &["miptex-external"]);
    assert!(m.level(0).is_err());
}

/// The first diagnostic `parse` reports for a `w` × `h` miptex in `layout`.
fn first_diagnostic(w: u32, h: u32, layout: PaletteLayout) -> Option<Diagnostic> {
    struct First(Option<Diagnostic>);
    impl Sink for First {
        fn report(&mut self, d: Diagnostic) -> Result<(), Error> {
            self.0.get_or_insert(d);
            Ok(())
        }
    }
    let mut buf = [0u8; 1150];
    miptex(&mut buf, w, h);
    let mut sink = First(None);
    Miptex::parse(&buf, layout, &mut sink).unwrap();
    sink.0
}

#[test]
fn not_16_aligned_is_profiled_per_family() {
    use crate::diag::Severity;
    use crate::profiles::{Engine, Targets, retarget};

    // 16x8: the height is the unaligned side; a warning naming both sides by default.
    let quake = first_diagnostic(16, 8, PaletteLayout::External).unwrap();
    assert_eq!(quake.code(), "miptex-size-not-multiple-of-16");
    assert_eq!(quake.args[0], 8);
    assert_eq!(quake.severity, Severity::Warning);
    let under = |d, e| retarget(d, Targets::of(e)).severity;
    assert_eq!(under(quake, Engine::Quake), Severity::Error);
    assert_eq!(under(quake, Engine::QuakeSpasm), Severity::Info);
    assert_eq!(under(quake, Engine::Xash3d), Severity::Info);

    let goldsrc = first_diagnostic(24, 8, PaletteLayout::Trailing).unwrap();
    assert_eq!(goldsrc.args[0], 24);
    assert_eq!(goldsrc.severity, Severity::Warning);
    assert_eq!(under(goldsrc, Engine::GoldSrc), Severity::Error);
    assert_eq!(under(goldsrc, Engine::Xash3d), Severity::Info);
    // A Quake-only target has no say over a GoldSrc texture.
    assert_eq!(under(goldsrc, Engine::Quake), Severity::Warning);

    // Aligned sides report nothing.
    assert!(first_diagnostic(16, 16, PaletteLayout::Trailing).is_none());
}
