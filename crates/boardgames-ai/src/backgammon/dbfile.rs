//! Database files: the bear-off databases kept on disk between runs, so that a program that
//! needs one loads it in milliseconds instead of generating it (about a second).
//!
//! Off by default: a program turns it on with [`set_database_dir`], naming the directory (a
//! user's cache directory, say). Then the first use of a shared database
//! ([`super::BearoffDatabase::get`], [`super::TwoSidedBearoff::get`]) reads its file from
//! there; a file that is missing, of another version or damaged (its length or checksum
//! wrong) is generated again and written anew, through a temporary file and a rename, so
//! that programs running at once never read half a file. Errors writing are ignored: the
//! database is in memory all the same.
//!
//! A file is a header (`BGDB`, the database's name in 12 bytes, the format version, the
//! number of values and a checksum of them, little-endian) and the values as little-endian
//! `f32`.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The format version: files of another are generated again.
const VERSION: u32 = 1;

/// The header's length in bytes: magic 4, name 12, version 4, count 8, checksum 8.
const HEADER: usize = 36;

static DIR: OnceLock<PathBuf> = OnceLock::new();

/// Keeps the bear-off databases in `dir` (created when first written): read from there
/// when present and sound, written there when generated. Takes effect for databases not yet
/// loaded; returns `false`, changing nothing, once a directory is set.
///
/// ```no_run
/// boardgames_ai::backgammon::set_database_dir("/home/me/.cache/boardgames".into());
/// ```
pub fn set_database_dir(dir: PathBuf) -> bool {
    DIR.set(dir).is_ok()
}

/// The directory of [`set_database_dir`], if any.
#[must_use]
pub fn database_dir() -> Option<&'static Path> {
    DIR.get().map(PathBuf::as_path)
}

/// A database kept in a file: its contents as bytes and back.
pub(crate) trait Stored: Sized {
    /// Its name in the file header and the file's name (at most 12 bytes).
    const NAME: &'static str;

    /// Generates it.
    fn generate() -> Self;
    /// Its contents, appended to `out`.
    fn encode(&self, out: &mut Vec<u8>);
    /// It again from what [`Stored::encode`] wrote; `None` for anything else.
    fn decode(bytes: &[u8]) -> Option<Self>;
}

/// The database `T`: read from the directory of [`set_database_dir`], or generated (and then
/// written there).
pub(crate) fn load_or_generate<T: Stored>() -> T {
    match database_dir() {
        Some(dir) => load_or_generate_in(dir),
        None => T::generate(),
    }
}

/// The database `T` read from `dir`, or generated and written there.
fn load_or_generate_in<T: Stored>(dir: &Path) -> T {
    let path = dir.join(format!("{}-v{VERSION}.bin", T::NAME));
    if let Some(db) = fs::read(&path)
        .ok()
        .and_then(|b| body(&b, T::NAME).and_then(T::decode))
    {
        return db;
    }
    let db = T::generate();
    let mut bytes = header(T::NAME);
    db.encode(&mut bytes);
    seal(&mut bytes);
    // The cache is an aid: a directory that cannot be written leaves the database in memory.
    let _ = write_atomically(dir, &path, &bytes);
    db
}

/// A checksum of `bytes`: a multiply-and-rotate hash over their 64-bit words (and the last
/// few bytes), quick to check on megabytes.
fn checksum(bytes: &[u8]) -> u64 {
    let mix = |h: u64, w: u64| (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
    let mut words = bytes.chunks_exact(8);
    let mut h = words.by_ref().fold(0x243f_6a88_85a3_08d3u64, |h, w| {
        mix(
            h,
            u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]),
        )
    });
    for &b in words.remainder() {
        h = mix(h, u64::from(b));
    }
    mix(h, bytes.len() as u64)
}

/// The name in the header's 12 bytes, padded with zeros.
fn name_bytes(name: &str) -> [u8; 12] {
    let mut out = [0u8; 12];
    for (o, b) in out.iter_mut().zip(name.bytes()) {
        *o = b;
    }
    out
}

/// The header of a file of the database `name`, its length and checksum zero until
/// [`seal`]ed.
fn header(name: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(1 << 20);
    out.extend_from_slice(b"BGDB");
    out.extend_from_slice(&name_bytes(name));
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&[0; 16]);
    out
}

/// Writes the length and checksum of the contents after the header into it.
fn seal(file: &mut [u8]) {
    let (head, contents) = file.split_at_mut(HEADER);
    head[20..28].copy_from_slice(&(contents.len() as u64).to_le_bytes());
    head[28..36].copy_from_slice(&checksum(contents).to_le_bytes());
}

/// The contents of a file of the database `name`; `None` for any other file: another
/// database or version, a wrong length or checksum.
fn body<'a>(file: &'a [u8], name: &str) -> Option<&'a [u8]> {
    let (head, contents) = file.split_at_checked(HEADER)?;
    let word = |at: usize| -> Option<u64> {
        Some(u64::from_le_bytes(head.get(at..at + 8)?.try_into().ok()?))
    };
    let version = u32::from_le_bytes(head.get(16..20)?.try_into().ok()?);
    let sound = head[..4] == *b"BGDB"
        && head[4..16] == name_bytes(name)
        && version == VERSION
        && word(20)? == contents.len() as u64
        && word(28)? == checksum(contents);
    sound.then_some(contents)
}

