# The playground's own words (`cgt serve`): the frame of every page, the front page and the
# titles of the games that are not partizan rulesets (those are in rulesets.ftl).

web-site = cgt playground
web-language = Language
web-nav-calculator = Calculator
web-nav-loopy = Loopy games
web-nav-dead-end = Dead ends
web-nav-sequence = Nim-sequences
web-nav-wythoff = Wythoff picture
web-nav-tree = Game trees
web-nav-hidden = Hidden information
web-footer = Every answer here is computed by the cgt libraries, the same as <code>cgt … --json</code>; <a href="/api/games">the JSON API</a>.

web-error-title = Not answered
web-index-heading = Play against the perfect player
web-index-intro = Each legal move is coloured by its value for you: <span class="win">green wins</span>, <span class="loss">red loses</span>, <span class="draw">grey draws</span>. Ask for a hint, take a move back, and open “Why?” for the derivation, as <code>cgt … --explain</code> prints it.
web-index-tools = Tools
web-tool-calculator = <a href="/calculator">Partizan calculator</a>: value, outcome, stops, temperature, thermograph.
web-tool-dead-end = <a href="/dead-end">Left dead ends</a>: misère play — canonical forms, the order of the dead-ending universe, divisors and factorisations into atoms.
web-tool-loopy = <a href="/loopy">Loopy games</a>: games whose positions repeat — outcome with draws, best moves, simplest forms of stoppers, sides.
web-tool-sequence = <a href="/sequence">Nim-sequences</a>: the plot, P-positions, rare values, the certified period.
web-tool-wythoff = <a href="/wythoff">The Wythoff Grundy picture</a>.
web-tool-tree = <a href="/tree">Game trees</a>: minimax value and alpha-beta's trace, step by step.
web-tool-hidden = <a href="/hidden">Hidden information</a>: matrix games and Kuhn poker, solved in mixed strategies.

web-game-nim = Nim
web-game-staircase = Staircase Nim
web-game-heaps = Heap games: octal, subtraction, Grundy's game
web-game-wythoff = Wythoff's game
web-game-hackenbush = Blue-Red-Green Hackenbush
web-game-connect4 = Connect-Four
web-game-mnk = m,n,k-games (tic-tac-toe and larger)
web-game-bridgit = Bridg-it
web-game-cycle = The cycle game on the grid
web-game-chess = Chess endgames against a table
web-game-divisor = The divisor game
web-game-pig = Pig, the dice game
web-game-poker = Kuhn poker and Leduc hold'em against an equilibrium

# The play page: its buttons and the lines its script writes ({ $name } is filled in there).
web-play-new-game = New game
web-play-building = Building the table…
web-play-your-move-label = Your move
web-play-play = Play
web-play-hint = Hint
web-play-undo = Take back
web-play-why = Why?
web-play-why-summary = Why: the derivation
web-play-you-play = You play
web-play-left = Left
web-play-right = Right
web-play-board = Board
web-play-heaps = Heaps
web-play-coins = Coins on steps 1, 2, …
web-play-rules = Rules
web-play-rules-help = an octal code (0.07), a subtraction set ({"{"}1,3,4{"}"}) or a name (kayles, grundy)
web-play-misere = misère
web-play-number = Number
web-play-picture = Picture (one edge “u v colour” per line; the ground is “ground”)
web-play-blue = blue
web-play-red = red
web-play-blue-vertical = blue, vertical
web-play-red-horizontal = red, horizontal
web-play-moves-so-far = Moves so far
web-play-columns-example = e.g. 4453
web-play-cells-example = cells from 1
web-play-size = Size
web-play-size-help = 2 to 6 dots a side
web-play-slots-example = slots or X,Y
web-play-bridgit-help = You join your blue dots left to right; the program, playing Gross's pairing, blocks from top to bottom.
web-play-window = Window
web-play-points = points
web-play-segments-so-far = Segments so far
web-play-segments-example = e.g. 1,1r 2,1u
web-play-cycle-help = You draw segments and try to close a cycle; the program blocks by pairing the segment right from a point with the one up from it.
web-play-target = Target
web-play-target-help = 1 to 150 points
web-play-die-seed = Die seed
web-play-die-seed-help = the same seed and moves replay the same game
web-play-pig-help = Roll as often as you like: a 1 loses the turn's points, holding banks them. The program plays the decisions that maximise its chance to win.
web-play-game = Game
web-play-kuhn = Kuhn poker
web-play-leduc = Leduc hold'em
web-play-seat = Seat
web-play-seat-first = first
web-play-seat-second = second (the program opens)
web-play-deck-seed = Deck seed
web-play-deck-seed-help = the same seed and moves replay the same hand
web-play-poker-help = One hand against an exact equilibrium, which draws its actions with the equilibrium's probabilities: it cannot be beaten in the long run, but any hand can be won. The hint shows the equilibrium's play at your cards.
web-play-table = Table
web-play-fen-help = the table's start position
web-js-played = You played { $played }; the program answered { $answer }. Your move.
web-js-taken-back = Taken back. Your move.
web-js-your-move = Your move.
web-js-your-move-side = Your move (you play { $side }).
web-js-value = This position is a { $value } for you.
web-js-no-derivation = No derivation for this game.
