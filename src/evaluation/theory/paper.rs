//! Table 1 of Vilà and Cazenave as printed: the classes of each size, how many shapes each
//! holds, and whether it has the life property. Kept as data to print beside the computed
//! table, never used to decide anything.
//!
//! Size 3's class is printed `[121]` in the paper; sorted (as every other class is) it is
//! `[112]`, and it is given so here. Size 7 counts the 107 shapes without a hole.

/// `(class digits, shapes, life property)` for sizes 1 to 7, as the paper prints them.
pub const TABLE_1: &[(&str, usize, bool)] = &[
    ("0", 1, false),
    ("11", 1, false),
    ("112", 2, false),
    ("1122", 3, false),
    ("1113", 1, false),
    ("2222", 1, false),
    ("11222", 7, true),
    ("11123", 3, false),
    ("11114", 1, false),
    ("12223", 1, false),
    ("112222", 13, true),
    ("111223", 12, true),
    ("111133", 1, true),
    ("112233", 4, false),
    ("122223", 2, false),
    ("112224", 1, false),
    ("111124", 1, false),
    ("222233", 1, false),
    ("1122222", 30, true),
    ("1112223", 40, true),
    ("1122233", 11, true),
    ("1111233", 8, true),
    ("1222223", 5, true),
    ("1111224", 4, true),
    ("1112333", 2, true),
    ("1222333", 2, true),
    ("1112234", 2, false),
    ("1222234", 1, false),
    ("1122224", 1, false),
    ("2222224", 1, false),
];

/// The paper's row for a class, if it prints one.
pub fn paper_row(digits: &str) -> Option<(usize, bool)> {
    TABLE_1.iter().find(|r| r.0 == digits).map(|r| (r.1, r.2))
}
