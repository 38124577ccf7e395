//! The points a place scores: a table per number of seats at the table.
//!
//! | seats | points, first place first | |
//! |---|---|---|
//! | 2 | 1, 0 | a win is a point |
//! | 3 | 3, 1, 0 | |
//! | 4 | 5, 3, 1, 0 | Mensch ärgere dich nicht championships |
//! | n | n−1, n−2, …, 0 | any other size |
//!
//! `--points 5,3,1,0` replaces the table of as many seats as it has
//! values; `--points 3:4,2,0` names the seats. Seats placed equal share
//! the points of the places they fill, evenly: two seats tied for second
//! at a table of four score (3 + 1) / 2 = 2 each, so that a table always
//! hands out the same points.
//!
//! ```
//! use billes_tournament::points::Points;
//!
//! let mut points = Points::default();
//! assert_eq!(points.of(&[1, 2, 3, 4]), [5.0, 3.0, 1.0, 0.0]);
//! assert_eq!(points.of(&[1, 2, 2, 4]), [5.0, 2.0, 2.0, 0.0]);
//! points.set("4:10,6,3,1").unwrap();
//! assert_eq!(points.of(&[2, 1, 3, 4]), [6.0, 10.0, 3.0, 1.0]);
//! ```

use std::collections::BTreeMap;

/// The most seats a table of points is written for.
pub const MAX_SEATS: usize = 64;

/// The points tables, by number of seats.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Points {
    /// Tables given by the user, replacing the defaults.
    given: BTreeMap<usize, Vec<f64>>,
}

impl Points {
    /// Reads one `--points` value: `5,3,1,0` or `4:5,3,1,0`.
    ///
    /// # Errors
    /// When the value is not a list of numbers, its seat count disagrees
    /// with its length, or it is longer than [`MAX_SEATS`].
    pub fn set(&mut self, value: &str) -> Result<(), String> {
        let (seats, list) = match value.split_once(':') {
            Some((n, list)) => {
                let n: usize = n.trim().parse().map_err(|_| {
                    format!("--points {value}: \"{n}\" is not a number of seats (like 4:5,3,1,0)")
                })?;
                (Some(n), list)
            }
            None => (None, value),
        };
        let values = list
            .split(',')
            .map(|v| {
                v.trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| format!("--points {value}: \"{}\" is not a number", v.trim()))
            })
            .collect::<Result<Vec<f64>, String>>()?;
        let n = seats.unwrap_or(values.len());
        if n != values.len() {
            return Err(format!(
                "--points {value}: {n} seats need {n} values, not {}",
                values.len()
            ));
        }
        if !(2..=MAX_SEATS).contains(&n) {
            return Err(format!(
                "--points {value}: a table has 2 to {MAX_SEATS} seats, not {n}"
            ));
        }
        self.given.insert(n, values);
        Ok(())
    }

    /// The points of each place at a table of `seats` seats, first place
    /// first.
    pub fn table(&self, seats: usize) -> Vec<f64> {
        if let Some(t) = self.given.get(&seats) {
            return t.clone();
        }
        match seats {
            3 => vec![3.0, 1.0, 0.0],
            4 => vec![5.0, 3.0, 1.0, 0.0],
            n => (0..n).rev().map(|k| k as f64).collect(),
        }
    }

    /// The points of each seat placed `places` (1 the first; equal places
    /// for seats placed equal), in the same order.
    pub fn of(&self, places: &[u32]) -> Vec<f64> {
        let table = self.table(places.len());
        places
            .iter()
            .map(|&p| {
                let tied = places.iter().filter(|&&q| q == p).count();
                let first = (p as usize).saturating_sub(1);
                let filled = first..(first + tied).min(table.len());
                let sum: f64 = table.get(filled).map_or(0.0, |t| t.iter().sum());
                sum / tied as f64
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_ties() {
        let p = Points::default();
        assert_eq!(p.of(&[2, 1]), [0.0, 1.0]);
        assert_eq!(p.of(&[1, 1]), [0.5, 0.5]);
        assert_eq!(p.of(&[1, 2, 3]), [3.0, 1.0, 0.0]);
        assert_eq!(p.of(&[1, 1, 3, 3]), [4.0, 4.0, 0.5, 0.5]);
        assert_eq!(p.of(&[1, 2, 3, 4, 5]), [4.0, 3.0, 2.0, 1.0, 0.0]);
        // Every table hands out its points, ties or not.
        let sum: f64 = p.of(&[1, 2, 2, 2]).iter().sum();
        assert_eq!(sum, 9.0);
    }

    #[test]
    fn given_tables_and_their_errors() {
        let mut p = Points::default();
        p.set("2,1,0").unwrap();
        assert_eq!(p.table(3), [2.0, 1.0, 0.0]);
        p.set("2:3,0").unwrap();
        assert_eq!(p.of(&[1, 2]), [3.0, 0.0]);
        assert!(p
            .set("4:5,3,1")
            .unwrap_err()
            .contains("4 seats need 4 values, not 3"));
        assert!(p
            .set("5,x,1")
            .unwrap_err()
            .contains("\"x\" is not a number"));
        assert!(p
            .set("q:1,0")
            .unwrap_err()
            .contains("not a number of seats"));
        assert!(p.set("7").unwrap_err().contains("2 to 64 seats, not 1"));
        assert!(p.set("inf,0").is_err());
    }
}
