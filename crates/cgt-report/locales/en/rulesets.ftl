# The partizan rulesets as people read them: each ruleset's title (the message), then its
# rules in one line, how a position is written, what the position is called and a line on it,
# and an example position to start a page from. Keyed by the ruleset's name
# (`cgt_partizan::ruleset::Ruleset::NAME`); `cgt-report`'s tests check that every registered
# ruleset has every attribute here and that nothing here names an unknown ruleset.

ruleset-amazons = Amazons
    .rules = Amazons: each amazon (x Left's, o Right's) moves like a queen, then shoots an arrow like one.
    .notation = The arrow burns the square it lands on (#) for the rest of the game. The board is rows of ., x, o and # separated by `/`, at most 64 squares. Examples: `cgt amazons "x.../...o"`, `cgt amazons "x..#/.#.o/...."`.
    .position = board
    .position-help = The board.
    .example = x..#/...o/.#..

ruleset-clobber = Clobber
    .rules = Clobber: Left's stones (x) and Right's (o) capture orthogonally adjacent enemy stones.
    .notation = The board is rows of x, o and . separated by `/`, at most 64 squares. Examples: `cgt clobber xoxoxo`, `cgt clobber "xo/ox/xo"`.
    .position = board
    .position-help = The board.
    .example = xoxo/oxox

ruleset-col = Col
    .rules = Col: Left colours an empty square blue (x), Right red (o), never next to their own colour.
    .notation = The board is rows of `.` (empty), `x`, `o` (coloured) and `#` (no square) separated by `/`, at most 64 squares; `l` or `r` is an empty square only Left or only Right may colour. Examples: `cgt col .....`, `cgt col "..../x..o"`.
    .position = board
    .position-help = The board, or with --graph the graph.
    .example = ..../..../....

ruleset-snort = Snort
    .rules = Snort: Left colours an empty square blue (x), Right red (o), never next to the other colour.
    .notation = Boards as for `cgt col`. Examples: `cgt snort .....`, `cgt snort "..../x..o"`.
    .position = board
    .position-help = The board, or with --graph the graph.
    .example = ..../..../....

ruleset-cram = Cram
    .rules = Cram: either player places a domino across or down; the impartial Domineering, every value a nimber.
    .notation = The board is `RxC` (an empty rectangle) or rows of `.` (empty) and `#` (blocked) separated by `/`, at most 64 squares. Examples: `cgt cram 3x3`, `cgt cram "..#/.../..."`.
    .position = board
    .position-help = The board.
    .example = 3x4

ruleset-cutcake = Cutcake
    .rules = Cutcake: Left cuts a piece of cake along a vertical line, Right along a horizontal one.
    .notation = Pieces are `WxH` (width × height), several separated by commas. Examples: `cgt cutcake 8x3`, `cgt cutcake 4x3,2x2`.
    .position = pieces
    .position-help = The pieces.
    .example = 4x3,2x2

ruleset-domineering = Domineering
    .rules = Domineering: Left places vertical dominoes, Right horizontal; value and winning moves.
    .notation = The board is `RxC` (an empty rectangle) or rows of `.` (empty) and `#` (blocked) separated by `/`, at most 64 squares. Examples: `cgt domineering 4x4`, `cgt domineering "..#/.../..."`.
    .position = board
    .position-help = The board.
    .example = 4x4

ruleset-fission = Fission
    .rules = Fission: Left splits a stone (x) into the two squares above and below it, Right sideways.
    .notation = Both squares must be empty; walls are #. The board is rows of ., x and # separated by `/`, at most 64 squares. Examples: `cgt fission "..../.x../..x./...."`.
    .position = board
    .position-help = The board.
    .example = ..../.x../..x./....

ruleset-konane = Konane
    .rules = Konane: a stone (x Left's, o Right's) jumps an adjacent enemy stone, capturing it.
    .notation = It lands on the empty square beyond and may jump again in the same direction; each stop is a move. The board is rows of x, o and . separated by `/`, at most 64 squares. Examples: `cgt konane "xo.o."`, `cgt konane "xox/o.o/xox"`.
    .position = board
    .position-help = The board.
    .example = xox./o.ox/xo.o/.xox

ruleset-ski-jumps = Ski Jumps
    .rules = Ski Jumps: Left's skiers (L) slide right, Right's (R) left; jumpers jump downhill.
    .notation = A skier slides any number of empty squares along its row, off the board too; a jumper (upper case) may jump over a skier of the other side just below it, which becomes a slipper (lower case). Rows of ., L, l, R, r separated by `/`, the top row uphill. Examples: `cgt ski-jumps "L..../....R/....."`, `cgt ski-jumps "L.R/..L"`.
    .position = slope
    .position-help = The slope.
    .example = L..../..R../....L/R....

ruleset-partizan-subtraction = Partizan subtraction
    .rules = Partizan subtraction: Left takes from a heap a number of counters in her set, Right a number in his.
    .notation = The position is `L|R: HEAPS`: each player's set as numbers from 1 to 64 separated by commas, then the heap sizes (at most 1000000 each) separated by spaces. Examples: `cgt partizan-subtraction "1,2|1,3: 7"`, `cgt partizan-subtraction "2|1: 5 4"`.
    .position = position
    .position-help = The sets and the heaps.
    .example = 1,2|1,3: 7 4

ruleset-toads-frogs = Toads and Frogs
    .rules = Toads and Frogs: Left's toads (T) move or jump right, Right's frogs (F) left.
    .notation = Example: `cgt toads-frogs "TT..F.F"`.
    .position = row
    .position-help = The row: T, F and . (empty).
    .example = TTT..FFF

ruleset-toppling-dominoes = Toppling Dominoes
    .rules = Toppling Dominoes: Left topples a blue (L) or green (G) domino, Right a red (R) or green one.
    .notation = A domino falls to the left or to the right and knocks over every domino on that side in its row. Rows of L, R and G, up to 64 each, several separated by spaces for a sum. Examples: `cgt toppling-dominoes LRGL`, `cgt toppling-dominoes "LLR GRG"`.
    .position = rows
    .position-help = The rows.
    .example = LRGLRR GLRG
