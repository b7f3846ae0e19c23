# The derivations a teacher would write ("why?"): cgt_core::said::Line's sentences and table
# labels. { $unit } is "heap" or "step" (the odd steps of Staircase Nim).

explain-row = { $unit ->
        [step] step { $n }
       *[heap] heap { $n }
    }
explain-row-nim-sum = nim-sum
explain-row-ones = ones
explain-row-mod = mod { $m }
explain-notes = { $notes }

## Bouton's table (Nim, misère Nim, Staircase Nim)

explain-bouton = Bouton's table: each heap in binary, one column per power of two
explain-misere-ones = Misère play with every heap at most 1: the { $ones } heap(s) of 1 are taken one a turn, so the player to move loses exactly when their number is odd ({ $odd ->
        [1] odd: P-position
       *[0] even: N-position
    }).
explain-misere-big = Misère play with a heap of 2 or more: the outcome is normal Nim's (Bouton), and the winner plays as in Nim until the move that would leave only heaps of 0 and 1, where they leave an odd number of 1s instead.
explain-nim-zero = Every column has an even number of 1s: the nim-sum is 0, a P-position. Any move changes one heap, so it makes some column odd; the opponent can always restore even columns.
explain-nim-odd = { $count ->
        [one] Column { $columns } has
       *[other] Columns { $columns } have
    } an odd number of 1s: the nim-sum is { $sum }, not 0, an N-position.
explain-nim-flip = { $unit ->
        [step] Step
       *[heap] Heap
    } { $n } has a 1 in the highest odd column ({ $column }); flipping its bits in the odd columns gives { $bits } XOR { $sum } = { $after } = { $to }: take { $take } from { $unit ->
        [step] step
       *[heap] heap
    } { $n }, and every column is even again.

## Staircase Nim

explain-staircase = Staircase Nim is Nim on the odd steps. Coins moved from an odd step to the even step below are as good as gone: they are a Nim move on that step. Coins moved from an even step onto an odd one only add to it, and whoever is winning answers by moving the same coins on down to the next even step, so the even steps never matter.
explain-staircase-odd = The odd steps { $steps }: { $counts } — a Nim position.
explain-staircase-moves = Every move that leaves the odd steps with nim-sum 0: { $moves }.

## Moore's Nim_k

explain-moore = Moore's theorem for Nim_{ $k } (a move reduces 1 to { $k } heaps): write the heaps in binary; the player to move loses exactly when every column holds a multiple of k + 1 = { $m } ones.
explain-moore-zero = Every column is a multiple of { $m }: a P-position. A move changes at most { $k } heaps, so the highest column it touches loses between 1 and { $k } ones and stops being a multiple of { $m }; the opponent can always restore every column.
explain-moore-move = Some column is not a multiple of { $m }: an N-position. Going down the columns, Moore's move clears the extra ones from up to { $k } heaps and refills the lower columns of heaps already chosen: { $move }.

## The mex table of Sprague–Grundy

explain-mex = G({ $n }): options { $options } with values { $values }; mex = { $mex }
explain-mex-none = G({ $n }): no options; mex of nothing = 0

## Wythoff

explain-wythoff = Wythoff's P-positions (a_k, b_k): a_k is the least number not yet in a pair, b_k = a_k + k
explain-wythoff-holds = holds { $n }
explain-wythoff-difference = difference { $d }
explain-wythoff-pair = ({ $a }, { $b }) is the pair k = { $k }: a P-position. The pairs use every number once and every difference once, so no move (one heap, or both by the same amount) joins two of them.
explain-wythoff-not-pair = ({ $a }, { $b }) is not a pair: an N-position. Each kind of move, and whether it reaches a pair:
explain-wythoff-heap = heap { $heap }: { $keep } pairs with { $partner } < { $size }, so take { $take } from heap { $heap }, leaving ({ $x }, { $y })
explain-wythoff-heap-none = heap { $heap }: { $keep } pairs with { $partner }, which is not below { $size }: no winning move here
explain-wythoff-both = both heaps: the difference { $d } belongs to the pair ({ $x }, { $y }); take { $take } from both, leaving ({ $to-a }, { $to-b })
explain-wythoff-both-none = both heaps: the difference { $d } belongs to the pair ({ $x }, { $y }), which is not below ({ $lo }, { $hi }): no winning move here

## Labelling a graph from the end (P/N positions, Grundy values)

explain-labelling = Labelling from the end: a vertex gets the mex of its followers' values once all of them are labelled
explain-labelling-sinks = sinks (no moves, value 0):
explain-labelling-round = round { $round }:

## The divisor game

explain-divisor = The parity rule: N = 1 has no move and loses. Every divisor of an odd number is odd, so from an odd N every move leaves N − d even. From an even N, subtracting the odd divisor 1 (or any odd divisor) leaves an odd number. So the player to move wins exactly when N is even.
explain-divisor-one = N = 1: no divisor below 1, no move: a P-position.
explain-divisor-odd = N = { $n } is odd: its divisors below N ({ $divisors }) are all odd, so every move leaves an even number and the opponent wins: a P-position.
explain-divisor-even = N = { $n } = 2^{ $two } × { $odd }: its odd divisors are those of { $odd }, namely { $divisors }; subtracting any of them leaves an odd number, a P-position — the winning moves. An even divisor leaves an even number and loses the advantage.

## Green Hackenbush: fusion and the colon principle

explain-hackenbush = Fusion: the edges of each piece with cycles (no bridge among them) shrink to loops at one point, each loop a stalk of one edge (*1), so the piece alone is worth the parity of its edges. Colon principle: a branch standing on a bridge is worth its value plus one; values meeting at a point add by nim-sum.
explain-hackenbush-loops = { $count } { $count ->
        [one] edge
       *[other] edges
    } on cycles fuse into { $count } { $count ->
        [one] loop
       *[other] loops
    } (*{ $value })
