//! MPQ Huffman (mask 0x01): an adaptive Huffman code used on WAV sectors, usually after ADPCM.
//!
//! Written here because no crate implements it. The algorithm was learned from StormLib's `huff.cpp`
//! and re-expressed over an index arena instead of raw pointers: nodes live in one fixed-size array
//! (the format never needs more than [`CAPACITY`] of them), a doubly linked list orders them by
//! falling weight, and every walk is bounded, so a hostile stream can corrupt the tree's shape but
//! never make us read outside it or loop forever.
//!
//! Stream: the first byte is the compression type (low nibble selects the initial weights); then
//! codes, LSB-first. Symbol 0x100 ends the stream; 0x101 is followed by a literal byte that is added
//! to the tree. After each symbol the weights are updated (type 0 updates once more, as StormLib does).

use crate::Error;
use crate::huffman_weights::WEIGHTS;
use crate::sink::Output;

/// Nodes the tree can hold: 256 bytes + the two control symbols as leaves and their 257 parents.
const CAPACITY: usize = 0x203;
/// The list's sentinel, one slot past the arena: `next` is the heaviest node, `prev` the lightest.
const HEAD: u16 = CAPACITY as u16;
/// End-of-stream symbol.
const END: u16 = 0x100;
/// "A new byte follows" symbol.
const ESCAPE: u16 = 0x101;
/// Bound on any walk through the tree or list: longer than any consistent structure.
const MAX_STEPS: usize = CAPACITY + 2;

fn corrupt(at: usize) -> Error {
    Error::Corrupt {
        at: Some(at as u64),
    }
}

#[derive(Clone, Copy, Debug, Default)]
struct Node {
    /// Towards lighter nodes in the weight list.
    next: Option<u16>,
    /// Towards heavier nodes in the weight list.
    prev: Option<u16>,
    value: u16,
    weight: u32,
    parent: Option<u16>,
    /// The lighter child; the heavier one is its `prev` in the list. `None` for leaves.
    child_lo: Option<u16>,
}

/// LSB-first bit reader that loads bytes exactly when StormLib's does, so the end-of-input test
/// before each symbol gives the same answer.
#[derive(Debug)]
struct Bits<'a> {
    input: &'a [u8],
    pos: usize,
    buffer: u32,
    count: u32,
}

impl Bits<'_> {
    fn load(&mut self) -> Result<(), Error> {
        let byte = *self.input.get(self.pos).ok_or(Error::Truncated)?;
        self.pos = self.pos.saturating_add(1);
        self.buffer |= u32::from(byte) << self.count;
        self.count = self.count.saturating_add(8);
        Ok(())
    }

    fn bit(&mut self) -> Result<bool, Error> {
        if self.count == 0 {
            self.load()?;
        }
        let bit = self.buffer & 1 != 0;
        self.buffer >>= 1;
        self.count = self.count.saturating_sub(1);
        Ok(bit)
    }

    fn byte(&mut self) -> Result<u8, Error> {
        if self.count < 8 {
            self.load()?;
        }
        let byte = (self.buffer & 0xff) as u8;
        self.buffer >>= 8;
        self.count = self.count.saturating_sub(8);
        Ok(byte)
    }

    /// StormLib's check before each symbol: fewer than 7 bits left counts as a broken stream.
    fn starved(&self) -> bool {
        self.pos >= self.input.len() && self.count < 7
    }

    /// Tops the buffer up to at least 7 bits (StormLib peeks 7 bits before each symbol).
    fn prime(&mut self) -> Result<(), Error> {
        if self.count < 7 { self.load() } else { Ok(()) }
    }
}

#[derive(Debug)]
struct Tree {
    /// The arena plus the sentinel at index `HEAD`.
    nodes: [Node; CAPACITY + 1],
    used: usize,
    /// The leaf of each symbol (bytes, END, ESCAPE).
    by_symbol: [Option<u16>; 0x102],
    at: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// At the heavy end of the list.
    First,
    /// At the light end of the list.
    Last,
}

impl Tree {
    fn new() -> Box<Self> {
        Box::new(Tree {
            nodes: [Node::default(); CAPACITY + 1],
            used: 0,
            by_symbol: [None; 0x102],
            at: 0,
        })
    }

    fn node(&self, i: u16) -> Result<&Node, Error> {
        self.nodes.get(usize::from(i)).ok_or(corrupt(self.at))
    }

    fn node_mut(&mut self, i: u16) -> Result<&mut Node, Error> {
        let at = self.at;
        self.nodes.get_mut(usize::from(i)).ok_or(corrupt(at))
    }

    fn next(&self, i: u16) -> Result<u16, Error> {
        self.node(i)?.next.ok_or(corrupt(self.at))
    }

    fn prev(&self, i: u16) -> Result<u16, Error> {
        self.node(i)?.prev.ok_or(corrupt(self.at))
    }

