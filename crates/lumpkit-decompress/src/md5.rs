//! MD5 (RFC 1321), for the checksums archives keep of their unpacked members (MPQ `(attributes)`).
//!
//! Why our own and not `md-5` (which the tests and the `codecs` bench hold it to): MD5 is one long
//! chain of dependent steps, so its speed is the length of that chain. `md-5`'s portable code
//! (its only x86 path since 0.11; 0.10's `asm` feature gained 4% here) computes each step's
//! boolean function before adding the message word and constant; here those adds are done first,
//! off the chain, and round 2's `(b & d) | (c & !d)` is taken as a sum so that only `b & d` waits
//! for the newest word. On the `codecs` bench (two runs on a loaded 2-core VM, medians, md-5 time
//! / ours) 512 B 1.08x and 1.15x, 4 KiB 1.12x and 1.00x, 64 KiB 1.29x and 1.20x, 1 MiB 0.88x and
//! 1.13x; MD5 was 15% of a `check` of the shared MPQ corpus (`perf`).

/// RFC 1321's constants: `floor(abs(sin(i + 1)) * 2^32)`.
const K: [u32; 64] = [
    0xd76a_a478,
    0xe8c7_b756,
    0x2420_70db,
    0xc1bd_ceee,
    0xf57c_0faf,
    0x4787_c62a,
    0xa830_4613,
    0xfd46_9501,
    0x6980_98d8,
    0x8b44_f7af,
    0xffff_5bb1,
    0x895c_d7be,
    0x6b90_1122,
    0xfd98_7193,
    0xa679_438e,
    0x49b4_0821,
    0xf61e_2562,
    0xc040_b340,
    0x265e_5a51,
    0xe9b6_c7aa,
    0xd62f_105d,
    0x0244_1453,
    0xd8a1_e681,
    0xe7d3_fbc8,
    0x21e1_cde6,
    0xc337_07d6,
    0xf4d5_0d87,
    0x455a_14ed,
    0xa9e3_e905,
    0xfcef_a3f8,
    0x676f_02d9,
    0x8d2a_4c8a,
    0xfffa_3942,
    0x8771_f681,
    0x6d9d_6122,
    0xfde5_380c,
    0xa4be_ea44,
    0x4bde_cfa9,
    0xf6bb_4b60,
    0xbebf_bc70,
    0x289b_7ec6,
    0xeaa1_27fa,
    0xd4ef_3085,
    0x0488_1d05,
    0xd9d4_d039,
    0xe6db_99e5,
    0x1fa2_7cf8,
    0xc4ac_5665,
    0xf429_2244,
    0x432a_ff97,
    0xab94_23a7,
    0xfc93_a039,
    0x655b_59c3,
    0x8f0c_cc92,
    0xffef_f47d,
    0x8584_5dd1,
    0x6fa8_7e4f,
    0xfe2c_e6e0,
    0xa301_4314,
    0x4e08_11a1,
    0xf753_7e82,
    0xbd3a_f235,
    0x2ad7_d2bb,
    0xeb86_d391,
];

const INITIAL: [u32; 4] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476];

/// The MD5 digest of `data`.
///
/// ```
/// assert_eq!(
///     lumpkit_decompress::md5(b"abc"),
///     [0x90, 0x01, 0x50, 0x98, 0x3c, 0xd2, 0x4f, 0xb0, 0xd6, 0x96, 0x3f, 0x7d, 0x28, 0xe1, 0x7f, 0x72]
/// );
/// ```
pub fn md5(data: &[u8]) -> [u8; 16] {
    let mut hasher = Md5::new();
    hasher.update(data);
    hasher.finalize()
}

/// MD5 over bytes that arrive in pieces (a member checked as it is unpacked, never held whole).
#[derive(Clone, Debug)]
pub struct Md5 {
    state: [u32; 4],
    /// The start of a block not complete yet (`pending` bytes of it).
    block: [u8; 64],
    pending: usize,
    /// Bytes taken so far (the length the padding records, mod 2^64 bits).
    len: u64,
}

impl Default for Md5 {
    fn default() -> Self {
        Md5::new()
    }
}

impl Md5 {
    /// A digest of nothing yet.
    pub fn new() -> Md5 {
        Md5 {
            state: INITIAL,
            block: [0; 64],
            pending: 0,
            len: 0,
        }
    }

    /// Takes the next bytes.
    pub fn update(&mut self, mut data: &[u8]) {
        self.len = self.len.wrapping_add(data.len() as u64);
        if self.pending > 0 {
            let room = 64usize.saturating_sub(self.pending);
            let (head, rest) = data.split_at(room.min(data.len()));
            let end = self.pending.saturating_add(head.len());
            if let Some(dst) = self.block.get_mut(self.pending..end) {
                dst.copy_from_slice(head);
            }
            self.pending = end;
            data = rest;
            if self.pending < 64 {
                return;
            }
            compress(&mut self.state, &self.block);
            self.pending = 0;
        }
        let (blocks, rest) = data.as_chunks::<64>();
        for block in blocks {
            compress(&mut self.state, block);
        }
        if let Some(dst) = self.block.get_mut(..rest.len()) {
            dst.copy_from_slice(rest);
        }
        self.pending = rest.len();
    }

