# What the play sessions say besides moves and values: how to type a move (per game), how a
# game ended, the hint, and the line on the position's theory. Ids are the ones the sessions
# of `cgt-play` give (`cgt_core::said::Said`).

# A list of moves or other words inside a message.
said-list-separator = {"; "}

syntax-bridgit = Type a slot number or a lattice point X,Y.
syntax-chess = Type a move in SAN (Qg7+) or as two squares (g6g7); the table answers perfectly.
syntax-connect4 = Type a column number.
syntax-cycle = Type a segment as X,Y r (right from the point) or X,Y u (up).
syntax-divisor = Type a divisor of N below N to subtract it.
syntax-hackenbush = Type the number of the edge to cut; edges cut off from the ground fall with it.
syntax-heaps = Type a heap and how many to remove ("2 1"); where the rest may split, add one part's size ("2 1 3").
syntax-mnk = Type a cell number, row by row.
syntax-nim = Type a heap and how many to take ("2 3" takes 3 from heap 2).
syntax-partizan = Type a move as the hint writes it, or its number in the list of legal moves.
syntax-pig = Type roll (r) or hold (h).
syntax-poker = Type check (k), bet (b), fold (f), call (c) or raise (r).
syntax-script = Type a move's number from the list, or the position to move to.
syntax-staircase = Type a step and how many coins to move down ("3 2" moves 2 coins from step 3 to step 2).
syntax-tokens = Type a token and the vertex to move it to ("1 b").
syntax-wythoff = Type 1, 2 or b (both) and how many to take ("b 2" takes 2 from both heaps).

over-you-cannot-move = You cannot move: the program wins.
over-you-cannot-move-misere = You cannot move: the program made the last move, so you win!
over-program-cannot-move = The program cannot move: you win!
over-program-cannot-move-misere = The program cannot move: you made the last move, so the program wins.
over-draw = A draw.
over-program-wins = The program wins.
over-you-win = You win!
over-capture-draw = Game over: the capture leaves too little material to mate: a draw.
over-capture = Game over: the capture leaves a smaller endgame, where the side to move has a { $verdict }.
over-checkmate-program = Checkmate: the program wins.
over-checkmate-you = Checkmate: you win!
over-stalemate = Stalemate: a draw.
over-cycle-closed = You closed a cycle: you win!
over-cycle-held = Every segment is taken and no cycle closed: the pairing held.
over-pig-you = You reach { $score }: you win!
over-pig-program = The program reaches { $score }: the program wins.
over-poker-you = You win { $amount } (the program held { $card }).
over-poker-program = The program wins { $amount } (it held { $card }).
over-poker-split = A split pot (the program held { $card }).

hint-winning = Winning moves: { $moves }
hint-best = Best moves ({ $value }): { $moves }
hint-best-draw = Best moves (a draw): { $moves }
hint-no-win = No winning move here: every move leaves the program a winning position.
hint-connect4 = Best columns (score { $score }): { $columns }
hint-connect4-weak = Best columns (the side to move { $outcome ->
        [win] wins
        [draw] draws
       *[loss] loses
    }): { $columns }
hint-connect4-inexact = No exact hint with { $empty } empty cells (the program plays by its move ordering until { $exact } are left, or from an opening book given with --book)
hint-mnk = Best cells ({ $outcome ->
        [win] a win
        [draw] a draw
       *[loss] a loss
    } with best play): { $cells }
hint-bridgit = The { $strategy } strategy would play { $slot } here
hint-bridgit-none = No move left
hint-cycle = No segment closes a cycle: the program answers each segment with the other one from the same point (right and up pair up), and every cycle uses both segments of its lowest-leftmost point
hint-cycle-example = No segment closes a cycle: the program answers each segment with the other one from the same point (right and up pair up), and every cycle uses both segments of its lowest-leftmost point. Any free segment, for example { $segment }, is as good as another
hint-pig-hold = Best: hold (you win with probability { $hold }; rolling, { $roll })
hint-pig-roll = Best: roll (you win with probability { $roll }; holding, { $hold })
hint-pig-start = Roll: a turn starts with a roll (you win with probability { $roll })
hint-poker = The equilibrium plays { $choices } here (the game is worth { $worth } a hand to you)
hint-poker-none = No decision to make.

describe-grundy = Grundy value *{ $value }
describe-value = value { $value }

# A list of alternatives (moves) and an enumeration (a position's heaps) inside a message.
said-series-separator = {", "}
said-and-separator = {" and "}

# A position's drawing where it has words (`Playable::position_said`).
position-heaps = { $parts }
position-heap = heap { $number }: { $size }
position-steps = { $parts }
position-step = step { $number }: { $size }
position-no-heaps = no heaps left
position-wythoff = heaps ({ $a }, { $b })
position-to-move = { $board }{ $side ->
        [left] Left
       *[right] Right
    } to move
board-heap = heap { $number }
board-step = step { $number }
board-counters = { $count } counters
board-heaps-title = heaps { $sizes }
board-steps-title = steps { $sizes }
