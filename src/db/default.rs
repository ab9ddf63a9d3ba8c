//! The embedded default database: the project's own pattern files under `patterns/`, compiled
//! once, on first use.

use lazy_static::lazy_static;

use super::Database;

/// The default pattern files, in the order they are compiled.
pub(crate) const SOURCES: &[(&str, &str)] =
    &[("patterns/small.db", include_str!("../../patterns/small.db"))];

fn build() -> Database {
    let mut text = String::new();
    for (_, src) in SOURCES {
        text.push_str(src);
        text.push('\n');
    }
    // The embedded files are checked by the test `default_database_compiles_cleanly`: an error
    // here is a build defect, not bad input.
    let file =
        crate::dsl::parse("<default>", text.as_bytes()).expect("embedded patterns are valid");
    let (db, _) = Database::compile(&file).expect("embedded patterns compile");
    db
}

lazy_static! {
    static ref DEFAULT: Database = build();
}

/// The default database, compiled on first use and shared afterwards.
pub fn default_database() -> &'static Database {
    &DEFAULT
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_database_compiles_cleanly() {
        for (name, src) in SOURCES {
            let file = crate::dsl::parse(name, src.as_bytes()).unwrap_or_else(|e| {
                panic!("{}", crate::dsl::render_all(&e));
            });
            assert!(
                file.warnings.is_empty(),
                "{}",
                crate::dsl::render_all(&file.warnings)
            );
            let (_, warnings) = Database::compile(&file).unwrap();
            assert!(warnings.is_empty(), "{}", crate::dsl::render_all(&warnings));
        }
        assert!(!default_database().is_empty());
    }
}
