# 党派规则集的中文文本：名称（消息本身）、一行规则、局面的写法、局面的称呼及其说明、
# 以及一个示例局面。键为规则集的名字（Ruleset::NAME）。

ruleset-amazons = 亚马逊棋
    .rules = 亚马逊棋：每个亚马逊（x 属于左方，o 属于右方）像后一样移动，然后像后一样射出一支箭。
    .notation = 箭落下的格子被烧掉（#），直到游戏结束。棋盘是由 `/` 分隔的若干行，由 .、x、o 和 # 组成，最多 64 格。例如：`cgt amazons "x.../...o"`、`cgt amazons "x..#/.#.o/...."`。
    .position = 棋盘
    .position-help = 棋盘。
    .example = x..#/...o/.#..

ruleset-clobber = Clobber 吃子棋
    .rules = Clobber 吃子棋：左方的棋子（x）和右方的棋子（o）吃掉上下左右相邻的对方棋子。
    .notation = 棋盘是由 `/` 分隔的若干行，由 x、o 和 . 组成，最多 64 格。例如：`cgt clobber xoxoxo`、`cgt clobber "xo/ox/xo"`。
    .position = 棋盘
    .position-help = 棋盘。
    .example = xoxo/oxox

ruleset-col = Col 染色游戏
    .rules = Col 染色游戏：左方把一个空格染成蓝色（x），右方染成红色（o），都不能与自己的颜色相邻。
    .notation = 棋盘是由 `/` 分隔的若干行，由 `.`（空）、`x`、`o`（已染色）和 `#`（无格）组成，最多 64 格；`l` 或 `r` 表示只有左方或只有右方可以染色的空格。例如：`cgt col .....`、`cgt col "..../x..o"`。
    .position = 棋盘
    .position-help = 棋盘；加 --graph 时为图。
    .example = ..../..../....

ruleset-snort = Snort 染色游戏
    .rules = Snort 染色游戏：左方把一个空格染成蓝色（x），右方染成红色（o），都不能与对方的颜色相邻。
    .notation = 棋盘的写法与 `cgt col` 相同。例如：`cgt snort .....`、`cgt snort "..../x..o"`。
    .position = 棋盘
    .position-help = 棋盘；加 --graph 时为图。
    .example = ..../..../....

ruleset-cram = Cram 骨牌游戏
    .rules = Cram 骨牌游戏：双方都可以横放或竖放一张骨牌；这是公平版的 Domineering，每个值都是一个 nim 数。
    .notation = 棋盘写作 `RxC`（空矩形），或由 `/` 分隔的若干行，由 `.`（空）和 `#`（被占）组成，最多 64 格。例如：`cgt cram 3x3`、`cgt cram "..#/.../..."`。
    .position = 棋盘
    .position-help = 棋盘。
    .example = 3x4

ruleset-cutcake = 切蛋糕
    .rules = 切蛋糕：左方沿竖线切开一块蛋糕，右方沿横线切。
    .notation = 每块写作 `WxH`（宽 × 高），多块用逗号分隔。例如：`cgt cutcake 8x3`、`cgt cutcake 4x3,2x2`。
    .position = 蛋糕块
    .position-help = 各块蛋糕。
    .example = 4x3,2x2

ruleset-domineering = Domineering 骨牌占领
    .rules = Domineering 骨牌占领：左方竖放骨牌，右方横放；求值与必胜走法。
    .notation = 棋盘写作 `RxC`（空矩形），或由 `/` 分隔的若干行，由 `.`（空）和 `#`（被占）组成，最多 64 格。例如：`cgt domineering 4x4`、`cgt domineering "..#/.../..."`。
    .position = 棋盘
    .position-help = 棋盘。
    .example = 4x4

ruleset-fission = 裂变
    .rules = 裂变：左方把一枚棋子（x）分裂到它上下两格，右方分裂到左右两格。
    .notation = 两格都必须为空；墙是 #。棋盘是由 `/` 分隔的若干行，由 .、x 和 # 组成，最多 64 格。例如：`cgt fission "..../.x../..x./...."`。
    .position = 棋盘
    .position-help = 棋盘。
    .example = ..../.x../..x./....

ruleset-konane = Konane 跳吃棋
    .rules = Konane 跳吃棋：一枚棋子（x 属于左方，o 属于右方）跳过相邻的对方棋子并吃掉它。
    .notation = 它落在后面的空格上，可以沿同一方向继续跳；每次停下都是一步。棋盘是由 `/` 分隔的若干行，由 x、o 和 . 组成，最多 64 格。例如：`cgt konane "xo.o."`、`cgt konane "xox/o.o/xox"`。
    .position = 棋盘
    .position-help = 棋盘。
    .example = xox./o.ox/xo.o/.xox

ruleset-ski-jumps = 滑雪跳跃
    .rules = 滑雪跳跃：左方的滑雪者（L）向右滑，右方的（R）向左滑；跳跃者向下坡跳。
    .notation = 滑雪者沿本行滑过任意多个空格，也可以滑出棋盘；跳跃者（大写字母）可以跳过正下方对方的滑雪者，被跳过的变成滑行者（小写字母）。由 `/` 分隔的若干行，由 .、L、l、R、r 组成，第一行在坡顶。例如：`cgt ski-jumps "L..../....R/....."`、`cgt ski-jumps "L.R/..L"`。
    .position = 雪坡
    .position-help = 雪坡。
    .example = L..../..R../....L/R....

ruleset-partizan-subtraction = 党派减法游戏
    .rules = 党派减法游戏：左方从一堆中取走属于她的集合的数目的筹码，右方取属于他的集合的数目。
    .notation = 局面写作 `L|R: 堆`：每位玩家的集合是 1 到 64 之间用逗号分隔的数，然后是用空格分隔的各堆大小（每堆最多 1000000）。例如：`cgt partizan-subtraction "1,2|1,3: 7"`、`cgt partizan-subtraction "2|1: 5 4"`。
    .position = 局面
    .position-help = 集合与各堆。
    .example = 1,2|1,3: 7 4

ruleset-toads-frogs = 蟾蜍与青蛙
    .rules = 蟾蜍与青蛙：左方的蟾蜍（T）向右移动或跳跃，右方的青蛙（F）向左。
    .notation = 例如：`cgt toads-frogs "TT..F.F"`。
    .position = 行
    .position-help = 一行：T、F 和 .（空）。
    .example = TTT..FFF

ruleset-toppling-dominoes = 推倒多米诺
    .rules = 推倒多米诺：左方推倒一张蓝色（L）或绿色（G）骨牌，右方推倒红色（R）或绿色骨牌。
    .notation = 骨牌向左或向右倒下，并把本行中那一侧的所有骨牌都推倒。由 L、R 和 G 组成的行，每行最多 64 张，多行用空格分隔表示和。例如：`cgt toppling-dominoes LRGL`、`cgt toppling-dominoes "LLR GRG"`。
    .position = 行
    .position-help = 各行。
    .example = LRGLRR GLRG
