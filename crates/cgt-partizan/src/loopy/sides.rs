//! The sides of a loopy game: the onside and offside stoppers `G = G⁺ & G⁻`, by sidling.
//!
//! A game with infinite alternating play has no stopper value, but Left's chances in any sum
//! with stoppers are those of its *onside* `G⁺` and Right's those of its *offside* `G⁻`: for
//! every stopper `X` and either player starting, Left survives (wins or draws) `G + X` exactly
//! when she survives `G⁺ + X`, and Right survives `G + X` exactly when he survives `G⁻ + X`
//! (`dud = on & off`, `tis = 1 & 0`). Sidling (Conway, *On Numbers and Games*, chapter 16)
//! approximates every position's onside from above, starting from `on` and replacing each
//! position by `{approximations of its Left options | of its Right options}` until nothing
//! changes, or until the start's approximation also bounds the side from below (then it is
//! the side, whatever the other positions still do); the offside likewise from `off` upwards.
//!
//! Some sides are reached only in the limit: `over + tis` sidles towards `1 + over` through
//! `3/2, 5/4, 9/8, …`, and a position from which Left can always reach a loop of her own sidles
//! its offside through `1, 2, 3, …` towards `on`. After 4, 8, 16, 32 and 64 rounds the loops are
//! closed instead (`closed_loops`): the positions still moving keep their moves to each other,
//! approximations drifting away with the rounds stand for `on` or `off`, and the dominated
//! options are deleted. A guess made so is returned only when the order of sides, played out on the game
//! itself ([`super::side_order`]), puts it both at or above and at or below the side. Sides
//! still not found (the limit has another shape, or the sides are not stoppers, as for Bach's
//! Carousel) are refused after [`MAX_ROUNDS`] rounds.

use core::cmp::Ordering;

use cgt_core::budget::Budget;

use super::graph::{Builder, LoopyGame};
use super::side_order::{side_le, side_table};
use super::stopper::delete_dominated;
use crate::{Arena, Dyadic, PartizanError, Player};

/// Rounds of sidling tried before giving up.
pub const MAX_ROUNDS: usize = 64;

/// Closed loops within closed loops tried (see `closed_loops`).
const MAX_DEPTH: u8 = 2;

impl LoopyGame {
    /// The onside `G⁺` (see the module docs), in simplest form; a stopper is its own onside.
    ///
    /// # Errors
    /// [`PartizanError::Argument`] when sidling does not settle in [`MAX_ROUNDS`] rounds;
    /// [`PartizanError::TooLarge`] when a comparison table would pass the memory budget.
    ///
    /// ```
    /// use cgt_core::budget::Budget;
    /// use cgt_partizan::loopy::LoopyGame;
    ///
    /// let tis = LoopyGame::parse("tis")?;
    /// let b = Budget::unlimited();
    /// assert_eq!((tis.onside(&b)?.display(), tis.offside(&b)?.display()), ("1".into(), "0".into()));
    /// # Ok::<(), cgt_partizan::PartizanError>(())
    /// ```
    pub fn onside(&self, budget: &Budget) -> Result<LoopyGame, PartizanError> {
        self.side(Player::Left, budget)
    }

    /// The offside `G⁻` (see the module docs), in simplest form.
    ///
    /// # Errors
    /// As [`LoopyGame::onside`].
    pub fn offside(&self, budget: &Budget) -> Result<LoopyGame, PartizanError> {
        self.side(Player::Right, budget)
    }

