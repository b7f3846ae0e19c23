# 对弈会话打印的走法；{ $name } 是走法中的数。

move-take = 从第 { $heap } 堆取走 { $count } 个
move-take-both = 从两堆各取走 { $count } 个
move-subtract = 减去 { $count }
move-off-step = 从第 1 级台阶取下 { $count } 枚硬币
move-down-step = 把 { $count } 枚硬币从第 { $from } 级台阶移到第 { $to } 级
move-split-none = 第 { $heap } 堆（{ $from }）：取走 { $removed } 个，什么也不剩
move-split-one = 第 { $heap } 堆（{ $from }）：取走 { $removed } 个，剩下一堆 { $a } 个
move-split-two = 第 { $heap } 堆（{ $from }）：{ $removed ->
        [0] 不取
       *[other] 取走 { $removed } 个
    }，剩下 { $a } 个和 { $b } 个两堆
move-roll = 继续掷
move-hold = 停手

# 报告中写的走法（连同走后剩下的）。
move-take-leaving = 从第 { $heap } 堆取走 { $count } 个，剩 { $to } 个
move-take-both-heaps = 从两堆各取走 { $count } 个
move-several = { $moves }
move-stair = 把 { $count } 枚硬币从第 { $from } 级台阶移到第 { $to } 级
move-subtract-leaving = 减去 { $count }，剩 { $to }
move-take-pile = 从第 { $pile } 堆取走 { $count } 个
move-wythoff = { $move }，留下 ({ $x }, { $y })
move-cut = 砍断边 { $edge }（{ $from } - { $to }）
move-token = 把棋子 { $token } 从 { $from } 移到 { $to }
move-in-component = 在分量 { $component } 中：{ $move }
move-to = 走到 { $position }

# Moves of the partizan rulesets that have words (the others are notation).
move-take-from-heap-of = 从 { $from } 个的那一堆取走 { $count } 个，剩 { $to } 个
move-edge = 边 { $edge }