explain-hackenbush-branch = edge { $edge } ({ $from } - { $to }) under a branch of *{ $branch } (*{ $value })
explain-hackenbush-ground = At the ground
explain-hackenbush-piece = The piece at { $at }
explain-hackenbush-bare = { $place }: no edges above it: *0
explain-hackenbush-together = { $place }: { $parts } — together *{ $value }
explain-hackenbush-worth = The picture is worth *{ $value }.

## Sums (Sprague–Grundy)

explain-sum = Sprague–Grundy: each component plays like a nim heap of its value, so the sum is worth the nim-sum { $terms } = *{ $total }.
explain-sum-zero = The nim-sum is 0: every move changes one component's value and so makes it non-zero, and the opponent can always make it 0 again — a P-position.
explain-sum-move = The nim-sum is *{ $total }, not 0: a winning move changes one component of value v to value v ⊕ { $total }, where that is a move (a value below v is always reachable by the mex rule, one above only sometimes):
explain-sum-component = component { $component }: *{ $value } → *{ $target }: { $count ->
        [0] no such move
        [one] 1 move
       *[other] { $count } moves
    }
explain-sum-loopy = With loopy components (values { $values }) the total is { $total }: a component of value ∞(K) plus finite values of nim-sum t is worth ∞(K ⊕ t), and a position of value ∞(K) is won by the player to move exactly when 0 is in K (a move to value 0); otherwise neither side can force a win.

## Heap games: the mex table, then the sum

explain-mex-table = The mex table (a heap's value is the least value none of its options has):
explain-heaps-each = Each heap's value from the table: { $values }
explain-heaps-sum = Sprague–Grundy: the position's value is their nim-sum { $terms } = { $total }, so it is { $total ->
        [0] a P-position: every move leaves a non-zero nim-sum
       *[other] an N-position: a winning move changes one heap so that the nim-sum becomes 0
    }

## Scripted games

explain-script-mex = The mex rule: the value of { $start } is the least value none of its { $count } { $count ->
        [one] option
       *[other] options
    } has.
explain-script-present = Values present: {"{"}{ $values }{"}"}; the least absent is { $value }.
explain-script-misere = Misère play: a position with no move is won by the player to move (the opponent moved last); otherwise it is won exactly when some option is a P-position. The { $count } { $count ->
        [one] option
       *[other] options
    } of { $start }:

## Game trees: alpha-beta as reduced cost, AND-OR trees

explain-alpha-beta = Alpha-beta as reduced cost: each vertex gets a window [a, b] and returns its value clamped to it; a max vertex stops once it reaches b, a min vertex once it reaches a
explain-andor = Left to right, with OR as max and AND as min: an OR vertex stops at its first 1, an AND vertex at its first 0 (alpha-beta with the window [0, 1]).
explain-tree-root = root
explain-tree-leaf = leaf { $name } = { $payoff } in { $window }{ $clamped }
explain-tree-clamped = , clamped to { $value }
explain-tree-vertex = { $kind } { $name }, window { $window }
explain-tree-value = { $kind } { $name } = { $value }
explain-tree-cut = cut at { $name }: { $max ->
        [1] the value is at least { $value } = b, and above b nothing matters
       *[0] the value is at most { $value } = a, and below a nothing matters
    }; skipped { $skipped }

## Retrograde analysis of a game graph

explain-retro = Retrograde analysis: positions are labelled backwards from the end of the game, one ply per pass
explain-retro-pass = pass { $pass }: { $parts }
explain-retro-terminal-win = { $name } is won (a terminal win)
explain-retro-terminal-loss = { $name } is lost (a terminal loss)
explain-retro-no-move = { $name } is lost (no move)
explain-retro-wins = { $name } wins (to { $to }, lost in { $lost })
explain-retro-loses = { $name } loses (every move, to { $moves }, reaches a won position)
explain-retro-no-draws = every position is labelled: no draws
explain-retro-draws = never labelled, so drawn (each side can keep out of a lost position forever): { $draws }

## How a partizan game's options become its canonical form
explain-form-typed = The options as typed, each in canonical form:
explain-form-sum = A sum of { $count } terms: each side moves in one term and leaves the others, so the options of the sum are (each in canonical form):
explain-form-own = Its options (each in canonical form):
explain-form-positions = The values of the positions each side can move to (each in canonical form):
explain-form-canonical = No option is dominated or reversible: this is the canonical form.
explain-form-dominated = { $side ->
        [left] Left's option { $option } is dominated by { $by } ({ $option } ≤ { $by }): removed.
       *[right] Right's option { $option } is dominated by { $by } ({ $option } ≥ { $by }): removed.
    }
explain-form-reversible = { $side ->
        [left] Left's option { $option } is reversible: the reply { $through } is at most the game itself, so { $option } is replaced by Left's options from { $through }: { $replacements }.
       *[right] Right's option { $option } is reversible: the reply { $through } is at least the game itself, so { $option } is replaced by Right's options from { $through }: { $replacements }.
    }
explain-form-reversible-to-none = { $side ->
        [left] Left's option { $option } is reversible: the reply { $through } is at most the game itself, so { $option } is replaced by Left's options from { $through }: none.
       *[right] Right's option { $option } is reversible: the reply { $through } is at least the game itself, so { $option } is replaced by Right's options from { $through }: none.
    }
explain-form-number = The options {"{"} { $left } | { $right } {"}"} are numbers, each Left option below each Right one: the value is the simplest number between them, { $number }.
explain-form-result = Canonical form: { $form }
