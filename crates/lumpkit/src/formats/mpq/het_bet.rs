//! The HET/BET tables of v3+ archives, loaded (decrypted, unpacked when v4 stores them packed)
//! and checked against the classic hash and block tables the members are read through.

use lumpkit_decompress::mpq_sector;
use lumpkit_formats::mpq::crypt;
use lumpkit_formats::mpq::het_bet::{self, Bet, EXT_HEADER_SIZE, Het, TableFault};
use lumpkit_formats::mpq::rules as mpq_rules;
use lumpkit_formats::mpq::view::FLAG_EXISTS;
use lumpkit_formats::{Error, Sink, bytes};

use lumpkit_formats::Diagnostic;
use lumpkit_formats::mpq::{BlockEntry, HashEntry, Mpq};

use super::{Archive, Entry};
use crate::Context;

/// Where a member's data lies and how it is stored, as either pair of tables says:
/// `(offset from the header, stored size, unpacked size, flags)`.
type Placement = (u64, u64, u64, u32);

/// One table's bytes as StormLib's `LoadExtTable` reads them: `stored` bytes at `offset` (the
/// clear header and its data when the header declares no size), the data decrypted with `key`,
/// and unpacked when it is stored smaller than its header says.
pub(super) fn load(
    ctx: &Context<'_>,
    file: &[u8],
    offset: u64,
    stored: u64,
    key: u32,
) -> Result<Vec<u8>, Fault> {
    let (_, _, data_size) =
        het_bet::ext_header(bytes::tail(file, offset).unwrap_or(&[])).ok_or(Fault::PastEnd)?;
    let full = EXT_HEADER_SIZE.saturating_add(data_size.into());
    let stored = if stored == 0 { full } else { stored };
    let raw = bytes::range(file, offset, stored).ok_or(Fault::PastEnd)?;
    let (header, data) = raw
        .split_at_checked(EXT_HEADER_SIZE as usize)
        .ok_or(Fault::PastEnd)?;
    ctx.limits.alloc(full).map_err(|_| Fault::Limits)?;
    let mut data = data.to_vec();
    crypt::decrypt_in_place(&mut data, key);
    let mut table = header.to_vec();
    if full > stored {
        let size = usize::try_from(data_size).map_err(|_| Fault::Limits)?;
        mpq_sector(&data, size, &mut table).map_err(|_| Fault::Unpack)?;
    } else {
        table.extend_from_slice(&data);
    }
    Ok(table)
}

/// Why a table cannot be read, as the diagnostic numbers it.
#[derive(Clone, Copy)]
pub(super) enum Fault {
    PastEnd = 1,
    Limits = 2,
    Unpack = 3,
    Signature = 4,
    Layout = 5,
}

impl From<TableFault> for Fault {
    fn from(f: TableFault) -> Self {
        match f {
            TableFault::Signature => Fault::Signature,
            TableFault::Layout => Fault::Layout,
        }
    }
}

/// The HET and BET tables of an archive, decrypted and unpacked, checked to parse.
pub(super) struct Tables {
    het: Vec<u8>,
    bet: Vec<u8>,
}

impl Tables {
    /// Loads both tables when the header declares them: `None` when it does not, the
    /// `mpq-het-bet-malformed` diagnostic when they cannot be read.
    pub(super) fn open(ctx: &Context<'_>, mpq: &Mpq<'_>) -> Option<Result<Tables, Diagnostic>> {
        let (het_at, bet_at) = mpq.het_bet?;
        let (het_size, bet_size) = mpq.het_bet_sizes;
        let malformed = |at: u64, magic: u32, f: Fault| {
            mpq_rules::HET_BET_MALFORMED.with(at, [at, magic.into(), f as u64])
        };
        let load_one = |at, size, key, magic| {
            let table =
                load(ctx, mpq.bytes(), at, size, key).map_err(|f| malformed(at, magic, f))?;
            let parsed = if magic == het_bet::MAGIC_HET {
                Het::parse(&table).map(|_| ())
            } else {
                Bet::parse(&table).map(|_| ())
            };
            parsed.map_err(|f| malformed(at, magic, f.into()))?;
            Ok(table)
        };
        Some((|| {
            Ok(Tables {
                het: load_one(
                    het_at,
                    het_size,
                    crypt::hash_table_key(),
                    het_bet::MAGIC_HET,
                )?,
                bet: load_one(
                    bet_at,
                    bet_size,
                    crypt::block_table_key(),
                    het_bet::MAGIC_BET,
                )?,
            })
        })())
    }

