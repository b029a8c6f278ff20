//! Writers of PAK archives: a valid archive holding a map and a texture (so `check` descends into
//! both), and one malformed archive per `pak-*` rule.

use crate::Sample;

/// A PAK of `(name bytes, data)` entries: header, data, then the directory.
pub fn pak(entries: &[(&[u8], &[u8])]) -> Vec<u8> {
    let mut out = b"PACK".to_vec();
    out.resize(12, 0);
    let mut dir = Vec::new();
    for (name, data) in entries {
        let mut n = [0u8; 56];
        let len = name.len().min(56);
        n[..len].copy_from_slice(&name[..len]);
        dir.extend_from_slice(&n);
        dir.extend_from_slice(&(out.len() as u32).to_le_bytes());
        dir.extend_from_slice(&(data.len() as u32).to_le_bytes());
        out.extend_from_slice(data);
    }
    let dirofs = out.len() as u32;
    out[4..8].copy_from_slice(&dirofs.to_le_bytes());
    out[8..12].copy_from_slice(&(dir.len() as u32).to_le_bytes());
    out.extend_from_slice(&dir);
    out
}

fn set_u32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

/// Every PAK sample.
pub fn samples() -> Vec<Sample> {
    let map = crate::bsp::Q2Map::valid().bytes();
    let wal = crate::wal::wal("e1u1/floor1_3", 16, 16);
    let valid = pak(&[
        (b"maps/tiny.bsp", &map),
        (b"textures/e1u1/floor1_3.wal", &wal),
    ]);
    let dirofs = u32::from_le_bytes([valid[4], valid[5], valid[6], valid[7]]) as usize;
    let mut s = vec![Sample::new("valid.pak", valid.clone(), "ok", &[])];
    s.push(Sample::new(
        "truncated_header.pak",
        valid[..8].to_vec(),
        "error",
        &["pak-truncated-header"],
    ));
    let mut b = valid.clone();
    set_u32(&mut b, 4, 0xFFFF_FF00);
    s.push(Sample::new(
        "directory_out_of_bounds.pak",
        b,
        "error",
        &["pak-directory-out-of-bounds"],
    ));
    let mut b = valid.clone();
    b.extend_from_slice(&[0; 10]);
    set_u32(&mut b, 8, 128 + 10);
    s.push(Sample::new(
        "directory_misaligned.pak",
        b,
        "warning",
        &["pak-directory-misaligned"],
    ));
    // PAKs inside PAKs, the innermost one past `check`'s nesting limit (4): the archive itself is
    // fine, and its member at depth 4 gets `lumpkit-nesting-too-deep` instead of being opened.
    let mut nested = pak(&[(b"readme.txt", b"deep inside".as_slice())]);
    for _ in 0..4 {
        nested = pak(&[(b"inner.pak", nested.as_slice())]);
    }
    s.push(Sample::new("nested_too_deep.pak", nested, "ok", &[]));
    let many: Vec<(Vec<u8>, &[u8])> = (0..4097)
        .map(|i| (format!("f{i}.txt").into_bytes(), &b""[..]))
        .collect();
    let refs: Vec<(&[u8], &[u8])> = many.iter().map(|(n, d)| (n.as_slice(), *d)).collect();
    s.push(Sample::new(
        "too_many_files.pak",
        pak(&refs),
        "warning",
        &["pak-too-many-files"],
    ));
    let mut b = valid.clone();
    set_u32(&mut b, dirofs + 60, 0x7FFF_FFFF);
    s.push(Sample::new(
        "entry_out_of_bounds.pak",
        b,
        "error",
        &["pak-entry-out-of-bounds"],
    ));
    s.push(Sample::new(
        "name_unterminated.pak",
        pak(&[(&[b'a'; 56], b"x")]),
        "warning",
        &["pak-name-unterminated"],
    ));
    s.push(Sample::new(
        "name_empty.pak",
        pak(&[(b"", b"x")]),
        "warning",
        &["pak-name-empty"],
    ));
    s.push(Sample::new(
        "name_unsafe.pak",
        pak(&[(b"../evil.txt", b"x")]),
        "warning",
        &["pak-name-unsafe"],
    ));
    s
}
