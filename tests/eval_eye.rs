//! `eval_eye` on positions of our own (`tests/eval_eye/*.sgf`: centre, edge and corner
//! shapes, dead stones inside, half and false eyes, ko, seki, a two-headed dragon, the
//! diagrams of seeds 002 and 003), each with this crate's exact answer at a named vertex and
//! GNU Go 3.8's answer there (`loadsgf FILE` then `eval_eye VERTEX`). Where they differ, the
//! case says who is right and why, from the position. Agreement: 49 of 52 (48 before the
//! liveness took the side to move into account, 46 before the
//! liveness read closed regions with the solver, 44 before the reader followed chases of
//! three-liberty strings).
//!
//! Our answers come from `nakade::host::gtp::eye_commands::engine()`, the engine `nakade gtp` serves, so the
//! GTP path is what is tested. GNU Go's recorded answers are checked against GNU Go itself
//! when it is installed (a changed answer fails the test).

use std::path::PathBuf;

use crate::support::{gnugo, Gnugo};

/// One `eval_eye` question: a position, a vertex, both engines' answers.
pub(crate) struct Case {
    file: &'static str,
    vertex: &'static str,
    ours: &'static str,
    gnugo: &'static str,
    /// Empty when GNU Go agrees; otherwise who is right, and why.
    why: &'static str,
}

pub(crate) const fn case(
    file: &'static str,
    vertex: &'static str,
    ours: &'static str,
    gnugo: &'static str,
    why: &'static str,
) -> Case {
    Case {
        file,
        vertex,
        ours,
        gnugo,
        why,
    }
}

pub(crate) const AGREE: &str = "";

/// Three black stones (D5 C4 D4, five liberties) inside a white enclosure of twelve points:
/// black cannot live there, GNU Go calls them dead and values white's space 2 2. Our tactics
/// cannot capture a five-liberty string, so the stones stay alive and the white points around
/// them are contested. Contested points next to white's wall are margins of white's spaces
/// (GNU Go's eye-space rule), and B5 lies in a small white space of margins and one inner
/// point valued 0 1 with vital point B4 (formerly -1, no space). GNU Go is right.
const WHY_DEAD_STONES_INSIDE_BIG: &str =
    "GNU Go right: the black stones are dead; our liveness reads tactics only";

// `corner_bent_four` (the L of four A1 A2 B1 C1 in the corner): white's wall has no liberty
// outside the space. Read with two outer liberties (GNU Go's `analyze_eyegraph`, and nakade
// before it counted the board's) the space is 1222; read with the board's none, black B1 first
// brings white to one eye: 1122, vital point B1, which is also what GNU Go's `eval_eye` takes
// from its eyes.db. Now the two agree.

/// White's rectangular six A1 B1 C1 A2 B2 C2 in the corner, its wall A3 B3 C3 D3 D2 D1 with no
/// liberty outside the space (black A4 B4 C4 D4 E3 E2 E1 touch every outside point). The
/// classical result: the rectangular six in the corner lives only with outside liberties; with
/// none, black's first move inside brings white down (the solver, reading the space with the
/// wall's real count of 0 outer liberties, finds `b` = 1 with the vital point B2). GNU Go
/// values every space as if the wall had two outside liberties, so it answers 2 2. Ours is
/// the position's reading.
const WHY_CORNER_RECT_SIX: &str =
    "ours: no outside liberty; the corner rectangular six needs them (GNU Go assumes two)";

// `corner_bent_four_stone`: black's A1 (liberties A2 and B1) inside white's corner A1 A2 B1
// C1, white's wall A3 B3 B2 C2 D2 D1 with no liberty outside (its liberties are A2 B1 C1).
// Black is to move (no `PL`: black, as `loadsgf` reports). Reading captures A1 with white
// first, and we once took it as dead whoever was to move (it lies in a region too small for
// two eyes), valuing white's corner as a bent four with a stone, 1122 (`1 2 B1 B1`). With
// black to move, black B1 joins A1 (liberties A2 C1, white's wall A2 C1 too) and neither
// side can fill either point without being taken at the other: a seki. A1 is not dead,
// and GNU Go's answer `0 0` (A1 out of the space, B1 a space of its own) is ours too. GNU
// Go's `dragon_status A1` says "critical B1 B1" for the white group.

/// B4's diagonals: A5 white, C5 white's own eye (black cannot play there), A3 black with one
/// liberty (white takes it at A2, black can save it), C3 black with two. GNU Go reads C3 as
/// capturable and defendable: white D3, black C2 (joining B2), white D2, black C1, white A2
/// takes A3 and the black string, left with B1 and D1 on the first line, is caught along the
/// edge (GNU Go's `attack C3` answers D3, then D2, then A2 along that line). So C3 scores
/// about 1 like A3, the sum is at most 2 (`half_eye_data B4`: 1.75) and B4 is a proper eye:
/// 1 1. Our tactical reading does not find that capture, scores C3 as safe (2), sums 3 and
/// calls B4 a half eye (0 1). GNU Go is right: our reading limits miss the edge capture.
const WHY_KO_CASE_C: &str =
    "GNU Go right: C3 can be captured along the first line, so B4 is a proper eye";

