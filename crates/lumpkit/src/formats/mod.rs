//! One module per format: each implements [`crate::Format`] and is listed in [`crate::registry::FORMATS`].

pub mod m2;