    /// `self ≥ other` and `other ≥ self` side by side: `G⁺ ≥ H⁺` and `G⁻ ≥ H⁻`, in the order of
    /// sides played out on the two games themselves ([`super::side_order`]), so the sides need
    /// not be found first (Bach's Carousel compares too).
    pub(crate) fn compare_by_sides(
        &self,
        other: &LoopyGame,
        budget: &Budget,
    ) -> Result<Option<Ordering>, PartizanError> {
        let (g, h) = (self.trimmed(), other.trimmed());
        let mut ge = true;
        let mut le = true;
        for side in [Player::Left, Player::Right] {
            ge &= side_le(&h, &g, side, budget)?;
            le &= side_le(&g, &h, side, budget)?;
        }
        Ok(match (ge, le) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Greater),
            (false, true) => Some(Ordering::Less),
            (false, false) => None,
        })
    }

    /// The onside for `Left`, the offside for `Right`.
    fn side(&self, player: Player, budget: &Budget) -> Result<LoopyGame, PartizanError> {
        self.side_at(player, budget, 0)
    }

    /// [`LoopyGame::side`] at a `depth` of closed loops within closed loops.
    fn side_at(
        &self,
        player: Player,
        budget: &Budget,
        depth: u8,
    ) -> Result<LoopyGame, PartizanError> {
        let g = self.trimmed();
        if g.is_stopper() {
            return g.simplest(budget);
        }
        let top = LoopyGame::named(if player == Player::Left { "on" } else { "off" })
            .expect("named values parse");
        let n = g.len();
        // A position from which play is a stopper is its own side: it keeps its simplest form,
        // and only the others are sidled (a stopper like `over` would sidle only in the limit).
        let stoppers = g.stopper_positions();
        let mut fixed: Vec<Option<LoopyGame>> = Vec::with_capacity(n);
        for (x, &stopper) in stoppers.iter().enumerate() {
            budget.check_interrupt().map_err(PartizanError::Stopped)?;
            fixed.push(if stopper {
                Some(g.trimmed_from(x as u32).simplest(budget)?)
            } else {
                None
            });
        }
        let mut current: Vec<LoopyGame> = fixed
            .iter()
            .map(|f| f.clone().unwrap_or_else(|| top.clone()))
            .collect();
        // Which approximations moved in the last round: a position none of whose options
        // moved keeps its approximation.
        let mut moved = vec![true; n];
        for round in 0..MAX_ROUNDS {
            budget.check_interrupt().map_err(PartizanError::Stopped)?;
            let mut next = Vec::with_capacity(n);
            let mut moved_next = vec![false; n];
            for x in 0..n as u32 {
                if let Some(f) = &fixed[x as usize] {
                    next.push(f.clone());
                    continue;
                }
                let (lo, ro) = (g.left_options(x), g.right_options(x));
                if round > 0 && !lo.iter().chain(ro).any(|&o| moved[o as usize]) {
                    next.push(current[x as usize].clone());
                    continue;
                }
                let mut b = Builder::default();
                let root = b.add(g.name(x).to_owned());
                for (side, opts) in [(0, lo), (1, ro)] {
                    for &o in opts {
                        let id = b.embed(&current[o as usize]);
                        if side == 0 {
                            b.left[root as usize].push(id);
                        } else {
                            b.right[root as usize].push(id);
                        }
                    }
                }
                let approximation = b.finish(root).simplest(budget)?;
                moved_next[x as usize] =
                    approximation.compare(&current[x as usize], budget)? != Some(Ordering::Equal);
                next.push(approximation);
            }
            let settled = !moved_next.contains(&true);
            // The start's approximation can reach the side while positions it no longer
            // depends on still sidle towards a limit; it is the side once it passes the bound
            // from the other direction (see `bounds_side`), tried each time it changes.
            if settled
                || ((moved_next[0] || round == 0) && bounds_side(&g, &next[0], player, budget)?)
            {
                return Ok(named(next.swap_remove(0), &g, player));
            }
            // Sides reached only in the limit: from time to time, the loops that sidling runs
            // round are closed and the result tried (see `closed_loops`).
            if (round + 1).is_power_of_two() && round >= 3 {
                for far in drift_bounds(round + 1) {
                    if let Some(s) = closed_loops(
                        &g,
                        &next,
                        &moved_next,
                        player,
                        (round + 1, far),
                        budget,
                        depth,
                    )? {
                        return Ok(named(s, &g, player));
                    }
                }
            }
            current = next;
            moved = moved_next;
        }
        Err(PartizanError::Argument {
            message: format!(
                "the {} of {} did not settle in {MAX_ROUNDS} rounds of sidling, nor by closing its loops (it may not be a stopper)",
                if player == Player::Left {
                    "onside"
                } else {
                    "offside"
                },
                super::text::short_name(self)
            ),
        })
    }
}

/// The side `s` of `g` with its start named `g⁺` or `g⁻` (written `+`, `-`).
fn named(mut s: LoopyGame, g: &LoopyGame, player: Player) -> LoopyGame {
    s.names[s.start as usize] = format!(
        "{}{}",
        g.name(0),
        if player == Player::Left { "+" } else { "-" }
    );
    s
}

/// How far from 0 both stops of a moving approximation must be, after `rounds` rounds of
/// sidling, for [`closed_loops`] to take it for `on` (or `off`): half the rounds, then an
/// eighth. Sidling that drifts by one every other round passes the first (`1, 2, 3, …` passes
/// it at once); Backsliding `TTT..FF`, whose offside climbs by two every six rounds
/// (`{2|1*}`, `{3*|2}`, `{4|3*}`, …), passes only the second. A bound too low only costs a
/// guess that the certificate rejects.
fn drift_bounds(rounds: usize) -> Vec<Dyadic> {
    let mut bounds: Vec<Dyadic> = [rounds / 2, rounds / 8]
        .into_iter()
        .filter(|&b| b >= 1)
        .map(|b| Dyadic::from_int(b as i64))
        .collect();
    bounds.dedup();
    bounds
}