    /// Both views (they parsed when loaded).
    fn views(&self) -> Option<(Het<'_>, Bet<'_>)> {
        Some((Het::parse(&self.het).ok()?, Bet::parse(&self.bet).ok()?))
    }

    /// The BET index a name resolves to through the HET table.
    pub(super) fn find(&self, name: &[u8]) -> Option<u32> {
        let (het, bet) = self.views()?;
        het.find(&bet, name)
    }

    /// Every member as HET/BET list them, in HET slot order: a hash entry with no check hashes
    /// (names are resolved through [`Tables::find`]) and the BET entry as a block entry. Entries
    /// whose sizes or offset do not fit the classic fields (over 4 GiB) are left out.
    pub(super) fn members(&self) -> Vec<Entry> {
        let Some((het, bet)) = self.views() else {
            return Vec::new();
        };
        het.occupied()
            .filter_map(|(slot, _, index)| {
                let e = bet.entry(index)?;
                if e.flags & FLAG_EXISTS == 0 {
                    return None;
                }
                Some(Entry {
                    hash: HashEntry {
                        index: slot,
                        hash_a: 0,
                        hash_b: 0,
                        locale: 0,
                        platform: 0,
                        block: index,
                    },
                    block: BlockEntry {
                        index,
                        offset: e.offset as u32,
                        offset_hi: u16::try_from(e.offset >> 32).ok()?,
                        compressed_size: u32::try_from(e.compressed_size).ok()?,
                        file_size: u32::try_from(e.file_size).ok()?,
                        flags: e.flags,
                    },
                    name: None,
                })
            })
            .collect()
    }

    /// Compares the members HET/BET reach with the members of the classic tables (by placement,
    /// and by name for named members) and reports `mpq-het-bet-disagree` when they differ.
    /// Returns how many members HET/BET list.
    pub(super) fn compare(
        &self,
        archive: &Archive<'_>,
        sink: &mut impl Sink,
    ) -> Result<u64, Error> {
        let Some((het, bet)) = self.views() else {
            return Ok(0);
        };
        let placement = |i: u32| {
            bet.entry(i)
                .filter(|e| e.flags & FLAG_EXISTS != 0)
                .map(|e| (e.offset, e.compressed_size, e.file_size, e.flags))
        };
        let mut through_het: Vec<Placement> = het
            .occupied()
            .filter_map(|(_, _, index)| placement(index))
            .collect();
        let mut classic: Vec<Placement> = archive
            .members
            .iter()
            .map(|m| {
                let b = &m.block;
                (
                    u64::from(b.offset_hi) << 32 | u64::from(b.offset),
                    b.compressed_size.into(),
                    b.file_size.into(),
                    b.flags,
                )
            })
            .collect();
        let listed = through_het.len() as u64;
        through_het.sort_unstable();
        classic.sort_unstable();
        // Members one side has and the other lacks (multisets), then named members that HET/BET
        // place elsewhere or not at all.
        let (mut i, mut j, mut differ) = (0usize, 0usize, 0u64);
        loop {
            match (through_het.get(i), classic.get(j)) {
                (Some(a), Some(b)) if a == b => {
                    i = i.saturating_add(1);
                    j = j.saturating_add(1);
                }
                (Some(a), Some(b)) if a < b => {
                    i = i.saturating_add(1);
                    differ = differ.saturating_add(1);
                }
                (Some(_), Some(_)) | (None, Some(_)) => {
                    j = j.saturating_add(1);
                    differ = differ.saturating_add(1);
                }
                (Some(_), None) => {
                    i = i.saturating_add(1);
                    differ = differ.saturating_add(1);
                }
                (None, None) => break,
            }
        }
        for m in &archive.members {
            let Some(name) = m.name.as_deref() else {
                continue;
            };
            let b = &m.block;
            let want = (
                u64::from(b.offset_hi) << 32 | u64::from(b.offset),
                b.compressed_size.into(),
                b.file_size.into(),
                b.flags,
            );
            // Locale variants share a name; HET has one entry per name, the neutral one.
            let preferred = archive.lookup(name.as_bytes()).map(|l| l.block.index) == Some(b.index);
            if preferred && het.find(&bet, name.as_bytes()).and_then(placement) != Some(want) {
                differ = differ.saturating_add(1);
            }
        }
        if differ > 0 {
            let total = listed.max(classic.len() as u64);
            let at = archive.mpq.het_bet.map_or(0, |(h, _)| h);
            sink.report(mpq_rules::HET_BET_DISAGREE.with(at, [differ.min(total), total, 0]))?;
        }
        Ok(listed)
    }
}
