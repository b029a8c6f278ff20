//! A JPEG stream builder for fuzzing and test files: baseline (SOF0), extended (SOF1) and
//! progressive (SOF2) frames of 1 to 4 components with any sampling factors, quantisation tables of
//! 8 or 16 bits, Huffman tables built from fuzzed symbol weights, restart intervals (DRI) with
//! their RST markers, and scans whose entropy-coded data is really encoded from coefficient blocks
//! (T.81 Annex F for sequential, Annex G for progressive: DC and AC first scans with EOB runs, and
//! their refinement scans with correction bits).
//!
//! [`Stream`] derives `arbitrary::Arbitrary`, so a fuzz target turns its bytes into a stream
//! description and [`Stream::build`] writes it. What the fuzzer chooses is sanitised into a stream
//! a decoder must accept (sampling that fits an MCU, tables that hold every symbol the data uses),
//! unless it asks for raw header fields, raw entropy bytes or one of the [`Spoil`]s: then the
//! stream is malformed on purpose and [`Built::clean`] says so.

use arbitrary::Arbitrary;

/// Which frame header, hence which coding process.
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Process {
    /// SOF0: baseline sequential (8-bit tables, two Huffman tables of each class).
    Baseline,
    /// SOF1: extended sequential (four Huffman tables of each class).
    Extended,
    /// SOF2: progressive (spectral selection and successive approximation).
    Progressive,
}

impl Process {
    const fn marker(self) -> u8 {
        match self {
            Process::Baseline => 0xC0,
            Process::Extended => 0xC1,
            Process::Progressive => 0xC2,
        }
    }
}

/// One frame component as the fuzzer proposes it.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub struct ComponentSpec {
    /// Identifier (used as is only with [`Stream::raw_fields`]; else 1, 2, 3, 4).
    pub id: u8,
    /// Sampling factors, high nibble horizontal (sanitised to 1..=2 each unless raw).
    pub sampling: u8,
    /// Quantisation table selector (sanitised to 0..=3 unless raw).
    pub tq: u8,
}

/// The coefficients of every block: a seeded generator, so every scan of a progressive frame sees
/// the same blocks.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub struct Blocks {
    /// Seed of the per-block generator.
    pub seed: u32,
    /// DC values lie within ±`dc_spread × 4` (at most ±1023).
    pub dc_spread: u8,
    /// How many AC coefficients of a block are non-zero (at most 63; the low bits are used).
    pub ac_count: u8,
    /// Largest AC magnitude (1..=1023, from `ac_mag × 4 + 1`).
    pub ac_mag: u8,
    /// Blocks of real content instead: random samples within `dc_spread` of mid-grey, through a
    /// forward DCT and the frame's quantisation, as an encoder makes them. Decoders agree on these
    /// to within rounding; on arbitrary coefficients whose samples fall far outside 0..=255 they
    /// need not (jpeg-decoder's IDCT wraps around where zune-jpeg's clamps).
    pub natural: bool,
}

/// A deliberate fault, applied to the written stream.
#[derive(Arbitrary, Clone, Debug)]
pub enum Spoil {
    /// Cut the stream at this offset (modulo its length).
    Truncate(u16),
    /// XOR the byte at this offset with a value.
    Flip(u16, u8),
    /// Insert bytes at an offset.
    Insert(u16, Vec<u8>),
    /// Restart markers numbered from this value instead of 0 (a wrong sequence).
    RestartFrom(u8),
    /// A Huffman table of fuzzed counts and symbols in place of table `n` (over-subscribed,
    /// too many symbols, symbols missing).
    Table(u8, [u8; 16], Vec<u8>),
    /// A second frame header after the first.
    SecondFrame,
    /// No EOI at the end.
    NoEoi,
}

/// A marker segment or stray bytes the fuzzer adds after SOI.
#[derive(Arbitrary, Clone, Debug)]
pub enum Extra {
    /// APPn (`n` & 15) with a payload.
    App(u8, Vec<u8>),
    /// An Adobe APP14 segment with this colour transform flag (0 none, 1 YCbCr, 2 YCCK).
    Adobe(u8),
    /// A comment.
    Comment(Vec<u8>),
    /// Fill bytes (`FF`) before the next marker.
    Fill(u8),
}