    fn first(&self) -> Result<u16, Error> {
        self.next(HEAD)
    }

    fn last(&self) -> Result<u16, Error> {
        self.prev(HEAD)
    }

    /// Unlinks `i` from the list (a no-op for a node not in it).
    fn unlink(&mut self, i: u16) -> Result<(), Error> {
        let node = *self.node(i)?;
        if let (Some(next), Some(prev)) = (node.next, node.prev) {
            self.node_mut(prev)?.next = Some(next);
            self.node_mut(next)?.prev = Some(prev);
            let n = self.node_mut(i)?;
            n.next = None;
            n.prev = None;
        }
        Ok(())
    }

    /// Links `item` right after `anchor` (on its lighter side).
    fn link_after(&mut self, anchor: u16, item: u16) -> Result<(), Error> {
        let after = self.next(anchor)?;
        let after_prev = self.prev(after)?;
        let n = self.node_mut(item)?;
        n.next = Some(after);
        n.prev = Some(after_prev);
        self.node_mut(after)?.prev = Some(item);
        self.node_mut(anchor)?.next = Some(item);
        Ok(())
    }

    /// Links `item` right before the sentinel, i.e. at the light end.
    fn link_last(&mut self, item: u16) -> Result<(), Error> {
        let last = self.last()?;
        let n = self.node_mut(item)?;
        n.next = Some(HEAD);
        n.prev = Some(last);
        self.node_mut(last)?.next = Some(item);
        self.node_mut(HEAD)?.prev = Some(item);
        Ok(())
    }

    /// Walking towards heavier nodes from `from`, the first one weighing at least `weight`, or the sentinel.
    fn heavier_or_equal(&self, from: Option<u16>, weight: u32) -> Result<u16, Error> {
        let mut item = from;
        for _ in 0..MAX_STEPS {
            match item {
                None | Some(HEAD) => return Ok(HEAD),
                Some(i) => {
                    let node = self.node(i)?;
                    if node.weight >= weight {
                        return Ok(i);
                    }
                    item = node.prev;
                }
            }
        }
        Err(corrupt(self.at))
    }

    fn create(&mut self, value: u16, weight: u32, place: Place) -> Result<u16, Error> {
        if self.used >= CAPACITY {
            // Only a stream that re-adds bytes already in the tree gets here (StormLib overruns).
            return Err(corrupt(self.at));
        }
        let i = self.used as u16;
        self.used = self.used.saturating_add(1);
        match place {
            Place::First => self.link_after(HEAD, i)?,
            Place::Last => self.link_last(i)?,
        }
        let n = self.node_mut(i)?;
        n.value = value;
        n.weight = weight;
        n.parent = None;
        n.child_lo = None;
        Ok(i)
    }

    /// Moves a node created at the heavy end down to its place by weight; returns the new maximum.
    fn settle(&mut self, item: u16, max_weight: u32) -> Result<u32, Error> {
        let weight = self.node(item)?.weight;
        if weight < max_weight {
            let last = self.last()?;
            let anchor = self.heavier_or_equal(Some(last), weight)?;
            self.unlink(item)?;
            self.link_after(anchor, item)?;
            Ok(max_weight)
        } else {
            Ok(weight)
        }
    }

    fn build(&mut self, kind: u8) -> Result<(), Error> {
        let weights = WEIGHTS.get(usize::from(kind & 0x0f)).ok_or(corrupt(0))?;
        *self.node_mut(HEAD)? = Node {
            next: Some(HEAD),
            prev: Some(HEAD),
            ..Node::default()
        };
        let mut max_weight = 0;
        for (byte, &weight) in (0u16..).zip(weights.iter()) {
            if weight != 0 {
                let item = self.create(byte, u32::from(weight), Place::First)?;
                self.set_symbol(byte, item);
                max_weight = self.settle(item, max_weight)?;
            }
        }
        let end = self.create(END, 1, Place::Last)?;
        self.set_symbol(END, end);
        let escape = self.create(ESCAPE, 1, Place::Last)?;
        self.set_symbol(ESCAPE, escape);
        // Pair nodes from the light end up, each pair under a new parent.
        let mut lo = self.last()?;
        for _ in 0..MAX_STEPS {
            if lo == HEAD {
                return Ok(());
            }
            let hi = self.prev(lo)?;
            if hi == HEAD {
                return Ok(());
            }
            let weight = self.node(hi)?.weight.saturating_add(self.node(lo)?.weight);
            let parent = self.create(0, weight, Place::First)?;
            self.node_mut(lo)?.parent = Some(parent);
            self.node_mut(hi)?.parent = Some(parent);
            self.node_mut(parent)?.child_lo = Some(lo);
            max_weight = self.settle(parent, max_weight)?;
            lo = self.prev(hi)?;
        }
        Err(corrupt(0))
    }

