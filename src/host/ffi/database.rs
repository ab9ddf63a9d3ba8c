//! Database handles: the embedded default database or one read from a file.
//!
//! Takes a path (a pattern file, validated and compiled, or a database compiled by `nakade
//! compile`, told apart by the compiled form's header); gives a [`NakadeDb`] handle, which is
//! immutable and may be shared by any number of threads.

use std::ffi::{c_char, CStr};
use std::sync::Arc;

use super::guard::{guard, write_out, Failure, NakadeStatus};
use crate::evaluation::db::{default_database, Database};
use crate::pattern::dsl;

/// A compiled pattern database (opaque). Immutable: one handle may be used from many threads
/// at once. Free it with `nakade_db_free`; evaluators made from it keep what they need, so it
/// may be freed before them.
pub struct NakadeDb {
    pub(crate) source: DbSource,
}

/// Where a handle's database lives.
#[derive(Clone)]
pub(crate) enum DbSource {
    /// The embedded default database, loaded once for the process.
    Default,
    /// A database read from a file, shared with the evaluators made from it.
    Loaded(Arc<Database>),
}

impl NakadeDb {
    /// The database.
    pub(crate) fn get(&self) -> &Database {
        match &self.source {
            DbSource::Default => default_database(),
            DbSource::Loaded(db) => db,
        }
    }
}

/// A handle's database, or the error for a null one.
///
/// # Safety
///
/// `db` must be null or a handle from `nakade_db_open_*` not yet freed.
pub(crate) unsafe fn db_ref<'a>(db: *const NakadeDb) -> Result<&'a NakadeDb, Failure> {
    // SAFETY: null or a live handle, by the caller's contract.
    unsafe { db.as_ref() }.ok_or_else(|| Failure::null("db"))
}

/// A C string argument as UTF-8.
///
/// # Safety
///
/// `s` must be null or a NUL-terminated string valid for reads.
pub(crate) unsafe fn utf8<'a>(s: *const c_char, name: &str) -> Result<&'a str, Failure> {
    if s.is_null() {
        return Err(Failure::null(name));
    }
    // SAFETY: not null, NUL-terminated by the caller's contract.
    unsafe { CStr::from_ptr(s) }.to_str().map_err(|e| {
        Failure::new(
            NakadeStatus::InvalidArgument,
            format!("argument `{name}` is not UTF-8 (byte {})", e.valid_up_to()),
        )
    })
}

/// Open the embedded default database (GNU Go's eye shapes up to six points, generated from
/// the solver). Writes a new handle to `*out`.
///
/// # Safety
///
/// `out` must be null (the call then fails with `NAKADE_STATUS_NULL_POINTER`) or valid for a
/// write of one pointer.
#[no_mangle]
pub unsafe extern "C" fn nakade_db_open_default(out: *mut *mut NakadeDb) -> NakadeStatus {
    guard(|| {
        if out.is_null() {
            return Err(Failure::null("out"));
        }
        let handle = Box::into_raw(Box::new(NakadeDb {
            source: DbSource::Default,
        }));
        // SAFETY: `out` is not null and valid for a write by the caller's contract.
        unsafe { write_out(out, "out", handle) }
    })
}

/// Open the database in the file at `path`: a pattern file (checked, then compiled) or a
/// database compiled by `nakade compile`. Writes a new handle to `*out`; on failure writes
/// NULL there (when `out` is not null) and the message names the file, and for a pattern
/// file every problem with `file:line:col`.
///
/// # Safety
///
/// `path` must be null or a NUL-terminated string; `out` must be null or valid for a write
/// of one pointer.
#[no_mangle]
pub unsafe extern "C" fn nakade_db_open_file(
    path: *const c_char,
    out: *mut *mut NakadeDb,
) -> NakadeStatus {
    guard(|| {
        if out.is_null() {
            return Err(Failure::null("out"));
        }
        // SAFETY: `out` is valid for a write by the caller's contract.
        unsafe { out.write(std::ptr::null_mut()) };
        if path.is_null() {
            return Err(Failure::null("path"));
        }
        // SAFETY: not null, NUL-terminated by the caller's contract.
        let bytes = unsafe { CStr::from_ptr(path) }.to_bytes();
        let db = load(&path_of(bytes)?)?;
        let handle = Box::into_raw(Box::new(NakadeDb {
            source: DbSource::Loaded(Arc::new(db)),
        }));
        // SAFETY: as above.
        unsafe { write_out(out, "out", handle) }
    })
}

/// A path as the system names files: any bytes but NUL on Unix (a file name need not be
/// UTF-8), UTF-8 elsewhere.
fn path_of(bytes: &[u8]) -> Result<std::path::PathBuf, Failure> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt as _;
        Ok(std::ffi::OsStr::from_bytes(bytes).into())
    }
    #[cfg(not(unix))]
    {
        std::str::from_utf8(bytes).map(Into::into).map_err(|e| {
            Failure::new(
                NakadeStatus::InvalidArgument,
                format!("argument `path` is not UTF-8 (byte {})", e.valid_up_to()),
            )
        })
    }
}

/// The database in the file at `path`.
fn load(file: &std::path::Path) -> Result<Database, Failure> {
    // Messages name the file as the system shows it (bytes that are not UTF-8 replaced).
    let name = file.display().to_string();
    let path = name.as_str();
    let bytes = crate::pattern::dsl::read_bounded(file)
        .map_err(|e| Failure::new(NakadeStatus::Io, format!("{path}: cannot read: {e}")))?;
    if Database::is_compiled(&bytes) {
        return Database::from_bytes(path, &bytes)
            .map_err(|e| Failure::new(NakadeStatus::Parse, format!("{path}: {e}")));
    }
    let file = dsl::parse(path, &bytes).map_err(|diagnostics| {
        let text = dsl::render_all(&diagnostics);
        Failure::new(NakadeStatus::Parse, text.trim_end())
    })?;
    Database::compile(&file)
        .map(|(db, _warnings)| db)
        .map_err(|e| Failure::new(NakadeStatus::Parse, format!("{path}: {e}")))
}

/// The number of patterns in the database, written to `*count`.
///
/// # Safety
///
/// `db` must be null or a live handle; `count` must be null or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn nakade_db_len(db: *const NakadeDb, count: *mut usize) -> NakadeStatus {
    guard(|| {
        // SAFETY: by the caller's contract.
        let db = unsafe { db_ref(db) }?;
        // SAFETY: by the caller's contract.
        unsafe { write_out(count, "count", db.get().len()) }
    })
}

/// Free a database handle. NULL is ignored. Evaluators made from it stay usable.
///
/// # Safety
///
/// `db` must be null or a handle from `nakade_db_open_*` not yet freed; it must not be used
/// afterwards, nor be in use by another thread during the call.
#[no_mangle]
pub unsafe extern "C" fn nakade_db_free(db: *mut NakadeDb) {
    let _ = guard(|| {
        if !db.is_null() {
            // SAFETY: a live handle made by `Box::into_raw`, freed once by the caller's contract.
            drop(unsafe { Box::from_raw(db) });
        }
        Ok(())
    });
}
