//! The exported C functions: the one module of this crate allowed `unsafe` (audited; see the
//! README's security section).
//!
//! Everything unsafe about a C ABI is here and nowhere else: the exported symbols
//! (`#[unsafe(no_mangle)]`), turning a pointer and a length into a slice, reading C strings,
//! borrowing and freeing the opaque handles, writing through the caller's out-pointers, and
//! calling the caller's callback. Each function converts its arguments with the helpers at the
//! end, each one `unsafe` block with its SAFETY argument, then calls safe code in the other
//! modules inside `guard` (`status.rs`), which turns a failure into a status and a panic into
//! `LUMPKIT_STATUS_INTERNAL`, so no unwind reaches C.
//!
//! The caller's side of the contract (what the SAFETY comments rely on) is stated once in the
//! header: pointers are NULL or valid for the access the function documents, for the duration of
//! the call; handles come from this library and are not used after they are freed; a buffer is
//! not written by another thread while a call reads it. NULL is always checked: it is refused
//! with `LUMPKIT_STATUS_INVALID_ARGUMENT` where a pointer is required.
#![allow(unsafe_code)]

use std::ffi::{CStr, c_char, c_void};
use std::path::PathBuf;

use crate::check::{self, LumpkitCheckSummary};
use crate::file::LumpkitFile;
use crate::options::{LumpkitLimits, LumpkitOptions};
use crate::status::{Failure, LumpkitStatus, guard, with_last};
use crate::{LUMPKIT_HAS_DIMENSIONS, LUMPKIT_HAS_MIPS, LUMPKIT_HAS_OFFSET, LUMPKIT_HAS_SIZE};
use crate::{LumpkitDiagnostic, LumpkitError, LumpkitMember, LumpkitRecordFn, LumpkitReport};

/// The library's version, `"MAJOR.MINOR.PATCH"` (a static string: never freed).
#[unsafe(no_mangle)]
pub extern "C" fn lumpkit_version() -> *const c_char {
    crate::VERSION.as_ptr()
}

/// The ABI version this library implements (`LUMPKIT_ABI_VERSION` of the header it was built
/// with): compare it with the header's at start-up to catch a stale library.
#[unsafe(no_mangle)]
pub extern "C" fn lumpkit_abi_version() -> u32 {
    crate::LUMPKIT_ABI_VERSION
}

/// The last failure on the calling thread: its status, message, diagnostic code (empty when none)
/// and byte offset. The strings stay valid until the next failing call on this thread. Returns
/// `LUMPKIT_STATUS_NOT_FOUND` (and leaves `out` alone) when no call has failed on this thread.
///
/// # Safety
/// `out` is NULL or valid for writing one `lumpkit_error`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_last_error(out: *mut LumpkitError) -> LumpkitStatus {
    // Not through `guard`: reading the last error must not replace it.
    if out.is_null() {
        return LumpkitStatus::InvalidArgument;
    }
    with_last(|last| match last {
        None => LumpkitStatus::NotFound,
        Some(last) => {
            let value = LumpkitError {
                status: last.status,
                has_offset: u32::from(last.offset.is_some()),
                offset: last.offset.unwrap_or(0),
                message: last.message.as_ptr(),
                code: last.code.as_ptr(),
            };
            // SAFETY: `out` is not NULL (checked above) and the caller guarantees it is valid for
            // writing one `lumpkit_error`; `write_unaligned` neither reads nor drops what was there.
            unsafe { out.write_unaligned(value) };
            LumpkitStatus::Ok
        }
    })
}

/// Fills `out` with the default limits (the command-line tool's).
///
/// # Safety
/// `out` is valid for writing one `lumpkit_limits`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_limits_default(out: *mut LumpkitLimits) -> LumpkitStatus {
    guard(|| {
        // SAFETY: the caller guarantees `out` is NULL or valid for one write (checked for NULL).
        unsafe { write(out, "out", LumpkitLimits::from(lumpkit::Limits::DEFAULT)) }
    })
}

/// Makes options with the defaults (the CLI's limits, no palette, no target, no flag) into `*out`;
/// free them with `lumpkit_options_free`.
///
/// # Safety
/// `out` is valid for writing one pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_options_new(out: *mut *mut LumpkitOptions) -> LumpkitStatus {
    guard(|| {
        let options = Box::into_raw(Box::new(LumpkitOptions::new()));
        // SAFETY: as for every out-pointer: NULL or valid for one write (checked for NULL).
        let written = unsafe { write(out, "out", options) };
        if written.is_err() {
            // SAFETY: `options` came from `Box::into_raw` just above and was handed to no one.
            unsafe { free(options) };
        }
        written
    })
}

