# Moves as the play sessions print them; { $name } are the move's numbers.

move-take = take { $count } from heap { $heap }
move-take-both = take { $count } from both
move-subtract = subtract { $count }
move-off-step = take { $count } off step 1
move-down-step = move { $count } from step { $from } to step { $to }
