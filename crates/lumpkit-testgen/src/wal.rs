//! Writers of Quake 2 WAL textures: a valid 16×16 texture and one malformed file per `wal-*` rule.

use crate::Sample;

/// A WAL of `w`×`h` with its four levels after the header (pixels are a gradient of indices).
pub fn wal(name: &str, w: u32, h: u32) -> Vec<u8> {
    let mut out = vec![0u8; 100];
    out[..name.len()].copy_from_slice(name.as_bytes());
    out[32..36].copy_from_slice(&w.to_le_bytes());
    out[36..40].copy_from_slice(&h.to_le_bytes());
    let mut ofs = 100u32;
    for n in 0..4 {
        out[40 + n * 4..44 + n * 4].copy_from_slice(&ofs.to_le_bytes());
        ofs += (w >> n).max(1) * (h >> n).max(1);
    }
    out.extend((100..ofs).map(|i| (i % 256) as u8));
    out
}

fn set_u32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

/// Every WAL sample.
pub fn samples() -> Vec<Sample> {
    let valid = wal("e1u1/floor1_3", 16, 16);
    let mut s = vec![Sample::new("valid.wal", valid.clone(), "ok", &[])];
    s.push(Sample::new(
        "truncated_header.wal",
        valid[..60].to_vec(),
        "error",
        &["wal-truncated-header"],
    ));
    let mut b = valid.clone();
    set_u32(&mut b, 32, 0);
    s.push(Sample::new(
        "bad_dimensions.wal",
        b,
        "error",
        &["wal-bad-dimensions"],
    ));
    let mut b = valid.clone();
    set_u32(&mut b, 40, 1 << 20);
    s.push(Sample::new(
        "mip0_out_of_bounds.wal",
        b,
        "error",
        &["wal-mip0-out-of-bounds"],
    ));
    let mut b = valid.clone();
    set_u32(&mut b, 52, 1 << 20);
    s.push(Sample::new(
        "mip_out_of_bounds.wal",
        b,
        "warning",
        &["wal-mip-out-of-bounds"],
    ));
    // Level 0 only, offsets[1..3] zero (as some converters write): the software renderer copies
    // w×h×85/64 bytes from offsets[0] and draws whatever follows as the smaller levels.
    let mut b = valid[..100 + 16 * 16].to_vec();
    for n in 1..4 {
        set_u32(&mut b, 40 + n * 4, 0);
    }
    s.push(Sample::new(
        "mips_missing.wal",
        b,
        "warning",
        &["wal-mips-not-contiguous"],
    ));
    // A full `name` is read by nobody; a full `animname` by qbsp3's strcpy.
    let mut b = valid.clone();
    b[..32].fill(b'a');
    s.push(Sample::new("name_full.wal", b, "ok", &[]));
    let mut b = valid;
    b[56..88].fill(b'a');
    s.push(Sample::new(
        "animname_unterminated.wal",
        b,
        "warning",
        &["wal-name-unterminated"],
    ));
    s
}