/// Frees options made by `lumpkit_options_new` (NULL is ignored). Files opened with them keep
/// their own copy.
///
/// # Safety
/// `options` is NULL or a pointer from `lumpkit_options_new` not freed yet, not in use by
/// another thread.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_options_free(options: *mut LumpkitOptions) {
    guard(|| {
        // SAFETY: the caller hands back a pointer from `lumpkit_options_new` (or NULL) exactly once.
        unsafe { free(options) };
        Ok(())
    });
}

/// Sets the limits files are opened and checked with.
///
/// # Safety
/// `options` is a live options handle used by no other thread during the call; `limits` is valid
/// for reading one `lumpkit_limits`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_options_set_limits(
    options: *mut LumpkitOptions,
    limits: *const LumpkitLimits,
) -> LumpkitStatus {
    guard(|| {
        // SAFETY: a live handle, not shared during the call (the caller's contract).
        let options = unsafe { handle_mut(options, "options") }?;
        // SAFETY: `limits` is valid for one read; every bit pattern of its integers is valid.
        let limits = unsafe { read(limits, "limits") }?;
        options.limits = limits.into();
        Ok(())
    })
}

/// Sets the palette of textures that carry none (Quake's WAD2 and WAL): the bytes of a 768-byte
/// `palette.lmp` or of a 256-colour PCX (`colormap.pcx`), copied.
///
/// # Safety
/// `options` is a live options handle used by no other thread during the call; `data` is valid for
/// reading `len` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_options_set_palette(
    options: *mut LumpkitOptions,
    data: *const u8,
    len: usize,
) -> LumpkitStatus {
    guard(|| {
        // SAFETY: a live handle, not shared during the call (the caller's contract).
        let options = unsafe { handle_mut(options, "options") }?;
        // SAFETY: `data` is valid for reading `len` bytes during the call.
        let bytes = unsafe { bytes(data, len, "data") }?;
        options.set_palette(bytes)
    })
}

/// Adds an engine findings are judged for, by the name `lumpkit check --target` takes (`quake`,
/// `quakespasm`, `goldsrc`, `wc3-1.26`, `arma3`, …): a finding only some engines refuse becomes an
/// error when a chosen engine refuses it and info when every chosen engine loads it.
///
/// # Safety
/// `options` is a live options handle used by no other thread during the call; `name` is a
/// NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_options_add_target(
    options: *mut LumpkitOptions,
    name: *const c_char,
) -> LumpkitStatus {
    guard(|| {
        // SAFETY: a live handle, not shared during the call (the caller's contract).
        let options = unsafe { handle_mut(options, "options") }?;
        // SAFETY: `name` is a NUL-terminated string valid during the call.
        let name = unsafe { text(name, "name") }?;
        options.add_target(name)
    })
}

/// Sets the `LUMPKIT_OPEN_*` flags (replacing those set before).
///
/// # Safety
/// `options` is a live options handle used by no other thread during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_options_set_flags(
    options: *mut LumpkitOptions,
    flags: u32,
) -> LumpkitStatus {
    guard(|| {
        // SAFETY: a live handle, not shared during the call (the caller's contract).
        let options = unsafe { handle_mut(options, "options") }?;
        options.set_flags(flags)
    })
}

/// Opens the file at `path` (memory-mapped when large) and checks it, as `lumpkit info` does.
/// `options` may be NULL (the defaults). A malformed file still opens: its verdict and
/// diagnostics say what is wrong; only a file that cannot be read fails (`LUMPKIT_STATUS_IO`).
///
/// # Safety
/// `path` is a NUL-terminated string; `options` is NULL or a live options handle; `out` is valid
/// for writing one pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_open_path(
    path: *const c_char,
    options: *const LumpkitOptions,
    out: *mut *mut LumpkitFile,
) -> LumpkitStatus {
    guard(|| {
        // SAFETY: `path` is a NUL-terminated string valid during the call.
        let path = unsafe { path_text(path, "path") }?;
        // SAFETY: NULL or a live options handle (the caller's contract).
        let options = unsafe { options_or_default(options) };
        check_out(out)?;
        let file = LumpkitFile::open_path(&path, &options)?;
        // SAFETY: `out` is not NULL (checked before the work) and valid for one write.
        unsafe { give(out, file) }
    })
}

