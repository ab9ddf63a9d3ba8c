//! The embedded default database: `patterns/default.db`, written by `nakade generate --up-to 6`
//! from the solver, compiled by `nakade compile` into `patterns/default.ndb`, which is what the
//! binary embeds and loads (checked word by word) on first use. A test compiles the text again
//! and compares, so the two never drift.
//!
//! The text is read in lenient mode: some of its patterns have a value whose deciding moves lie
//! outside the eye space (filling the surrounding string's outer liberties), so they mark no
//! vital point, which GNU Go's pattern compiler would refuse. Each says so in a comment.

use lazy_static::lazy_static;

use super::Database;

/// The compiled default database.
const COMPILED: &[u8] = include_bytes!("../../../patterns/default.ndb");

fn build() -> Database {
    // The embedded bytes are checked by the test `compiled_default_is_the_compiled_text`: an
    // error here is a build defect, not bad input.
    Database::from_bytes("<default>", COMPILED).expect("the embedded compiled database is sound")
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

    /// How the text is read.
    const OPTIONS: crate::pattern::dsl::Options = crate::pattern::dsl::Options { lenient: true };

    /// The pattern file the compiled database comes from.
    const SOURCE: (&str, &str) = (
        "patterns/default.db",
        include_str!("../../../patterns/default.db"),
    );

    #[test]
    fn compiled_default_is_the_compiled_text() {
        let file = crate::pattern::dsl::parse_with(SOURCE.0, SOURCE.1.as_bytes(), OPTIONS)
            .unwrap_or_else(|e| panic!("{}", crate::pattern::dsl::render_all(&e)));
        // Lenient only for the patterns whose deciding moves are outside the space.
        assert_eq!(file.warnings.len(), 31);
        for w in &file.warnings {
            assert!(
                w.message.ends_with("has no attack point")
                    || w.message.ends_with("has no defence point"),
                "{w}"
            );
            let p = file
                .patterns
                .iter()
                .rev()
                .find(|p| p.line <= w.line)
                .expect("its pattern");
            assert!(
                p.comments.iter().any(|c| c.contains("outside the space")),
                "{w}"
            );
        }
        let (db, warnings) = Database::compile(&file).unwrap();
        assert!(
            warnings.is_empty(),
            "{}",
            crate::pattern::dsl::render_all(&warnings)
        );
        assert!(db.to_bytes() == COMPILED, "patterns/default.ndb is stale: run nakade --lenient compile patterns/default.db --out patterns/default.ndb");
        assert_eq!(default_database().len(), 38_103);
    }
}