    fn set_symbol(&mut self, symbol: u16, item: u16) {
        if let Some(slot) = self.by_symbol.get_mut(usize::from(symbol)) {
            *slot = Some(item);
        }
    }

    fn symbol(&self, symbol: u16) -> Option<u16> {
        self.by_symbol.get(usize::from(symbol)).copied().flatten()
    }

    /// Adds one to the weight of `item` and each ancestor, swapping a node that became heavier than
    /// its neighbours with the lightest of the heavier run, so the list stays sorted.
    fn bump(&mut self, item: Option<u16>) -> Result<(), Error> {
        let mut item = item;
        for _ in 0..MAX_STEPS {
            let Some(i) = item else { return Ok(()) };
            let weight = self.node(i)?.weight.saturating_add(1);
            self.node_mut(i)?.weight = weight;
            let prev = self.node(i)?.prev;
            let heavier = self.heavier_or_equal(prev, weight)?;
            let swap = self.next(heavier)?;
            if swap != i {
                self.unlink(swap)?;
                self.link_after(i, swap)?;
                self.unlink(i)?;
                self.link_after(heavier, i)?;
                let swap_parent = self.node(swap)?.parent.ok_or(corrupt(self.at))?;
                let item_parent = self.node(i)?.parent.ok_or(corrupt(self.at))?;
                let swap_parent_lo = self.node(swap_parent)?.child_lo;
                if self.node(item_parent)?.child_lo == Some(i) {
                    self.node_mut(item_parent)?.child_lo = Some(swap);
                }
                if swap_parent_lo == Some(swap) {
                    self.node_mut(swap_parent)?.child_lo = Some(i);
                }
                self.node_mut(i)?.parent = Some(swap_parent);
                self.node_mut(swap)?.parent = Some(item_parent);
            }
            item = self.node(i)?.parent;
        }
        Err(corrupt(self.at))
    }

    /// Splits the lightest leaf into itself and the new byte `value` (weight 0), then bumps it.
    fn add_byte(&mut self, value: u8) -> Result<(), Error> {
        let last = self.last()?;
        let (last_value, last_weight) = {
            let node = self.node(last)?;
            (node.value, node.weight)
        };
        let hi = self.create(last_value, last_weight, Place::Last)?;
        self.node_mut(hi)?.parent = Some(last);
        self.set_symbol(last_value, hi);
        let lo = self.create(u16::from(value), 0, Place::Last)?;
        self.node_mut(lo)?.parent = Some(last);
        self.node_mut(last)?.child_lo = Some(lo);
        self.set_symbol(u16::from(value), lo);
        self.bump(Some(lo))
    }

    /// Walks from the root to a leaf, one bit per level (set bit: the heavier child).
    fn decode(&mut self, bits: &mut Bits<'_>) -> Result<u16, Error> {
        self.at = bits.pos;
        if bits.starved() {
            return Err(Error::Truncated);
        }
        bits.prime()?;
        let mut item = self.first()?;
        for _ in 0..MAX_STEPS {
            if item == HEAD {
                return Err(corrupt(bits.pos));
            }
            let Some(lo) = self.node(item)?.child_lo else {
                return Ok(self.node(item)?.value);
            };
            item = if bits.bit()? { self.prev(lo)? } else { lo };
        }
        Err(corrupt(bits.pos))
    }
}

pub(crate) fn decode(input: &[u8], out: &mut Output<'_>) -> Result<(), Error> {
    let mut bits = Bits {
        input,
        pos: 0,
        buffer: 0,
        count: 0,
    };
    let kind = bits.byte()?;
    // As in StormLib, only type 0 exactly gets the extra weight update (not 0x10, 0x20...).
    let type_zero = kind == 0;
    let mut tree = Tree::new();
    tree.build(kind)?;
    loop {
        let symbol = tree.decode(&mut bits)?;
        if symbol == END {
            return Ok(());
        }
        let byte = if symbol == ESCAPE {
            let byte = bits.byte()?;
            tree.add_byte(byte)?;
            if !type_zero {
                tree.bump(tree.symbol(u16::from(byte)))?;
            }
            byte
        } else {
            u8::try_from(symbol).map_err(|_| corrupt(bits.pos))?
        };
        if out.room() == 0 {
            return Err(out.over_limit());
        }
        out.push(byte)?;
        if type_zero {
            tree.bump(tree.symbol(u16::from(byte)))?;
        }
        if out.room() == 0 {
            // StormLib stops reading once its buffer is full, so a stream whose next symbol is the end
            // (or is unreadable) fits exactly; one that has more to say exceeds the limit.
            return if stream_ends_here(&mut tree, &mut bits) {
                Ok(())
            } else {
                Err(out.over_limit())
            };
        }
    }
}

/// After the output is full: does the stream end (or break off) here rather than go on?
fn stream_ends_here(tree: &mut Tree, bits: &mut Bits<'_>) -> bool {
    !matches!(tree.decode(bits), Ok(symbol) if symbol != END)
}