/// Checks a copy of `len` bytes at `data` (the caller may free them when the call returns), a file
/// called `name` (NULL or empty for none). The name is read as the file's path, as the CLI reads
/// one: its extension chooses how some formats are read (a `.w3x` map), and a BLP0 looks for its
/// `.b00`… levels beside it.
///
/// # Safety
/// `data` is valid for reading `len` bytes; `name` is NULL or a NUL-terminated string; `options` is
/// NULL or a live options handle; `out` is valid for writing one pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_open_bytes(
    data: *const u8,
    len: usize,
    name: *const c_char,
    options: *const LumpkitOptions,
    out: *mut *mut LumpkitFile,
) -> LumpkitStatus {
    guard(|| {
        // SAFETY: `data` is valid for reading `len` bytes during the call.
        let data = unsafe { bytes(data, len, "data") }?;
        // SAFETY: NULL or a NUL-terminated string valid during the call.
        let name = unsafe { optional_text(name, "name") }?.unwrap_or_default();
        // SAFETY: NULL or a live options handle (the caller's contract).
        let options = unsafe { options_or_default(options) };
        check_out(out)?;
        let file = LumpkitFile::open_bytes(data, name, &options);
        // SAFETY: `out` is not NULL (checked before the work) and valid for one write.
        unsafe { give(out, file) }
    })
}

/// Frees a file handle (NULL is ignored). Every string and member it handed out is freed with it;
/// members opened from it are handles of their own and stay valid.
///
/// # Safety
/// `file` is NULL or a handle from this library not freed yet, and no other thread is using it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_file_free(file: *mut LumpkitFile) {
    guard(|| {
        // SAFETY: the caller hands back a handle from this library (or NULL) exactly once.
        unsafe { free(file) };
        Ok(())
    });
}

/// The verdict and common facts of a file or member.
///
/// # Safety
/// `file` is a live handle; `out` is valid for writing one `lumpkit_report`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_file_report(
    file: *const LumpkitFile,
    out: *mut LumpkitReport,
) -> LumpkitStatus {
    guard(|| {
        // SAFETY: a live handle (the caller's contract); handles are only read.
        let file = unsafe { handle(file, "file") }?;
        let r = &file.report;
        let mut fields = 0;
        if r.width.is_some() && r.height.is_some() {
            fields |= LUMPKIT_HAS_DIMENSIONS;
        }
        if r.mips.is_some() {
            fields |= LUMPKIT_HAS_MIPS;
        }
        let report = LumpkitReport {
            format: file.c_format.as_ptr(),
            verdict: crate::verdict_number(r.status()),
            fields,
            width: r.width.unwrap_or(0),
            height: r.height.unwrap_or(0),
            mips: r.mips.unwrap_or(0),
            diagnostics: file.diagnostics.len(),
            location_len: file.location().len(),
            size: file.size(),
        };
        // SAFETY: NULL or valid for one write (checked for NULL).
        unsafe { write(out, "out", report) }
    })
}

/// Diagnostic `index` (0 to `lumpkit_report.diagnostics` - 1), in the order lumpkit found them.
/// Its strings live as long as the handle.
///
/// # Safety
/// `file` is a live handle; `out` is valid for writing one `lumpkit_diagnostic`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_file_diagnostic(
    file: *const LumpkitFile,
    index: usize,
    out: *mut LumpkitDiagnostic,
) -> LumpkitStatus {
    guard(|| {
        // SAFETY: a live handle (the caller's contract); handles are only read.
        let file = unsafe { handle(file, "file") }?;
        let d = file.diagnostics.get(index).ok_or_else(|| {
            Failure::new(
                LumpkitStatus::NotFound,
                format!(
                    "no diagnostic {index}: there are {}",
                    file.diagnostics.len()
                ),
            )
        })?;
        let diagnostic = LumpkitDiagnostic {
            code: d.code.as_ptr(),
            message: d.message.as_ptr(),
            severity: d.severity,
            has_offset: u32::from(d.offset.is_some()),
            offset: d.offset.unwrap_or(0),
        };
        // SAFETY: NULL or valid for one write (checked for NULL).
        unsafe { write(out, "out", diagnostic) }
    })
}

