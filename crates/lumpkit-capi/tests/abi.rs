//! The exported functions called as C calls them (raw pointers, out-parameters, a callback), on
//! files our writers make: the answers equal the facade's, failures are statuses with a last
//! error, and NULL or short buffers are refused without a write. Small inputs only, so that Miri
//! runs this file too (`cargo +nightly miri test -p lumpkit-capi --test abi`) and checks every
//! unsafe block of src/abi.rs against Rust's aliasing and validity rules.
//!
//! This file plays the C caller, so it needs `unsafe` to call the exported functions; it is test
//! code, compiled into no library.
#![allow(unsafe_code)]

use std::ffi::{CStr, CString, c_char, c_void};
use std::ptr;

use lumpkit_capi::abi::*;
use lumpkit_capi::{
    LUMPKIT_SEVERITY_ERROR, LUMPKIT_SEVERITY_WARNING, LumpkitCheckSummary, LumpkitDiagnostic,
    LumpkitError, LumpkitFile, LumpkitMember, LumpkitOptions, LumpkitReport, LumpkitStatus,
};
use lumpkit_testgen::{pak::pak, wal::wal};

type Result = std::result::Result<(), Box<dyn std::error::Error>>;

fn text(p: *const c_char) -> String {
    assert!(!p.is_null());
    // SAFETY: (test) strings handed out by the library are NUL-terminated and live with the handle.
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

fn last_error() -> (LumpkitStatus, String, String) {
    let mut e = std::mem::MaybeUninit::<LumpkitError>::uninit();
    // SAFETY: (test) a valid out-pointer; on OK the struct is fully written.
    let e = unsafe {
        assert_eq!(lumpkit_last_error(e.as_mut_ptr()), LumpkitStatus::Ok);
        e.assume_init()
    };
    (e.status, text(e.code), text(e.message))
}

fn sample_pak() -> Vec<u8> {
    pak(&[
        (b"textures/floor.wal", &wal("e1u1/floor", 16, 16)),
        (b"readme.txt", b"hello"),
    ])
}

fn grey_palette() -> Vec<u8> {
    (0..768u32).map(|i| (i / 3) as u8).collect()
}

/// Opens `bytes` named `name` with `options` (NULL for the defaults).
fn open(bytes: &[u8], name: &str, options: *const LumpkitOptions) -> *mut LumpkitFile {
    let name = CString::new(name).unwrap_or_default();
    let mut file = ptr::null_mut();
    // SAFETY: (test) valid slice, string and out-pointer.
    let status = unsafe {
        lumpkit_open_bytes(
            bytes.as_ptr(),
            bytes.len(),
            name.as_ptr(),
            options,
            &mut file,
        )
    };
    assert_eq!(status, LumpkitStatus::Ok);
    assert!(!file.is_null());
    file
}
fn report(file: *const LumpkitFile) -> LumpkitReport {
    let mut r = std::mem::MaybeUninit::<LumpkitReport>::uninit();
    // SAFETY: (test) a live handle and a valid out-pointer, fully written on OK.
    unsafe {
        assert_eq!(lumpkit_file_report(file, r.as_mut_ptr()), LumpkitStatus::Ok);
        r.assume_init()
    }
}

#[test]
fn a_pak_its_members_and_a_texture_decoded_into_the_callers_buffer() -> Result {
    let bytes = sample_pak();
    let mut options = ptr::null_mut();
    let palette = grey_palette();
    // SAFETY: (test) valid pointers throughout; every handle is freed once.
    unsafe {
        assert_eq!(lumpkit_options_new(&mut options), LumpkitStatus::Ok);
        assert_eq!(
            lumpkit_options_set_palette(options, palette.as_ptr(), palette.len()),
            LumpkitStatus::Ok
        );
    }
    let file = open(&bytes, "mods/x.pak", options);
    // SAFETY: (test) the options may go at once: the file keeps its own copy.
    unsafe { lumpkit_options_free(options) };
    let r = report(file);
    assert_eq!(
        (text(r.format).as_str(), r.verdict, r.location_len),
        ("pak", 0, 1)
    );
    assert_eq!(r.size, bytes.len() as u64);

    let mut count = 0usize;
    let mut member = std::mem::MaybeUninit::<LumpkitMember>::uninit();
    let mut wal_file = ptr::null_mut();
    // SAFETY: (test) valid pointers; `member` is read only after an OK.
    let member = unsafe {
        assert_eq!(
            lumpkit_file_member_count(file, &mut count),
            LumpkitStatus::Ok
        );
        assert_eq!(count, 2);
        assert_eq!(
            lumpkit_file_member(file, 0, member.as_mut_ptr()),
            LumpkitStatus::Ok
        );
        assert_eq!(
            lumpkit_file_open_member(file, 0, &mut wal_file),
            LumpkitStatus::Ok
        );
        member.assume_init()
    };
    assert_eq!(text(member.name), "textures/floor.wal");
    assert_eq!(
        (text(member.format).as_str(), text(member.error).as_str()),
        ("wal", "")
    );
    // The member outlives its container.
    // SAFETY: (test) freed once, not used after.
    unsafe { lumpkit_file_free(file) };
    let r = report(wal_file);
    assert_eq!(
        (text(r.format).as_str(), r.width, r.height, r.mips),
        ("wal", 16, 16, 4)
    );
    let mut name = ptr::null();
    // SAFETY: (test) valid out-pointer.
    unsafe {
        assert_eq!(
            lumpkit_file_location(wal_file, 1, &mut name),
            LumpkitStatus::Ok
        )
    };
    assert_eq!(text(name), "textures/floor.wal");

    let (mut w, mut h) = (0u32, 0u32);
    // SAFETY: (test) valid out-pointers.
    unsafe {
        assert_eq!(
            lumpkit_file_decoded_size(wal_file, 1, 0, &mut w, &mut h),
            LumpkitStatus::Ok
        )
    };
    assert_eq!((w, h), (8, 8));
    let mut pixels = vec![0xA5u8; (w * h * 4) as usize];
    // One byte short: refused, nothing written.
    // SAFETY: (test) the buffer holds `len - 1` bytes as passed.
    let short = unsafe {
        lumpkit_file_decode_into(
            wal_file,
            1,
            0,
            pixels.as_mut_ptr(),
            pixels.len() - 1,
            ptr::null_mut(),
            ptr::null_mut(),
        )
    };
    assert_eq!(short, LumpkitStatus::BufferTooSmall);
    assert!(pixels.iter().all(|&b| b == 0xA5));
    assert_eq!(last_error().1, "lumpkit-buffer-too-small");
    // SAFETY: (test) the whole buffer.
    let decoded = unsafe {
        lumpkit_file_decode_into(
            wal_file,
            1,
            0,
            pixels.as_mut_ptr(),
            pixels.len(),
            &mut w,
            &mut h,
        )
    };
    assert_eq!(decoded, LumpkitStatus::Ok);
    // The facade's own answer, from the same bytes and palette.
    let wal_bytes = wal("e1u1/floor", 16, 16);
    let table = lumpkit::palette::palette_file(&palette).ok_or("palette")?;
    let ctx = lumpkit::Context {
        palette: Some(&table),
        ..lumpkit::Context::default()
    };
    let format = lumpkit::by_name("wal").ok_or("no wal")?;
    let sel = lumpkit::Selection {
        mip: 1,
        ..lumpkit::Selection::default()
    };
    assert_eq!(format.decode(&ctx, &wal_bytes, &sel)?.rgba, pixels);
    // SAFETY: (test) freed once.
    unsafe { lumpkit_file_free(wal_file) };
    Ok(())
}

#[test]
fn members_by_location_chain_and_by_name() {
    let inner = pak(&[(b"textures/floor.wal", &wal("e1u1/floor", 16, 16))]);
    let outer = pak(&[(b"pak1.pak", &inner)]);
    let file = open(&outer, "outer.pak", ptr::null());
    let names = [c"pak1.pak".as_ptr(), c"textures/floor.wal".as_ptr()];
    let mut found = ptr::null_mut();
    // SAFETY: (test) `names` holds two valid strings.
    unsafe {
        assert_eq!(
            lumpkit_file_open_location(file, names.as_ptr(), 2, &mut found),
            LumpkitStatus::Ok
        );
    }
    let r = report(found);
    assert_eq!((text(r.format).as_str(), r.location_len), ("wal", 3));
    let mut missing = ptr::null_mut();
    // SAFETY: (test) valid pointers.
    let status = unsafe { lumpkit_file_open_member_named(file, c"nothing".as_ptr(), &mut missing) };
    assert_eq!(status, LumpkitStatus::NotFound);
    assert!(missing.is_null(), "nothing is written on failure");
    assert_eq!(last_error().1, "lumpkit-no-such-entry");
    // SAFETY: (test) each freed once.
    unsafe {
        lumpkit_file_free(found);
        lumpkit_file_free(file);
    }
}

#[test]
fn diagnostics_of_a_broken_file() {
    let mut broken = sample_pak();
    broken.truncate(broken.len() - 10);
    let file = open(&broken, "broken.pak", ptr::null());
    let r = report(file);
    assert!(r.verdict >= LUMPKIT_SEVERITY_WARNING && r.diagnostics > 0);
    let mut d = std::mem::MaybeUninit::<LumpkitDiagnostic>::uninit();
    // SAFETY: (test) valid out-pointer, read after OK.
    let d = unsafe {
        assert_eq!(
            lumpkit_file_diagnostic(file, 0, d.as_mut_ptr()),
            LumpkitStatus::Ok
        );
        d.assume_init()
    };
    assert!(text(d.code).starts_with("pak-") && !text(d.message).is_empty());
    assert!(d.severity <= LUMPKIT_SEVERITY_ERROR);
    let mut past = std::mem::MaybeUninit::<LumpkitDiagnostic>::uninit();
    // SAFETY: (test) valid out-pointer.
    unsafe {
        assert_eq!(
            lumpkit_file_diagnostic(file, r.diagnostics, past.as_mut_ptr()),
            LumpkitStatus::NotFound
        );
    }
    let mut json = ptr::null();
    let mut len = 0usize;
    // SAFETY: (test) valid out-pointers.
    unsafe {
        assert_eq!(
            lumpkit_file_info_json(file, &mut json, &mut len),
            LumpkitStatus::Ok
        )
    };
    let info: serde_json::Value = serde_json::from_str(&text(json)).unwrap_or_default();
    assert_eq!(info["path"], "broken.pak");
    assert_eq!(text(json).len(), len);
    // SAFETY: (test) freed once.
    unsafe { lumpkit_file_free(file) };
}

unsafe extern "C" fn collect(user: *mut c_void, json: *const c_char, len: usize) -> i32 {
    // SAFETY: (test) `user` is the `Vec<String>` passed below; `json` holds `len` bytes.
    unsafe {
        let lines = &mut *user.cast::<Vec<String>>();
        let bytes = std::slice::from_raw_parts(json.cast::<u8>(), len);
        lines.push(String::from_utf8_lossy(bytes).into_owned());
    }
    0
}

unsafe extern "C" fn stop(_: *mut c_void, _: *const c_char, _: usize) -> i32 {
    1
}

#[test]
fn check_bytes_gives_the_clis_records() {
    let bytes = sample_pak();
    let mut lines: Vec<String> = Vec::new();
    let mut summary = LumpkitCheckSummary::default();
    // SAFETY: (test) `lines` outlives the call and is only touched by the callback.
    let status = unsafe {
        lumpkit_check_bytes(
            bytes.as_ptr(),
            bytes.len(),
            c"mods/x.pak".as_ptr(),
            ptr::null(),
            Some(collect),
            (&mut lines as *mut Vec<String>).cast(),
            &mut summary,
        )
    };
    assert_eq!(status, LumpkitStatus::Ok);
    // The facade's records, as the CLI prints them.
    let ctx = lumpkit::Context {
        path: Some(std::path::Path::new("mods/x.pak")),
        brief: true,
        ..lumpkit::Context::default()
    };
    let mut checked = Vec::new();
    lumpkit::check::check_tree(&ctx, "mods/x.pak", &bytes, &mut checked);
    let want: Vec<String> = checked
        .iter()
        .filter_map(|c| serde_json::to_string(&lumpkit::check::JsonLine::new(c, None)).ok())
        .collect();
    assert_eq!(lines, want);
    assert_eq!(
        (
            summary.records,
            summary.ok + summary.warnings + summary.errors
        ),
        (3, 3)
    );

    // SAFETY: (test) as above, with a callback that stops at once and no summary.
    let stopped = unsafe {
        lumpkit_check_bytes(
            bytes.as_ptr(),
            bytes.len(),
            ptr::null(),
            ptr::null(),
            Some(stop),
            ptr::null_mut(),
            ptr::null_mut(),
        )
    };
    assert_eq!(stopped, LumpkitStatus::Stopped);
}

#[test]
fn null_and_bad_arguments_are_refused() {
    let mut file = ptr::null_mut();
    let mut options = ptr::null_mut();
    // SAFETY: (test) NULLs where the header allows the library to refuse them.
    unsafe {
        assert_eq!(
            lumpkit_open_path(ptr::null(), ptr::null(), &mut file),
            LumpkitStatus::InvalidArgument
        );
        assert_eq!(
            lumpkit_open_bytes(ptr::null(), 4, ptr::null(), ptr::null(), &mut file),
            LumpkitStatus::InvalidArgument
        );
        assert_eq!(
            lumpkit_open_bytes(b"x".as_ptr(), 1, ptr::null(), ptr::null(), ptr::null_mut()),
            LumpkitStatus::InvalidArgument
        );
        assert_eq!(
            lumpkit_file_report(ptr::null(), ptr::null_mut()),
            LumpkitStatus::InvalidArgument
        );
        assert_eq!(lumpkit_options_new(&mut options), LumpkitStatus::Ok);
        assert_eq!(
            lumpkit_options_add_target(options, c"doom".as_ptr()),
            LumpkitStatus::InvalidArgument
        );
        let (_, _, message) = last_error();
        assert!(message.contains("quakespasm"), "{message}");
        assert_eq!(
            lumpkit_options_add_target(options, c"quake".as_ptr()),
            LumpkitStatus::Ok
        );
        assert_eq!(
            lumpkit_options_set_flags(options, 1 << 20),
            LumpkitStatus::InvalidArgument
        );
        lumpkit_options_free(options);
        lumpkit_file_free(ptr::null_mut());
    }
    assert!(file.is_null());
    assert!(!text(lumpkit_version()).is_empty());
}