/// Reads the `f32`s of a file's contents, in order.
pub(crate) struct Floats<'a>(pub &'a [u8]);

impl Floats<'_> {
    /// The next value, if the contents hold one more.
    pub fn next(&mut self) -> Option<f32> {
        let (head, rest) = self.0.split_first_chunk::<4>()?;
        self.0 = rest;
        Some(f32::from_le_bytes(*head))
    }

    /// The next byte.
    pub fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }

    /// Whether every byte was read.
    pub fn is_done(&self) -> bool {
        self.0.is_empty()
    }
}

/// Writes `values` as little-endian `f32`s.
pub(crate) fn push_floats(out: &mut Vec<u8>, values: &[f32]) {
    for v in values {
        out.extend_from_slice(&v.to_le_bytes());
    }
}

/// Writes `bytes` to `path` in `dir` through a temporary file of this process and a rename.
fn write_atomically(dir: &Path, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    fs::create_dir_all(dir)?;
    let temporary = path.with_extension(format!("tmp{}", std::process::id()));
    let written = fs::File::create(&temporary).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    match written.and_then(|()| fs::rename(&temporary, path)) {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = fs::remove_file(&temporary);
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    /// How many times [`Demo`] was generated.
    static GENERATED: AtomicU32 = AtomicU32::new(0);

    /// A small database of three values.
    #[derive(Debug, PartialEq)]
    struct Demo([f32; 3]);

    impl Stored for Demo {
        const NAME: &'static str = "demo";

        fn generate() -> Demo {
            GENERATED.fetch_add(1, Ordering::SeqCst);
            Demo([0.5, 0.25, 2.0])
        }

        fn encode(&self, out: &mut Vec<u8>) {
            push_floats(out, &self.0);
        }

        fn decode(bytes: &[u8]) -> Option<Demo> {
            let mut f = Floats(bytes);
            let d = Demo([f.next()?, f.next()?, f.next()?]);
            f.is_done().then_some(d)
        }
    }

    /// The file of a [`Demo`] of `values`.
    fn file(values: &[f32]) -> Vec<u8> {
        let mut bytes = header("demo");
        push_floats(&mut bytes, values);
        seal(&mut bytes);
        bytes
    }

    #[test]
    fn a_database_is_generated_once_then_read_and_generated_again_when_damaged() {
        let dir = std::env::temp_dir().join(format!("bgdb-test-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let file = dir.join("demo-v1.bin");
        let expected = Demo([0.5, 0.25, 2.0]);
        assert_eq!(load_or_generate_in::<Demo>(&dir), expected);
        assert_eq!(GENERATED.load(Ordering::SeqCst), 1);
        assert_eq!(
            fs::metadata(&file).map(|m| m.len()).ok(),
            Some(HEADER as u64 + 12)
        );
        // Read, not generated.
        assert_eq!(load_or_generate_in::<Demo>(&dir), expected);
        assert_eq!(GENERATED.load(Ordering::SeqCst), 1);
        // A damaged file is generated again and written anew.
        let mut bytes = fs::read(&file).expect("written");
        bytes[HEADER] ^= 0x40;
        fs::write(&file, &bytes).expect("writes");
        assert_eq!(load_or_generate_in::<Demo>(&dir), expected);
        assert_eq!(GENERATED.load(Ordering::SeqCst), 2);
        assert_eq!(load_or_generate_in::<Demo>(&dir), expected);
        assert_eq!(GENERATED.load(Ordering::SeqCst), 2);
        // A directory that cannot be written (here: a file in its place) costs nothing but
        // the generation.
        let blocked = dir.join("demo-v1.bin").join("below");
        assert_eq!(load_or_generate_in::<Demo>(&blocked), expected);
        assert_eq!(GENERATED.load(Ordering::SeqCst), 3);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_reads_back_only_whole_and_of_its_database() {
        let values = [0.25f32, 1.0, -3.5];
        let bytes = file(&values);
        assert_eq!(bytes.len(), HEADER + 12);
        let read = |b: &[u8], name| body(b, name).and_then(Demo::decode);
        assert_eq!(read(&bytes, "demo"), Some(Demo(values)));
        // Another database, a cut file, a changed value, another version: none.
        assert_eq!(read(&bytes, "other"), None);
        assert_eq!(read(&bytes[..bytes.len() - 1], "demo"), None);
        assert_eq!(read(&bytes[..10], "demo"), None);
        let mut damaged = bytes.clone();
        damaged[HEADER + 5] ^= 1;
        assert_eq!(read(&damaged, "demo"), None);
        let mut other_version = bytes;
        other_version[16] ^= 1;
        assert_eq!(read(&other_version, "demo"), None);
        // Sound contents of another shape: the database's decoding refuses them.
        assert_eq!(read(&file(&[1.0, 2.0]), "demo"), None);
        assert_eq!(read(&file(&[1.0, 2.0, 3.0, 4.0]), "demo"), None);
    }
}
