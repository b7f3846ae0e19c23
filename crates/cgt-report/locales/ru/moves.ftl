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
