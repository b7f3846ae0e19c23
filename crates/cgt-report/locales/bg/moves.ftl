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
