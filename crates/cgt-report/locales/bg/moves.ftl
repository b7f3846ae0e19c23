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
