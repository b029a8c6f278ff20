//! The mip level locator: where each level of a plain 2-D texture starts and how many bytes it
//! has, from the level-0 size and the pixel format alone (the header's pitch field is not trusted:
//! writers disagree on it). Each level is at least 1×1 and holds at least one block.

use super::pixel_format::Unit;

/// One located level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// 0 for the picture, then smaller.
    pub index: u32,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Where the level starts in the file (saturated at `u64::MAX` when the sum overflows).
    pub offset: u64,
    /// Bytes it occupies (`u64::MAX` when the size overflows: never inside a file).
    pub size: u64,
}

impl Level {
    /// The byte after the level, saturated.
    pub fn end(&self) -> u64 {
        self.offset.saturating_add(self.size)
    }
}

/// Levels in the full chain from `width × height` down to 1×1 (0 for an empty picture).
pub fn chain_len(width: u32, height: u32) -> u32 {
    u32::BITS.saturating_sub(width.max(height).leading_zeros())
}

/// Bytes of one `width × height` level stored as `unit` (`None` on overflow).
pub fn level_size(unit: Unit, width: u32, height: u32) -> Option<u64> {
    let (w, h) = (u64::from(width.max(1)), u64::from(height.max(1)));
    match unit {
        Unit::Block(bytes) => w.div_ceil(4).checked_mul(h.div_ceil(4))?.checked_mul(bytes),
        Unit::Bits(bits) => w.checked_mul(bits)?.div_ceil(8).checked_mul(h),
    }
}

/// The size of level `index` of a `width × height` picture: halved, at least 1.
pub fn level_dims(width: u32, height: u32, index: u32) -> (u32, u32) {
    let shrink = |v: u32| v.checked_shr(index).unwrap_or(0).max(1);
    (shrink(width), shrink(height))
}

/// Walks `count` levels from `start`, each after the one before.
#[derive(Clone, Debug)]
pub struct Levels {
    unit: Unit,
    width: u32,
    height: u32,
    next: u32,
    count: u32,
    offset: u64,
}

impl Levels {
    /// The first `count` levels of a `width × height` picture whose data starts at `start`.
    pub fn new(unit: Unit, width: u32, height: u32, start: u64, count: u32) -> Levels {
        Levels {
            unit,
            width,
            height,
            next: 0,
            count,
            offset: start,
        }
    }
}

impl Iterator for Levels {
    type Item = Level;

    fn next(&mut self) -> Option<Level> {
        if self.next >= self.count {
            return None;
        }
        let index = self.next;
        let (width, height) = level_dims(self.width, self.height, index);
        let size = level_size(self.unit, width, height).unwrap_or(u64::MAX);
        let level = Level {
            index,
            width,
            height,
            offset: self.offset,
            size,
        };
        self.offset = level.end();
        self.next = index.saturating_add(1);
        Some(level)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_and_sizes() {
        assert_eq!(chain_len(1, 1), 1);
        assert_eq!(chain_len(256, 64), 9);
        assert_eq!(chain_len(5, 3), 3);
        assert_eq!(chain_len(0, 0), 0);
        assert_eq!(chain_len(u32::MAX, 1), 32);
        // A 1×1 DXT1 level is one whole block; a 2×1 BGRA level is 8 bytes; rows round up.
        assert_eq!(level_size(Unit::Block(8), 1, 1), Some(8));
        assert_eq!(level_size(Unit::Block(16), 5, 4), Some(32));
        assert_eq!(level_size(Unit::Bits(32), 2, 1), Some(8));
        assert_eq!(level_size(Unit::Bits(4), 3, 2), Some(4));
        assert_eq!(level_size(Unit::Bits(128), u32::MAX, u32::MAX), None);
        let expected = [
            (8, 4, 128, 16),
            (4, 2, 144, 8),
            (2, 1, 152, 8),
            (1, 1, 160, 8),
        ];
        let mut levels = Levels::new(Unit::Block(8), 8, 4, 128, 4);
        for want in expected {
            let got = levels.next().map(|l| (l.width, l.height, l.offset, l.size));
            assert_eq!(got, Some(want));
        }
        assert_eq!(levels.next(), None);
    }
}
