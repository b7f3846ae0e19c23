# The reports of one position (cgt nim, wythoff, graph, …) as the command line prints them and
# the playground's "why?" panel shows them.

report-title-none = position
report-heading = { $title }: { $outcome }{ $note }
report-outcome-p = P-position: the player to move loses
report-outcome-n = N-position: the player to move wins
report-outcome-draw = draw: neither player can force a win
report-grundy-value = Grundy value *{ $value }{ $note }
report-loopy-value = Loopy value { $value }
report-no-winning-move = No winning move: every move leads to an N-position.
report-draw-moves = Moves that keep the draw:
report-winning-move = Winning move: { $move }
report-winning-moves = Winning moves ({ $count }):

## What the position is

report-title-nim = Nim position { $heaps }
report-title-misere-nim = misère Nim position { $heaps }
report-title-staircase = Staircase Nim, coins on steps 1..{ $steps }: { $coins }
report-title-moore = Moore's Nim_{ $k } position { $heaps }
report-title-divisor = Divisor game at N = { $n }
report-title-stones = Game of Stones (one-use sizes) with piles { $piles }
report-title-wythoff = Wythoff position ({ $a }, { $b })
report-title-hackenbush = Green Hackenbush picture with { $edges } edges
report-title-tokens = Tokens on { $tokens }
report-title-tokens-misere = Tokens on { $tokens } under misère play (the player who moves last loses)
report-title-sum = Sum of { $count } components
report-title-script = { $game } from { $start }
report-title-script-misere = { $game } from { $start }, misère play (the player who moves last loses)
report-title-heaps = { $game } with heaps ({ $heaps })
report-title-heaps-misere = misère { $game } with heaps ({ $heaps }) (the player who moves last loses)

## Said after the outcome or the value (each begins with its own space or colon)

report-note-parity = {" "}(N is { $odd ->
        [1] odd
       *[0] even
    })
