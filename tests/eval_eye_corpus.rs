//! `eval_eye` on a corpus of real positions (`tests/eval_eye/*.sgf`, beside those of
//! `eval_eye.rs`): 39 made by hand (corner, edge and centre spaces, dead stones inside, false and
//! half eyes, ko, seki, enclosed defender stones, bent fours, spaces of 9 to 20 points) and
//! 82 from GNU Go 3.8 self-play (54 on 9x9, 24 on 13x13, 4 on 19x19: `gnugo{SIZE}_{GAME}_...`, named
//! by the space asked about; each file's comment gives the seed, level and moves), and one
//! from the random-games script (`random19_...`). Each case
//! is our exact answer at one vertex and GNU Go 3.8's there (`loadsgf FILE`, `eval_eye
//! VERTEX`); where they differ, a reason read from the position says who is right.
//! Agreement: 106 of 122 (105 before the solver read `edge_ko_false_eye`'s closed region within
//! rule (e)'s budget; 104 before a half eye decided by a point of its own space was joined
//! to that point instead of given a virtual vertex; 101 before the liveness read the stones of closed regions with the
//! solver, rule (e) of `board::eyespace`; 100 of 121 before the random-games case; 99 before the reader followed chases of three-liberty strings; 102
//! before the size rule gave way to the solver). `docs/EVAL_EYE_CORPUS.md` tabulates the categories.
//!
//! A self-play case's vertex is drawn (seeded by the game's name) among the empty points where
//! at least one engine gives a value other than `-1` and `2 2`, or any point with a value
//! when there is none, so that big territories do not swamp the corpus.

use super::eval_eye::{case, check_gnugo, check_ours, Case, AGREE};

/// Dead stones that our liveness could not read: it knew tactics (a string capturable by a
/// short reading), Benson and small enclosed regions, not whole-group life, so a string with
/// three or more liberties inside the opponent's space stayed alive and the points beside it
/// were contested. GNU Go's dragon reading calls the stones dead and values the whole space.
/// Rule (e) of `board::eyespace` now reads a closed region of at most twenty points with the
/// solver (the wall makes two eyes there with the intruder moving first, and has two outside
/// liberties, so no seki), and three of these answer 2 2 as GNU Go does:
/// - `centre_twelve_three_stones` D5: black's straight three E4 E5 E6 (seven liberties) in
///   white's twelve-point centre space. Every empty point touches white's wall, so black has
///   no eye; the wall has two more liberties (H7, H3) than the shared ones, so white wins
///   any race and then owns twelve points: 2 2.
/// - `centre_sixteen_stones` F9: black's bent three G7 H7 H8 (seven liberties) in a
///   sixteen-point space; the same reading: 2 2.
/// - `edge_nine_two_stones` D1: black E1 E2 (five liberties) in white's nine-point edge
///   space; white captures them and keeps nine points: 2 2.
///
/// Still read alive by us:
/// - `gnugo9_23_black_centre_one` F4: white E2 F3 G2 (two liberties each, one shared at F2)
///   inside black's lower right, with black's E3 E4 G3 G4 H2 D1-D3 alive around them. Joined
///   at F2 they have E1 F1 G1 and F4, and black's H2 and G3 keep them from the open side,
///   so they cannot make two eyes (GNU Go's `owl_defend F3`: 0, dead even with white to
///   move). F4 is part of black's whole area (2 2); we keep the stones alive and make F4 a
///   one-point margin (0 0). Their region runs out to the open right side (more than twenty
///   points), so rule (e) does not read it.
const WHY_DEAD_STONES: &str =
    "GNU Go right: the stones inside are dead; our liveness reads tactics, not group life";

// White's space is one eye and the group has no other: dead, so GNU Go's `eval_eye` asks
// black's surrounding space (2 2). We valued white's space (1 1) until the reading of dead
// strings attacked a hemmed-in wall of four liberties (`tactics::HEMMED_IN`): the wall is
// now read dead, the black stone on its vital point is no longer dead (every string round
// it is), and A1 is black's: 2 2, GNU Go right and ours the same (read by hand, below).
// - `corner_straight_three_stone` A1: black on B1, the vital point of the corner straight
//   three; white A1 or C1 then captures it and leaves one point; black A1 or C1 is
//   self-atari and leaves a two-point space: one eye either way.
// - `edge_straight_three_stone` D1: the same on the edge (black E1).
// - `edge_bent_three_stone` D1: black E1 in the middle of the bent three D1 E1 E2.
// - `corner_two_stones_outside_libs` A1: black B1 C1 in the first-line four A1-D1, white's
//   wall with two outside liberties: white A1 (or D1) and a capture leave the two-point
//   space B1 C1, black A1 or D1 is self-atari and leaves a straight three with black to
//   play its middle: one eye.

