//! Fuzzing dictionaries: each format's magics, idents and tags as the bytes a file holds them in.
//!
//! A coverage-guided fuzzer (libFuzzer `-dict=`, AFL `-x`) that knows these tokens reaches the code
//! behind a magic check in seconds instead of hours. Every token here is built from the constant the
//! parser itself matches on, so the dictionary cannot drift from what the parser accepts. The
//! `lumpkit corpus` command writes them in the libFuzzer dictionary syntax.

use crate::blp::Version as BlpVersion;
use crate::m2::{chunks, skin};
use crate::mdx::tags::{self as mdx_tags, Kind as MdxKind};
use crate::mpq::{het_bet, view as mpq_view};
use crate::paa::{PaaType, tags as paa_tags};
use crate::q1bsp::view as q1;
use crate::w3x::{doo as w3x_doo, grids as w3x_grids, w3e as w3x_w3e};
use crate::wad::Version as WadVersion;
use crate::{dds, md3, pak, pbo, q2bsp, q3bsp, sevenz, tga, zip};

/// One dictionary entry: a name for people and the bytes as they appear in a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// Short lower-case name (`blp1`, `paa_dxt5`, `zip_local`), unique within a format.
    pub name: &'static str,
    /// The bytes, exactly as a file stores them.
    pub bytes: &'static [u8],
}

const fn token(name: &'static str, bytes: &'static [u8]) -> Token {
    Token { name, bytes }
}

/// A PAA type word as stored: little-endian `u16` (`IndexPalette` has none and gives `[0, 0]`).
const fn paa_word(kind: PaaType) -> [u8; 2] {
    match kind.word() {
        Some(word) => word.to_le_bytes(),
        None => [0, 0],
    }
}

/// A PAA tag as stored: the `GGAT` marker, then the name reversed.
const fn paa_tag(name: [u8; 4]) -> [u8; 8] {
    let [m0, m1, m2, m3] = paa_tags::TAG_MARKER;
    let [n0, n1, n2, n3] = name;
    [m0, m1, m2, m3, n3, n2, n1, n0]
}

const PAA_WORDS: [[u8; 2]; 9] = [
    paa_word(PaaType::ALL[0]),
    paa_word(PaaType::ALL[1]),
    paa_word(PaaType::ALL[2]),
    paa_word(PaaType::ALL[3]),
    paa_word(PaaType::ALL[4]),
    paa_word(PaaType::ALL[5]),
    paa_word(PaaType::ALL[6]),
    paa_word(PaaType::ALL[7]),
    paa_word(PaaType::ALL[8]),
];
const PAA_TAGS: [[u8; 8]; 6] = [
    paa_tag(paa_tags::NAMES[0]),
    paa_tag(paa_tags::NAMES[1]),
    paa_tag(paa_tags::NAMES[2]),
    paa_tag(paa_tags::NAMES[3]),
    paa_tag(paa_tags::NAMES[4]),
    paa_tag(paa_tags::NAMES[5]),
];

const PBO_VERS: [u8; 4] = pbo::METHOD_VERS.to_le_bytes();
const PBO_CPRS: [u8; 4] = pbo::METHOD_CPRS.to_le_bytes();
const Q2_VERSION: [u8; 4] = q2bsp::view::VERSION.to_le_bytes();
const Q1_VERSION: [u8; 4] = q1::VERSION_QUAKE.to_le_bytes();
const GOLDSRC_VERSION: [u8; 4] = q1::VERSION_GOLDSRC.to_le_bytes();
const BSP2: [u8; 4] = q1::BSP2_MAGIC.to_le_bytes();
const BSP2_RMQ: [u8; 4] = q1::BSP2RMQ_MAGIC.to_le_bytes();
const MPQ_HEADER: [u8; 4] = mpq_view::MAGIC_HEADER.to_le_bytes();
const MPQ_USER_DATA: [u8; 4] = mpq_view::MAGIC_USER_DATA.to_le_bytes();
const MPQ_HET: [u8; 4] = het_bet::MAGIC_HET.to_le_bytes();
const MPQ_BET: [u8; 4] = het_bet::MAGIC_BET.to_le_bytes();
const MPQ_BN3: [u8; 4] = mpq_view::MAGIC_BN3.to_le_bytes();