/// Name `index` of the handle's location (0 to `lumpkit_report.location_len` - 1): the file as
/// opened, then each member's own name down to this one (`check --json`'s `location`). The
/// string lives as long as the handle.
///
/// # Safety
/// `file` is a live handle; `out` is valid for writing one pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_file_location(
    file: *const LumpkitFile,
    index: usize,
    out: *mut *const c_char,
) -> LumpkitStatus {
    guard(|| {
        // SAFETY: a live handle (the caller's contract); handles are only read.
        let file = unsafe { handle(file, "file") }?;
        let name = file.location().get(index).ok_or_else(|| {
            Failure::new(
                LumpkitStatus::NotFound,
                format!(
                    "no location name {index}: there are {}",
                    file.location().len()
                ),
            )
        })?;
        // SAFETY: NULL or valid for one write (checked for NULL).
        unsafe { write(out, "out", name.as_ptr()) }
    })
}

/// The object `lumpkit info --json` prints for this file or member, as UTF-8 JSON text (built on
/// the first call; it lives as long as the handle). `len` may be NULL; otherwise it receives the
/// length without the terminating NUL.
///
/// # Safety
/// `file` is a live handle; `out` is valid for writing one pointer; `len` is NULL or valid for
/// writing one `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_file_info_json(
    file: *const LumpkitFile,
    out: *mut *const c_char,
    len: *mut usize,
) -> LumpkitStatus {
    guard(|| {
        // SAFETY: a live handle (the caller's contract); handles are only read.
        let file = unsafe { handle(file, "file") }?;
        check_out(out)?;
        let json = file.info_json();
        if !len.is_null() {
            // SAFETY: not NULL, and valid for one write (the caller's contract).
            unsafe { write(len, "len", json.as_bytes().len()) }?;
        }
        // SAFETY: not NULL (checked before) and valid for one write.
        unsafe { write(out, "out", json.as_ptr()) }
    })
}

/// How many members the file holds: an archive's entries, a WAD's or BSP's textures (0 for a file
/// that is no container). The list is read once per handle and kept with it, members that were
/// decompressed to list them included (bounded by `max_unpacked`). A container too broken to list
/// fails with its error.
///
/// # Safety
/// `file` is a live handle; `out` is valid for writing one `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_file_member_count(
    file: *const LumpkitFile,
    out: *mut usize,
) -> LumpkitStatus {
    guard(|| {
        // SAFETY: a live handle (the caller's contract); handles are only read.
        let file = unsafe { handle(file, "file") }?;
        check_out(out)?;
        let count = file.members()?.len();
        // SAFETY: not NULL (checked before) and valid for one write.
        unsafe { write(out, "out", count) }
    })
}

/// Member `index` as listed: name, what lumpkit recognises it as, whether it can be read, its size
/// and offset. Its strings live as long as the handle.
///
/// # Safety
/// `file` is a live handle; `out` is valid for writing one `lumpkit_member`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_file_member(
    file: *const LumpkitFile,
    index: usize,
    out: *mut LumpkitMember,
) -> LumpkitStatus {
    guard(|| {
        // SAFETY: a live handle (the caller's contract); handles are only read.
        let file = unsafe { handle(file, "file") }?;
        check_out(out)?;
        let members = file.members()?;
        let m = members.get(index).ok_or_else(|| {
            Failure::new(
                LumpkitStatus::NotFound,
                format!("no member {index}: there are {}", members.len()),
            )
        })?;
        let mut flags = 0;
        if m.offset.is_some() {
            flags |= LUMPKIT_HAS_OFFSET;
        }
        if m.size.is_some() {
            flags |= LUMPKIT_HAS_SIZE;
        }
        let member = LumpkitMember {
            name: m.c_name.as_ptr(),
            format: m.kind.as_ptr(),
            error: m.error.as_ptr(),
            fields: flags,
            offset: m.offset.unwrap_or(0),
            size: m.size.unwrap_or(0),
        };
        // SAFETY: not NULL (checked before) and valid for one write.
        unsafe { write(out, "out", member) }
    })
}

