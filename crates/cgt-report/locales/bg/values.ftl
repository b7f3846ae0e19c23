# Стойността на позиция или ход за играча, както я дават игровите сесии.

value-win = печалба
value-loss = загуба
value-draw = реми
value-won = спечелено (крайна позиция)
value-lost = загубено (няма ход)
value-win-in = печалба за { $plies } { $plies ->
        [one] полуход
       *[other] полухода
    }
value-loss-in = загуба след { $plies } { $plies ->
        [one] полуход
       *[other] полухода
    }