/// A whole JPEG stream, as a fuzz target describes it.
#[derive(Arbitrary, Clone, Debug)]
pub struct Stream {
    /// Frame type.
    pub process: Process,
    /// Width: `1 + width % 48` unless [`Stream::huge`].
    pub width: u16,
    /// Height: `1 + height % 48` unless [`Stream::huge`].
    pub height: u16,
    /// Use `width` and `height` as they are (0 and 65535 included).
    pub huge: bool,
    /// Component count: 4 most often, else 1 to 3 (`count % 8`: 0 → 1, 1 → 2, 2 → 3, else 4).
    pub count: u8,
    /// The components (missing ones default to 1×1, table 0).
    pub components: Vec<ComponentSpec>,
    /// 16-bit quantisation tables (SOF1/SOF2 only).
    pub wide_quant: bool,
    /// Quantisation values (repeated to fill 64 entries; 0 becomes 1 unless raw).
    pub quant: Vec<u8>,
    /// Symbol weights the Huffman code lengths are built from (repeated as needed).
    pub weights: Vec<u8>,
    /// All tables in one DHT/DQT segment, or one segment each.
    pub one_segment: bool,
    /// Restart interval in MCUs (`restart % 5`; 0 writes no DRI).
    pub restart: u8,
    /// Baseline: one interleaved scan, or one scan per component.
    pub interleaved: bool,
    /// Progressive: successive-approximation bits of the first scans (`% 3`).
    pub approx: u8,
    /// Progressive: where the AC spectrum is split into bands (`% 63 + 1`, sorted).
    pub bands: Vec<u8>,
    /// The coefficients.
    pub blocks: Blocks,
    /// Raw entropy bytes for every scan when [`Stream::raw_scans`] (and for frames too large to
    /// encode block by block).
    pub raw: Vec<u8>,
    /// Every scan's data is `raw` instead of encoded.
    pub raw_scans: bool,
    /// Header fields (ids, sampling, selectors) as the fuzzer gave them, unsanitised.
    pub raw_fields: bool,
    /// Segments after SOI.
    pub extras: Vec<Extra>,
    /// Deliberate faults.
    pub spoils: Vec<Spoil>,
}

/// A written stream and what it holds.
#[derive(Clone, Debug)]
pub struct Built {
    /// SOI to EOI.
    pub bytes: Vec<u8>,
    /// Offset of the frame header's marker (`FF C0`…), where the tables end.
    pub frame_at: usize,
    /// Frame width and height as written.
    pub width: u16,
    /// Frame height.
    pub height: u16,
    /// Component count as written.
    pub components: usize,
    /// Every field sanitised, every scan encoded, nothing spoilt: a decoder must decode it.
    pub clean: bool,
    /// Clean, every component sampled 1×1, the blocks [`Blocks::natural`] and quantised no
    /// coarser than [`COMPARABLE_QUANT`]: decoders then agree to within IDCT rounding.
    pub comparable: bool,
}

/// A frame component after sanitising.
#[derive(Clone, Copy, Debug)]
struct Comp {
    id: u8,
    h: u8,
    v: u8,
    tq: u8,
}

/// A canonical Huffman table: class (0 DC, 1 AC), id, counts per length, symbols.
#[derive(Clone, Debug)]
pub struct HuffTable {
    /// 0 DC, 1 AC.
    pub class: u8,
    /// Destination 0..=3.
    pub id: u8,
    /// Codes of each length 1..=16.
    pub bits: [u8; 16],
    /// Symbols in code order.
    pub values: Vec<u8>,
}

impl HuffTable {
    /// The DHT body of this table (class/id byte, counts, symbols).
    fn body(&self) -> Vec<u8> {
        let mut out = vec![(self.class << 4) | (self.id & 15)];
        out.extend_from_slice(&self.bits);
        out.extend_from_slice(&self.values);
        out
    }

    /// Code and length of each symbol (T.81 Annex C).
    fn codes(&self) -> Vec<Option<(u16, u8)>> {
        let mut codes = vec![None; 256];
        let mut code: u32 = 0;
        let mut k = 0usize;
        for (len, &n) in (1u8..=16).zip(&self.bits) {
            for _ in 0..n {
                if let Some(&sym) = self.values.get(k)
                    && code < (1 << len)
                {
                    codes[usize::from(sym)].get_or_insert((code as u16, len));
                }
                k += 1;
                code += 1;
            }
            code <<= 1;
        }
        codes
    }