/// Opens member `index` as a handle of its own (free it with `lumpkit_file_free`; it stays valid
/// after its container is freed). Archives inside archives open to the depth `check` descends (4).
///
/// # Safety
/// `file` is a live handle; `out` is valid for writing one pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_file_open_member(
    file: *const LumpkitFile,
    index: usize,
    out: *mut *mut LumpkitFile,
) -> LumpkitStatus {
    guard(|| {
        // SAFETY: a live handle (the caller's contract); handles are only read.
        let file = unsafe { handle(file, "file") }?;
        check_out(out)?;
        let member = file.open_member(index)?;
        // SAFETY: not NULL (checked before) and valid for one write.
        unsafe { give(out, member) }
    })
}

/// Opens the member whose own name is exactly `name` (as `lumpkit_file_member` lists it).
///
/// # Safety
/// `file` is a live handle; `name` is a NUL-terminated string; `out` is valid for writing one
/// pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_file_open_member_named(
    file: *const LumpkitFile,
    name: *const c_char,
    out: *mut *mut LumpkitFile,
) -> LumpkitStatus {
    guard(|| {
        // SAFETY: a live handle (the caller's contract); handles are only read.
        let file = unsafe { handle(file, "file") }?;
        // SAFETY: a NUL-terminated string valid during the call.
        let name = unsafe { text(name, "name") }?;
        check_out(out)?;
        let member = file.open_member_named(name)?;
        // SAFETY: not NULL (checked before) and valid for one write.
        unsafe { give(out, member) }
    })
}

/// Opens the member at the end of a chain of `count` names, one per level (`check --json`'s
/// `location` without its first name, the file itself): `{"maps/x.bsp", "rock4_1"}` is the texture
/// `rock4_1` of the map `maps/x.bsp` inside this archive. Exact even where names hold a `!`.
///
/// # Safety
/// `file` is a live handle; `names` is valid for reading `count` pointers, each a NUL-terminated
/// string; `out` is valid for writing one pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_file_open_location(
    file: *const LumpkitFile,
    names: *const *const c_char,
    count: usize,
    out: *mut *mut LumpkitFile,
) -> LumpkitStatus {
    guard(|| {
        // SAFETY: a live handle (the caller's contract); handles are only read.
        let file = unsafe { handle(file, "file") }?;
        // SAFETY: `names` is valid for reading `count` pointers during the call.
        let pointers = unsafe { items(names, count, "names") }?;
        let chain = pointers
            .iter()
            // SAFETY: each pointer is a NUL-terminated string valid during the call.
            .map(|&name| unsafe { text(name, "a name in names") })
            .collect::<Result<Vec<&str>, Failure>>()?;
        check_out(out)?;
        let member = file.open_location(&chain)?;
        // SAFETY: not NULL (checked before) and valid for one write.
        unsafe { give(out, member) }
    })
}

/// Width and height of level `mip` (0 = largest) as `lumpkit_file_decode_into` writes it, read
/// from the headers where the format allows (no decoding). `flags` are the `LUMPKIT_DECODE_*`
/// bits. Size the buffer as width × height × 4 bytes.
///
/// # Safety
/// `file` is a live handle; `width` and `height` are valid for writing one `uint32_t` each.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_file_decoded_size(
    file: *const LumpkitFile,
    mip: u32,
    flags: u32,
    width: *mut u32,
    height: *mut u32,
) -> LumpkitStatus {
    guard(|| {
        // SAFETY: a live handle (the caller's contract); handles are only read.
        let file = unsafe { handle(file, "file") }?;
        check_out(width)?;
        check_out(height)?;
        let (w, h) = file.decoded_size(mip, flags)?;
        // SAFETY: neither is NULL (checked before) and each is valid for one write.
        unsafe { write(width, "width", w) }?;
        // SAFETY: as above.
        unsafe { write(height, "height", h) }
    })
}