const CASES: &[Case] = &[
    case("seed002_half_eye", "C3", "0 1 D2 D2", "0 1 D2 D2", AGREE),
    case("centre_one", "K10", "2 2", "2 2", AGREE),
    // Both call the white group dead and value black's surrounding space of twelve points
    // (ten dead white stones) by GNU Go's size rule: 2 2.
    case("centre_straight_two", "K10", "2 2", "2 2", AGREE),
    case(
        "centre_straight_three",
        "K10",
        "1 2 L10 L10",
        "1 2 L10 L10",
        AGREE,
    ),
    case(
        "centre_bent_three",
        "K10",
        "1 2 K10 K10",
        "1 2 K10 K10",
        AGREE,
    ),
    case("centre_straight_four", "K10", "2 2", "2 2", AGREE),
    // The white ring around the square four has no liberty outside it: a square four is one
    // eye, so the ring is dead and K10 lies in black's area. We valued white's square (1 1)
    // while our liveness kept the ring alive; rule (e) of `board::eyespace` reads black's
    // closed region (the ring and the square, sixteen points) with the solver: black makes
    // two eyes there even with white to move, so the ring is dead and K10 is black's: 2 2.
    case("centre_square_four", "K10", "2 2", "2 2", AGREE),
    case(
        "centre_pyramid_four",
        "K10",
        "1 2 L10 L10",
        "1 2 L10 L10",
        AGREE,
    ),
    case(
        "centre_bulky_five",
        "K10",
        "1 2 L10 L10",
        "1 2 L10 L10",
        AGREE,
    ),
    case(
        "centre_cross_five",
        "L11",
        "1 2 L11 L11",
        "1 2 L11 L11",
        AGREE,
    ),
    case(
        "centre_rabbity_six",
        "L11",
        "1 2 L11 L11",
        "1 2 L11 L11",
        AGREE,
    ),
    case(
        "centre_bulky_five_stone",
        "K10",
        "1 2 L10 L10",
        "1 2 L10 L10",
        AGREE,
    ),
    // A black stone on the vital point of a pyramid four: the white ring (three liberties,
    // none outside) is dead, K10 black's (2 2). Formerly 0 0: our reader took a string of
    // three liberties as safe below the root, so the ring stayed alive. Now it is chased
    // (black K10, then white's M10 or L11 is self-atari): captured, as GNU Go says.
    case("centre_pyramid_four_stone", "K10", "2 2", "2 2", AGREE),
    case("centre_rabbity_six_stones", "L11", "-1", "-1", AGREE),
    case("centre_black_bent_four", "K10", "2 2", "2 2", AGREE),
    case(
        "centre_black_straight_three_stone",
        "K10",
        "2 2",
        "2 2",
        AGREE,
    ),
    case("edge_straight_three", "K1", "1 2 K1 K1", "1 2 K1 K1", AGREE),
    case("edge_bent_three", "J1", "1 2 J1 J1", "1 2 J1 J1", AGREE),
    case("edge_straight_four", "J1", "2 2", "2 2", AGREE),
    case("edge_bent_four", "J1", "2 2", "2 2", AGREE),
    case("edge_pyramid_four", "J1", "1 2 K1 K1", "1 2 K1 K1", AGREE),
    case("edge_zigzag_four", "J1", "2 2", "2 2", AGREE),
    case("edge_bulky_five", "J1", "1 2 K1 K1", "1 2 K1 K1", AGREE),
    case("edge_five", "L1", "2 2", "2 2", AGREE),
    case("edge_rect_six", "J1", "2 2", "2 2", AGREE),
    // The square four with a black stone in it (J1): one eye, and the ring has no outside
    // liberty, so it is dead (black J2, and white K1 or K2 is self-atari). Formerly 1 1 (the
    // three-liberty ring taken as safe below the root); now read dead: K2 is black's, 2 2,
    // as GNU Go says.
    case("edge_square_four_stone", "K2", "2 2", "2 2", AGREE),
    case("corner_straight_two", "A1", "1 2 B1 B1", "1 2 B1 B1", AGREE),
    case(
        "corner_straight_three",
        "B1",
        "1 2 B1 B1",
        "1 2 B1 B1",
        AGREE,
    ),
    case("corner_bent_three", "A1", "1 2 A1 A1", "1 2 A1 A1", AGREE),
    // The same in the corner (white A3 B3 C3 C2 C1 around A1 A2 B1 B2, no outside liberty).
    case("corner_square_four", "A1", "2 2", "2 2", AGREE),
    case("corner_bent_four", "A1", "1 2 B1 B1", "1 2 B1 B1", AGREE),
    case("corner_straight_four", "A1", "2 2", "2 2", AGREE),
    case("corner_bulky_five", "A1", "1 2 B1 B1", "1 2 B1 B1", AGREE),
    case(
        "corner_rect_six",
        "A1",
        "1 2 B2 B2",
        "2 2",
        WHY_CORNER_RECT_SIX,
    ),
    case("corner_rabbity_six", "B2", "1 2 B2 B2", "1 2 B2 B2", AGREE),
    case("corner_bent_four_stone", "B1", "0 0", "0 0", AGREE),
    case("corner_group_many_eyes", "A1", "1 1", "1 1", AGREE),
    case("false_eye_edge", "E1", "2 2", "2 2", AGREE),
    case("ko_dependent_eye", "C2", "1 1", "1 1", AGREE),
    case("seki_two_eyes_shared", "A1", "1 1", "1 1", AGREE),
    case("two_headed_dragon", "B6", "1 1", "1 1", AGREE),
    case("marginal_edge_space", "D1", "2 2", "2 2", AGREE),
    case(
        "dead_stones_inside_big",
        "B5",
        "0 1 B4 B4",
        "2 2",
        WHY_DEAD_STONES_INSIDE_BIG,
    ),
    case("seed002_example", "B11", "2 2", "2 2", AGREE),
    // Seed 002's chimera {2|0}: white's space D6 D5 E5 is 0022, D5 its vital point. D5 is
    // also a margin of black's space (contested, next to black's C5), and `eval_eye` asks
    // black's space first: a one-point marginal space, 0 0, as GNU Go answers. (Formerly we
    // left D5 out of black's space and answered white's 0 2 D5 D5 there.) At D6 both give
    // the chimera.
    case("seed002_chimera", "D5", "0 0", "0 0", AGREE),
    case("seed002_chimera", "D6", "0 2 D5 D5", "0 2 D5 D5", AGREE),
    case("ko_case_b", "B5", "0 1 B5 A3", "0 1 B5 A3", AGREE),
    case("ko_case_c", "B4", "0 1 B4 A2", "1 1", WHY_KO_CASE_C),
    case("seed003_corner_one_eye", "D7", "2 2", "2 2", AGREE),
    case("seed003_corner_two_chains", "A7", "1 1", "1 1", AGREE),
    case("seed003_white_alive_black_dead", "A1", "2 2", "2 2", AGREE),
    case("false_eye_edge", "B2", "2 2", "2 2", AGREE),
];

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/eval_eye")
}