    /// A table over `symbols` whose code lengths come from `weights` (T.81 Annex K.2: a Huffman
    /// code with one code point reserved so that no code is all ones, lengths limited to 16).
    pub fn from_weights(class: u8, id: u8, symbols: &[u8], weights: &[u8]) -> HuffTable {
        let n = symbols.len();
        // freq: one per symbol (never 0, so every symbol gets a code), plus the reserved point.
        let mut freq: Vec<u64> = (0..n)
            .map(|i| {
                let w = if weights.is_empty() {
                    1
                } else {
                    weights[i % weights.len()]
                };
                1 + u64::from(w)
            })
            .collect();
        freq.push(0); // the reserved code point, merged last (weight below every symbol)
        let total = freq.len();
        let mut size = vec![0usize; total];
        let mut others: Vec<Option<usize>> = vec![None; total];
        let mut live: Vec<bool> = vec![true; total];
        loop {
            // The two smallest live entries (ties: the larger index, as Figure K.1 does).
            let mut v1: Option<usize> = None;
            for i in 0..total {
                if live[i] && v1.is_none_or(|j| freq[i] <= freq[j]) {
                    v1 = Some(i);
                }
            }
            let Some(v1) = v1 else { break };
            let mut v2: Option<usize> = None;
            for i in 0..total {
                if live[i] && i != v1 && v2.is_none_or(|j| freq[i] <= freq[j]) {
                    v2 = Some(i);
                }
            }
            let Some(v2) = v2 else { break };
            freq[v1] += freq[v2];
            live[v2] = false;
            let mut a = v1;
            loop {
                size[a] += 1;
                match others[a] {
                    Some(next) => a = next,
                    None => break,
                }
            }
            others[a] = Some(v2);
            let mut b = v2;
            loop {
                size[b] += 1;
                match others[b] {
                    Some(next) => b = next,
                    None => break,
                }
            }
        }
        // Count codes of each length, then limit them to 16 bits (Figure K.3).
        let mut count = [0usize; 33];
        for &s in &size {
            count[s.min(32)] += 1;
        }
        let mut i = 32;
        while i > 16 {
            while count[i] > 0 {
                let mut j = i - 2;
                while count[j] == 0 {
                    j -= 1;
                }
                count[i] -= 2;
                count[i - 1] += 1;
                count[j + 1] += 2;
                count[j] -= 1;
            }
            i -= 1;
        }
        // Remove the reserved code point from the longest length.
        let mut longest = 16;
        while count[longest] == 0 {
            longest -= 1;
        }
        count[longest] -= 1;
        // Symbols in order of their code length (shorter first), the reserved point left out.
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (size[i], i));
        let mut bits = [0u8; 16];
        for (b, c) in bits.iter_mut().zip(&count[1..=16]) {
            *b = *c as u8;
        }
        HuffTable {
            class,
            id,
            bits,
            values: order.iter().map(|&i| symbols[i]).collect(),
        }
    }
}

/// The DC symbols (magnitude categories 0..=11).
fn dc_symbols() -> Vec<u8> {
    (0..=11).collect()
}

/// The AC symbols: EOB, ZRL, every run/size pair, and (progressive) the EOB runs.
fn ac_symbols(progressive: bool) -> Vec<u8> {
    let mut s = vec![0x00, 0xF0];
    for run in 0..16u8 {
        for size in 1..=10u8 {
            s.push((run << 4) | size);
        }
    }
    if progressive {
        s.extend((1..=14u8).map(|n| n << 4));
    }
    s
}

/// Bit writer for entropy-coded data: MSB first, `FF` stuffed with `00`, padded with ones.
#[derive(Default)]
pub(crate) struct BitWriter {
    pub(crate) out: Vec<u8>,
    acc: u32,
    n: u32,
}

impl BitWriter {
    pub(crate) fn put(&mut self, value: u32, len: u32) {
        for i in (0..len).rev() {
            self.acc = (self.acc << 1) | ((value >> i) & 1);
            self.n += 1;
            if self.n == 8 {
                self.byte();
            }
        }
    }

    fn byte(&mut self) {
        let b = self.acc as u8;
        self.out.push(b);
        if b == 0xFF {
            self.out.push(0x00);
        }
        self.acc = 0;
        self.n = 0;
    }

    /// Pads the last byte with ones (T.81 F.1.2.3).
    pub(crate) fn flush(&mut self) {
        while self.n != 0 {
            self.put(1, 1);
        }
    }

    pub(crate) fn finish(mut self) -> Vec<u8> {
        self.flush();
        self.out
    }
}

/// Magnitude category of `v` and its extra bits.
fn category(v: i32) -> (u32, u32) {
    let cat = 32 - v.unsigned_abs().leading_zeros();
    let extra = if v >= 0 { v } else { v + (1 << cat) - 1 };
    (cat, extra as u32)
}

/// A small deterministic generator (xorshift), per block.
struct Rng(u32);

impl Rng {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }
}

impl Blocks {
    /// The 64 quantised coefficients of block (bx, by) of component `c`, in zig-zag order, for
    /// quantisation values `quant` (zig-zag order).
    pub fn block(&self, c: usize, bx: usize, by: usize, quant: &[u16; 64]) -> [i32; 64] {
        let mut rng = Rng((self.seed ^ 0x9E37_79B9)
            .wrapping_add((c as u32).wrapping_mul(0x85EB_CA6B))
            .wrapping_add((bx as u32).wrapping_mul(0xC2B2_AE35))
            .wrapping_add((by as u32).wrapping_mul(0x27D4_EB2F))
            | 1);
        let mut out = [0i32; 64];
        if self.natural {
            return natural_block(&mut rng, self.dc_spread, quant);
        }
        let spread = (i32::from(self.dc_spread) * 4).min(1023);
        out[0] = (rng.next() % (2 * spread as u32 + 1)) as i32 - spread;
        let mag = (i32::from(self.ac_mag) * 4 + 1).min(1023);
        for _ in 0..(self.ac_count % 64) {
            let k = 1 + (rng.next() % 63) as usize;
            let m = 1 + (rng.next() % mag as u32) as i32;
            out[k] = if rng.next() & 1 == 0 { m } else { -m };
        }
        out
    }
}

