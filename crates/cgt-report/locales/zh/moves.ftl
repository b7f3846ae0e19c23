# 对弈会话打印的走法；{ $name } 是走法中的数。

move-take = 从第 { $heap } 堆取走 { $count } 个
move-take-both = 从两堆各取走 { $count } 个
move-subtract = 减去 { $count }
move-off-step = 从第 1 级台阶取下 { $count } 枚硬币
move-down-step = 把 { $count } 枚硬币从第 { $from } 级台阶移到第 { $to } 级