/// Our `eval_eye` answer at `vertex` of `tests/eval_eye/FILE.sgf`, through the GTP engine.
fn our_answer(file: &str, vertex: &str) -> String {
    let path = dir().join(format!("{file}.sgf"));
    let mut e = nakade::host::gtp::eye_commands::engine();
    let mut out = Vec::new();
    let input = format!("1 loadsgf {}\n2 eval_eye {vertex}\n", path.display());
    e.run(input.as_bytes(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    text.split("\n\n")
        .find_map(|b| b.strip_prefix("=2 ").or(b.strip_prefix("?2 ")))
        .unwrap_or("")
        .to_string()
}

/// Every case answers as recorded, every difference (and only a difference) is explained, and
/// `(agreeing cases, cases)` is `want`.
pub(crate) fn check_ours(cases: &[Case], want: (usize, usize)) {
    let mut wrong = Vec::new();
    for c in cases {
        let answer = our_answer(c.file, c.vertex);
        if answer != c.ours {
            wrong.push(format!(
                "{} {}: got {answer:?}, want {:?}",
                c.file, c.vertex, c.ours
            ));
        }
        assert_eq!(
            c.why.is_empty(),
            c.ours == c.gnugo,
            "{} {}: explain every difference, only those",
            c.file,
            c.vertex
        );
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    let agree = cases.iter().filter(|c| c.ours == c.gnugo).count();
    assert_eq!((agree, cases.len()), want);
}

/// GNU Go, when installed, still gives every recorded answer.
pub(crate) fn check_gnugo(cases: &[Case]) {
    let Some(path) = gnugo() else { return };
    let mut g = Gnugo::start(&path);
    let mut changed = Vec::new();
    for c in cases {
        let file = dir().join(format!("{}.sgf", c.file));
        g.command(&format!("loadsgf {}", file.display()))
            .expect("gnugo loads the file");
        let got = g
            .command(&format!("eval_eye {}", c.vertex))
            .map(|l| l.join("\n"))
            .unwrap_or_default();
        if got != c.gnugo {
            changed.push(format!(
                "{} {}: gnugo now {got:?}, recorded {:?}",
                c.file, c.vertex, c.gnugo
            ));
        }
    }
    assert!(changed.is_empty(), "{changed:#?}");
}

#[test]
fn our_eval_eye_answers() {
    assert!(CASES.len() >= 40);
    check_ours(CASES, (49, 52));
}

#[test]
fn gnugo_answers_as_recorded() {
    check_gnugo(CASES);
}
