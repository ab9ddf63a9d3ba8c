//! Ko half eyes read both ways (the ko scores a and b of the diagonals: `board::eyes::topology`;
//! seed `002` "Eye Topology with Ko").
//!
//! Takes an eye space whose topology depends on exactly one ko: some diagonal scored a (7/8,
//! the ko favours the owner) or b (9/8, it favours the attacker). The fractional sum says
//! which side the ko leans to, not what the space is worth: a point with one ko diagonal and
//! one contested diagonal is a proper eye if the owner wins the ko and a half eye if the
//! attacker does; the sum (15/8 or 17/8) cannot say both. So the space is read twice, the ko
//! settled for the owner (the diagonal his) and for the attacker (the diagonal a safe attacker
//! stone), and the two values are joined by who reaches the ko first.
//!
//! The join treats the ko as one move that settles the space either way, beside the moves
//! inside it (a switch: the side that plays it first wins it, ko threats aside). With `O` the
//! value when the owner wins and `X` when the attacker does:
//!
//! * `a` (attacker first, twice): settle the ko and move first in `X`, or move inside twice
//!   while the owner settles it: `min(X.b, O.a)`;
//! * `b` (attacker first): settle it, leaving the owner to move in `X`, or move inside and let
//!   the owner choose between settling it and answering inside: `min(X.c, max(O.a, X.b))`;
//! * `c` and `d` the same from the owner's side: `max(O.b, min(X.d, O.c))` and
//!   `max(O.c, X.d)`.
//!
//! When both readings agree the ko does not matter and the value is theirs. Gives the
//! [`SpaceReport`] that value, source [`Source::Ko`], and the ko's moves among the vital points
//! (each side's move in the ko where settling it is that side's best first move).
//!
//! Read for life alone (`b` and `c`, or one eye: the final status), the attacker's reading
//! answers where it already leaves what is asked (the join's `b` is never below its `b`):
//! source [`Source::SolverMinMax`] or [`Source::SolverOneEye`], no vital point, no whole
//! reading.

use crate::board::values::valuation::{
    evaluate_analyzed, AnalysisLimits, Digits, KoReading, Source, SpaceReport,
};
use crate::board::Loc;
use crate::evaluation::evaluate::Evaluator;
use crate::value::EyeValue;

/// The value of a space that one ko decides, from its value when the owner wins the ko (`o`)
/// and when the attacker does (`x`): see the module docs.
///
/// ```
/// use nakade::board::ko::join;
/// use nakade::value::EyeValue;
///
/// let v = |s: &str| s.parse::<EyeValue>().unwrap();
/// // One point: a proper eye if the owner wins, a half eye if the attacker does.
/// assert_eq!(join(v("1111"), v("0011")), v("0111"));
/// // A proper eye against a false one: the ko is the half eye.
/// assert_eq!(join(v("1111"), v("0000")), v("0011"));
/// ```
pub fn join(o: EyeValue, x: EyeValue) -> EyeValue {
    let a = x.b.min(o.a);
    let b = x.c.min(o.a.max(x.b));
    let c = o.b.max(x.d.min(o.c));
    let d = o.c.max(x.d);
    EyeValue { a, b, c, d }
}

