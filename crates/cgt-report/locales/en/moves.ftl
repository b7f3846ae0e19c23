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

# Moves as the reports write them (with what they leave).
move-take-leaving = take { $count } from heap { $heap }, leaving { $to }
move-take-both-heaps = take { $count } from both heaps
move-several = { $moves }
move-stair = move { $count } { $count ->
        [one] coin
       *[other] coins
    } from step { $from } to step { $to }
move-subtract-leaving = subtract { $count }, leaving { $to }
move-take-pile = take { $count } from pile { $pile }
move-wythoff = { $move }, leaving ({ $x }, { $y })
move-cut = cut edge { $edge } ({ $from } - { $to })
move-token = move token { $token } from { $from } to { $to }
move-in-component = in component { $component }: { $move }
move-to = move to { $position }

# Moves of the partizan rulesets that have words (the others are notation).
move-take-from-heap-of = take { $count } from the heap of { $from }, leaving { $to }
move-edge = edge { $edge }
