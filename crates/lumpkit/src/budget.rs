//! How many bytes may still be decompressed out of one top-level file.
//!
//! `Limits::max_alloc` bounds one allocation, but an archive bomb is made of many small allocations
//! (thousands of members that each inflate to the same large kernel, or archives nested inside
//! archives). Every format that decompresses members takes what it is about to produce from the one
//! budget the top-level file was given, before allocating, so the total stays bounded however the
//! archive is built.

use std::sync::atomic::{AtomicU64, Ordering};

use lumpkit_formats::limits::BOMB_RATIO;
use lumpkit_formats::rules::{LIMIT_UNPACKED, LIMIT_UNPACKED_BOMB};
use lumpkit_formats::{Error, Limits};

/// The bytes left to decompress for one top-level file, shared by everything nested inside it.
#[derive(Debug)]
pub struct UnpackBudget {
    limit: u64,
    /// The top-level file's size, when known: what the bytes unpacked are compared with to tell a
    /// bomb from a large archive.
    file_len: Option<u64>,
    used: AtomicU64,
    /// How many takes were refused: `check` reads an archive's members on several threads only
    /// when none was, so that which member the budget stops at never depends on timing.
    refused: AtomicU64,
}

impl UnpackBudget {
    /// A budget of `limits.max_unpacked` bytes for a file of unknown size: running out of it is
    /// `limit-unpacked` (not checked), never the bomb signature.
    pub fn new(limits: &Limits) -> UnpackBudget {
        UnpackBudget {
            limit: limits.max_unpacked,
            file_len: None,
            used: AtomicU64::new(0),
            refused: AtomicU64::new(0),
        }
    }

    /// A budget of `limits.max_unpacked` bytes for a top-level file of `file_len` bytes: running out
    /// of it after unpacking more than [`BOMB_RATIO`] times the file's size is
    /// `limit-unpacked-bomb` (an error), otherwise `limit-unpacked` (a warning: a large archive,
    /// not checked whole).
    pub fn for_file(limits: &Limits, file_len: u64) -> UnpackBudget {
        UnpackBudget {
            file_len: Some(file_len),
            ..UnpackBudget::new(limits)
        }
    }

    /// Takes `bytes` from the budget, or fails (taking nothing) when that would exceed it:
    /// `limit-unpacked-bomb` when the file would then have unpacked to more than [`BOMB_RATIO`]
    /// times its size, `limit-unpacked` otherwise. Call it before allocating the output.
    pub fn take(&self, bytes: u64) -> Result<(), Error> {
        let mut used = self.used.load(Ordering::Relaxed);
        loop {
            let total = used.saturating_add(bytes);
            if total > self.limit {
                self.refused.fetch_add(1, Ordering::Relaxed);
                return Err(self.refusal(bytes, total));
            }
            match self
                .used
                .compare_exchange_weak(used, total, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => return Ok(()),
                Err(now) => used = now,
            }
        }
    }

    /// The error for a take of `bytes` that would bring the total to `total`.
    fn refusal(&self, bytes: u64, total: u64) -> Error {
        let ratio = self
            .file_len
            .map(|len| total.checked_div(len).unwrap_or(u64::MAX));
        match ratio {
            Some(ratio) if ratio > BOMB_RATIO => {
                Error::limit(&LIMIT_UNPACKED_BOMB, [bytes, self.limit, ratio])
            }
            _ => Error::limit(&LIMIT_UNPACKED, [bytes, self.limit, 0]),
        }
    }

    /// Bytes taken so far.
    pub fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    /// How many takes have been refused so far.
    pub fn refusals(&self) -> u64 {
        self.refused.load(Ordering::Relaxed)
    }

    /// Puts the budget back to where it was (`used` bytes taken, `refusals` refused), to read again
    /// in order what was read on several threads when the budget ran out there.
    pub(crate) fn rewind(&self, used: u64, refusals: u64) {
        self.used.store(used, Ordering::Relaxed);
        self.refused.store(refusals, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_until_the_limit_and_no_further() {
        let limits = Limits {
            max_unpacked: 100,
            ..Limits::DEFAULT
        };
        let budget = UnpackBudget::new(&limits);
        assert!(budget.take(60).is_ok());
        assert!(budget.take(40).is_ok());
        let refused = budget.take(1);
        assert_eq!(refused.map_err(|e| e.code()), Err("limit-unpacked"));
        assert_eq!(budget.used(), 100);
        assert!(budget.take(0).is_ok());
        assert!(budget.take(u64::MAX).is_err());
        assert_eq!(budget.refusals(), 2);
    }

    #[test]
    fn a_refusal_past_the_bomb_ratio_is_the_bomb_signature() {
        let limits = Limits {
            max_unpacked: 10_000,
            ..Limits::DEFAULT
        };
        // 101 bytes of file: 10,001 bytes unpacked is 99 times its size, a large archive.
        let large = UnpackBudget::for_file(&limits, 101);
        assert_eq!(
            large.take(10_001).map_err(|e| e.code()),
            Err("limit-unpacked")
        );
        // 99 bytes of file: the same is 101 times its size.
        let bomb = UnpackBudget::for_file(&limits, 99);
        let refused = bomb.take(10_001).map_err(|e| (e.code(), e.diagnostic.args));
        assert_eq!(refused, Err(("limit-unpacked-bomb", [10_001, 10_000, 101])));
        // An empty file that claims anything.
        let empty = UnpackBudget::for_file(&limits, 0);
        assert_eq!(
            empty.take(10_001).map_err(|e| e.code()),
            Err("limit-unpacked-bomb")
        );
    }
}