/// The coarsest quantisation [`Built::comparable`] allows: coarser steps add enough quantisation
/// error to push samples far out of range, where the backends' IDCTs part ways.
pub const COMPARABLE_QUANT: u16 = 8;

/// Zig-zag position → natural (row-major) position (T.81 Figure A.6).
const ZIGZAG: [usize; 64] = [
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20,
    13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59,
    52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

/// A block of random samples within `spread` of 128, transformed (forward DCT, T.81 A.3.3) and
/// quantised, in zig-zag order.
fn natural_block(rng: &mut Rng, spread: u8, quant: &[u16; 64]) -> [i32; 64] {
    let spread = u32::from(spread).min(127);
    let samples: Vec<f64> = (0..64)
        .map(|_| f64::from((rng.next() % (2 * spread + 1)) as i32 - spread as i32))
        .collect();
    // cos[x][u] = C(u) cos((2x + 1) u π / 16) / 2: the transform is separable, rows then columns.
    let mut cos = [[0f64; 8]; 8];
    for (x, row) in cos.iter_mut().enumerate() {
        for (u, c) in row.iter_mut().enumerate() {
            let scale = if u == 0 {
                std::f64::consts::FRAC_1_SQRT_2
            } else {
                1.0
            };
            *c = scale * (((2 * x + 1) * u) as f64 * std::f64::consts::PI / 16.0).cos() / 2.0;
        }
    }
    let mut rows = [[0f64; 8]; 8]; // rows[y][u]
    for (y, out) in rows.iter_mut().enumerate() {
        for (u, o) in out.iter_mut().enumerate() {
            *o = (0..8).map(|x| samples[y * 8 + x] * cos[x][u]).sum();
        }
    }
    let mut out = [0i32; 64];
    for (k, (&at, &q)) in ZIGZAG.iter().zip(quant).enumerate() {
        let (v, u) = (at / 8, at % 8);
        let f: f64 = (0..8).map(|y| rows[y][u] * cos[y][v]).sum();
        out[k] = (f / f64::from(q.max(1))).round() as i32;
    }
    out
}

/// One scan: component indices, their table selectors, spectral band and approximation.
#[derive(Clone, Debug)]
struct Scan {
    comps: Vec<usize>,
    ss: u8,
    se: u8,
    ah: u8,
    al: u8,
}

/// Huffman codes for a scan's components.
struct Coder<'t> {
    dc: Vec<Option<(u16, u8)>>,
    ac: Vec<Option<(u16, u8)>>,
    _t: core::marker::PhantomData<&'t ()>,
}

impl Coder<'_> {
    fn put(codes: &[Option<(u16, u8)>], bits: &mut BitWriter, symbol: u8) {
        if let Some(Some((code, len))) = codes.get(usize::from(symbol)) {
            bits.put(u32::from(*code), u32::from(*len));
        }
    }
}

impl Stream {
    fn dims(&self) -> (u16, u16) {
        if self.huge {
            (self.width, self.height)
        } else {
            (1 + self.width % 48, 1 + self.height % 48)
        }
    }

    fn comps(&self) -> Vec<Comp> {
        let n = match self.count % 8 {
            0 => 1,
            1 => 2,
            2 => 3,
            _ => 4,
        };
        let mut comps: Vec<Comp> = (0..n)
            .map(|i| {
                let spec = self.components.get(i).copied().unwrap_or(ComponentSpec {
                    id: 0,
                    sampling: 0x11,
                    tq: 0,
                });
                if self.raw_fields {
                    Comp {
                        id: spec.id,
                        h: spec.sampling >> 4,
                        v: spec.sampling & 15,
                        tq: spec.tq,
                    }
                } else {
                    // Mostly 1×1; otherwise 1 or 2 each way.
                    let (h, v) = if spec.sampling < 0xA0 {
                        (1, 1)
                    } else {
                        (1 + (spec.sampling >> 4) % 2, 1 + (spec.sampling & 15) % 2)
                    };
                    Comp {
                        id: i as u8 + 1,
                        h,
                        v,
                        tq: spec.tq % 4,
                    }
                }
            })
            .collect();
        if !self.raw_fields && comps.len() > 1 {
            // An interleaved MCU holds at most 10 blocks (T.81 B.2.3).
            while comps.iter().map(|c| u32::from(c.h * c.v)).sum::<u32>() > 10 {
                if let Some(c) = comps.iter_mut().find(|c| c.h * c.v > 1) {
                    c.h = 1;
                    c.v = 1;
                }
            }
        }
        comps
    }

    /// How many Huffman tables of each class the process allows.
    fn table_slots(&self) -> usize {
        if self.process == Process::Baseline {
            2
        } else {
            4
        }
    }

