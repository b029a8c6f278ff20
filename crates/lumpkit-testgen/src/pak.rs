//! Writers of PAK archives: a valid archive holding a map and a texture (so `check` descends into
//! both), and one malformed archive per `pak-*` rule; Daikatana's layout (72-byte entries) with
//! its RLE compression ([`dk_pak`], [`dk_compress`]).

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

/// Compresses with Daikatana's RLE, using every kind of step the reader knows: zero runs, byte
/// runs, back-references (up to 257 bytes back, 3 to 63 long) and literals.
pub fn dk_compress(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut literal: Vec<u8> = Vec::new();
    let flush = |out: &mut Vec<u8>, literal: &mut Vec<u8>| {
        for chunk in literal.chunks(64) {
            out.push((chunk.len() - 1) as u8);
            out.extend_from_slice(chunk);
        }
        literal.clear();
    };
    let mut pos = 0;
    while pos < data.len() {
        let b = data[pos];
        let run = data[pos..].iter().take(65).take_while(|&&x| x == b).count();
        let (best_len, best_dist) = (2..=257usize.min(pos))
            .map(|d| {
                let len = (0..63.min(data.len() - pos))
                    .take_while(|&k| data[pos + k] == data[pos + k - d])
                    .count();
                (len, d)
            })
            .max_by_key(|&(len, d)| (len, std::cmp::Reverse(d)))
            .unwrap_or((0, 0));
        if run >= 2 && run >= best_len {
            flush(&mut out, &mut literal);
            if b == 0 {
                out.push((run + 62) as u8);
            } else {
                out.extend_from_slice(&[(run + 126) as u8, b]);
            }
            pos += run;
        } else if best_len >= 3 {
            flush(&mut out, &mut literal);
            out.extend_from_slice(&[(best_len + 190) as u8, (best_dist - 2) as u8]);
            pos += best_len;
        } else {
            literal.push(b);
            pos += 1;
        }
    }
    flush(&mut out, &mut literal);
    out.push(0xFF);
    out
}

/// A Daikatana PAK of `(name, data, compressed)` entries: header, data, then 72-byte entries
/// (name\[56\], offset, length, stored length, compressed flag).
pub fn dk_pak(entries: &[(&[u8], &[u8], bool)]) -> Vec<u8> {
    let mut out = b"PACK".to_vec();
    out.resize(12, 0);
    let mut dir = Vec::new();
    for (name, data, compressed) in entries {
        let stored = if *compressed {
            dk_compress(data)
        } else {
            data.to_vec()
        };
        let mut n = [0u8; 56];
        let len = name.len().min(56);
        n[..len].copy_from_slice(&name[..len]);
        dir.extend_from_slice(&n);
        for v in [
            out.len() as u32,
            data.len() as u32,
            stored.len() as u32,
            u32::from(*compressed),
        ] {
            dir.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&stored);
    }
    let dirofs = out.len() as u32;
    out[4..8].copy_from_slice(&dirofs.to_le_bytes());
    out[8..12].copy_from_slice(&(dir.len() as u32).to_le_bytes());
    out.extend_from_slice(&dir);
    out
}

/// The members of the sample Daikatana PAK: a map (compressed), a WAL (stored) and a text with
/// zero runs, byte runs and repeats (compressed).
pub fn dk_members() -> Vec<(&'static [u8], Vec<u8>, bool)> {
    let mut text = b"Daikatana: ".to_vec();
    text.extend_from_slice(&[0; 40]);
    text.extend_from_slice(&[b'z'; 30]);
    text.extend_from_slice(b"abcabcabcabcabcabc, the end");
    vec![
        (b"maps/e1m1.bsp", crate::bsp::Q2Map::valid().bytes(), true),
        (
            b"textures/e1/floor.wal",
            crate::wal::wal("e1/floor", 16, 16),
            false,
        ),
        (b"readme.txt", text, true),
    ]
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
    s.push(
        Sample::new(
            "too_many_files.pak",
            pak(&refs),
            "warning",
            &["pak-too-many-files"],
        )
        .under("quake", "error")
        .under("quake2", "error"),
    );
    // 2049 entries: over Quake 1's MAX_FILES_IN_PACK, within Quake 2's.
    let refs: Vec<(&[u8], &[u8])> = refs.iter().take(2049).copied().collect();
    s.push(
        Sample::new(
            "too_many_files_quake1.pak",
            pak(&refs),
            "warning",
            &["pak-too-many-files"],
        )
        .under("quake", "error")
        .under("quakespasm", "error")
        .under("quake2", "ok"),
    );
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
    let members = dk_members();
    let refs: Vec<(&[u8], &[u8], bool)> = members
        .iter()
        .map(|(n, d, c)| (*n, d.as_slice(), *c))
        .collect();
    s.push(Sample::new("dk_valid.pak", dk_pak(&refs), "ok", &[]));
    // A compressed member whose stream ends (0xFF) before its declared length.
    let mut damaged = dk_pak(&refs[2..]);
    let dirofs = u32::from_le_bytes([damaged[4], damaged[5], damaged[6], damaged[7]]) as usize;
    let declared = u32::from_le_bytes([
        damaged[dirofs + 60],
        damaged[dirofs + 61],
        damaged[dirofs + 62],
        damaged[dirofs + 63],
    ]);
    set_u32(&mut damaged, dirofs + 60, declared + 10);
    s.push(Sample::new(
        "dk_compression_invalid.pak",
        damaged,
        "error",
        &["pak-entry-compression-invalid"],
    ));
    s
}
