//! Members of hundreds of megabytes, written at test time into a temporary folder (never committed)
//! and checked as `lumpkit check` checks files, under a capped global allocator (an allocation past
//! the cap aborts the test binary): a member lumpkit does not parse is verified as it is inflated
//! and never held, so the heap `check` needs does not grow with it; a limit reached is "not
//! checked", a warning; a bomb is still an error. Everything runs in one test function so no other
//! test's allocations are counted.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::alloc::System;
use std::fs::File;
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::time::Instant;

use cap::Cap;
use lumpkit::check::{Checked, check_file};
use lumpkit::{Context, Limits, OpenMode, Status};
use lumpkit_testgen::big::{self, Member, Noise};

#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

const MB: u64 = 1 << 20;

/// What checking a ZIP may hold besides its members: reports, names, one 256 KiB inflate buffer,
/// the inflater's tables, a sniffed prefix. Measured: well under a megabyte.
const ZIP_HEAP: u64 = 16 * MB;

/// The bound for a solid 7z whose members are 200 MB each (7-Zip needs about 22 MB).
const SOLID_7Z_HEAP: u64 = 160 * MB;

/// Checks `path` as `lumpkit check` does, with at most `cap` bytes of heap on top of what is
/// allocated already.
fn check_capped(path: &Path, limits: Limits, cap: u64) -> Vec<Checked> {
    let ctx = Context {
        limits,
        brief: true,
        ..Context::default()
    };
    let base = ALLOCATOR.allocated();
    ALLOCATOR.set_limit(base + cap as usize).unwrap();
    let checked = check_file(&ctx, path, OpenMode::Map);
    ALLOCATOR.set_limit(usize::MAX).unwrap();
    assert!(checked.io_error.is_none(), "{:?}", checked.io_error);
    checked.checked
}

fn codes(c: &Checked) -> Vec<&'static str> {
    c.report.diagnostics.iter().map(|d| d.code()).collect()
}

/// A ZIP of one member of `size` bytes from `fill`, deflated at `level`, in `dir`.
fn zip_of(
    dir: &Path,
    name: &str,
    size: u64,
    level: u32,
    fill: &mut dyn FnMut(&mut [u8]),
) -> std::path::PathBuf {
    let path = dir.join(name);
    let mut out = BufWriter::new(File::create(&path).unwrap());
    let mut members = [Member {
        name: "movie.bin",
        size,
        deflate: Some(level),
        fill,
    }];
    big::zip(&mut out, &mut members, false).unwrap();
    out.flush().unwrap();
    path
}

