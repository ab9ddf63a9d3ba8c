//! Eyes: the second and third stages of the board reading, from read strings to analysed
//! eye spaces.
//!
//! Takes a [`Board`](crate::board::Board) and the string stage's
//! [`StringReadings`](crate::board::strings::StringReadings); gives, per colour, the
//! [`topology::AnalyzedSpace`]s of the position:
//!
//! - [`eyespace`]: which strings are dead ([`eyespace::Liveness`], from the readings and the
//!   regions around them), then each colour's eye spaces ([`eyespace::EyeSpace`]: points,
//!   margins, attacker stones, owners, outer liberties);
//! - [`topology`]: half and false eyes from the diagonals, the kos, the eye graph the value
//!   stage reads (and, where one ko decides the topology, the space analysed with the ko
//!   settled each way).

pub mod eyespace;
pub mod topology;