static BLP: [Token; 3] = [
    token("blp0", BlpVersion::Blp0.magic()),
    token("blp1", BlpVersion::Blp1.magic()),
    token("blp2", BlpVersion::Blp2.magic()),
];

static WAD: [Token; 2] = [
    token("wad2", WadVersion::Wad2.magic()),
    token("wad3", WadVersion::Wad3.magic()),
];

static PAA: [Token; 16] = [
    token("paa_dxt1", &PAA_WORDS[0]),
    token("paa_dxt2", &PAA_WORDS[1]),
    token("paa_dxt3", &PAA_WORDS[2]),
    token("paa_dxt4", &PAA_WORDS[3]),
    token("paa_dxt5", &PAA_WORDS[4]),
    token("paa_argb4444", &PAA_WORDS[5]),
    token("paa_argb1555", &PAA_WORDS[6]),
    token("paa_argb8888", &PAA_WORDS[7]),
    token("paa_ai88", &PAA_WORDS[8]),
    token("paa_tag", &paa_tags::TAG_MARKER),
    token("paa_tag_avgc", &PAA_TAGS[0]),
    token("paa_tag_maxc", &PAA_TAGS[1]),
    token("paa_tag_flag", &PAA_TAGS[2]),
    token("paa_tag_swiz", &PAA_TAGS[3]),
    token("paa_tag_proc", &PAA_TAGS[4]),
    token("paa_tag_offs", &PAA_TAGS[5]),
];

static PBO: [Token; 2] = [token("pbo_vers", &PBO_VERS), token("pbo_cprs", &PBO_CPRS)];

static M2: [Token; 9] = [
    token("m2_md20", &chunks::MD20),
    token("m2_md21", &chunks::MD21),
    token("m2_sfid", &chunks::SFID),
    token("m2_txid", &chunks::TXID),
    token("m2_afid", &chunks::AFID),
    token("m2_bfid", &chunks::BFID),
    token("m2_skid", &chunks::SKID),
    token("m2_pfid", &chunks::PFID),
    token("skin", &skin::MAGIC),
];

const fn mdx_kind(k: MdxKind) -> [u8; 4] {
    k.tag()
}

const MDX_CHUNKS: [[u8; 4]; 23] = [
    mdx_kind(MdxKind::ALL[0]),
    mdx_kind(MdxKind::ALL[1]),
    mdx_kind(MdxKind::ALL[2]),
    mdx_kind(MdxKind::ALL[3]),
    mdx_kind(MdxKind::ALL[4]),
    mdx_kind(MdxKind::ALL[5]),
    mdx_kind(MdxKind::ALL[6]),
    mdx_kind(MdxKind::ALL[7]),
    mdx_kind(MdxKind::ALL[8]),
    mdx_kind(MdxKind::ALL[9]),
    mdx_kind(MdxKind::ALL[10]),
    mdx_kind(MdxKind::ALL[11]),
    mdx_kind(MdxKind::ALL[12]),
    mdx_kind(MdxKind::ALL[13]),
    mdx_kind(MdxKind::ALL[14]),
    mdx_kind(MdxKind::ALL[15]),
    mdx_kind(MdxKind::ALL[16]),
    mdx_kind(MdxKind::ALL[17]),
    mdx_kind(MdxKind::ALL[18]),
    mdx_kind(MdxKind::ALL[19]),
    mdx_kind(MdxKind::ALL[20]),
    mdx_kind(MdxKind::ALL[21]),
    mdx_kind(MdxKind::ALL[22]),
];