    /// The scans: baseline/extended one interleaved scan or one per component; progressive a DC
    /// first scan (and its refinements), then for every component each AC band, first and
    /// refinement scans.
    fn scans(&self, comps: &[Comp]) -> Vec<Scan> {
        let all: Vec<usize> = (0..comps.len()).collect();
        if self.process != Process::Progressive {
            if self.interleaved {
                return vec![Scan {
                    comps: all,
                    ss: 0,
                    se: 63,
                    ah: 0,
                    al: 0,
                }];
            }
            return all
                .iter()
                .map(|&c| Scan {
                    comps: vec![c],
                    ss: 0,
                    se: 63,
                    ah: 0,
                    al: 0,
                })
                .collect();
        }
        let approx = self.approx % 3;
        let mut scans = vec![Scan {
            comps: all.clone(),
            ss: 0,
            se: 0,
            ah: 0,
            al: approx,
        }];
        for bit in (0..approx).rev() {
            scans.push(Scan {
                comps: all.clone(),
                ss: 0,
                se: 0,
                ah: bit + 1,
                al: bit,
            });
        }
        let mut cuts: Vec<u8> = self.bands.iter().take(4).map(|b| b % 63 + 1).collect();
        cuts.push(64);
        cuts.sort_unstable();
        cuts.dedup();
        for c in all {
            let mut start = 1u8;
            for &end in &cuts {
                if end <= start {
                    continue;
                }
                scans.push(Scan {
                    comps: vec![c],
                    ss: start,
                    se: end - 1,
                    ah: 0,
                    al: approx,
                });
                for bit in (0..approx).rev() {
                    scans.push(Scan {
                        comps: vec![c],
                        ss: start,
                        se: end - 1,
                        ah: bit + 1,
                        al: bit,
                    });
                }
                start = end;
            }
        }
        scans
    }

