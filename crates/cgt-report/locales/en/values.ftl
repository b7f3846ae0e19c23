# A position's or a move's value for the person playing, as the play sessions give it.

value-win = win
value-loss = loss
value-draw = draw
value-won = won (a terminal win)
value-lost = lost (no move)
value-win-in = win in { $plies } { $plies ->
        [one] ply
       *[other] plies
    }
value-loss-in = loss in { $plies } { $plies ->
        [one] ply
       *[other] plies
    }
