//! A two-player zero-sum game tree with chance moves and information sets, and its builder.

use core::fmt;
use std::collections::HashMap;

use num_traits::{One, Signed, Zero};

use crate::chance::tree::Ratio;

/// The most nodes a game may have.
pub const MAX_NODES: usize = 2_000_000;

/// The deepest tree: the longest path from the root to a leaf, in nodes.
pub const MAX_DEPTH: usize = 1_000;

/// Identifies a node of a [`Builder`] and of the [`Extensive`] game it builds.
pub type NodeId = usize;

/// One of the two players. Payoffs are the first player's; the second player pays them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Player {
    /// The player whose payoffs the leaves give (the maximiser).
    First,
    /// The player who pays them (the minimiser).
    Second,
}

impl Player {
    /// 0 for the first player, 1 for the second.
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }

    /// The opponent.
    #[must_use]
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::First => "first",
            Player::Second => "second",
        })
    }
}

/// Why a game was not built.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GameError {
    /// A node id the builder never gave out.
    UnknownNode(NodeId),
    /// A node given as the child of two nodes, or as a child and as the root.
    SharedNode(NodeId),
    /// A node the root does not reach.
    Unreached(NodeId),
    /// A chance node or a decision with no branch.
    NoBranch,
    /// A chance probability not above 0, or probabilities not adding up to 1.
    Probabilities {
        /// Their sum, as written.
        sum: String,
    },
    /// Two nodes of one information set with other players or other actions.
    Actions {
        /// The information set.
        infoset: String,
    },
    /// An action named twice at one node.
    RepeatedAction {
        /// The information set.
        infoset: String,
        /// The action.
        action: String,
    },
    /// Two nodes of one information set that the player reaches by other own moves: the game
    /// does not have perfect recall (a player forgets what they did or saw).
    PerfectRecall {
        /// The information set.
        infoset: String,
    },
    /// An information set met twice on one path.
    Revisited {
        /// The information set.
        infoset: String,
    },
    /// More than [`MAX_NODES`] nodes.
    TooLarge,
    /// A path longer than [`MAX_DEPTH`] nodes.
    TooDeep,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::UnknownNode(n) => write!(f, "node {n} was never made"),
            GameError::SharedNode(n) => write!(f, "node {n} is reached twice: a game is a tree"),
            GameError::Unreached(n) => write!(f, "node {n} is not reached from the root"),
            GameError::NoBranch => f.write_str("a chance node or a decision has no branch"),
            GameError::Probabilities { sum } => write!(
                f,
                "chance probabilities must be above 0 and add up to 1, not to {sum}"
            ),
            GameError::Actions { infoset } => write!(
                f,
                "information set {infoset:?}: its nodes differ in player or actions"
            ),
            GameError::RepeatedAction { infoset, action } => write!(
                f,
                "information set {infoset:?}: action {action:?} is named twice"
            ),
            GameError::PerfectRecall { infoset } => write!(
                f,
                "information set {infoset:?}: its nodes follow different own moves (the game \
                 must have perfect recall)"
            ),
            GameError::Revisited { infoset } => {
                write!(f, "information set {infoset:?} is met twice on one path")
            }
            GameError::TooLarge => write!(f, "more than {MAX_NODES} nodes"),
            GameError::TooDeep => write!(f, "a path longer than {MAX_DEPTH} nodes"),
        }
    }
}

impl std::error::Error for GameError {}

/// A node of a game tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// The game is over: the first player's payoff.
    Payoff(Ratio),
    /// Chance picks a branch with the given probability.
    Chance(Vec<(Ratio, NodeId)>),
    /// A player chooses at this node of an information set: one child per action of the set.
    Decision {
        /// The information set, an index of [`Extensive::infosets`].
        infoset: usize,
        /// The children, in the order of the set's actions.
        children: Vec<NodeId>,
    },
}

/// What a player knows when moving: the nodes they cannot tell apart, and the actions there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InfoSet {
    /// Who moves.
    pub player: Player,
    /// Its name (unique for the player).
    pub name: String,
    /// The actions, in order.
    pub actions: Vec<String>,
    /// The player's last own move before reaching it, `(infoset, action)`, or `None` at the
    /// player's first move.
    pub before: Option<(usize, usize)>,
    /// Its nodes, in the order met depth first.
    pub nodes: Vec<NodeId>,
}

/// A finished game: a tree with chance nodes, decisions grouped into information sets, and
/// perfect recall (each player remembers their own moves and what they knew).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extensive {
    pub(crate) nodes: Vec<Node>,
    pub(crate) infosets: Vec<InfoSet>,
    pub(crate) root: NodeId,
    /// The nodes in depth-first order from the root: a parent before its children.
    pub(crate) preorder: Vec<NodeId>,
}

