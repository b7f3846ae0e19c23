# Errors: one line each, as `cgt` prints them after "error: " and the playground shows them.
# A `$side`, `$name`, `$code` or `$record` argument comes quoted as the input was written.

# A search stopped by its budget; `$why` is one of the `error-exceeded-*` messages.
error-exceeded-positions = more than { $limit } positions, the limit of this search
error-exceeded-memory = needs { $used } of memory, more than the limit of { $limit }
error-exceeded-time = more than { $limit } s, the time limit of this search
error-exceeded-stopped = interrupted
error-search-stopped = search stopped: { $why }
error-search-stopped-time = search stopped: { $why }; set CGT_TIME_LIMIT (such as 10m, or none) to allow more
error-search-stopped-memory = search stopped: { $why }; set CGT_MEMORY_LIMIT (such as 4G) to allow more
error-request-stopped = stopped: { $why } (each request has a budget)

# The playground's start form and its play requests.
error-field-too-long = { $field } is { $length } characters long; at most { $most } are read
error-not-whole-number = { $field }: '{ $word }' is not a whole number
error-side-left-right = side must be left or right, not { $side }
error-record-too-long = the record is { $length } characters long; at most { $most } are read
error-record-format = the record { $record } is not move numbers like 0-1.2-3
error-no-game = no game { $name }; the games are { $games }
error-one-action = one action per request: play=N, move=TEXT or undo=true
error-game-over = the game is over: { $end }
error-no-language = lang: no language { $code }; the languages are en, ru, bg, zh
error-mnk-shape = shape is m,n,k: three numbers, as 3,3,3
error-shape-too-large = shape: { $number } is too large
error-bridgit-size = Bridg-it's size n is 2 to 6
error-pig-target = Pig's target n is 1 to 150
error-poker-side = side is first or second at poker, not { $side }

# Starting a play session.
error-divisor-n = n: the divisor game needs N >= 1
error-wythoff-position = position: play starts from a position, two heap sizes
error-play-loopy = loopy: play is on acyclic graphs (a token game with cycles may never end)
error-play-tokens = tokens: play starts from tokens on vertices; name at least one
error-play-heaps = heaps: play starts from a position; give the heaps
error-mnk-empty-cells = { $empty } empty cells: the program plays exactly only up to { $most }
error-too-many-counters = --play lists every move; positions of at most { $most } counters in all are played

# A partizan search past its memory budget.
error-partizan-memory = the search needs more than its memory limit of { $limit } (stopped at { $stored } stored positions and forms); set CGT_MEMORY_LIMIT (such as 4G) to allow more, or split the position
