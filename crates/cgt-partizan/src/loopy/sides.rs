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
//! Sides whose sidling goes on for ever (they are reached only in the limit, as for positions
//! worth `over`, or are not stoppers) are refused after [`MAX_ROUNDS`] rounds.

use core::cmp::Ordering;

use cgt_core::budget::Budget;

use super::graph::{Builder, LoopyGame};
use crate::{PartizanError, Player};

/// Rounds of sidling tried before giving up.
pub const MAX_ROUNDS: usize = 64;

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

    /// `self ≥ other` and `other ≥ self` side by side: `G⁺ ≥ H⁺` and `G⁻ ≥ H⁻`.
    pub(crate) fn compare_by_sides(
        &self,
        other: &LoopyGame,
        budget: &Budget,
    ) -> Result<Option<Ordering>, PartizanError> {
        let on = self
            .onside(budget)?
            .compare(&other.onside(budget)?, budget)?;
        let off = self
            .offside(budget)?
            .compare(&other.offside(budget)?, budget)?;
        let ge = |o: Option<Ordering>| matches!(o, Some(Ordering::Greater | Ordering::Equal));
        let le = |o: Option<Ordering>| matches!(o, Some(Ordering::Less | Ordering::Equal));
        Ok(match (ge(on) && ge(off), le(on) && le(off)) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Greater),
            (false, true) => Some(Ordering::Less),
            (false, false) => None,
        })
    }

    /// The onside for `Left`, the offside for `Right`.
    fn side(&self, player: Player, budget: &Budget) -> Result<LoopyGame, PartizanError> {
        let g = self.trimmed();
        if g.is_stopper() {
            return g.simplest(budget);
        }
        let top = LoopyGame::named(if player == Player::Left { "on" } else { "off" })
            .expect("named values parse");
        let n = g.len();
        // A position from which play is a stopper is its own side: it keeps its simplest form,
        // and only the others are sidled (a stopper like `over` would sidle only in the limit).
        let mut fixed: Vec<Option<LoopyGame>> = Vec::with_capacity(n);
        for x in 0..n as u32 {
            budget.check_interrupt().map_err(PartizanError::Stopped)?;
            let at = g.with_start(x)?;
            fixed.push(if at.is_stopper() {
                Some(at.simplest(budget)?)
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
                let mut s = next.swap_remove(0);
                s.names[s.start as usize] = format!(
                    "{}{}",
                    g.name(0),
                    if player == Player::Left { "+" } else { "-" }
                );
                return Ok(s);
            }
            current = next;
            moved = moved_next;
        }
        Err(PartizanError::Argument {
            message: format!(
                "the {} of {} did not settle in {MAX_ROUNDS} rounds of sidling (it may be a limit such as over)",
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