/// MDX: the magic, every chunk tag, the geoset sub-chunks, LAYS and KEVT, the common tracks.
static MDX: [Token; 42] = [
    token("mdx_magic", &mdx_tags::MAGIC),
    token("mdx_vers", &MDX_CHUNKS[0]),
    token("mdx_modl", &MDX_CHUNKS[1]),
    token("mdx_seqs", &MDX_CHUNKS[2]),
    token("mdx_glbs", &MDX_CHUNKS[3]),
    token("mdx_mtls", &MDX_CHUNKS[4]),
    token("mdx_texs", &MDX_CHUNKS[5]),
    token("mdx_txan", &MDX_CHUNKS[6]),
    token("mdx_geos", &MDX_CHUNKS[7]),
    token("mdx_geoa", &MDX_CHUNKS[8]),
    token("mdx_bone", &MDX_CHUNKS[9]),
    token("mdx_lite", &MDX_CHUNKS[10]),
    token("mdx_help", &MDX_CHUNKS[11]),
    token("mdx_atch", &MDX_CHUNKS[12]),
    token("mdx_pivt", &MDX_CHUNKS[13]),
    token("mdx_prem", &MDX_CHUNKS[14]),
    token("mdx_pre2", &MDX_CHUNKS[15]),
    token("mdx_corn", &MDX_CHUNKS[16]),
    token("mdx_ribb", &MDX_CHUNKS[17]),
    token("mdx_cams", &MDX_CHUNKS[18]),
    token("mdx_evts", &MDX_CHUNKS[19]),
    token("mdx_clid", &MDX_CHUNKS[20]),
    token("mdx_fafx", &MDX_CHUNKS[21]),
    token("mdx_bpos", &MDX_CHUNKS[22]),
    token("mdx_txst", &mdx_tags::TXST),
    token("mdx_vrtx", &mdx_tags::geoset::VRTX),
    token("mdx_nrms", &mdx_tags::geoset::NRMS),
    token("mdx_ptyp", &mdx_tags::geoset::PTYP),
    token("mdx_pcnt", &mdx_tags::geoset::PCNT),
    token("mdx_pvtx", &mdx_tags::geoset::PVTX),
    token("mdx_gndx", &mdx_tags::geoset::GNDX),
    token("mdx_mtgc", &mdx_tags::geoset::MTGC),
    token("mdx_mats", &mdx_tags::geoset::MATS),
    token("mdx_tang", &mdx_tags::geoset::TANG),
    token("mdx_skin", &mdx_tags::geoset::SKIN),
    token("mdx_uvas", &mdx_tags::geoset::UVAS),
    token("mdx_uvbs", &mdx_tags::geoset::UVBS),
    token("mdx_lays", &mdx_tags::LAYS),
    token("mdx_kevt", &mdx_tags::KEVT),
    token("mdx_kgtr", &mdx_tags::TRACKS[11].0),
    token("mdx_kmtf", &mdx_tags::TRACKS[0].0),
    token("mdx_kmta", &mdx_tags::TRACKS[1].0),
];

/// Warcraft III map files: the magics of the terrain, doodads and pathing map.
static W3X: [Token; 3] = [
    token("w3e", &w3x_w3e::MAGIC),
    token("w3do", &w3x_doo::MAGIC),
    token("mp3w", &w3x_grids::WPM_MAGIC),
];

static BSP: [Token; 7] = [
    token("q2_ibsp", &q2bsp::view::IDENT_IBSP),
    token("q2_qbsp", &q2bsp::view::IDENT_QBSP),
    token("q2_version", &Q2_VERSION),
    token("q1_version", &Q1_VERSION),
    token("goldsrc_version", &GOLDSRC_VERSION),
    token("bsp2", &BSP2),
    token("bsp2_rmq", &BSP2_RMQ),
];

const Q3_VERSION: [u8; 4] = q3bsp::view::VERSION_Q3.to_le_bytes();
const ET_VERSION: [u8; 4] = q3bsp::view::VERSION_ET.to_le_bytes();
const RAVEN_VERSION: [u8; 4] = q3bsp::view::VERSION_RAVEN.to_le_bytes();
const MD3_VERSION: [u8; 4] = md3::VERSION.to_le_bytes();

static Q3BSP: [Token; 6] = [
    token("q3_ibsp", &q3bsp::view::IDENT_IBSP),
    token("q3_rbsp", &q3bsp::view::IDENT_RBSP),
    token("q3_fbsp", &q3bsp::view::IDENT_FBSP),
    token("q3_version", &Q3_VERSION),
    token("et_version", &ET_VERSION),
    token("raven_version", &RAVEN_VERSION),
];

