//! How many bytes may still be decompressed out of one top-level file.
//!
//! `Limits::max_alloc` bounds one allocation, but an archive bomb is made of many small allocations
//! (thousands of members that each inflate to the same large kernel, or archives nested inside
//! archives). Every format that decompresses members takes what it is about to produce from the one
//! budget the top-level file was given, before allocating, so the total stays bounded however the
//! archive is built.

use std::sync::atomic::{AtomicU64, Ordering};

use lumpkit_formats::{Error, Limits, rules::LIMIT_UNPACKED};

/// The bytes left to decompress for one top-level file, shared by everything nested inside it.
#[derive(Debug)]
pub struct UnpackBudget {
    limit: u64,
    used: AtomicU64,
    /// How many takes were refused: `check` reads an archive's members on several threads only
    /// when none was, so that which member the budget stops at never depends on timing.
    refused: AtomicU64,
}

impl UnpackBudget {
    /// A budget of `limits.max_unpacked` bytes.
    pub fn new(limits: &Limits) -> UnpackBudget {
        UnpackBudget {
            limit: limits.max_unpacked,
            used: AtomicU64::new(0),
            refused: AtomicU64::new(0),
        }
    }

    /// Takes `bytes` from the budget, or fails with `limit-unpacked` (taking nothing) when that
    /// would exceed it. Call it before allocating the output.
    pub fn take(&self, bytes: u64) -> Result<(), Error> {
        let mut used = self.used.load(Ordering::Relaxed);
        loop {
            let total = used.saturating_add(bytes);
            if total > self.limit {
                self.refused.fetch_add(1, Ordering::Relaxed);
                return Err(Error::limit(&LIMIT_UNPACKED, [bytes, self.limit, 0]));
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
    }
}