/// Builds an [`Extensive`] game from the leaves up.
///
/// ```
/// use cgt_minimax::hidden::{Builder, Player};
/// use cgt_minimax::chance::tree::Ratio;
///
/// // Matching pennies as a tree: the second player does not see the first's coin.
/// let mut b = Builder::new();
/// let one = |n: i64| Ratio::from_integer(n.into());
/// let mut heads_tails = |b: &mut Builder, first: &str| {
///     let (same, other) = (b.payoff(one(1)), b.payoff(one(-1)));
///     let moves = if first == "heads" { [("heads", same), ("tails", other)] } else { [("heads", other), ("tails", same)] };
///     b.decision(Player::Second, "guess", moves.to_vec())
/// };
/// let (h, t) = (heads_tails(&mut b, "heads")?, heads_tails(&mut b, "tails")?);
/// let root = b.decision(Player::First, "coin", vec![("heads", h), ("tails", t)])?;
/// let game = b.finish(root)?;
/// assert_eq!(game.solve().value.to_string(), "0");
/// # Ok::<(), cgt_minimax::hidden::GameError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Builder {
    nodes: Vec<Node>,
    infosets: Vec<InfoSet>,
    names: HashMap<(Player, String), usize>,
}

impl Builder {
    /// An empty builder.
    #[must_use]
    pub fn new() -> Builder {
        Builder::default()
    }

    fn push(&mut self, node: Node) -> NodeId {
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    fn known(&self, children: impl IntoIterator<Item = NodeId>) -> Result<(), GameError> {
        match children.into_iter().find(|&c| c >= self.nodes.len()) {
            Some(c) => Err(GameError::UnknownNode(c)),
            None if self.nodes.len() >= MAX_NODES => Err(GameError::TooLarge),
            None => Ok(()),
        }
    }

    /// A leaf paying `value` to the first player.
    pub fn payoff(&mut self, value: Ratio) -> NodeId {
        self.push(Node::Payoff(value))
    }

    /// A chance node: each branch with its probability.
    ///
    /// # Errors
    /// No branch; a probability not above 0; probabilities not adding up to 1; an unknown child.
    pub fn chance(&mut self, branches: Vec<(Ratio, NodeId)>) -> Result<NodeId, GameError> {
        if branches.is_empty() {
            return Err(GameError::NoBranch);
        }
        self.known(branches.iter().map(|b| b.1))?;
        let sum: Ratio = branches.iter().map(|b| &b.0).sum();
        if !sum.is_one() || branches.iter().any(|b| !b.0.is_positive()) {
            return Err(GameError::Probabilities {
                sum: sum.to_string(),
            });
        }
        Ok(self.push(Node::Chance(branches)))
    }

    /// A decision of `player` in the information set named `infoset`: each action with the
    /// node it leads to. Every node of one set has the same actions in the same order.
    ///
    /// # Errors
    /// No action; an action named twice; the set met before with another player or other
    /// actions; an unknown child.
    pub fn decision<S: Into<String>>(
        &mut self,
        player: Player,
        infoset: &str,
        moves: Vec<(S, NodeId)>,
    ) -> Result<NodeId, GameError> {
        if moves.is_empty() {
            return Err(GameError::NoBranch);
        }
        let (actions, children): (Vec<String>, Vec<NodeId>) =
            moves.into_iter().map(|(a, c)| (a.into(), c)).unzip();
        self.known(children.iter().copied())?;
        for (i, a) in actions.iter().enumerate() {
            if actions[..i].contains(a) {
                return Err(GameError::RepeatedAction {
                    infoset: infoset.to_owned(),
                    action: a.clone(),
                });
            }
        }
        let key = (player, infoset.to_owned());
        let index = match self.names.get(&key) {
            Some(&i) if self.infosets[i].actions == actions => i,
            Some(_) => {
                return Err(GameError::Actions {
                    infoset: infoset.to_owned(),
                });
            }
            None => {
                self.infosets.push(InfoSet {
                    player,
                    name: infoset.to_owned(),
                    actions,
                    before: None,
                    nodes: Vec::new(),
                });
                self.names.insert(key, self.infosets.len() - 1);
                self.infosets.len() - 1
            }
        };
        Ok(self.push(Node::Decision {
            infoset: index,
            children,
        }))
    }

    /// The game whose root is `root`: checks that every node is reached once and that the
    /// game has perfect recall.
    ///
    /// # Errors
    /// An unknown root; a node reached twice or never; an information set whose nodes follow
    /// different own moves of its player, or met twice on one path.
    pub fn finish(self, root: NodeId) -> Result<Extensive, GameError> {
        let Builder {
            mut nodes,
            mut infosets,
            ..
        } = self;
        if root >= nodes.len() {
            return Err(GameError::UnknownNode(root));
        }
        let mut seen = vec![false; nodes.len()];
        let mut preorder = Vec::with_capacity(nodes.len());
        // (node, each player's last own move, the information sets on the path, its depth).
        type Memory = [Option<(usize, usize)>; 2];
        let mut stack: Vec<(NodeId, Memory, Vec<usize>, usize)> =
            vec![(root, [None, None], Vec::new(), 1)];
        let mut recorded: Vec<Option<Memory>> = vec![None; infosets.len()];
        while let Some((id, memory, path, depth)) = stack.pop() {
            if seen[id] {
                return Err(GameError::SharedNode(id));
            }
            seen[id] = true;
            preorder.push(id);
            if depth > MAX_DEPTH {
                return Err(GameError::TooDeep);
            }
            match &nodes[id] {
                Node::Payoff(_) => {}
                Node::Chance(branches) => {
                    for (_, c) in branches.iter().rev() {
                        stack.push((*c, memory, path.clone(), depth + 1));
                    }
                }
                Node::Decision { infoset, children } => {
                    let set = &mut infosets[*infoset];
                    let p = set.player.index();
                    if path.contains(infoset) {
                        return Err(GameError::Revisited {
                            infoset: set.name.clone(),
                        });
                    }
                    match recorded[*infoset] {
                        None => {
                            recorded[*infoset] = Some(memory);
                            set.before = memory[p];
                        }
                        Some(m) if m[p] == memory[p] => {}
                        Some(_) => {
                            return Err(GameError::PerfectRecall {
                                infoset: set.name.clone(),
                            });
                        }
                    }
                    set.nodes.push(id);
                    for (a, c) in children.iter().enumerate().rev() {
                        let mut next = memory;
                        next[p] = Some((*infoset, a));
                        let mut path = path.clone();
                        path.push(*infoset);
                        stack.push((*c, next, path, depth + 1));
                    }
                }
            }
        }
        if let Some(n) = seen.iter().position(|s| !s) {
            return Err(GameError::Unreached(n));
        }
        // Number the sets in the order a depth-first walk meets them.
        let mut rank = vec![usize::MAX; infosets.len()];
        let mut order = Vec::with_capacity(infosets.len());
        for &id in &preorder {
            if let Node::Decision { infoset, .. } = nodes[id]
                && rank[infoset] == usize::MAX
            {
                rank[infoset] = order.len();
                order.push(infoset);
            }
        }
        for node in &mut nodes {
            if let Node::Decision { infoset, .. } = node {
                *infoset = rank[*infoset];
            }
        }
        let mut slots: Vec<Option<InfoSet>> = infosets.into_iter().map(Some).collect();
        let infosets = order
            .iter()
            .map(|&old| {
                let mut set = slots[old].take().expect("each set once");
                set.before = set.before.map(|(i, a)| (rank[i], a));
                set
            })
            .collect();
        Ok(Extensive {
            nodes,
            infosets,
            root,
            preorder,
        })
    }
}

impl Extensive {
    /// The root.
    #[must_use]
    pub fn root(&self) -> NodeId {
        self.root
    }