static MD3: [Token; 2] = [
    token("md3_ident", &md3::IDENT),
    token("md3_version", &MD3_VERSION),
];

static TGA: [Token; 1] = [token("tga_footer", tga::view::FOOTER_SIGNATURE)];

static DDS: [Token; 2] = [
    token("dds_magic", &dds::raw::MAGIC),
    token("dds_dx10", &dds::raw::DX10),
];

static Q3TEXT: [Token; 4] = [
    token("brace_open", b"{"),
    token("brace_close", b"}"),
    token("comment", b"//"),
    token("skin_tag", b"tag_"),
];

static PAK: [Token; 1] = [token("pak", &pak::view::MAGIC)];

static ZIP: [Token; 5] = [
    token("zip_local", &zip::raw::LOCAL_SIGNATURE),
    token("zip_central", &zip::raw::CENTRAL_SIGNATURE),
    token("zip_eocd", &zip::raw::EOCD_SIGNATURE),
    token("zip64_locator", &zip::raw::ZIP64_LOCATOR_SIGNATURE),
    token("zip64_eocd", &zip::raw::ZIP64_EOCD_SIGNATURE),
];

static SEVENZ: [Token; 1] = [token("sevenz", &sevenz::SIGNATURE)];

static MPQ: [Token; 5] = [
    token("mpq_header", &MPQ_HEADER),
    token("mpq_user_data", &MPQ_USER_DATA),
    token("mpq_het", &MPQ_HET),
    token("mpq_bet", &MPQ_BET),
    token("mpq_bn3_decoy", &MPQ_BN3),
];

/// The tokens of the format a corpus folder is named after (`blp`, `wad`, `paa`, `pbo`, `m2`, `bsp`,
/// `pak`, `zip`, `7z`, `mpq`, `q3bsp`, `md3`, `tga`, `dds`, `q3text`). Empty for formats with no magic or tag of their own (`wal`) and for
/// names lumpkit does not know.
pub fn tokens(format: &str) -> &'static [Token] {
    match format {
        "blp" => &BLP,
        "wad" => &WAD,
        "paa" => &PAA,
        "pbo" => &PBO,
        "m2" => &M2,
        "bsp" => &BSP,
        "pak" => &PAK,
        "zip" => &ZIP,
        "7z" => &SEVENZ,
        "mpq" => &MPQ,
        "q3bsp" => &Q3BSP,
        "md3" => &MD3,
        "tga" => &TGA,
        "dds" => &DDS,
        "q3text" => &Q3TEXT,
        "mdx" => &MDX,
        "w3x" => &W3X,
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_what_the_parsers_match() {
        assert_eq!(tokens("blp")[1].bytes, b"BLP1");
        assert_eq!(tokens("paa")[4].bytes, [0x05, 0xFF]);
        assert_eq!(tokens("paa")[10].bytes, b"GGATCGVA");
        assert_eq!(tokens("pbo")[0].bytes, b"sreV");
        assert_eq!(tokens("mpq")[0].bytes, b"MPQ\x1a");
        assert_eq!(tokens("bsp")[2].bytes, [38, 0, 0, 0]);
        assert!(tokens("wal").is_empty());
    }

    #[test]
    fn names_are_unique_and_tokens_not_empty() {
        for format in [
            "blp", "wad", "paa", "pbo", "m2", "bsp", "pak", "zip", "7z", "mpq", "q3bsp", "md3",
            "tga", "q3text", "blp", "wad", "paa", "pbo", "m2", "bsp", "pak", "zip", "7z", "mpq",
            "mdx", "w3x", "dds",
        ] {
            let list = tokens(format);
            assert!(!list.is_empty(), "{format}");
            for (i, t) in list.iter().enumerate() {
                assert!(!t.bytes.is_empty(), "{format}: {}", t.name);
                assert!(
                    list.iter().skip(i + 1).all(|u| u.name != t.name),
                    "{format}: {} twice",
                    t.name
                );
            }
        }
    }
}