#[test]
fn big_members_are_verified_as_they_stream_in_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let started = Instant::now();

    // 300 MB of incompressible data, deflated (stored blocks, as deflaters write such data): more
    // than `--max-alloc` allows one allocation, yet ok, and checked in a bounded heap.
    let mut noise = Noise::new(44);
    let size = 300 * MB;
    let path = zip_of(dir.path(), "movie.zip", size, 0, &mut |b| noise.fill(b));
    let written = started.elapsed();
    let out = check_capped(&path, Limits::DEFAULT, ZIP_HEAP);
    assert_eq!(out.len(), 2);
    assert_eq!(out[0].report.status(), Status::Ok, "{:?}", codes(&out[0]));
    assert_eq!(out[1].report.status(), Status::Ok, "{:?}", codes(&out[1]));
    assert_eq!(out[1].size, size);
    let checked = started.elapsed() - written;

    // One byte of its data flipped: a CRC error on the member (and the archive), not a limit.
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&path)
        .unwrap();
    let at = 200 * MB;
    let mut byte = [0u8];
    file.seek(SeekFrom::Start(at)).unwrap();
    file.read_exact(&mut byte).unwrap();
    file.seek(SeekFrom::Start(at)).unwrap();
    file.write_all(&[byte[0] ^ 0x40]).unwrap();
    drop(file);
    let out = check_capped(&path, Limits::DEFAULT, ZIP_HEAP);
    assert_eq!(codes(&out[1]), ["zip-crc-mismatch"]);
    assert_eq!(out[1].report.status(), Status::Error);
    assert!(codes(&out[0]).contains(&"zip-crc-mismatch"));

    // Past `--max-unpacked` at the ratio real data has: not checked, a warning naming the flag.
    let small = Limits {
        max_unpacked: 100 * MB,
        ..Limits::DEFAULT
    };
    let out = check_capped(&path, small, ZIP_HEAP);
    assert_eq!(codes(&out[1]), ["limit-unpacked"]);
    assert_eq!(out[1].report.status(), Status::Warning);
    assert_eq!(
        out[0].report.status(),
        Status::Warning,
        "{:?}",
        codes(&out[0])
    );
    std::fs::remove_file(&path).unwrap();

    // The same limit against 300 MB of zeros in 300 KB: a bomb, refused with its code.
    let zeros = zip_of(dir.path(), "zeros.zip", size, 9, &mut |b| b.fill(0));
    let out = check_capped(&zeros, small, ZIP_HEAP);
    assert_eq!(codes(&out[1]), ["limit-unpacked-bomb"]);
    assert_eq!(out[1].report.status(), Status::Error);
    assert!(codes(&out[0]).contains(&"zip-declared-total-too-large"));
    assert!(lumpkit::rules::is_archive_bomb(
        &out[1].report.diagnostics[0]
    ));
    std::fs::remove_file(&zeros).unwrap();

    // Two 200 MB members in one solid 7z block: decoded once, each streamed through its CRC.
    let before_7z = Instant::now();
    let solid = dir.path().join("solid.7z");
    let pattern: Vec<u8> = {
        let mut p = vec![0u8; 64 * 1024];
        Noise::new(7).fill(&mut p);
        p
    };
    let repeat = |n: u64| PatternReader {
        pattern: pattern.clone(),
        at: 0,
        left: n,
    };
    big::solid_7z(
        BufWriter::new(File::create(&solid).unwrap()),
        vec![("a.bin", repeat(200 * MB)), ("b.bin", repeat(200 * MB))],
        // LZMA2's fastest preset: the default one took two and a half minutes to write this.
        0,
    )
    .unwrap()
    .flush()
    .unwrap();
    let written_7z = before_7z.elapsed();
    let out = check_capped(&solid, Limits::DEFAULT, SOLID_7Z_HEAP);
    assert_eq!(out.len(), 3);
    for c in &out {
        assert_eq!(c.report.status(), Status::Ok, "{}: {:?}", c.path, codes(c));
    }
    assert_eq!(out[1].size, 200 * MB);
    // An MPQ single-unit member (one zlib stream as long as the member) that lumpkit does not
    // parse: checked as it inflates, as a ZIP member is, not held whole.
    let before_mpq = Instant::now();
    let mpq = dir.path().join("single_unit.mpq");
    let data = vec![0u8; 64 * MB as usize];
    let archive = lumpkit_testgen::mpq::Writer::new(vec![lumpkit_testgen::mpq::File {
        single_unit: true,
        ..lumpkit_testgen::mpq::File::new("terrain.bin", &data)
    }])
    .build();
    drop(data);
    std::fs::write(&mpq, archive).unwrap();
    let out = check_capped(&mpq, Limits::DEFAULT, ZIP_HEAP);
    for c in &out {
        assert_eq!(c.report.status(), Status::Ok, "{}: {:?}", c.path, codes(c));
    }
    assert!(
        out.iter().any(|c| c.size == 64 * MB),
        "the member is read whole"
    );
    let mpq_took = before_mpq.elapsed();

    eprintln!(
        "64 MB MPQ single unit: written and checked in {mpq_took:?}; 300 MB ZIP member: written in {written:?}, checked in {checked:?}; solid 7z of 2 × 200 MB: written in {written_7z:?}, checked in {:?}; all in {:?}",
        before_7z.elapsed() - written_7z,
        started.elapsed()
    );
}

/// A 64 KiB block of noise repeated: LZMA packs it to almost nothing but must decode every byte.
struct PatternReader {
    pattern: Vec<u8>,
    at: usize,
    left: u64,
}

impl Read for PatternReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf
            .len()
            .min(self.pattern.len() - self.at)
            .min(usize::try_from(self.left).unwrap_or(usize::MAX));
        buf[..n].copy_from_slice(&self.pattern[self.at..self.at + n]);
        self.at = (self.at + n) % self.pattern.len();
        self.left -= n as u64;
        Ok(n)
    }
}
