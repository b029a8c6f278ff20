//! LZMA through `lzma-rs`, in the two framings archives use: ZIP method 14 (a 4-byte version/size
//! prefix before the 5 property bytes) and MPQ mask 0x12 (StormLib's: a filter byte that must be 0,
//! the 5 property bytes, the 8-byte output size).
//!
//! `lzma-rs` keeps its dictionary in a buffer that grows with the output; its `memlimit` is set to our
//! limit, so the dictionary can never outgrow the output we allow, and its writes go through a
//! limited writer.

use lzma_rs::decompress::{Options, UnpackedSize};

use crate::Error;
use crate::chunked::{LimitedWriter, io_error};
use crate::sink::Output;

/// How the output length is known.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Length {
    /// The stream ends with the end-of-stream marker (ZIP with general-purpose bit 1 set).
    EndMarker,
    /// The caller knows the size (ZIP without the marker): decode exactly this many bytes.
    Known(u64),
}

/// ZIP method 14: `[version: u16][props size: u16 = 5][props: 5][stream]`.
pub(crate) fn zip(input: &[u8], length: Length, out: &mut Output<'_>) -> Result<(), Error> {
    let Some((head, rest)) = input.split_first_chunk::<4>() else {
        return Err(Error::Truncated);
    };
    let [_, _, size_lo, size_hi] = *head;
    if u16::from_le_bytes([size_lo, size_hi]) != 5 {
        return Err(Error::Corrupt { at: Some(2) });
    }
    let unpacked = match length {
        Length::EndMarker => UnpackedSize::UseProvided(None),
        Length::Known(size) => UnpackedSize::UseProvided(Some(size)),
    };
    run(rest, 4, unpacked, out)
}

/// MPQ mask 0x12: `[filter: u8 = 0][props: 5][size: u64][stream]`, as StormLib writes it.
pub(crate) fn mpq(input: &[u8], out: &mut Output<'_>) -> Result<(), Error> {
    let Some((&filter, rest)) = input.split_first() else {
        return Err(Error::Truncated);
    };
    if filter != 0 {
        // StormLib refuses any filter: Blizzard's MPQs never use one.
        return Err(Error::Corrupt { at: Some(0) });
    }
    let Some((head, _)) = rest.split_first_chunk::<13>() else {
        return Err(Error::Truncated);
    };
    let [_, _, _, _, _, s0, s1, s2, s3, s4, s5, s6, s7] = *head;
    let declared = u64::from_le_bytes([s0, s1, s2, s3, s4, s5, s6, s7]);
    if declared > out.room() as u64 {
        return Err(out.over_limit());
    }
    run(rest, 1, UnpackedSize::ReadFromHeader, out)
}

fn run(
    stream: &[u8],
    offset: usize,
    unpacked: UnpackedSize,
    out: &mut Output<'_>,
) -> Result<(), Error> {
    if let UnpackedSize::UseProvided(Some(size)) = unpacked
        && size > out.room() as u64
    {
        return Err(out.over_limit());
    }
    let options = Options {
        unpacked_size: unpacked,
        memlimit: Some(out.room().max(1)),
        allow_incomplete: false,
    };
    let mut reader: &[u8] = stream;
    let mut writer = LimitedWriter::new(out);
    let result = lzma_rs::lzma_decompress_with_options(&mut reader, &mut writer, &options);
    let hit_limit = writer.hit_limit;
    let at = offset.saturating_add(stream.len().saturating_sub(reader.len()));
    match result {
        // Bytes left over after the stream are not the codec's business; the container decides.
        Ok(()) => Ok(()),
        Err(_) if hit_limit => Err(out.over_limit()),
        Err(lzma_rs::error::Error::LzmaError(message))
            if message.starts_with("exceeded memory limit") =>
        {
            Err(out.over_limit())
        }
        Err(lzma_rs::error::Error::IoError(e) | lzma_rs::error::Error::HeaderTooShort(e)) => {
            Err(io_error(&e, at))
        }
        Err(_) => Err(Error::Corrupt {
            at: Some(at as u64),
        }),
    }
}