    /// A node.
    ///
    /// # Panics
    /// An id of no node of this game.
    #[must_use]
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id]
    }

    /// The number of nodes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the game has no node (never: a game has a root).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The information sets of both players.
    #[must_use]
    pub fn infosets(&self) -> &[InfoSet] {
        &self.infosets
    }

    /// The index of `player`'s information set `name`.
    #[must_use]
    pub fn infoset(&self, player: Player, name: &str) -> Option<usize> {
        self.infosets
            .iter()
            .position(|s| s.player == player && s.name == name)
    }

    /// The value the tree would have if every move and card were seen: the first player
    /// maximises, the second minimises, chance averages, information sets ignored. Where a
    /// player cannot see everything this is not the value — the gap is what hiding is worth.
    #[must_use]
    pub fn seen_value(&self) -> Ratio {
        let mut value: Vec<Ratio> = vec![Ratio::zero(); self.nodes.len()];
        for &id in self.preorder.iter().rev() {
            value[id] = match &self.nodes[id] {
                Node::Payoff(v) => v.clone(),
                Node::Chance(branches) => branches.iter().map(|(p, c)| p * &value[*c]).sum(),
                Node::Decision { infoset, children } => {
                    let values = children.iter().map(|c| &value[*c]);
                    match self.infosets[*infoset].player {
                        Player::First => values.max(),
                        Player::Second => values.min(),
                    }
                    .cloned()
                    .unwrap_or_default()
                }
            };
        }
        value[self.root].clone()
    }

    /// The least and the greatest payoff.
    #[must_use]
    pub fn payoff_range(&self) -> (Ratio, Ratio) {
        let mut payoffs = self.nodes.iter().filter_map(|n| match n {
            Node::Payoff(v) => Some(v),
            _ => None,
        });
        let first = payoffs.next().cloned().unwrap_or_else(Ratio::zero);
        payoffs.fold((first.clone(), first), |(lo, hi), v| {
            (lo.min(v.clone()), hi.max(v.clone()))
        })
    }
}
