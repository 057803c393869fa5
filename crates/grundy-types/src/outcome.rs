//! Outcome classes and play conventions.

use std::fmt;

/// Who wins a position with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Outcome {
    /// The previous player wins: the player to move loses.
    P,
    /// The next player (the one to move) wins.
    N,
    /// Neither player can force a win (only in games with cycles).
    D,
}

impl Outcome {
    /// The letter used by the JSON output and by CGSuite.
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        }
    }

    /// The outcome of a position that the player to move wins (`true`) or loses.
    pub fn from_win(mover_wins: bool) -> Outcome {
        if mover_wins {
            Outcome::N
        } else {
            Outcome::P
        }
    }

    /// The normal-play outcome of a position with the given nim-value.
    pub fn of_nimber(n: &crate::Nimber) -> Outcome {
        if n.is_zero() {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letter())
    }
}

/// The play convention: who wins when the player to move has no move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// The player who cannot move loses.
    #[default]
    Normal,
    /// The player who cannot move wins.
    Misere,
}

impl Play {
    /// Misere play when `misere` is true, normal play otherwise.
    pub fn from_misere(misere: bool) -> Play {
        if misere {
            Play::Misere
        } else {
            Play::Normal
        }
    }

    /// `"normal"` or `"misere"`, as in the JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        }
    }
}