    /// The digest of everything taken.
    pub fn finalize(self) -> [u8; 16] {
        let Md5 {
            mut state,
            block,
            pending,
            len,
        } = self;
        let rest = block.get(..pending).unwrap_or_default();
        // The padding: 0x80, zeros, then the length in bits (mod 2^64), in one or two blocks.
        let mut tail = [[0u8; 64]; 2];
        let (first, second) = tail.split_at_mut(1);
        let (Some(first), Some(second)) = (first.first_mut(), second.first_mut()) else {
            return [0; 16];
        };
        let bits = len.wrapping_mul(8).to_le_bytes();
        for (b, r) in first.iter_mut().zip(rest) {
            *b = *r;
        }
        // `rest` is shorter than 64 bytes, so its end is inside the first block.
        if let Some(b) = first.get_mut(rest.len()) {
            *b = 0x80;
        }
        if rest.len() < 56 {
            fill_length(first, bits);
            compress(&mut state, first);
        } else {
            fill_length(second, bits);
            compress(&mut state, first);
            compress(&mut state, second);
        }
        let mut out = [0u8; 16];
        for (o, word) in out.as_chunks_mut::<4>().0.iter_mut().zip(state) {
            *o = word.to_le_bytes();
        }
        out
    }
}

fn fill_length(block: &mut [u8; 64], bits: [u8; 8]) {
    for (b, l) in block.iter_mut().skip(56).zip(bits) {
        *b = l;
    }
}

/// One step: `a + m + k` does not wait for the newest word `b`; only `f` (which does), the rotate
/// and the final add are on the chain.
#[inline(always)]
fn step(a: u32, b: u32, f: u32, m: u32, k: u32, s: u32) -> u32 {
    a.wrapping_add(m)
        .wrapping_add(k)
        .wrapping_add(f)
        .rotate_left(s)
        .wrapping_add(b)
}

