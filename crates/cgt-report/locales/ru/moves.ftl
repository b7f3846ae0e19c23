# Ходы, как их печатают игровые сессии; { $name } — числа хода.

move-take = взять { $count } из кучки { $heap }
move-take-both = взять { $count } из обеих кучек
move-subtract = вычесть { $count }
move-off-step = снять { $count } { $count ->
        [one] монету
        [few] монеты
       *[many] монет
    } со ступеньки 1
move-down-step = переложить { $count } { $count ->
        [one] монету
        [few] монеты
       *[many] монет
    } со ступеньки { $from } на ступеньку { $to }
move-split-none = кучка { $heap } ({ $from }): убрать { $removed }, ничего не оставив
move-split-one = кучка { $heap } ({ $from }): убрать { $removed }, оставив кучку из { $a }
move-split-two = кучка { $heap } ({ $from }): { $removed ->
        [0] ничего не убирать
       *[other] убрать { $removed }
    }, оставив кучки из { $a } и { $b }
move-roll = бросать
move-hold = остановиться

# Ходы, как их пишут отчёты (с тем, что остаётся).
move-take-leaving = взять { $count } из кучки { $heap }, оставив { $to }
move-take-both-heaps = взять по { $count } из обеих кучек
move-several = { $moves }
move-stair = переложить { $count } { $count ->
        [one] монету
        [few] монеты
       *[many] монет
    } со ступеньки { $from } на ступеньку { $to }
move-subtract-leaving = вычесть { $count }, оставив { $to }
move-take-pile = взять { $count } из кучки { $pile }
move-wythoff = { $move }, оставив ({ $x }, { $y })
move-cut = срезать ребро { $edge } ({ $from } - { $to })
move-token = передвинуть фишку { $token } из { $from } в { $to }
move-in-component = в компоненте { $component }: { $move }
move-to = ход в { $position }

# Moves of the partizan rulesets that have words (the others are notation).
move-take-from-heap-of = взять { $count } из кучки размера { $from }, оставив { $to }
move-edge = ребро { $edge }
