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