/// Decodes level `mip` to RGBA8 (row-major, top row first, not premultiplied) into the first
/// width × height × 4 bytes of `buffer` (`len` bytes), the pixels `lumpkit decode` writes. A shorter
/// buffer is refused with `LUMPKIT_STATUS_BUFFER_TOO_SMALL` before anything is written; after any
/// other failure the buffer may be partly written. `width` and `height` may be NULL.
///
/// # Safety
/// `file` is a live handle; `buffer` is valid for writing `len` bytes and not read or written by
/// anyone else during the call; `width` and `height` are NULL or valid for one write each.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_file_decode_into(
    file: *const LumpkitFile,
    mip: u32,
    flags: u32,
    buffer: *mut u8,
    len: usize,
    width: *mut u32,
    height: *mut u32,
) -> LumpkitStatus {
    guard(|| {
        // SAFETY: a live handle (the caller's contract); handles are only read.
        let file = unsafe { handle(file, "file") }?;
        // SAFETY: `buffer` is valid for writing `len` bytes and not aliased during the call.
        let buffer = unsafe { bytes_mut(buffer, len, "buffer") }?;
        let (w, h) = file.decode_into(mip, flags, buffer)?;
        if !width.is_null() {
            // SAFETY: not NULL and valid for one write (the caller's contract).
            unsafe { write(width, "width", w) }?;
        }
        if !height.is_null() {
            // SAFETY: as above.
            unsafe { write(height, "height", h) }?;
        }
        Ok(())
    })
}

/// Checks the file or folder at `path` as `lumpkit check --json --no-config` does: folders walked
/// recursively in sorted order (`expect.tsv` manifests left out), archives descended. For every
/// file and member, in that order, `callback(user, json, len)` receives its record, the exact
/// JSON line the CLI prints (NUL-terminated, valid only during the callback); a non-zero return
/// stops the walk with `LUMPKIT_STATUS_STOPPED`. `callback` may be NULL (only the summary is
/// wanted); `summary` may be NULL. Runs on the calling thread, which the callback runs on.
///
/// The status is `LUMPKIT_STATUS_OK` when the walk ran to its end, whatever the files' verdicts:
/// read them from the records or the summary (`errors` is what makes the CLI exit 1).
///
/// # Safety
/// `path` is a NUL-terminated string; `options` is NULL or a live options handle; `callback` is
/// NULL or a function that neither unwinds nor jumps out (no C++ exception, no `longjmp`) and does
/// not free `options`; `summary` is NULL or valid for writing one `lumpkit_check_summary`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_check_path(
    path: *const c_char,
    options: *const LumpkitOptions,
    callback: LumpkitRecordFn,
    user: *mut c_void,
    summary: *mut LumpkitCheckSummary,
) -> LumpkitStatus {
    guard(|| {
        // SAFETY: `path` is a NUL-terminated string valid during the call.
        let path = unsafe { path_text(path, "path") }?;
        // SAFETY: NULL or a live options handle (the caller's contract).
        let options = unsafe { options_or_default(options) };
        let mut counted = LumpkitCheckSummary::default();
        let result = check::check_path(
            &path,
            &options,
            &mut |line| call(callback, user, line),
            &mut counted,
        );
        if !summary.is_null() {
            // SAFETY: not NULL, valid for one write (the caller's contract).
            unsafe { write(summary, "summary", counted) }?;
        }
        result
    })
}

/// Checks `len` bytes at `data`, a file called `name` (NULL or empty for none), and every member
/// inside, as `lumpkit_check_path` checks a file.
///
/// # Safety
/// As `lumpkit_check_path`, with `data` valid for reading `len` bytes during the call and `name`
/// NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn lumpkit_check_bytes(
    data: *const u8,
    len: usize,
    name: *const c_char,
    options: *const LumpkitOptions,
    callback: LumpkitRecordFn,
    user: *mut c_void,
    summary: *mut LumpkitCheckSummary,
) -> LumpkitStatus {
    guard(|| {
        // SAFETY: `data` is valid for reading `len` bytes during the call.
        let data = unsafe { bytes(data, len, "data") }?;
        // SAFETY: NULL or a NUL-terminated string valid during the call.
        let name = unsafe { optional_text(name, "name") }?.unwrap_or_default();
        // SAFETY: NULL or a live options handle (the caller's contract).
        let options = unsafe { options_or_default(options) };
        let mut counted = LumpkitCheckSummary::default();
        let result = check::check_bytes(
            data,
            name,
            &options,
            &mut |line| call(callback, user, line),
            &mut counted,
        );
        if !summary.is_null() {
            // SAFETY: not NULL, valid for one write (the caller's contract).
            unsafe { write(summary, "summary", counted) }?;
        }
        result
    })
}

// --- The conversions every function above goes through. -----------------------------------------

