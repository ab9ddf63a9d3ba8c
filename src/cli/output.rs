//! Output files written whole or not at all.
//!
//! A regular file (or a path that does not exist yet) is written to a temporary file beside it,
//! synced, then renamed over the target, so a failure never leaves half a database behind; the
//! file keeps its permissions and owner, and a link to it stays a link. Anything else that
//! already exists — `/dev/null`, a named pipe, a terminal, `/dev/stdout` — is written in place:
//! renaming over it would replace the device node or the link with a regular file.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The error of a failed write to standard output (a full disk, a closed descriptor): a
/// message and a non-zero exit, never a panic.
pub fn stdout_failed(e: std::io::Error) -> anyhow::Error {
    anyhow::anyhow!("cannot write standard output: {e}")
}

/// Writes `bytes` to `path` whole or not at all; errors name the path.
pub fn write_whole(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    write_with(path, |w| w.write_all(bytes))
}

/// Writes what `write` produces to `path` whole or not at all, streamed through a buffer (the
/// output is never held in memory whole); errors name the path.
///
/// - A link is written through: the file it names is rewritten and the link stays. A link
///   into `/proc` (`/dev/stdout`, `/dev/fd/N`) names an open descriptor, and is written in
///   place, as anything that is not a regular file is (`/dev/null`, a named pipe, a terminal):
///   renaming over it would replace the device node or the link.
/// - A regular file keeps its permissions and, where the system allows, its owner and group.
/// - Temporary files that a killed run left beside the target (their process is gone) are
///   removed first.
pub fn write_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    let fail = |e: std::io::Error| anyhow::anyhow!("{}: cannot write: {e}", path.display());
    let target = resolve_links(path).map_err(fail)?;
    let existing = match &target {
        Target::File(t) => std::fs::metadata(t).ok(),
        Target::Descriptor => None,
    };
    let in_place = match &target {
        Target::Descriptor => true,
        Target::File(_) => existing.as_ref().is_some_and(|m| !m.is_file()),
    };
    let target = match target {
        Target::File(t) if !in_place => t,
        _ => {
            // Appending: on a descriptor the shell opened with `>` the file is empty, and one
            // opened with `>>` keeps what it had.
            let file = std::fs::OpenOptions::new()
                .append(true)
                .open(path)
                .map_err(fail)?;
            let mut w = std::io::BufWriter::new(file);
            return write(&mut w).and_then(|()| w.flush()).map_err(fail);
        }
    };
    remove_stale_temporaries(&target);
    let tmp = temporary_beside(&target);
    let written = create_like(&tmp, existing.as_ref()).and_then(|file| {
        let mut w = std::io::BufWriter::new(file);
        write(&mut w)?;
        let file = w.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        std::fs::rename(&tmp, &target)
    });
    if let Err(e) = written {
        // The temporary file is ours alone; a failure to remove it changes nothing for the user.
        let _ = std::fs::remove_file(&tmp);
        return Err(fail(e));
    }
    Ok(())
}

/// Checks, before anything is computed or printed, that [`write_with`] could write `path`:
/// a descriptor or device opens for appending, a file's temporary can be created beside it
/// (and is removed at once). A command that also prints to standard output calls it first,
/// so that a path it cannot write is an error with nothing printed.
pub fn check_writable(path: &Path) -> anyhow::Result<()> {
    let fail = |e: std::io::Error| anyhow::anyhow!("{}: cannot write: {e}", path.display());
    match resolve_links(path).map_err(fail)? {
        Target::File(t) if std::fs::metadata(&t).map_or(true, |m| m.is_file()) => {
            let tmp = temporary_beside(&t);
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&tmp)
                .map_err(fail)?;
            // Ours alone, just made: a failure to remove it changes nothing for the user.
            let _ = std::fs::remove_file(&tmp);
            Ok(())
        }
        _ => std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map(drop)
            .map_err(fail),
    }
}

/// Where a path's writes go.
enum Target {
    /// A file, by its path with every link followed (it may not exist yet).
    File(PathBuf),
    /// An open descriptor of this process (a link into `/proc`).
    Descriptor,
}

/// Follow `path`'s links to the file they name (which may not exist yet); at most 40 links,
/// as the system follows them.
fn resolve_links(path: &Path) -> std::io::Result<Target> {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&current) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = std::fs::read_link(&current)?;
                if link.starts_with("/proc") {
                    return Ok(Target::Descriptor);
                }
                current = match current.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(Target::File(current)),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

/// Create the temporary file, with the permissions (and owner) of the file it replaces.
fn create_like(tmp: &Path, existing: Option<&std::fs::Metadata>) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt as _, OpenOptionsExt as _};
        if let Some(m) = existing {
            // From the start: a private file is never readable by others, even for a moment.
            options.mode(m.mode() & 0o7777);
        }
    }
    let file = options.open(tmp)?;
    if let Some(m) = existing {
        // The umask narrowed the mode given above: set it whole.
        file.set_permissions(m.permissions())?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt as _;
            // Only root may give a file away; a group the user is in is kept either way.
            if std::os::unix::fs::fchown(&file, Some(m.uid()), Some(m.gid())).is_err() {
                let _ = std::os::unix::fs::fchown(&file, None, Some(m.gid()));
            }
        }
    }
    Ok(file)
}

/// `dir/.name.nakade-PID.tmp`: hidden, unique to this process, and on the target's file system
/// so that the rename is atomic. A user's own `name.tmp` is never touched.
fn temporary_beside(path: &Path) -> PathBuf {
    path.with_file_name(format!(
        "{}{}.tmp",
        temporary_prefix(path),
        std::process::id()
    ))
}

/// `.name.nakade-`: what every temporary file for `path` starts with.
fn temporary_prefix(path: &Path) -> String {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".to_string());
    format!(".{name}.nakade-")
}

/// Remove the temporary files for `path` left by runs that were killed while writing (their
/// process is gone), and one of this process's own number (a former process's). Nothing else
/// is touched; a failure only leaves them.
fn remove_stale_temporaries(path: &Path) {
    let prefix = temporary_prefix(path);
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(&prefix))
            .and_then(|n| n.strip_suffix(".tmp"))
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == std::process::id() || !process_exists(pid) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Is there a process of this number? (Where it cannot be told, yes: nothing is removed.)
fn process_exists(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return true;
        };
        // SAFETY: signal 0 sends nothing; it only asks whether the process exists.
        let r = unsafe { libc::kill(pid, 0) };
        r == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dev_null_stays_a_device() {
        write_whole(Path::new("/dev/null"), b"x").unwrap();
        let meta = std::fs::metadata("/dev/null").unwrap();
        assert!(!meta.is_file(), "/dev/null became a regular file");
    }

    #[test]
    fn regular_file_is_replaced_and_no_temporary_left() {
        let dir = std::env::temp_dir().join(format!("nakade-output-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("db.ndb");
        std::fs::write(&target, b"old").unwrap();
        std::fs::write(dir.join("db.tmp"), b"user's own").unwrap();
        write_whole(&target, b"new").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
        assert_eq!(std::fs::read(dir.join("db.tmp")).unwrap(), b"user's own");
        let left: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left.len(), 2, "{left:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn missing_directory_is_an_error_naming_the_path() {
        let err = write_whole(Path::new("/nonexistent-nakade-dir/x.ndb"), b"x").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("/nonexistent-nakade-dir/x.ndb: cannot write"),
            "{err}"
        );
    }
}