    /// Writes the stream.
    pub fn build(&self) -> Built {
        let (width, height) = self.dims();
        let comps = self.comps();
        let progressive = self.process == Process::Progressive;
        let slots = self.table_slots();
        let mut clean = !self.raw_fields
            && !self.raw_scans
            && self.spoils.is_empty()
            && width > 0
            && height > 0;
        let mut out = vec![0xFF, 0xD8];
        for extra in self.extras.iter().take(4) {
            match extra {
                Extra::App(n, payload) => {
                    segment(
                        &mut out,
                        0xE0 | (n & 15),
                        payload.get(..200).unwrap_or(payload),
                    );
                    // APP14 may be an Adobe segment naming a colour transform.
                    clean &= n & 15 != 14;
                }
                Extra::Adobe(transform) => {
                    let mut p = b"Adobe".to_vec();
                    p.extend_from_slice(&[0, 100, 0, 0, 0, 0, *transform]);
                    segment(&mut out, 0xEE, &p);
                    // A transform flag other than 0 makes four components YCCK, not CMYK.
                    clean &= *transform == 0;
                }
                Extra::Comment(text) => segment(&mut out, 0xFE, text.get(..200).unwrap_or(text)),
                Extra::Fill(n) => out.extend(std::iter::repeat_n(0xFF, usize::from(n % 4))),
            }
        }
        // DQT: every table a component uses.
        let wide = self.wide_quant && self.process != Process::Baseline;
        let mut dqt = Vec::new();
        let mut quant = [[1u16; 64]; 4];
        for t in 0..4u8 {
            if !comps.iter().any(|c| c.tq == t) {
                continue;
            }
            let mut body = vec![(u8::from(wide) << 4) | t];
            for (k, slot) in quant[usize::from(t)].iter_mut().enumerate() {
                let q = if self.quant.is_empty() {
                    1
                } else {
                    self.quant[(k + usize::from(t) * 7) % self.quant.len()]
                };
                let q = if self.raw_fields { q } else { q.max(1) };
                if wide {
                    body.extend_from_slice(&[q >> 5, q]);
                    *slot = (u16::from(q >> 5) << 8) | u16::from(q);
                } else {
                    body.push(q);
                    *slot = u16::from(q);
                }
            }
            dqt.push(body);
        }
        segments(&mut out, 0xDB, &dqt, self.one_segment);
        // DHT: a DC and an AC table per slot a component uses.
        let mut tables = Vec::new();
        let used_slots = comps.len().min(slots);
        for id in 0..used_slots as u8 {
            let w = self.weights.get(usize::from(id) * 13..).unwrap_or_default();
            tables.push(HuffTable::from_weights(0, id, &dc_symbols(), w));
            let w = self.weights.get(usize::from(id) * 29..).unwrap_or_default();
            tables.push(HuffTable::from_weights(1, id, &ac_symbols(progressive), w));
        }
        let count = tables.len().max(1);
        for spoil in &self.spoils {
            if let Spoil::Table(n, bits, values) = spoil
                && let Some(t) = tables.get_mut(usize::from(*n) % count)
            {
                t.bits = *bits;
                t.values = values.iter().take(256).copied().collect();
            }
        }
        let bodies: Vec<Vec<u8>> = tables.iter().map(HuffTable::body).collect();
        segments(&mut out, 0xC4, &bodies, self.one_segment);
        let restart = u16::from(self.restart % 5);
        if restart > 0 {
            segment(&mut out, 0xDD, &restart.to_be_bytes());
        }
        let frame_at = out.len();
        let mut sof = vec![8];
        sof.extend_from_slice(&height.to_be_bytes());
        sof.extend_from_slice(&width.to_be_bytes());
        sof.push(comps.len() as u8);
        for c in &comps {
            sof.extend_from_slice(&[c.id, (c.h << 4) | (c.v & 15), c.tq]);
        }
        segment(&mut out, self.process.marker(), &sof);
        if self.spoils.iter().any(|s| matches!(s, Spoil::SecondFrame)) {
            segment(&mut out, self.process.marker(), &sof);
        }
        let rst_from = self
            .spoils
            .iter()
            .find_map(|s| match s {
                Spoil::RestartFrom(n) => Some(*n),
                _ => None,
            })
            .unwrap_or(0);
        let pixels = u64::from(width) * u64::from(height);
        for scan in self.scans(&comps) {
            let mut sos = vec![scan.comps.len() as u8];
            for &c in &scan.comps {
                let slot = (c % slots.min(used_slots.max(1))) as u8;
                sos.extend_from_slice(&[comps[c].id, (slot << 4) | slot]);
            }
            sos.extend_from_slice(&[scan.ss, scan.se, (scan.ah << 4) | scan.al]);
            segment(&mut out, 0xDA, &sos);
            // Large declared frames are not encoded block by block: their scans are raw bytes.
            if !self.raw_scans && !self.raw_fields && pixels <= 64 * 64 {
                let quant = &quant;
                out.extend(self.encode(&comps, &scan, &tables, quant, restart, rst_from));
            } else {
                clean = false;
                let raw: Vec<u8> = self.raw.iter().take(4096).copied().collect();
                out.extend(raw);
            }
        }
        if !self.spoils.iter().any(|s| matches!(s, Spoil::NoEoi)) {
            out.extend_from_slice(&[0xFF, 0xD9]);
        }
        for spoil in &self.spoils {
            let len = out.len().max(1);
            match spoil {
                Spoil::Truncate(at) => out.truncate(usize::from(*at) % len),
                Spoil::Flip(at, x) => {
                    if let Some(b) = out.get_mut(usize::from(*at) % len) {
                        *b ^= x;
                    }
                }
                Spoil::Insert(at, bytes) => {
                    let at = usize::from(*at) % len;
                    let bytes: Vec<u8> = bytes.iter().take(64).copied().collect();
                    out.splice(at..at, bytes);
                }
                _ => {}
            }
        }
        Built {
            bytes: out,
            frame_at,
            width,
            height,
            components: comps.len(),
            clean,
            comparable: clean
                && self.blocks.natural
                && quant.iter().flatten().all(|&q| q <= COMPARABLE_QUANT)
                && comps.iter().all(|c| c.h == 1 && c.v == 1),
        }
    }

