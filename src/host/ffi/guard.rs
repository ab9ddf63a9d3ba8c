//! Status codes, the message of the last failure on each thread, and the guard every entry
//! point runs in.
//!
//! Takes the body of an entry point (a closure giving `Ok` or a [`Failure`]); gives the
//! [`NakadeStatus`] the C caller sees. A panic is caught here, so no unwinding ever crosses
//! into C: it becomes [`NakadeStatus::Panic`] with the panic's message.

use std::cell::RefCell;
use std::ffi::{c_char, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// What a call did. Every entry point of the C ABI returns one.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NakadeStatus {
    /// Success: the outputs are written.
    Ok = 0,
    /// A pointer argument that must not be null was null.
    NullPointer = 1,
    /// An argument is out of range or malformed (a label with unknown bits, too many
    /// points, two points on one coordinate, a string that is not UTF-8, ...).
    InvalidArgument = 2,
    /// A file could not be read.
    Io = 3,
    /// A pattern file or an encoded eye space does not parse, or a pattern file does not
    /// compile; the message names the place (`file:line:col`, or the column).
    Parse = 4,
    /// No pattern of the database matches the eye space.
    NoMatch = 5,
    /// The solver could not value the eye space (its search limit was reached).
    Unsolved = 6,
    /// The caller's buffer is too small; the count written says how many entries it needs.
    BufferTooSmall = 7,
    /// nakade panicked: a bug in nakade, reported rather than unwound into the caller.
    Panic = 8,
}

/// Why a call failed: the status the caller sees and the message [`nakade_last_error`] gives.
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) status: NakadeStatus,
    pub(crate) message: String,
}

impl Failure {
    /// A failure with `status` and `message`.
    pub(crate) fn new(status: NakadeStatus, message: impl Into<String>) -> Failure {
        Failure {
            status,
            message: message.into(),
        }
    }

    /// A null pointer where the argument `name` must point somewhere.
    pub(crate) fn null(name: &str) -> Failure {
        Failure::new(
            NakadeStatus::NullPointer,
            format!("argument `{name}` is a null pointer"),
        )
    }
}

thread_local! {
    /// The message of the last failed call on this thread.
    static LAST_ERROR: RefCell<Option<CString>> = const { RefCell::new(None) };
}

fn remember(message: String) {
    // A message with a NUL byte would be cut short in C: the byte becomes a space.
    let message = CString::new(message.replace('\0', " ")).unwrap_or_default();
    LAST_ERROR.with(|e| *e.borrow_mut() = Some(message));
}

/// Run the body of an entry point: its failure, or a panic inside it, becomes a status and
/// the thread's last error message.
pub(crate) fn guard(body: impl FnOnce() -> Result<(), Failure>) -> NakadeStatus {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => NakadeStatus::Ok,
        Ok(Err(failure)) => {
            remember(failure.message);
            failure.status
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".to_string());
            remember(format!("internal error (a bug in nakade): {what}"));
            NakadeStatus::Panic
        }
    }
}

/// Write `value` through the out-pointer `out`, named `name` in the error when it is null.
///
/// # Safety
///
/// `out` must be null or valid for a write of one `T`.
pub(crate) unsafe fn write_out<T>(out: *mut T, name: &str, value: T) -> Result<(), Failure> {
    if out.is_null() {
        return Err(Failure::null(name));
    }
    // SAFETY: not null, and valid for a write by the caller's contract.
    unsafe { out.write(value) };
    Ok(())
}

/// The message of the last call on the calling thread that did not return
/// `NAKADE_STATUS_OK`, as a NUL-terminated UTF-8 string; NULL when no call on this thread has
/// failed yet.
///
/// The string belongs to nakade: it stays valid until the next failing call on the same
/// thread (so read it after the failing call returns, not as another argument of the same
/// call expression). Each thread has its own message, so threads never see each other's.
#[no_mangle]
pub extern "C" fn nakade_last_error() -> *const c_char {
    catch_unwind(|| {
        LAST_ERROR.with(|e| e.borrow().as_ref().map_or(std::ptr::null(), |m| m.as_ptr()))
    })
    .unwrap_or(std::ptr::null())
}

/// The version of nakade, e.g. `0.1.0`, as a static NUL-terminated string.
#[no_mangle]
pub extern "C" fn nakade_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    fn last() -> String {
        let p = nakade_last_error();
        // SAFETY: a non-null answer is a NUL-terminated string owned by this thread.
        unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_string()
    }

    #[test]
    fn a_panic_becomes_a_status_and_a_message() {
        let status = guard(|| panic!("boom"));
        assert_eq!(status, NakadeStatus::Panic);
        assert_eq!(last(), "internal error (a bug in nakade): boom");
        let status = guard(|| Err(Failure::null("out")));
        assert_eq!(status, NakadeStatus::NullPointer);
        assert_eq!(last(), "argument `out` is a null pointer");
        // Success leaves the last failure's message.
        assert_eq!(guard(|| Ok(())), NakadeStatus::Ok);
        assert_eq!(last(), "argument `out` is a null pointer");
    }

    #[test]
    fn each_thread_has_its_own_message() {
        std::thread::spawn(|| {
            assert!(nakade_last_error().is_null());
            guard(|| Err(Failure::new(NakadeStatus::Io, "elsewhere")));
            assert_eq!(last(), "elsewhere");
        })
        .join()
        .unwrap();
    }

    #[test]
    fn the_version_is_the_crates() {
        // SAFETY: a static NUL-terminated string.
        let v = unsafe { CStr::from_ptr(nakade_version()) };
        assert_eq!(v.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
    }
}
