//! The embedded default database: `patterns/default.db`, written by `nakade generate --up-to 6`
//! from the solver, compiled by `nakade compile` into `patterns/default.ndb`, which is what the
//! binary embeds and uses in place (its header checked on first use, nothing rebuilt; its
//! body and checksum are checked by the tests). A test compiles the text again and compares,
//! so the two never drift.
//!
//! Some of its patterns have a value whose deciding moves lie outside the eye space (filling
//! the surrounding string's outer liberties), so they mark no vital point, which GNU Go's
//! pattern compiler would refuse. Each says so in a comment and with the directive
//! `# outside: attack` (or `defense`), so the text passes `nakade check` without `--lenient`.

use lazy_static::lazy_static;

use super::Database;

/// The compiled default database.
const COMPILED: &[u8] = include_bytes!("../../../patterns/default.ndb");

fn build() -> Database {
    // The embedded bytes are checked by the test `compiled_default_is_the_compiled_text`: an
    // error here is a build defect, not bad input.
    Database::embedded("<default>", COMPILED).expect("the embedded compiled database is sound")
}

lazy_static! {
    static ref DEFAULT: Database = build();
}

/// The default database, loaded on first use and shared afterwards.
pub fn default_database() -> &'static Database {
    &DEFAULT
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pattern file the compiled database comes from.
    const SOURCE: (&str, &str) = (
        "patterns/default.db",
        include_str!("../../../patterns/default.db"),
    );

    #[test]
    fn compiled_default_is_the_compiled_text() {
        // Strict: the 31 patterns whose deciding moves are outside the space say so with the
        // directive, and nothing else warns.
        let file = crate::pattern::dsl::parse(SOURCE.0, SOURCE.1.as_bytes())
            .unwrap_or_else(|e| panic!("{}", crate::pattern::dsl::render_all(&e)));
        assert!(
            file.warnings.is_empty(),
            "{}",
            crate::pattern::dsl::render_all(&file.warnings)
        );
        let outside: Vec<_> = file
            .patterns
            .iter()
            .filter(|p| {
                p.comments
                    .iter()
                    .any(|c| c.trim_start().starts_with("outside: "))
            })
            .collect();
        assert_eq!(outside.len(), 31);
        for p in outside {
            assert!(
                p.comments.iter().any(|c| c.contains("outside the space")),
                "pattern {}",
                p.number
            );
        }
        let (db, warnings) = Database::compile(&file).unwrap();
        assert!(
            warnings.is_empty(),
            "{}",
            crate::pattern::dsl::render_all(&warnings)
        );
        assert!(db.to_bytes() == COMPILED, "patterns/default.ndb is stale: run nakade compile patterns/default.db --out patterns/default.ndb");
        assert_eq!(default_database().len(), 38_103);
    }
}
