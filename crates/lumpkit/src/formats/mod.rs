//! One facade module per format: each implements [`crate::Format`] and is listed in
//! [`crate::registry::FORMATS`].

pub mod bsp;
pub mod pak;
pub mod wal;