/// Hands one record to the caller's callback; `false` when it asked to stop.
fn call(callback: LumpkitRecordFn, user: *mut c_void, line: &CStr) -> bool {
    let Some(callback) = callback else {
        return true;
    };
    // SAFETY: the caller passed a function of this signature that neither unwinds nor jumps out;
    // `line` is a NUL-terminated string of `len` bytes that outlives the call, and `user` is the
    // caller's own pointer, handed back untouched.
    let answer = unsafe { callback(user, line.as_ptr(), line.to_bytes().len()) };
    answer == 0
}

/// The options behind `options`, or the defaults for NULL (a copy either way: a file keeps its
/// own, so the caller may free or change theirs at once).
///
/// # Safety
/// `options` is NULL or a live options handle not written during the call.
unsafe fn options_or_default(options: *const LumpkitOptions) -> LumpkitOptions {
    // SAFETY: the caller's contract; `as_ref` gives `None` for NULL.
    match unsafe { options.as_ref() } {
        Some(options) => options.clone(),
        None => LumpkitOptions::new(),
    }
}

/// Refuses a NULL out-pointer before any work is done (so nothing is made and lost).
fn check_out<T>(out: *mut T) -> Result<(), Failure> {
    if out.is_null() {
        Err(Failure::null("out"))
    } else {
        Ok(())
    }
}

/// Writes `value` through `out`, which must not be NULL.
///
/// # Safety
/// `out` is NULL or valid for writing one `T` (alignment not required).
unsafe fn write<T>(out: *mut T, what: &str, value: T) -> Result<(), Failure> {
    if out.is_null() {
        return Err(Failure::null(what));
    }
    // SAFETY: not NULL, and valid for one write by the caller's contract; unaligned writes need
    // no alignment, and the old contents are neither read nor dropped (they may be uninitialised).
    unsafe { out.write_unaligned(value) };
    Ok(())
}

/// Reads one `T` through `ptr`, which must not be NULL.
///
/// # Safety
/// `ptr` is NULL or valid for reading one `T`, and every bit pattern of `T` is a valid `T` (plain
/// integers only).
unsafe fn read<T: Copy>(ptr: *const T, what: &str) -> Result<T, Failure> {
    if ptr.is_null() {
        return Err(Failure::null(what));
    }
    // SAFETY: not NULL and valid for one read by the caller's contract; no alignment is assumed.
    Ok(unsafe { ptr.read_unaligned() })
}

/// Moves `file` to the heap and writes its pointer through `out` (already checked not NULL).
///
/// # Safety
/// `out` is valid for writing one pointer.
unsafe fn give(out: *mut *mut LumpkitFile, file: LumpkitFile) -> Result<(), Failure> {
    let raw = Box::into_raw(Box::new(file));
    // SAFETY: the caller's contract for `out`.
    let written = unsafe { write(out, "out", raw) };
    if written.is_err() {
        // SAFETY: `raw` came from `Box::into_raw` above and was handed to no one.
        unsafe { free(raw) };
    }
    written
}

/// Frees a handle made with `Box::into_raw`; NULL is ignored.
///
/// # Safety
/// `ptr` is NULL or came from `Box::into_raw(Box<T>)` in this library and is not used again.
unsafe fn free<T>(ptr: *mut T) {
    if !ptr.is_null() {
        // SAFETY: the caller's contract: a pointer from `Box::into_raw`, given back once.
        drop(unsafe { Box::from_raw(ptr) });
    }
}

/// The handle behind `ptr`, shared: handles are never changed after they are made (their lazily
/// built lists are behind `OnceLock`), so any number of threads may read one at once.
///
/// # Safety
/// `ptr` is NULL or a live handle of type `T` from this library.
unsafe fn handle<'a, T>(ptr: *const T, what: &str) -> Result<&'a T, Failure> {
    // SAFETY: the caller's contract; `as_ref` gives `None` for NULL.
    unsafe { ptr.as_ref() }.ok_or_else(|| Failure::null(what))
}

/// The handle behind `ptr`, to change it (options only).
///
/// # Safety
/// `ptr` is NULL or a live handle of type `T` from this library that nothing else uses during the
/// call.
unsafe fn handle_mut<'a, T>(ptr: *mut T, what: &str) -> Result<&'a mut T, Failure> {
    // SAFETY: the caller's contract; `as_mut` gives `None` for NULL.
    unsafe { ptr.as_mut() }.ok_or_else(|| Failure::null(what))
}