#[allow(clippy::many_single_char_names)]
fn compress(state: &mut [u32; 4], block: &[u8; 64]) {
    let mut m = [0u32; 16];
    for (w, bytes) in m.iter_mut().zip(block.as_chunks::<4>().0) {
        *w = u32::from_le_bytes(*bytes);
    }
    let [mut a, mut b, mut c, mut d] = *state;
    macro_rules! f {
        ($a:ident, $b:ident, $c:ident, $d:ident, $i:literal, $s:literal) => {
            $a = step($a, $b, $d ^ ($b & ($c ^ $d)), m[$i], K[$i], $s);
        };
    }
    // (b & d) | (c & !d) as a sum (the two never share a bit): `c & !d` is off the chain.
    macro_rules! g {
        ($a:ident, $b:ident, $c:ident, $d:ident, $i:literal, $k:literal, $s:literal) => {
            $a = step($a.wrapping_add($c & !$d), $b, $b & $d, m[$i], K[$k], $s);
        };
    }
    macro_rules! h {
        ($a:ident, $b:ident, $c:ident, $d:ident, $i:literal, $k:literal, $s:literal) => {
            $a = step($a, $b, $b ^ $c ^ $d, m[$i], K[$k], $s);
        };
    }
    macro_rules! i {
        ($a:ident, $b:ident, $c:ident, $d:ident, $i:literal, $k:literal, $s:literal) => {
            $a = step($a, $b, $c ^ ($b | !$d), m[$i], K[$k], $s);
        };
    }
    f!(a, b, c, d, 0, 7);
    f!(d, a, b, c, 1, 12);
    f!(c, d, a, b, 2, 17);
    f!(b, c, d, a, 3, 22);
    f!(a, b, c, d, 4, 7);
    f!(d, a, b, c, 5, 12);
    f!(c, d, a, b, 6, 17);
    f!(b, c, d, a, 7, 22);
    f!(a, b, c, d, 8, 7);
    f!(d, a, b, c, 9, 12);
    f!(c, d, a, b, 10, 17);
    f!(b, c, d, a, 11, 22);
    f!(a, b, c, d, 12, 7);
    f!(d, a, b, c, 13, 12);
    f!(c, d, a, b, 14, 17);
    f!(b, c, d, a, 15, 22);
    g!(a, b, c, d, 1, 16, 5);
    g!(d, a, b, c, 6, 17, 9);
    g!(c, d, a, b, 11, 18, 14);
    g!(b, c, d, a, 0, 19, 20);
    g!(a, b, c, d, 5, 20, 5);
    g!(d, a, b, c, 10, 21, 9);
    g!(c, d, a, b, 15, 22, 14);
    g!(b, c, d, a, 4, 23, 20);
    g!(a, b, c, d, 9, 24, 5);
    g!(d, a, b, c, 14, 25, 9);
    g!(c, d, a, b, 3, 26, 14);
    g!(b, c, d, a, 8, 27, 20);
    g!(a, b, c, d, 13, 28, 5);
    g!(d, a, b, c, 2, 29, 9);
    g!(c, d, a, b, 7, 30, 14);
    g!(b, c, d, a, 12, 31, 20);
    h!(a, b, c, d, 5, 32, 4);
    h!(d, a, b, c, 8, 33, 11);
    h!(c, d, a, b, 11, 34, 16);
    h!(b, c, d, a, 14, 35, 23);
    h!(a, b, c, d, 1, 36, 4);
    h!(d, a, b, c, 4, 37, 11);
    h!(c, d, a, b, 7, 38, 16);
    h!(b, c, d, a, 10, 39, 23);
    h!(a, b, c, d, 13, 40, 4);
    h!(d, a, b, c, 0, 41, 11);
    h!(c, d, a, b, 3, 42, 16);
    h!(b, c, d, a, 6, 43, 23);
    h!(a, b, c, d, 9, 44, 4);
    h!(d, a, b, c, 12, 45, 11);
    h!(c, d, a, b, 15, 46, 16);
    h!(b, c, d, a, 2, 47, 23);
    i!(a, b, c, d, 0, 48, 6);
    i!(d, a, b, c, 7, 49, 10);
    i!(c, d, a, b, 14, 50, 15);
    i!(b, c, d, a, 5, 51, 21);
    i!(a, b, c, d, 12, 52, 6);
    i!(d, a, b, c, 3, 53, 10);
    i!(c, d, a, b, 10, 54, 15);
    i!(b, c, d, a, 1, 55, 21);
    i!(a, b, c, d, 8, 56, 6);
    i!(d, a, b, c, 15, 57, 10);
    i!(c, d, a, b, 6, 58, 15);
    i!(b, c, d, a, 13, 59, 21);
    i!(a, b, c, d, 4, 60, 6);
    i!(d, a, b, c, 11, 61, 10);
    i!(c, d, a, b, 2, 62, 15);
    i!(b, c, d, a, 9, 63, 21);
    for (s, v) in state.iter_mut().zip([a, b, c, d]) {
        *s = s.wrapping_add(v);
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use ::md5::{Digest, Md5};
    use proptest::prelude::*;

    use super::md5;

    /// RFC 1321's test suite (appendix A.5).
    #[test]
    fn rfc_1321_vectors() {
        let cases: [(&[u8], &str); 7] = [
            (b"", "d41d8cd98f00b204e9800998ecf8427e"),
            (b"a", "0cc175b9c0f1b6a831c399e269772661"),
            (b"abc", "900150983cd24fb0d6963f7d28e17f72"),
            (b"message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
            (
                b"abcdefghijklmnopqrstuvwxyz",
                "c3fcd3d76192e4007dfb496cca67e13b",
            ),
            (
                b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
                "d174ab98d277d9f5a5611c2c9f419d9f",
            ),
            (
                b"12345678901234567890123456789012345678901234567890123456789012345678901234567890",
                "57edf4a22be3c955ac49da2e2107b67a",
            ),
        ];
        for (input, want) in cases {
            let got: String = md5(input).iter().map(|b| format!("{b:02x}")).collect();
            assert_eq!(got, want, "{:?}", String::from_utf8_lossy(input));
        }
    }

    /// Every length around the padding's one- and two-block edges, and a few large ones.
    #[test]
    fn every_padding_length_matches_md_5() {
        let data: Vec<u8> = (0..70_000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        for len in (0..300).chain([4095, 4096, 4097, 65_536, 70_000]) {
            let want: [u8; 16] = Md5::digest(&data[..len]).into();
            assert_eq!(md5(&data[..len]), want, "length {len}");
        }
    }

    proptest! {
        /// Bytes taken in any pieces digest as taken at once.
        #[test]
        fn pieces_digest_as_the_whole(
            data in proptest::collection::vec(any::<u8>(), 0..1000),
            cuts in proptest::collection::vec(0usize..1000, 0..8),
        ) {
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(data.len())).collect();
            cuts.sort_unstable();
            let mut hasher = super::Md5::new();
            let mut from = 0;
            for cut in cuts.into_iter().chain([data.len()]) {
                hasher.update(&data[from..cut]);
                from = cut;
            }
            prop_assert_eq!(hasher.finalize(), md5(&data));
        }

        #[test]
        fn random_bytes_match_md_5(data in proptest::collection::vec(any::<u8>(), 0..2000)) {
            let want: [u8; 16] = Md5::digest(&data).into();
            prop_assert_eq!(md5(&data), want);
        }
    }
}