/// Values both settled readings of a space whose topology depends on exactly one ko (the
/// eye stage gives them: [`AnalyzedSpace::ko_settled`]), and gives `report` the joined
/// value, source [`Source::Ko`] and the ko's vital points. Leaves it as it is when the
/// topology depends on no ko or on more than one (three kos around one space are rare
/// enough that GNU Go ignores them; so does this), or when either reading has no exact
/// value in all four digits (a bound, or `b` and `c` alone).
///
/// [`AnalyzedSpace::ko_settled`]: crate::board::eyes::topology::AnalyzedSpace::ko_settled
pub fn read_both_ways(ev: &Evaluator<'_>, report: &mut SpaceReport, limits: AnalysisLimits) {
    let Some(settled) = report.analyzed.ko_settled.as_deref() else {
        return;
    };
    let ko = settled.ko;
    // Where life alone is asked (the final status: `b` and `c`, or one eye), the join's
    // `b` is `min(X.c, max(O.a, X.b))`, at least `X.b` whatever `O.a` is: where the attacker
    // winning the ko still leaves two eyes with the attacker first (`X.b` = 2, so `X.c` = 2
    // and the join's `c` too), or one where one is asked, that reading answers and no whole
    // one is needed (`19-l1-s2845`, held out: a 14-point space whose whole readings took 6
    // of its 21 ms). No vital point: the attacker's first move cannot take what is asked.
    if limits.digits != Digits::All {
        let attacker = evaluate_analyzed(ev, settled.attacker_wins.clone(), limits);
        let found = match (attacker.value, attacker.source) {
            (Some(v), Source::SolverOneEye) => Some((v, Source::SolverOneEye)),
            (Some(x), source) if x.b == 2 && source != Source::Bound => {
                let two = EyeValue {
                    a: 2,
                    b: 2,
                    c: 2,
                    d: 2,
                };
                Some((two, Source::SolverMinMax))
            }
            _ => None,
        };
        if let Some((value, source)) = found {
            report.value = Some(value);
            report.source = source;
            report.attack.clear();
            report.defense.clear();
            return;
        }
    }
    // The join reads `a` and `d` of both readings: whole values.
    let whole = AnalysisLimits {
        digits: Digits::All,
        ..limits
    };
    let owner = evaluate_analyzed(ev, settled.owner_wins.clone(), whole);
    let attacker = evaluate_analyzed(ev, settled.attacker_wins.clone(), whole);
    let (Some(o), Some(x)) = (owner.value, attacker.value) else {
        return;
    };
    // Only values read in all four digits are joined: a bound, or `b` and `c` alone, would
    // make the join look exact where it is not.
    if [owner.source, attacker.source]
        .iter()
        .any(|s| matches!(s, Source::Bound | Source::SolverMinMax))
    {
        return;
    }
    let value = join(o, x);
    let mut attack: Vec<Loc> = Vec::new();
    let mut defense: Vec<Loc> = Vec::new();
    // Points the reported space can name: its own, and its half eyes' deciding moves. A move
    // of one settled reading outside them (a half eye that reading alone has) is left out; the
    // ko's own moves are always named.
    let named = |l: &Loc| {
        report.analyzed.space.contains(*l)
            || report
                .analyzed
                .half_eyes()
                .any(|h| h.attack.contains(l) || h.defense.contains(l))
    };
    // As for any value: attack points only where the attacker's first move matters (a < c),
    // defence points only where the owner's does (b < d).
    if value.a < value.c {
        // The ko where settling it is the attacker's best first move, else his best move
        // inside the space as the owner's reading has it.
        if x.c == value.b {
            attack.push(ko.attack);
        }
        if o.a.max(x.b) == value.b {
            attack.extend(owner.attack.iter().copied().filter(named));
        }
    }
    if value.b < value.d {
        if o.b == value.c {
            defense.push(ko.defense);
        }
        if x.d.min(o.c) == value.c {
            defense.extend(attacker.defense.iter().copied().filter(named));
        }
    }
    attack.sort();
    attack.dedup();
    defense.sort();
    defense.dedup();
    report.value = Some(value);
    report.source = Source::Ko(KoReading {
        ko,
        owner_wins: o,
        attacker_wins: x,
    });
    report.attack = attack;
    report.defense = defense;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::analysis::{analyze_at, analyze_position};
    use crate::board::corpus::final_positions;
    use crate::board::{ascii, vertex};

    /// The held-out `19-l1-s2845` (GNU Go self-play, level 1): white's 14-point corner
    /// space A19-A12 turns on one ko, and is worth two eyes whoever wins it.
    const HELD_19_L1_S2845: &str = "\
+-------------------------------------+
|. . . O O O X X O . . . O X X . . . .|
|. . O O X X . X O O O . . O X O X . .|
|. O . O O X X X O X O O . O X X X . .|
|. . O X X O X . X X X O O . O X . . .|
|. O X . X O O X . . X O X O O X . . .|
|. . O X . O O O X X X X X O O X . . .|
|. . O X . . O X X O X O O . O X X X X|
|. O . X . X O O O O X O . O O O O O X|
|. X X . . X O . O O X O O X X X X X X|
|. . . . . . . . . . O . . O O O X O X|
|. X . . . O . . . O . O O O . . O O X|
|. O O O . . O O O O O O . O . O . O O|
|. . . O O O O X X X X X O O X X X O O|
|O O X O X X X X O O X X X X O O O O X|
|O X O O O X O X O X X O X X X O X X X|
|X X O O X O O O O O O O O O X X X O .|
|. X O O X O O O . X O O X X . . X X .|
|X X X O X O X O . O X X X . X O . . .|
|. . X X X X X O . O O O X . . X . . .|
+-------------------------------------+";

    fn life(digits: Digits) -> AnalysisLimits {
        AnalysisLimits {
            digits,
            ..AnalysisLimits::default()
        }
    }

    /// Read for life alone, a space one ko decides is answered by the attacker's reading
    /// where that leaves what is asked (two eyes, or the one eye asked), without the whole
    /// join; its `b` and `c` are the join's.
    #[test]
    fn read_for_life_a_space_one_ko_decides_needs_no_whole_reading() {
        let ev = Evaluator::with_default();
        let mut board = ascii::parse_board(HELD_19_L1_S2845, None).unwrap().board;
        let a16 = vertex::parse(&board, "A16").unwrap();
        let mut at = |digits| {
            let r = analyze_at(&mut board, &ev, a16, life(digits)).expect("a space at A16");
            (r.source, r.value.map(|v| v.to_string()))
        };
        let ko = KoReading {
            ko: match at(Digits::All).0 {
                Source::Ko(k) => k.ko,
                other => panic!("read both ways, not {other:?}"),
            },
            owner_wins: "2222".parse().unwrap(),
            attacker_wins: "2222".parse().unwrap(),
        };
        assert_eq!(at(Digits::All), (Source::Ko(ko), Some("2222".into())));
        assert_eq!(
            at(Digits::MinMax),
            (Source::SolverMinMax, Some("2222".into()))
        );
        assert_eq!(at(Digits::OneEye).0, Source::SolverOneEye);
    }

    /// On every position of `tests/final/`, a space one ko decides has, read for life
    /// alone, the `b` and `c` of its whole join.
    #[test]
    fn read_for_life_a_space_one_ko_decides_keeps_b_and_c() {
        let ev = Evaluator::with_default();
        let mut joined = 0;
        for (name, mut board, _) in final_positions() {
            let whole = analyze_position(&mut board, &ev, None, AnalysisLimits::default());
            let read = analyze_position(&mut board, &ev, None, life(Digits::MinMax));
            assert_eq!(whole.spaces.len(), read.spaces.len(), "{name}");
            for (w, r) in whole.spaces.iter().zip(&read.spaces) {
                if let (Source::Ko(_), Some(wv), Some(rv)) = (w.source, w.value, r.value) {
                    joined += 1;
                    assert_eq!((wv.b, wv.c), (rv.b, rv.c), "{name}");
                }
            }
        }
        assert!(joined >= 1, "{joined}");
    }
}