/// A seki: the space's empty points are liberties shared by white's wall (no outside
/// liberty) and the black stones inside; whoever plays one of them first is captured, so
/// neither does, and white has no eye there. GNU Go answers 2 2.
/// - `edge_seki_three_stones` C1: white's C1-G1 holds black D1 E1 F1; white C1 or G1 fills
///   its own last liberty but one and black captures; black C1 (or G1) is taken by white G1
///   (C1), leaving white a straight four D1-G1 (C1-F1) on the edge: two eyes, so black does
///   not sacrifice. Seki; GNU Go calls both groups alive yet values C1 2 2.
const WHY_SEKI: &str = "ours: seki, no eye; GNU Go's 2 2 counts eyes white does not have";

// `corner_seki_two_stones` A1: white's first-line four A1-D1 holds black B1 C1, the wall
// has no outside liberty. Formerly recorded as a seki (our 0 0, GNU Go wrong); it is not
// one: black D1 sacrifices three stones (white must take them at A1, or black A1 captures
// the wall), and the emptied B1 C1 D1 is a straight three on the edge: black C1 kills
// (white B1 or D1 is self-atari). Black A1 first works the same way (white D1 takes, black
// B1). White is dead and A1 is black's: 2 2, GNU Go right. Our reader now follows chases of
// three-liberty strings and reads the wall dead: 2 2.

/// `corner_bent_four_two_libs` A1: the bent four A2 A1 B1 C1 with two outside liberties (A4,
/// B4). Black B1 (the throw-in) is answered by white A1; black A2 takes A1 as a ko, but white
/// does not need to retake: white C1 leaves black A2 and B1 both with the single liberty A1,
/// where black cannot connect (suicide while the wall has A4 and B4), and white A1 captures
/// both: two eyes. Black A1, A2 or C1 first fail more simply. So black's one move leaves two
/// eyes, black's two moves one: 1222, `eval_eye` 2 2 (GNU Go's own `analyze_eyegraph`, which
/// gives the wall two outside liberties, says 1222). GNU Go's `eval_eye` takes eyes.db's
/// corner bent four (1122), which holds only when the wall is short of liberties: with one
/// (`corner_bent_four_one_lib`) black fills it and the ko is real, and both answer 1 2.
const WHY_BENT_FOUR_TWO_LIBERTIES: &str =
    "ours: with two outside liberties the corner bent four keeps two eyes";

/// `edge_enclosed_stone_two_x` E2 (issue 9, defect 1, third example `...%XO$%---`): white
/// E1 sits between black D1 (one liberty, D2) and F1 (liberties F2, G1); E1's only liberty
/// is E2. Black E2 captures E1 and white has no eye (black E1 then joins D1 and E2 to F1);
/// white E2 (joining E1 to the wall, D1 left dead) or D2 (taking D1) gives one: 0 1. We
/// read E1 as wall and answered 1 1 until the board analysis made E1 an enclosed stone (it
/// touches the dead D1 and has no liberty outside the space; `EyeSpace::closes_in`), whose
/// free side F1 the solver takes as an invincible attacker stone: 0011, attack E2, defence
/// D2 and E2, the same as `solve '...%XO$%---'` and GNU Go's `analyze_eyegraph` of it. The
/// value now agrees; `eval_eye` names one defence point, we the one that is also the attack
/// point (E2), GNU Go D2. Both defend, so both answers are right.
const WHY_ENCLOSED_DEFENDER: &str =
    "same value; both E2 and D2 defend, we name the point that is attack and defence too";