report-note-nim-sum = {" "}(the nim-sum of the heaps)
report-note-odd-steps = {" "}(the nim-sum of the odd steps)
report-note-moore = {" "}by search (the XOR of the heaps is { $xor }; they differ in general for k ≥ 2)
report-note-stones = : pile values { $values } (largest k with k(k+1)/2 <= pile)
report-note-tokens = {" "}(the nim-sum of the token vertices' values)
report-note-mex = {" "}(the mex of the options' values)
report-note-heap-values = {" "}(XOR of the heaps' values { $values })

## More lines

report-note-stones-search = Winning moves are found by search, for piles up to { $pile }.
report-search-agrees = Search of the game tree agrees: { $outcome }
report-sum-component = component { $component }: { $game } has value { $value }
report-quotient-element = Element { $element } of the misère quotient of heaps 0 … { $upto }: order { $order }, { $presentation }, P-portion {"{"}{ $portion }{"}"}

## Heap games

heap-game-octal = octal game { $code }{ $name ->
        [kayles] {" "}(Kayles)
        [dawsons-kayles] {" "}(Dawson's Kayles)
        [dawsons-chess] {" "}(Dawson's chess)
        [officers] {" "}(Officers)
       *[none] {""}
    }
heap-game-subtraction = subtraction game S = { $set }
heap-game-grundy = Grundy's game

## Game trees

report-tree-value = value { $value }
report-tree-none = none
report-tree-thresholds = two-outcome games 'payoff ≥ c wins for max' (11.2.6):
    {"  "}max forces a win for c = { $max }
    {"  "}min forces a win for c = { $min }
    {"  "}the value { $value } is the largest c max forces
report-tree-reduced = reduced to [{ $a }, { $b }]: { $reduced } (alpha-beta, fail-hard); fail-soft result { $soft }
report-tree-reads = leaves: { $leaves } in the tree; read by full traversal { $full }, by alpha-beta { $alpha-beta }, by fail-soft { $soft }
report-andor-tree = AND-OR tree of height { $height } ({ $leaves } leaves): value { $value }
    leaves read: left to right { $fixed }, best order { $fewest } (at least 2^n = { $bound }), expected under random order { $expected } = { $expected-float }
report-andor-no-tree = AND-OR trees of height { $height } (4^{ $n } leaves): no tree enumerated, the worst case from its recurrence
report-andor-worst = worst expected for height { $height }: { $worst } = { $worst-float }; 3^n = { $three }; ((1+√33)/4)^(2n) = { $sharper } (ratio { $ratio })

## Endgame tables

report-probe-verdict = { $side ->
        [white] White
       *[black] Black
    } to move: { $verdict }
report-probe-best = Best move: { $move }
report-probe-line = Line: { $line }

report-retro-heading = vertex	result	best move

## Pig

report-pig-state = Pig to { $target }: scores { $mover } (to move) and { $other }, { $turn } rolled this turn
report-pig-exact = the mover wins with probability { $exact } ≈ { $probability } (exact; value iteration agrees: { $probability })
report-pig-iterated = the mover wins with probability ≈ { $probability } (value iteration to 1e-12)
report-pig-best = best: { $decision }
report-pig-keep-rolling = with these scores, keep rolling at every turn total
report-pig-hold-at = with these scores, hold at turn totals { $totals }

## Partizan reports: game, the rulesets, Hackenbush pictures, scripts
report-partizan-title = { $game }: { $position }
report-partizan-game = game { $expression }
report-hackenbush-title = Blue-Red-Green Hackenbush picture with { $edges } edges (Left cuts blue, Right red)
report-script-partizan-title = { $name } from { $start } (Left: fn left, Right: fn right)
report-partizan-value = value: { $value }
report-partizan-outcome = outcome: { $outcome }
report-partizan-class = { $class ->
        [L] L: Left wins, whoever starts
        [R] R: Right wins, whoever starts
        [P] P: the second player wins
       *[N] N: the first player wins
    }
report-partizan-stops = stops: left { $left }, right { $right }; mean { $mean }; temperature { $temperature }; birthday { $birthday }
report-partizan-compare = compare: { $value } { $relation } { $other } (the difference is an { $class }-position)
report-derived-cool = cooled by { $argument }
report-derived-heat = heated by { $argument }
report-derived-norton = Norton product G.{ $argument }
report-derived-atomic-weight = atomic weight
report-derived-reduced = reduced canonical form
report-derived-orthodox = orthodox options at { $argument }
report-derived-ordinal = ordinal sum G : { $argument }
report-partizan-no-winning-move = { $side ->
        [left] Left
       *[right] Right
    } moving first: no winning move
report-partizan-wins-with = { $side ->
        [left] Left
       *[right] Right
    } moving first wins with:
report-partizan-misere = misère play (who cannot move wins): { $outcome }
report-partizan-misere-wins-with = { $side ->
        [left] Left
       *[right] Right
    } moving first wins misère play with:
report-partizan-misere-no-move-wins = { $side ->
        [left] Left
       *[right] Right
    } moving first has no move, and so wins misère play
report-partizan-misere-no-winning-move = { $side ->
        [left] Left
       *[right] Right
    } moving first: no winning move in misère play
report-move-as-written = { $move }
report-move-leaves = { $move } (leaves { $value })
report-move-cut-coloured = cut { $colour } edge { $edge } ({ $from } - { $to })
report-move-colour-vertex = colour { $vertex } { $colour }: { $position }

# `cgt loopy`: a loopy partizan game.
report-loopy-title = loopy game { $game }
report-loopy-size = { $positions } { $positions ->
        [one] position
       *[other] positions
    }, { $moves } { $moves ->
        [one] move
       *[other] moves
    }; { $kind }
report-loopy-short = play always ends (a short game)
report-loopy-stopper = a stopper: no infinite alternating play
report-loopy-not-stopper = not a stopper: play can alternate for ever
report-loopy-form = form: { $form }
report-loopy-game-value = value: { $value }
report-loopy-game-value-named = value: { $value } = { $name }
report-loopy-sides = sides: { $on } & { $off } (onside & offside)
report-loopy-backsliding = Backsliding Toads and Frogs { $row }
report-loopy-outcome-draw = D (a draw whoever starts)
report-loopy-outcome-mixed = Left moving first: { $left ->
        [left] Left wins
        [right] Right wins
       *[draw] draw
    }; Right moving first: { $right ->
        [left] Left wins
        [right] Right wins
       *[draw] draw
    }
report-loopy-sides-note = sides: not found: { $note }
report-loopy-outcome = outcome: { $outcome }
report-loopy-cannot-move = { $side ->
        [left] Left
       *[right] Right
    } moving first: { $side ->
        [left] Left
       *[right] Right
    } cannot move and loses
report-loopy-first = { $side ->
        [left] Left
       *[right] Right
    } moving first: { $how } ({ $moves })
report-loopy-draw = draw
report-loopy-wins-in = { $winner ->
        [left] Left
       *[right] Right
    } wins in { $moves } { $moves ->
        [one] move
       *[other] moves
    }
report-loopy-wins = { $winner ->
        [left] left
       *[right] right
    } wins
report-loopy-no-move = no move
report-loopy-best = best: to { $moves }
report-loopy-best-separator = {"; to "}
report-loopy-compared = compared with { $other }: { $game } { $relation } { $form }

# `cgt dead-end`: a Left dead end under misère play.
report-dead-end-title = Left dead end { $game }
report-dead-end-form = canonical form: { $form }
report-dead-end-form-length = {" "}({ $length } characters in all)
report-dead-end-chain = {" "}(Right's chain of { $moves } { $moves ->
        [one] move
       *[other] moves
    })
report-dead-end-birthday = birthday { $birthday }, race { $race } (Right can run out of moves in { $race } { $race ->
        [one] move
       *[other] moves
    })
report-dead-end-outcome-n = misère outcome alone: N (nobody can move: the player to move wins)
report-dead-end-outcome-l = misère outcome alone: L (Left cannot move and wins moving first; Right moving first leaves Left stuck)
report-dead-end-zero = 0 is the identity of the sum: no atoms
report-dead-end-atom = an atom: not a sum of two dead ends other than 0
report-dead-end-divisors = divisors ({ $count }):{" "}
report-dead-end-more = , … ({ $count } in all)
report-dead-end-factorisations = factorisations into atoms: { $count }
report-dead-end-factorisations-unique = factorisations into atoms: { $count } (unique)
report-dead-end-compared = { $game } is { $relation ->
        [equal] equal to
        [greater] greater than (better for Left in every dead-ending sum)
        [less] less than (better for Right in every dead-ending sum)
       *[incomparable] incomparable with
    } { $other }

# `cgt octal … --quotient`: a heap game's misère quotient.
report-quotient-title = { $game }: misère quotient of the sums of heaps 0 … { $upto } (the player who moves last loses)
report-quotient-order = order { $order }
report-quotient-same = {" "}(the same quotient for every bound from heap { $from } to { $upto })
report-quotient-stable = the quotient of every heap size: the pretending function repeats with period { $period } from heap { $preperiod }, which heaps up to { $needed } prove (Guy–Smith's argument)
report-quotient-not-provable = not proven final: the periodicity proof does not apply to this game
report-quotient-not-confirmed = not proven final: no period of the pretending function is confirmed far enough (a larger --upto may prove it)
report-quotient-presentation = presentation { $presentation }
report-quotient-generator = { $name } = heap { $heap }
report-quotient-p-portion = P-portion {"{"}{ $elements }{"}"} (sums whose element is here are misère P-positions)
report-quotient-pretending = pretending function (the element of a single heap)
report-quotient-orders = orders of the quotients of heaps 0 … k, k = 0 … { $upto }: { $orders }
report-quotient-table = multiplication table
report-quotient-built = { $extended } of { $upto } heap bounds built from the smaller quotient, { $searched } sums of heaps searched for the others; every quotient proven by three checks (heaps commute, no P-to-P move, every N-sum has a move to P)
