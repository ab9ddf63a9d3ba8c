//! Output files written whole or not at all.
//!
//! A regular file (or a path that does not exist yet) is written to a temporary file beside it,
//! synced, then renamed over the target, so a failure never leaves half a database behind.
//! Anything else that already exists — `/dev/null`, a named pipe, a terminal — is written in
//! place: renaming over it would replace the device node with a regular file.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` whole or not at all; errors name the path.
pub fn write_whole(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let fail = |e: std::io::Error| anyhow::anyhow!("{}: cannot write: {e}", path.display());
    let is_special = std::fs::metadata(path).is_ok_and(|m| !m.is_file());
    if is_special {
        return std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|mut f| f.write_all(bytes))
            .map_err(fail);
    }
    let tmp = temporary_beside(path);
    let written = std::fs::File::create(&tmp)
        .and_then(|mut f| f.write_all(bytes).and_then(|_| f.sync_all()))
        .and_then(|_| std::fs::rename(&tmp, path));
    if let Err(e) = written {
        // The temporary file is ours alone; a failure to remove it changes nothing for the user.
        let _ = std::fs::remove_file(&tmp);
        return Err(fail(e));
    }
    Ok(())
}

/// `dir/.name.nakade-PID.tmp`: hidden, unique to this process, and on the target's file system
/// so that the rename is atomic. A user's own `name.tmp` is never touched.
fn temporary_beside(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".to_string());
    path.with_file_name(format!(".{name}.nakade-{}.tmp", std::process::id()))
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