/// `corner_twenty_one_stone` A1: one black stone C2 (four liberties) in white's twenty-point
/// corner space (A1-E4, two outside liberties). Black cannot live there (white answers every
/// move), so the space is two eyes: 2 2. Neither engine says so: GNU Go calls the stone dead
/// but white's group critical (`dragon_status` A5: critical D3) and answers 1 1; we leave the
/// stone alive (four liberties, no group reading) and put A1 in black's seven-point space
/// around it (0 1 A2 since the edge margins keep their open sides, 0 0 before). Neither is
/// right.
const WHY_LONE_STONE_BIG_SPACE: &str =
    "neither: a lone black stone in a twenty-point space is dead, white has two eyes (2 2)";

/// Open corner spaces of 9 and 10 points with four margins and no `eyes.db` pattern
/// (`gnugo9_02_white_corner_nine` H2, `gnugo9_17_white_corner_ten` A2,
/// `gnugo9_52_black_corner_ten` B7): the empty points beyond the margins lead on to the open
/// part of the board (9x9 G4 to J9, the lower edge C1 to F2, the top rows), so no wall closes
/// the corner and neither answer reads a settled position. GNU Go's `1 1` is its size rule
/// for an unmatched space. Ours is the solver's value of the graph, in which the margins on
/// the edge keep their open sides (`GraphVertex::open_side`): the owner moving first makes
/// one eye, the attacker moving first leaves none (`0 1`). Before the open sides were counted
/// the margins' outside sides were the attacker's and we answered `0 0`, `0 1 A6 A6` and
/// `0 0`: called ours then, a reading of the graph, not of these boards.
const WHY_UNMATCHED_OPEN_CORNER: &str =
    "neither: an open corner; GNU Go's size rule against the graph's value, nothing settled to read";

/// `gnugo9_09_white_corner_seven` A8: white's corner A9 B9 C9 A8 B8 C8 A7 behind B7 C7 A6;
/// black D8 is alive and white D9 is dead (in atari at C9), so C8 and C9 are open to black.
/// Black B8 first: white C8 is met by black C9 (taking D9) and white's corner has no eye;
/// white B9 by black C8, and C9 later takes D9 and B9's liberty: no eye. White first (B8)
/// keeps one. 0 1, as we say (vital point B9 or B8). GNU Go leaves C8 and C9 out of the
/// space (two separate 0 0 points) and values A9 B9 A8 B8 A7 as closed: 1 1, though its own
/// play after black B8 (white C8, black C9) leaves the corner without an eye. Ours.
const WHY_OPEN_CORNER: &str =
    "ours: C8 and C9 are open to black's live D8; black B8 first leaves no eye";

/// `gnugo9_18_black_corner_six_stones` C1: black's corner rectangle A1 B1 C1 A2 B2 C2 with a
/// dead white stone on C2, black's wall with four outside liberties. White B2 (joining C2)
/// leaves black one eye; black B2 first makes two: 1122. GNU Go's own `analyze_eyegraph
/// |..X%|...%+---` gives the same 1122 with B2 vital; its `eval_eye` answers 2 2. Ours.
const WHY_CORNER_SIX_STONE: &str =
    "ours: GNU Go's own analyze_eyegraph of this space gives 1122 with B2 vital";

/// `gnugo19_12_black_centre_two_false_eye` K11: black's K12 K11, K12 a margin open above,
/// K11 closed by black J11 L11 K10. Of K11's diagonals white's J10 (joined to J9 H9 J8 J7)
/// is white's for good and L10 is black's (white L10 would fill the last liberty of M10 and
/// its own); black needs both J12 and L12. Black K12 first leaves white J12 with one
/// liberty (J13) and white L12 with two (M12, L13), taken by black L13 (white M12 then has
/// only M13): K11 is an eye (one bad diagonal, an inner point). White K12 first leaves none.
/// `0 1`, vital point K12, read on the board; the solver's graph `!.` says the same. GNU Go's
/// eyes.db gives the half eye a marginal vertex of its own (`!x!`, 0001): two black moves.
const WHY_MARGIN_SETTLES_HALF_EYE: &str =
    "ours: the owner's move on the margin also settles the half eye (0011, not 0001)";

