//! The workspace's one small pseudo-random generator, for samples, tests and benchmarks that
//! must replay the same numbers from the same seed on every machine.

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014; Vigna's `splitmix64.c`): a 64-bit state that advances by a fixed odd step,
/// each output a mix of the new state.
///
/// Good enough for choosing test inputs and scattering benchmark data, with no dependency;
/// not for anything secret. The stream of a seed is the reference algorithm's, so it is the
/// same on every platform and in every release: tests that pin seeded samples rely on it.
///
/// Example:
/// ```
/// use grundy_types::SplitMix64;
/// let mut rng = SplitMix64::new(1234567);
/// assert_eq!(rng.next_u64(), 6457827717110365317);
/// assert!(rng.below(10) < 10);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The step the state advances by: 2^64 divided by the golden ratio, made odd. Callers
    /// also mix it into seeds, so that seed 0 does not start from the zero state.
    pub const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

    /// A generator whose state is `seed` as given (the reference algorithm's seeding).
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    ///
    /// Complexity: O(1).
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(Self::GAMMA);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` from the next output by multiply-shift (the high 64 bits of
    /// output times bound), which needs no division; 0 when `bound` is 0. Its bias is below
    /// `bound` / 2^64, irrelevant for tests and benchmarks.
    ///
    /// Complexity: O(1).
    pub fn below(&mut self, bound: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(bound)) >> 64) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::SplitMix64;

    /// The first outputs of the reference `splitmix64.c` (as published, for instance, on
    /// Rosetta Code, "Pseudo-random numbers/Splitmix64") for seeds 1234567 and 0.
    #[test]
    fn the_stream_is_the_reference_algorithms() {
        let reference: [(u64, &[u64]); 2] = [
            (
                1234567,
                &[
                    6457827717110365317,
                    3203168211198807973,
                    9817491932198370423,
                    4593380528125082431,
                    16408922859458223821,
                ],
            ),
            (
                0,
                &[
                    0xE220_A839_7B1D_CDAF,
                    0x6E78_9E6A_A1B9_65F4,
                    0x06C4_5D18_8009_454F,
                ],
            ),
        ];
        for (seed, want) in reference {
            let mut rng = SplitMix64::new(seed);
            let got: Vec<u64> = want.iter().map(|_| rng.next_u64()).collect();
            assert_eq!(got, want, "seed {seed}");
        }
    }

    #[test]
    fn below_stays_below_its_bound_and_reaches_every_value() {
        let mut rng = SplitMix64::new(7);
        let mut seen = [false; 10];
        for _ in 0..1000 {
            let x = rng.below(10);
            assert!(x < 10);
            seen[x as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below(1), 0);
    }
}
