//! BLP's JPEG content: a shared JPEG header joined with a per-mip chunk, four components (B, G, R, A)
//! decoded without any colour transform. Implementation lands with the BLP codec work.
#![forbid(unsafe_code)]
