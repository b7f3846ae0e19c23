# Moves as the play sessions print them; { $name } are the move's numbers.

move-take = take { $count } from heap { $heap }
move-take-both = take { $count } from both
move-subtract = subtract { $count }
move-off-step = take { $count } off step 1
move-down-step = move { $count } from step { $from } to step { $to }
move-split-none = heap { $heap } ({ $from }): remove { $removed }, leaving nothing
move-split-one = heap { $heap } ({ $from }): remove { $removed }, leaving a heap of { $a }
move-split-two = heap { $heap } ({ $from }): { $removed ->
        [0] remove nothing
       *[other] remove { $removed }
    }, leaving heaps of { $a } and { $b }
move-roll = roll
move-hold = hold