    /// The entropy-coded data of `scan`, with a restart marker every `restart` MCUs.
    fn encode(
        &self,
        comps: &[Comp],
        scan: &Scan,
        tables: &[HuffTable],
        quant: &[[u16; 64]; 4],
        restart: u16,
        rst_from: u8,
    ) -> Vec<u8> {
        let slots = self.table_slots();
        let (width, height) = self.dims();
        let (w, h) = (usize::from(width), usize::from(height));
        let hmax = usize::from(comps.iter().map(|c| c.h).max().unwrap_or(1).max(1));
        let vmax = usize::from(comps.iter().map(|c| c.v).max().unwrap_or(1).max(1));
        let used = slots.min(comps.len()).max(1);
        let coders: Vec<Coder<'_>> = scan
            .comps
            .iter()
            .map(|&c| {
                let slot = c % used;
                let find = |class: u8| {
                    tables
                        .iter()
                        .find(|t| t.class == class && usize::from(t.id) == slot)
                        .map(HuffTable::codes)
                        .unwrap_or_else(|| vec![None; 256])
                };
                Coder {
                    dc: find(0),
                    ac: find(1),
                    _t: core::marker::PhantomData,
                }
            })
            .collect();
        // The blocks of each MCU, in order: (scan component index, bx, by).
        let mut units: Vec<Vec<(usize, usize, usize)>> = Vec::new();
        if let [only] = scan.comps.as_slice() {
            let c = comps[*only];
            let cw = (w * usize::from(c.h)).div_ceil(hmax);
            let ch = (h * usize::from(c.v)).div_ceil(vmax);
            for by in 0..ch.div_ceil(8) {
                for bx in 0..cw.div_ceil(8) {
                    units.push(vec![(0, bx, by)]);
                }
            }
        } else {
            for my in 0..h.div_ceil(8 * vmax) {
                for mx in 0..w.div_ceil(8 * hmax) {
                    let mut mcu = Vec::new();
                    for (k, &c) in scan.comps.iter().enumerate() {
                        let (ch, cv) = (usize::from(comps[c].h), usize::from(comps[c].v));
                        for v in 0..cv {
                            for u in 0..ch {
                                mcu.push((k, mx * ch + u, my * cv + v));
                            }
                        }
                    }
                    units.push(mcu);
                }
            }
        }
        let mut bits = BitWriter::default();
        let mut pred = vec![0i32; scan.comps.len()];
        let mut eobrun: u32 = 0;
        let mut refine = Refine::default();
        let mut rst = rst_from;
        for (n, mcu) in units.iter().enumerate() {
            if restart > 0 && n > 0 && n % usize::from(restart) == 0 {
                flush_eobrun(&mut bits, &coders[0].ac, &mut eobrun);
                refine.flush(&mut bits, &coders[0].ac);
                bits.flush();
                bits.out.extend_from_slice(&[0xFF, 0xD0 | (rst & 7)]);
                rst = rst.wrapping_add(1);
                pred.iter_mut().for_each(|p| *p = 0);
            }
            for &(k, bx, by) in mcu {
                let c = scan.comps[k];
                let q = &quant[usize::from(comps[c].tq % 4)];
                let block = self.blocks.block(c, bx, by, q);
                let coder = &coders[k];
                if scan.ss == 0 {
                    if scan.ah == 0 {
                        // DC (first scan or sequential): the difference from the predictor.
                        let dc = block[0] >> scan.al;
                        let (cat, extra) = category(dc - pred[k]);
                        pred[k] = dc;
                        Coder::put(&coder.dc, &mut bits, cat as u8);
                        bits.put(extra, cat);
                    } else {
                        bits.put(((block[0] >> scan.al) & 1) as u32, 1);
                    }
                    if scan.se == 0 {
                        continue;
                    }
                }
                let from = usize::from(scan.ss.max(1));
                let to = usize::from(scan.se).min(63);
                if scan.ah > 0 {
                    refine_block(&mut bits, &coder.ac, &block, from, to, scan.al, &mut refine);
                    continue;
                }
                let ac = |k: usize| {
                    let v = block[k];
                    let m = v.unsigned_abs() >> scan.al;
                    if v < 0 { -(m as i32) } else { m as i32 }
                };
                let last = (from..=to).rev().find(|&k| ac(k) != 0);
                let Some(last) = last else {
                    if progressive_scan(scan) {
                        eobrun += 1;
                        if eobrun == 0x7FFF {
                            flush_eobrun(&mut bits, &coder.ac, &mut eobrun);
                        }
                    } else {
                        Coder::put(&coder.ac, &mut bits, 0x00);
                    }
                    continue;
                };
                if progressive_scan(scan) {
                    flush_eobrun(&mut bits, &coder.ac, &mut eobrun);
                }
                let mut run = 0u8;
                for k in from..=last {
                    let v = ac(k);
                    if v == 0 {
                        run += 1;
                        continue;
                    }
                    while run > 15 {
                        Coder::put(&coder.ac, &mut bits, 0xF0);
                        run -= 16;
                    }
                    let (cat, extra) = category(v);
                    Coder::put(&coder.ac, &mut bits, (run << 4) | cat as u8);
                    bits.put(extra, cat);
                    run = 0;
                }
                if last < to {
                    if progressive_scan(scan) {
                        eobrun += 1;
                    } else {
                        Coder::put(&coder.ac, &mut bits, 0x00);
                    }
                }
            }
        }
        if let Some(coder) = coders.first() {
            flush_eobrun(&mut bits, &coder.ac, &mut eobrun);
            refine.flush(&mut bits, &coder.ac);
        }
        bits.finish()
    }
}

/// A progressive AC scan (EOB runs instead of an EOB per block).
fn progressive_scan(scan: &Scan) -> bool {
    scan.ss > 0
}

/// The state an AC refinement scan carries from block to block: the EOB run and the correction
/// bits of the blocks inside it, written after the run's symbol.
#[derive(Default)]
struct Refine {
    eobrun: u32,
    pending: Vec<u8>,
}

impl Refine {
    /// Writes the pending EOB run, then its correction bits.
    fn flush(&mut self, bits: &mut BitWriter, ac: &[Option<(u16, u8)>]) {
        flush_eobrun(bits, ac, &mut self.eobrun);
        for b in self.pending.drain(..) {
            bits.put(u32::from(b), 1);
        }
    }
}

