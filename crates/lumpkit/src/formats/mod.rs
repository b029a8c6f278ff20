//! One module per format, each implementing [`crate::Format`] and registered in
//! [`crate::registry::FORMATS`].

pub mod blp;