/// A side that sidling reaches only in the limit, found by closing its loops, or `None`.
///
/// Positions whose approximations did not move in the last round are replaced by them, and so
/// are positions whose approximations (of at most `4·(rounds + 4)` positions) have both stops
/// at `far` or more, by `on` (or at `-far` or less, by `off`: see [`drift_bounds`]); the other
/// positions keep their moves. In that
/// graph, options dominated in the order of sides ([`side_table`]) are deleted, pass after
/// pass. When the result is a stopper, its simplest form is the guess; when it is a smaller
/// graph that still alternates for ever, its own side is (to [`MAX_DEPTH`]). The guess `S` is
/// the side exactly when it bounds it from both directions — `S ≤ G⁺` and `G⁺ ≤ S` in the
/// order of sides, played out against `g` itself — so a wrong guess is never returned. For
/// `over + tis`, whose onside sidles through `3/2, 5/4, 9/8, …` towards `1 + over`, the moving
/// positions are the sum's two positions with `over`, `tis` and `tisn` stand for `1` and `0`,
/// and deleting the dominated options leaves `{1 | pass}`.
fn closed_loops(
    g: &LoopyGame,
    approximations: &[LoopyGame],
    moving: &[bool],
    player: Player,
    (rounds, far): (usize, Dyadic),
    budget: &Budget,
    depth: u8,
) -> Result<Option<LoopyGame>, PartizanError> {
    let n = g.len();
    // Approximations that drift away round after round — both stops past `far`, as `n` or
    // `{n+2|n}` on the way to `on` — stand for the limit.
    let mut arena = Arena::new();
    let mut limits = Vec::with_capacity(n);
    for (x, a) in approximations.iter().enumerate() {
        let stops = if moving[x] && a.len() <= 4 * (rounds + 4) {
            // Past the dyadic range it is nothing to take to the limit.
            a.to_short(&mut arena)
                .ok()
                .flatten()
                .map(|v| arena.stops(v))
        } else {
            None
        };
        limits.push(match stops {
            Some((_, right)) if right >= far => LoopyGame::named("on"),
            Some((left, _)) if left <= -far => LoopyGame::named("off"),
            _ => None,
        });
    }
    let mut b = Builder::default();
    let mut at = vec![u32::MAX; n];
    let kept = |x: usize| moving[x] && limits[x].is_none() || x == 0;
    for x in (0..n).filter(|&x| kept(x)) {
        at[x] = b.add(g.name(x as u32).to_owned());
    }
    for x in (0..n).filter(|&x| kept(x)) {
        for (side, opts) in [
            (0, g.left_options(x as u32)),
            (1, g.right_options(x as u32)),
        ] {
            for &o in opts {
                if at[o as usize] == u32::MAX {
                    let o = o as usize;
                    at[o] = b.embed(limits[o].as_ref().unwrap_or(&approximations[o]));
                }
                let o = at[o as usize];
                if side == 0 {
                    b.left[at[x] as usize].push(o);
                } else {
                    b.right[at[x] as usize].push(o);
                }
            }
        }
    }
    let mut c = b.finish(at[0]);
    for _ in 0..c.len() + 1 {
        if c.is_stopper() {
            break;
        }
        let t = side_table(&c, &c, player, budget)?;
        let changed = delete_dominated(&mut c, |x, y| t.le(x, y));
        if !changed {
            break;
        }
        c = c.trimmed();
    }
    let s = if c.is_stopper() {
        c.simplest(budget)?
    } else if depth < MAX_DEPTH && c.len() < g.len() {
        // Loops left that alternate for ever: the smaller graph's own side is the guess.
        match c.side_at(player, budget, depth + 1) {
            Ok(s) => s,
            Err(PartizanError::Argument { .. }) => return Ok(None),
            Err(e) => return Err(e),
        }
    } else {
        return Ok(None);
    };
    let bounded = side_le(&s, g, player, budget)? && side_le(g, &s, player, budget)?;
    Ok(bounded.then_some(s))
}

/// Whether the stopper `s`, a sidling approximation of `g`'s `player`-side, is that side.
///
/// Every sidling stage bounds the side from one direction (the onside's approximations start at
/// `on` and stay at or above `G⁺`, the offside's at or below `G⁻`). The other direction is read
/// from `g` itself: for a stopper `X`, `G⁺ ≥ X` exactly when Left survives `G − X` moving
/// second, and `G⁻ ≤ X` exactly when Right survives `G − X` moving second (the definition of the
/// sides, with `X` in the sum). So an approximation that passes this test is the side.
fn bounds_side(
    g: &LoopyGame,
    s: &LoopyGame,
    player: Player,
    budget: &Budget,
) -> Result<bool, PartizanError> {
    let difference = LoopyGame::sum(&[g.clone(), s.neg()], budget)?;
    let ending = difference
        .solve()
        .ending(difference.start(), player.other());
    Ok(ending.survives(player))
}