/// One block of an AC refinement scan (T.81 G.1.2.3, as libjpeg's `encode_mcu_AC_refine`):
/// coefficients that become non-zero at this bit get a run/size symbol and a sign bit, those
/// already non-zero a correction bit, buffered until the next symbol.
#[allow(clippy::needless_range_loop)] // `k` is the coefficient's position, used beyond indexing
fn refine_block(
    bits: &mut BitWriter,
    ac: &[Option<(u16, u8)>],
    block: &[i32; 64],
    from: usize,
    to: usize,
    al: u8,
    state: &mut Refine,
) {
    let abs = |k: usize| block[k].unsigned_abs() >> al;
    // The last coefficient that becomes non-zero here.
    let eob = (from..=to).rev().find(|&k| abs(k) == 1);
    let mut run = 0u32;
    let mut corrections: Vec<u8> = Vec::new();
    for k in from..=to {
        let v = abs(k);
        if v == 0 {
            run += 1;
            continue;
        }
        while run > 15 && eob.is_some_and(|e| k <= e) {
            state.flush(bits, ac);
            Coder::put(ac, bits, 0xF0);
            run -= 16;
            for b in corrections.drain(..) {
                bits.put(u32::from(b), 1);
            }
        }
        if v > 1 {
            corrections.push((v & 1) as u8);
            continue;
        }
        state.flush(bits, ac);
        Coder::put(ac, bits, ((run as u8) << 4) | 1);
        bits.put(u32::from(block[k] >= 0), 1);
        for b in corrections.drain(..) {
            bits.put(u32::from(b), 1);
        }
        run = 0;
    }
    if run > 0 || !corrections.is_empty() {
        state.eobrun += 1;
        state.pending.append(&mut corrections);
        if state.eobrun == 0x7FFF || state.pending.len() > 900 {
            state.flush(bits, ac);
        }
    }
}

/// Writes a pending EOB run (T.81 G.1.2.2: `EOBn` then `n` bits).
fn flush_eobrun(bits: &mut BitWriter, ac: &[Option<(u16, u8)>], eobrun: &mut u32) {
    if *eobrun == 0 {
        return;
    }
    let n = 31 - eobrun.leading_zeros();
    Coder::put(ac, bits, (n as u8) << 4);
    bits.put(*eobrun - (1 << n), n);
    *eobrun = 0;
}

/// Appends a marker segment (`FF marker`, length, payload).
pub(crate) fn segment(out: &mut Vec<u8>, marker: u8, payload: &[u8]) {
    out.extend_from_slice(&[0xFF, marker]);
    out.extend_from_slice(&(payload.len() as u16 + 2).to_be_bytes());
    out.extend_from_slice(payload);
}

/// Appends `bodies` as one segment or one segment each.
fn segments(out: &mut Vec<u8>, marker: u8, bodies: &[Vec<u8>], one: bool) {
    if one {
        if !bodies.is_empty() {
            segment(out, marker, &bodies.concat());
        }
    } else {
        for b in bodies {
            segment(out, marker, b);
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    fn stream(process: Process, sampling: u8, restart: u8, approx: u8) -> Stream {
        Stream {
            process,
            width: 20,
            height: 13,
            huge: false,
            count: 7,
            components: vec![
                ComponentSpec {
                    id: 0,
                    sampling,
                    tq: 0,
                };
                4
            ],
            wide_quant: false,
            quant: vec![1],
            weights: (0..200).map(|i| (i * 37 % 251) as u8).collect(),
            one_segment: false,
            restart,
            interleaved: true,
            approx,
            bands: vec![5, 20],
            blocks: Blocks {
                seed: 7,
                dc_spread: 40,
                ac_count: 6,
                ac_mag: 10,
                natural: false,
            },
            raw: Vec::new(),
            raw_scans: false,
            raw_fields: false,
            extras: Vec::new(),
            spoils: Vec::new(),
        }
    }

    #[test]
    fn huffman_tables_are_complete_prefix_codes_within_16_bits() {
        for weights in [vec![], vec![255; 300], (0..=255).collect::<Vec<u8>>()] {
            let t = HuffTable::from_weights(1, 0, &ac_symbols(true), &weights);
            assert_eq!(t.values.len(), ac_symbols(true).len());
            assert_eq!(
                t.bits.iter().map(|&b| usize::from(b)).sum::<usize>(),
                t.values.len()
            );
            // Kraft sum below one: the all-ones code stays free.
            let kraft: f64 = (1..=16)
                .map(|l| f64::from(t.bits[l - 1]) / f64::from(1u32 << l))
                .sum();
            assert!(kraft < 1.0, "{kraft}");
        }
    }

    #[test]
    fn clean_streams_are_clean() {
        for process in [Process::Baseline, Process::Extended, Process::Progressive] {
            for sampling in [0x00, 0xB1, 0xFF] {
                let built = stream(process, sampling, 3, 2).build();
                assert!(built.clean);
                assert_eq!(&built.bytes[..2], &[0xFF, 0xD8]);
                assert_eq!(built.bytes[built.frame_at + 1], process.marker());
                assert_eq!(&built.bytes[built.bytes.len() - 2..], &[0xFF, 0xD9]);
            }
        }
    }
}
