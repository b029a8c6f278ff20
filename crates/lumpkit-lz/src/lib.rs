//! Bounded decompression for Bohemia LZSS and LZO1X. Implementation lands with the PAA/PBO work.
#![no_std]
#![forbid(unsafe_code)]
