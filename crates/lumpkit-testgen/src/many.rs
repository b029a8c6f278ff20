//! Archives with very many tiny members (PAK, PBO, WAD, MPQ, ZIP): the load a hostile or merely huge
//! upload puts on `check`, for the tests that bound its memory and the bench that shows its time is
//! linear in the member count.

use crate::{mpq, pak, pbo, wad, zip};

/// The archive formats [`archive`] writes.
pub const FORMATS: [&str; 5] = ["pak", "pbo", "wad", "mpq", "zip"];

/// The name of member `i` (unique, short enough for every format's name field).
pub fn member_name(i: usize) -> String {
    format!("m{i:06}")
}

/// A few bytes no format claims.
fn member_data(i: usize) -> Vec<u8> {
    format!("member {i}\n").into_bytes()
}

/// An archive of `format` (one of [`FORMATS`]) with `members` tiny members, or `None` for another
/// format. WAD members are 1×1 pictures (a WAD entry has no untyped kind).
pub fn archive(format: &str, members: usize) -> Option<Vec<u8>> {
    let names: Vec<String> = (0..members).map(member_name).collect();
    let data: Vec<Vec<u8>> = (0..members).map(member_data).collect();
    Some(match format {
        "pak" => {
            let entries: Vec<(&[u8], &[u8])> = names
                .iter()
                .zip(&data)
                .map(|(n, d)| (n.as_bytes(), d.as_slice()))
                .collect();
            pak::pak(&entries)
        }
        "pbo" => {
            let entries: Vec<pbo::EntrySpec> = names
                .iter()
                .zip(&data)
                .map(|(n, d)| pbo::EntrySpec::stored(n, d))
                .collect();
            pbo::build(None, &entries, pbo::Trailer::Sha1)
        }
        "wad" => {
            let entries: Vec<wad::EntrySpec> = names
                .iter()
                .map(|n| wad::EntrySpec::new(n.as_bytes(), wad::kind::QPIC, wad::qpic(1, 1, None)))
                .collect();
            wad::wad(b"WAD2", &entries)
        }
        "mpq" => {
            let files = names
                .iter()
                .zip(&data)
                .map(|(n, d)| mpq::File::new(n, d))
                .collect();
            let mut writer = mpq::Writer::new(files);
            // Room for every name and the listfile, at most half full as real archives are.
            writer.hash_entries = (members.saturating_add(1).saturating_mul(2))
                .next_power_of_two()
                .try_into()
                .unwrap_or(u32::MAX);
            writer.build()
        }
        "zip" => zip::Archive {
            members: names
                .iter()
                .zip(&data)
                .map(|(n, d)| zip::Member::stored(n, d))
                .collect(),
            // The end record counts members in 16 bits.
            zip64: members > usize::from(u16::MAX),
            ..zip::Archive::default()
        }
        .bytes(),
        _ => return None,
    })
}
