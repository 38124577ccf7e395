//! A small seeded PRNG (xoshiro256** seeded by SplitMix64).
//!
//! Written here rather than taken from a crate so that `billes simulate
//! --seed S` produces the same games in every release: the sequence is part of
//! the tool's contract.

/// A deterministic pseudo-random generator for simulations.
///
/// ```
/// let mut a = billes_game::Rng::new(7);
/// let mut b = billes_game::Rng::new(7);
/// assert_eq!(a.die(), b.die());
/// assert!((1..=6).contains(&a.die()));
/// ```
#[derive(Debug, Clone)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator seeded from `seed`.
    pub fn new(seed: u64) -> Rng {
        let mut x = seed;
        let mut next = || {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Rng {
            s: [next(), next(), next(), next()],
        }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform number in `0..n` (`n` must be at least 1).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// A die roll, 1..=6.
    pub fn die(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }

    /// True with probability `num/den`.
    pub fn chance(&mut self, num: u32, den: u32) -> bool {
        (self.below(den as usize) as u32) < num
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = Rng::new(1);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[r.below(6)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
    }

    #[test]
    fn sequence_is_stable_across_releases() {
        // The first values for seed 0 are part of the `simulate --seed` contract.
        let mut r = Rng::new(0);
        let first: Vec<u8> = (0..8).map(|_| r.die()).collect();
        assert_eq!(first, STABLE_SEED0);
    }

    const STABLE_SEED0: [u8; 8] = [4, 5, 1, 3, 5, 6, 3, 4];
}
