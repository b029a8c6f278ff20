//! `M2Array<T>` resolution: a declared count and offset become a typed slice of the model data, or a
//! reason why not. count × record size is computed in `u64` and must fit the client's 32-bit range;
//! offset + length must lie inside the data. Alignment is not required: records are zerocopy
//! little-endian unaligned types, read in place.

use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

use crate::bytes;

use super::raw::RawArray;

/// Why an `M2Array` cannot be resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArrayFault {
    /// count × record size exceeds `u32::MAX` (the client's 32-bit size computation wraps).
    Overflow,
    /// The records reach past the end of the data.
    PastEnd,
}

/// The bytes of `count` records of `record` bytes at `offset` in `data`. An empty array is always
/// valid, whatever its offset: the client never dereferences it.
pub fn resolve_bytes(
    data: &[u8],
    count: u32,
    offset: u32,
    record: u16,
) -> Result<&[u8], ArrayFault> {
    if count == 0 {
        return Ok(&[]);
    }
    let len = u64::from(count)
        .checked_mul(u64::from(record))
        .filter(|&l| l <= u64::from(u32::MAX))
        .ok_or(ArrayFault::Overflow)?;
    bytes::range(data, u64::from(offset), len).ok_or(ArrayFault::PastEnd)
}

/// The records of `array` as a typed slice of `T` (whose size is the record size).
pub fn resolve<'a, T>(data: &'a [u8], array: &RawArray) -> Result<&'a [T], ArrayFault>
where
    T: FromBytes + KnownLayout + Immutable + Unaligned,
{
    let record = u16::try_from(core::mem::size_of::<T>()).map_err(|_| ArrayFault::Overflow)?;
    let raw = resolve_bytes(data, array.count.get(), array.offset.get(), record)?;
    <[T]>::ref_from_bytes(raw).map_err(|_| ArrayFault::PastEnd)
}

/// The byte range `[start, end)` an array occupies, for overlap checks (`None` when empty or broken).
pub fn span(data: &[u8], count: u32, offset: u32, record: u16) -> Option<(u64, u64)> {
    let bytes = resolve_bytes(data, count, offset, record).ok()?;
    let start = u64::from(offset);
    let end = bytes::end(start, bytes.len() as u64)?;
    (end > start).then_some((start, end))
}

#[cfg(test)]
mod tests {
    use super::*;
    use zerocopy::little_endian::{U16, U32};

    fn arr(count: u32, offset: u32) -> RawArray {
        RawArray {
            count: U32::new(count),
            offset: U32::new(offset),
        }
    }

    #[test]
    fn resolves_unaligned_records_and_rejects_bad_ones() {
        let data = [0u8, 1, 0, 2, 0, 3, 0];
        let v: &[U16] = resolve(&data, &arr(3, 1)).unwrap();
        assert!(v.iter().map(|x| x.get()).eq([1, 2, 3]));
        assert_eq!(resolve::<U16>(&data, &arr(4, 1)), Err(ArrayFault::PastEnd));
        assert_eq!(
            resolve::<U16>(&data, &arr(0, u32::MAX)).map(<[U16]>::len),
            Ok(0)
        );
        assert_eq!(
            resolve_bytes(&data, u32::MAX, 0, 48),
            Err(ArrayFault::Overflow)
        );
        assert_eq!(
            resolve_bytes(&data, 1, u32::MAX, 2),
            Err(ArrayFault::PastEnd)
        );
        assert_eq!(span(&data, 2, 1, 2), Some((1, 5)));
        assert_eq!(span(&data, 0, 1, 2), None);
    }
}