/// `len` bytes at `ptr` (NULL is allowed when `len` is 0).
///
/// # Safety
/// `ptr` is valid for reading `len` bytes that nobody writes during the call.
unsafe fn bytes<'a>(ptr: *const u8, len: usize, what: &str) -> Result<&'a [u8], Failure> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(Failure::null(what));
    }
    if isize::try_from(len).is_err() {
        return Err(Failure::new(
            LumpkitStatus::InvalidArgument,
            format!("{what}: {len} bytes is more than any buffer holds"),
        ));
    }
    // SAFETY: not NULL, `len` fits in `isize`, and the caller guarantees `len` readable bytes that
    // stay unchanged during the call; `u8` has no alignment.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// `len` writable bytes at `ptr` (NULL is allowed when `len` is 0).
///
/// # Safety
/// `ptr` is valid for writing `len` bytes that nobody else reads or writes during the call.
unsafe fn bytes_mut<'a>(ptr: *mut u8, len: usize, what: &str) -> Result<&'a mut [u8], Failure> {
    if len == 0 {
        return Ok(&mut []);
    }
    if ptr.is_null() {
        return Err(Failure::null(what));
    }
    if isize::try_from(len).is_err() {
        return Err(Failure::new(
            LumpkitStatus::InvalidArgument,
            format!("{what}: {len} bytes is more than any buffer holds"),
        ));
    }
    // SAFETY: not NULL, `len` fits in `isize`, and the caller guarantees `len` writable bytes no
    // one else touches during the call (so this is the only reference to them).
    Ok(unsafe { std::slice::from_raw_parts_mut(ptr, len) })
}

/// `count` pointers at `ptr` (NULL is allowed when `count` is 0).
///
/// # Safety
/// `ptr` is valid for reading `count` pointers.
unsafe fn items<'a>(
    ptr: *const *const c_char,
    count: usize,
    what: &str,
) -> Result<&'a [*const c_char], Failure> {
    if count == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(Failure::null(what));
    }
    if count > isize::MAX as usize / size_of::<*const c_char>() {
        return Err(Failure::new(
            LumpkitStatus::InvalidArgument,
            format!("{what}: {count} items is more than any array holds"),
        ));
    }
    // SAFETY: not NULL, the size fits in `isize`, and the caller guarantees `count` readable,
    // properly aligned pointers (a C array of `const char *`).
    Ok(unsafe { std::slice::from_raw_parts(ptr, count) })
}

/// The NUL-terminated UTF-8 string at `ptr`.
///
/// # Safety
/// `ptr` is NULL or a NUL-terminated string valid during the call.
unsafe fn text<'a>(ptr: *const c_char, what: &str) -> Result<&'a str, Failure> {
    // SAFETY: the caller's contract.
    unsafe { optional_text(ptr, what) }?.ok_or_else(|| Failure::null(what))
}

/// The NUL-terminated UTF-8 string at `ptr`, or `None` for NULL.
///
/// # Safety
/// `ptr` is NULL or a NUL-terminated string valid during the call.
unsafe fn optional_text<'a>(ptr: *const c_char, what: &str) -> Result<Option<&'a str>, Failure> {
    if ptr.is_null() {
        return Ok(None);
    }
    // SAFETY: not NULL, and the caller guarantees a NUL-terminated string that outlives the call.
    let raw = unsafe { CStr::from_ptr(ptr) };
    raw.to_str().map(Some).map_err(|_| {
        Failure::new(
            LumpkitStatus::InvalidArgument,
            format!("{what} is not UTF-8"),
        )
    })
}

/// A path given as a NUL-terminated string: its bytes as they are on Unix (any file name), UTF-8
/// elsewhere.
///
/// # Safety
/// `ptr` is NULL or a NUL-terminated string valid during the call.
unsafe fn path_text(ptr: *const c_char, what: &str) -> Result<PathBuf, Failure> {
    if ptr.is_null() {
        return Err(Failure::null(what));
    }
    // SAFETY: not NULL, and the caller guarantees a NUL-terminated string that outlives the call.
    let raw = unsafe { CStr::from_ptr(ptr) };
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Ok(PathBuf::from(std::ffi::OsStr::from_bytes(raw.to_bytes())))
    }
    #[cfg(not(unix))]
    {
        raw.to_str().map(PathBuf::from).map_err(|_| {
            Failure::new(
                LumpkitStatus::InvalidArgument,
                format!("{what} is not UTF-8"),
            )
        })
    }
}
