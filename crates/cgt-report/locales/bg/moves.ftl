# Ходовете, както ги отпечатват игровите сесии; { $name } са числата на хода.

move-take = вземи { $count } от купчинка { $heap }
move-take-both = вземи { $count } от двете купчинки
move-subtract = извади { $count }
move-off-step = свали { $count } { $count ->
        [one] монета
       *[other] монети
    } от стъпало 1
move-down-step = премести { $count } { $count ->
        [one] монета
       *[other] монети
    } от стъпало { $from } на стъпало { $to }
move-split-none = купчинка { $heap } ({ $from }): махни { $removed }, без да остане нищо
move-split-one = купчинка { $heap } ({ $from }): махни { $removed }, остава купчинка от { $a }
move-split-two = купчинка { $heap } ({ $from }): { $removed ->
        [0] не махай нищо
       *[other] махни { $removed }
    }, остават купчинки от { $a } и { $b }
move-roll = хвърли
move-hold = спри

# Ходовете, както ги пишат отчетите (с това, което остава).
move-take-leaving = вземи { $count } от купчинка { $heap }, остава { $to }
move-take-both-heaps = вземи по { $count } от двете купчинки
move-several = { $moves }
move-stair = премести { $count } { $count ->
        [one] монета
       *[other] монети
    } от стъпало { $from } на стъпало { $to }
move-subtract-leaving = извади { $count }, остава { $to }
move-take-pile = вземи { $count } от купчинка { $pile }
move-wythoff = { $move }, остава ({ $x }, { $y })
move-cut = отрежи ребро { $edge } ({ $from } - { $to })
move-token = премести пул { $token } от { $from } в { $to }
move-in-component = в компонента { $component }: { $move }
move-to = ход към { $position }

# Moves of the partizan rulesets that have words (the others are notation).
move-take-from-heap-of = вземи { $count } от купчинката с { $from }, остават { $to }
move-edge = ребро { $edge }