/// `random19_black_corner_four_margins` T3 (from the random-games script, 19x19): black's
/// lone S2 in the corner owns the space T3 T2 T1 S1, T3 and S1 marginal. Black S1 makes the
/// eye (white T3, black T2: T1 is closed by S1 and T2); black T3 does not (white S1 leaves T1
/// beside a white stone). So S1 is the one defence point: ours, `0 1 S1 S1`. GNU Go's own
/// `analyze_eyegraph ' !|% .|%!.|%--+'` gives the same 0011 with S1 (`@`) as attack and
/// defence point; its `eval_eye` takes an `eyes.db` pattern that marks T3 (`0 1 T3 T3`).
/// The value is the same; GNU Go's defence point is wrong. 268 of the 344 "vital points
/// differ" answers of the random-games sample are this corner, asked at its four points over
/// the moves of one game.
const WHY_CORNER_FOUR_MARGINS: &str =
    "ours: S1 is the only defence point, as GNU Go's own analyze_eyegraph says; eyes.db marks T3";

const CASES: &[Case] = &[
    case("centre_enclosed_ring", "D6", "2 2", "2 2", AGREE),
    case("centre_half_eye", "E6", "0 1 F7 F7", "0 1 F7 F7", AGREE),
    case("centre_ring_enclosed_stone", "D6", "2 2", "2 2", AGREE),
    // Rule (e) of `board::eyespace`: read dead in a closed region (see `WHY_DEAD_STONES`).
    case("centre_sixteen_stones", "F9", "2 2", "2 2", AGREE),
    case("centre_twelve", "E5", "2 2", "2 2", AGREE),
    case("centre_twelve_three_stones", "D5", "2 2", "2 2", AGREE),
    case(
        "corner_bent_four_one_lib",
        "A1",
        "1 2 B1 B1",
        "1 2 B1 B1",
        AGREE,
    ),
    case("corner_bent_four_stone_a2", "A1", "2 2", "2 2", AGREE),
    case(
        "corner_bent_four_stone_b1",
        "A1",
        "1 2 A1 A1",
        "1 2 A1 A1",
        AGREE,
    ),
    case(
        "corner_bent_four_two_libs",
        "A1",
        "2 2",
        "1 2 B1 B1",
        WHY_BENT_FOUR_TWO_LIBERTIES,
    ),
    case(
        "corner_bulky_five_stone",
        "A1",
        "1 2 B1 B1",
        "1 2 B1 B1",
        AGREE,
    ),
    case("corner_enclosed_stone", "A1", "2 2", "2 2", AGREE),
    case("corner_enclosed_stone_dead_x", "C1", "2 2", "2 2", AGREE),
    case("corner_fifteen_enclosed_stone", "B2", "2 2", "2 2", AGREE),
    case("corner_l_five", "A1", "2 2", "2 2", AGREE),
    case("corner_l_five_stone", "A2", "2 2", "2 2", AGREE),
    case("corner_nine", "B2", "2 2", "2 2", AGREE),
    case(
        "corner_nine_bent_three_stones",
        "A1",
        "0 1 A2 A2",
        "0 1 A2 A2",
        AGREE,
    ),
    case("corner_seki_two_stones", "A1", "2 2", "2 2", AGREE),
    case(
        "corner_straight_four_stone",
        "A1",
        "1 2 C1 C1",
        "1 2 C1 C1",
        AGREE,
    ),
    case("corner_straight_three_stone", "A1", "2 2", "2 2", AGREE),
    case(
        "corner_twelve_square_stones",
        "A1",
        "0 1 A2 A2",
        "0 1 A2 A2",
        AGREE,
    ),
    case("corner_twenty", "C2", "2 2", "2 2", AGREE),
    case(
        "corner_twenty_one_stone",
        "A1",
        "0 1 A2 A2",
        "1 1",
        WHY_LONE_STONE_BIG_SPACE,
    ),
    case("corner_two_stones_outside_libs", "A1", "2 2", "2 2", AGREE),
    case("edge_bent_four_stones_inside", "F1", "1 1", "1 1", AGREE),
    case("edge_bent_three_stone", "D1", "2 2", "2 2", AGREE),
    case("edge_enclosed_stone", "D1", "2 2", "2 2", AGREE),
    case(
        "edge_enclosed_stone_two_x",
        "E2",
        "0 1 E2 E2",
        "0 1 E2 D2",
        WHY_ENCLOSED_DEFENDER,
    ),
    case("edge_half_eye", "E1", "2 2", "2 2", AGREE),
    // White's group is dead (its only proper eye is H1; E1 is a ko black wins), and since the
    // solver reads black's closed region around it within rule (e)'s budget, our liveness
    // says so: E1 is black's 18-point area with fourteen dead white stones, 2 2, as GNU Go's
    // eye_data (black, esize 18, 2222). It was white's point E1, 0 0, before.
    case("edge_ko_false_eye", "E1", "2 2", "2 2", AGREE),
    case("edge_nine", "E2", "2 2", "2 2", AGREE),
    case("edge_nine_two_stones", "D1", "2 2", "2 2", AGREE),
    case("edge_ring_enclosed_stone", "D1", "2 2", "2 2", AGREE),
    case("edge_seki_three_stones", "C1", "0 0", "2 2", WHY_SEKI),
    case("edge_straight_three_stone", "D1", "2 2", "2 2", AGREE),
    case("edge_ten", "E1", "2 2", "2 2", AGREE),
    // Three single black stones D1 E2 F1 (three liberties each) in white's ten-point edge
    // space, white's wall with two outside liberties (B4 C4). Black D2 joins D1 and E2 with
    // four liberties (C1 C2 E1 F2), but the stones have no eye and white's reading takes
    // them; once a saving move that reaches four liberties is itself read (`tactics.rs`),
    // our reader calls all three dead, as GNU Go does, and C1 is white's: 2 2. (Recorded
    // before as ours 0 0, the stones lively, GNU Go right.)
    case("edge_ten_three_stones", "C1", "2 2", "2 2", AGREE),
    case("false_eye_ko", "E2", "0 0", "0 0", AGREE),
    case("gnugo9_00_white_corner_one", "A1", "1 1", "1 1", AGREE),
    case("gnugo9_01_black_centre_one", "F4", "1 1", "1 1", AGREE),
    case(
        "gnugo9_02_white_corner_nine",
        "H2",
        "0 1 H2 H2",
        "1 1",
        WHY_UNMATCHED_OPEN_CORNER,
    ),
    case("gnugo9_03_black_centre_one", "E2", "1 1", "1 1", AGREE),
    case(
        "gnugo9_04_black_edge_four_half_eye",
        "H5",
        "1 1",
        "1 1",
        AGREE,
    ),
    case("gnugo9_05_black_centre_one", "F4", "0 0", "0 0", AGREE),
    case("gnugo9_06_black_corner_two", "A2", "1 1", "1 1", AGREE),
    case("gnugo9_07_black_centre_two", "D6", "1 1", "1 1", AGREE),
    case(
        "gnugo9_08_black_centre_two",
        "E3",
        "0 1 E3 E3",
        "0 1 E3 E3",
        AGREE,
    ),
    case(
        "gnugo9_09_white_corner_seven",
        "A8",
        "0 1 B9 B9",
        "1 1",
        WHY_OPEN_CORNER,
    ),
    case("gnugo9_10_white_corner_21", "B7", "2 2", "2 2", AGREE),
    case("gnugo9_11_white_edge_one", "A5", "0 0", "0 0", AGREE),
    case("gnugo9_12_white_centre_one", "C5", "1 1", "1 1", AGREE),
    case("gnugo9_13_white_centre_one", "D5", "1 1", "1 1", AGREE),
    case("gnugo9_14_white_corner_17", "A7", "2 2", "2 2", AGREE),
    case("gnugo9_15_white_centre_one", "H6", "1 1", "1 1", AGREE),
    case("gnugo9_16_white_corner_28", "B4", "2 2", "2 2", AGREE),
    case(
        "gnugo9_17_white_corner_ten",
        "A2",
        "0 1 B1 B1",
        "1 1",
        WHY_UNMATCHED_OPEN_CORNER,
    ),
    case(
        "gnugo9_18_black_corner_six_stones",
        "C1",
        "1 2 B2 B2",
        "2 2",
        WHY_CORNER_SIX_STONE,
    ),
    case("gnugo9_19_white_centre_two", "H2", "1 1", "1 1", AGREE),
    case("gnugo9_20_white_centre_one", "B5", "1 1", "1 1", AGREE),
    case("gnugo9_21_black_corner_22", "H1", "2 2", "2 2", AGREE),
    case("gnugo9_22_black_corner_one", "J1", "0 0", "0 0", AGREE),
    case(
        "gnugo9_23_black_centre_one",
        "F4",
        "0 0",
        "2 2",
        WHY_DEAD_STONES,
    ),
    case(
        "gnugo9_24_black_corner_three_false_eye",
        "C1",
        "1 1",
        "1 1",
        AGREE,
    ),
    case("gnugo9_25_white_corner_27", "G9", "2 2", "2 2", AGREE),
    case("gnugo9_26_white_centre_one", "H4", "1 1", "1 1", AGREE),
    case("gnugo9_27_white_centre_one", "E3", "1 1", "1 1", AGREE),
    case(
        "gnugo9_28_black_edge_four_false_eye",
        "F9",
        "1 2 E9 E9",
        "1 2 E9 E9",
        AGREE,
    ),
    case("gnugo9_29_white_centre_one", "C3", "1 1", "1 1", AGREE),
    case(
        "gnugo9_30_black_edge_six_half_eye",
        "H5",
        "1 1",
        "1 1",
        AGREE,
    ),
    case("gnugo9_31_black_centre_one", "D4", "0 0", "0 0", AGREE),
    case("gnugo9_32_white_corner_19", "B8", "2 2", "2 2", AGREE),
    case("gnugo9_33_black_centre_one", "E2", "1 1", "1 1", AGREE),
    case(
        "gnugo9_34_white_centre_three",
        "D2",
        "1 2 C2 C2",
        "1 2 C2 C2",
        AGREE,
    ),
    case("gnugo9_35_black_centre_one", "C3", "1 1", "1 1", AGREE),
    case(
        "gnugo9_36_black_edge_seven_false_eye",
        "D1",
        "0 0",
        "0 0",
        AGREE,
    ),
    case("gnugo9_37_white_centre_one", "H6", "1 1", "1 1", AGREE),
    case("gnugo9_38_black_corner_one", "A9", "0 0", "0 0", AGREE),
    case("gnugo9_39_black_corner_30", "G8", "2 2", "2 2", AGREE),
    case("gnugo9_40_white_centre_two", "C3", "1 1", "1 1", AGREE),
    case(
        "gnugo9_41_white_edge_three",
        "A3",
        "1 2 A3 A3",
        "1 2 A3 A3",
        AGREE,
    ),
    case(
        "gnugo9_42_black_edge_three",
        "H4",
        "1 2 J4 J4",
        "1 2 J4 J4",
        AGREE,
    ),
    case("gnugo9_43_white_centre_one", "B6", "1 1", "1 1", AGREE),
    case("gnugo9_44_white_corner_20", "B2", "2 2", "2 2", AGREE),
    case("gnugo9_45_white_corner_25", "B3", "2 2", "2 2", AGREE),
    case("gnugo9_46_white_centre_two", "C3", "1 1", "1 1", AGREE),
    case("gnugo9_47_black_corner_32", "F8", "2 2", "2 2", AGREE),
    case(
        "gnugo9_48_white_edge_four_half_eye",
        "H3",
        "1 1",
        "1 1",
        AGREE,
    ),
    case("gnugo9_49_white_centre_one", "C3", "1 1", "1 1", AGREE),
    case("gnugo9_50_white_corner_16", "B5", "2 2", "2 2", AGREE),
    case("gnugo9_51_black_corner_37", "D9", "2 2", "2 2", AGREE),
    case(
        "gnugo9_52_black_corner_ten",
        "B7",
        "0 1 B8 B8",
        "1 1",
        WHY_UNMATCHED_OPEN_CORNER,
    ),
    case(
        "gnugo9_53_black_centre_three",
        "B7",
        "1 2 C7 C7",
        "1 2 C7 C7",
        AGREE,
    ),
    case("gnugo13_00_black_centre_one", "D5", "1 1", "1 1", AGREE),
    case("gnugo13_01_white_edge_one", "D13", "0 0", "0 0", AGREE),
    case(
        "gnugo13_02_black_centre_one_false_eye",
        "J5",
        "0 0",
        "0 0",
        AGREE,
    ),
    case(
        "gnugo13_03_white_centre_five_half_eye",
        "G7",
        "0 1 H8 H8",
        "0 1 H8 H8",
        AGREE,
    ),
    case("gnugo13_04_white_centre_two", "E9", "1 1", "1 1", AGREE),
    case("gnugo13_05_black_centre_one", "F9", "1 1", "1 1", AGREE),
    case("gnugo13_06_white_centre_two", "J8", "1 1", "1 1", AGREE),
    case("gnugo13_07_white_centre_one", "E12", "1 1", "1 1", AGREE),
    case("gnugo13_08_black_edge_two", "H12", "1 1", "1 1", AGREE),
    case("gnugo13_09_black_centre_one", "K6", "1 1", "1 1", AGREE),
    case(
        "gnugo13_10_black_centre_one_false_eye",
        "J4",
        "0 0",
        "0 0",
        AGREE,
    ),
    case("gnugo13_11_black_centre_two", "B5", "1 1", "1 1", AGREE),
    case("gnugo13_12_black_centre_one", "C11", "1 1", "1 1", AGREE),
    case("gnugo13_13_white_centre_one", "J4", "1 1", "1 1", AGREE),
    case(
        "gnugo13_14_black_edge_seven_false_eye",
        "A10",
        "1 1",
        "1 1",
        AGREE,
    ),
    case("gnugo13_15_black_centre_one", "G11", "1 1", "1 1", AGREE),
    case("gnugo13_16_white_centre_one", "B6", "1 1", "1 1", AGREE),
    case(
        "gnugo13_17_black_corner_four",
        "B12",
        "1 2 A12 A12",
        "1 2 A12 A12",
        AGREE,
    ),
    case(
        "gnugo13_18_black_centre_five",
        "H6",
        "1 2 J6 J6",
        "1 2 J6 J6",
        AGREE,
    ),
    case(
        "gnugo13_19_black_centre_three_stones",
        "D9",
        "1 1",
        "1 1",
        AGREE,
    ),
    // `gnugo13_20_black_edge_six_half_eye` F2: black's space D3 D2 E2 F2 D1 E1, open to the
    // right at F2 and E1; black's C1-C3 string (with A1 A2 B1) has only D1 D2 D3 as
    // liberties. White E2 is not safe: black F2 answers, and white D2 B D1 W E1 B D3
    // (connecting to the D4 group) leaves D2 E2 E1 in atari at F1, F1 does not save them (B
    // G1 takes four), and W D1 instead is met by black E1 with D1 and E2 both in atari at D2.
    // Black keeps an eye whoever starts: 1 1, GNU Go's answer (its `half_eye_data D3`: 2.00,
    // a proper eye). We answered 0 1 E2 until the edge margin E1 kept its open side (F1);
    // our topology still scores white E2 a safe move and D3 a half eye (issue 9, defect 3),
    // so the value is right now with the half eye joined to E2 and black's E1 keeping F1.
    case(
        "gnugo13_20_black_edge_six_half_eye",
        "F2",
        "1 1",
        "1 1",
        AGREE,
    ),
    case("gnugo13_21_white_corner_one", "N13", "1 1", "1 1", AGREE),
    case("gnugo13_22_black_centre_one", "G8", "0 0", "0 0", AGREE),
    case("gnugo13_23_black_centre_one", "C3", "0 0", "0 0", AGREE),
    case("gnugo19_00_white_edge_one", "T3", "1 1", "1 1", AGREE),
    case("gnugo19_10_white_centre_one", "F9", "0 0", "0 0", AGREE),
    case("gnugo19_11_white_centre_two", "J11", "1 1", "1 1", AGREE),
    case(
        "gnugo19_12_black_centre_two_false_eye",
        "K11",
        "0 1 K12 K12",
        "0 0",
        WHY_MARGIN_SETTLES_HALF_EYE,
    ),
    case(
        "random19_black_corner_four_margins",
        "T3",
        "0 1 S1 S1",
        "0 1 T3 T3",
        WHY_CORNER_FOUR_MARGINS,
    ),
];

#[test]
fn corpus_eval_eye_answers() {
    assert!(CASES.len() >= 150 - 52);
    check_ours(CASES, (110, 122));
}

#[test]
fn corpus_gnugo_answers_as_recorded() {
    check_gnugo(CASES);
}
