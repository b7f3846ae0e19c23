# 对局会话除着法和值以外所说的话：每个游戏的着法输入方式、对局如何结束、提示，以及关于局面理论的一行说明。

said-list-separator = {"；"}

syntax-bridgit = 输入线段编号或格点 X,Y。
syntax-chess = 用 SAN（Qg7+）或两个格子（g6g7）输入着法；表会完美应对。
syntax-connect4 = 输入列号。
syntax-cycle = 把线段输入为 X,Y r（从该点向右）或 X,Y u（向上）。
syntax-divisor = 输入 N 的一个小于 N 的约数，减去它。
syntax-hackenbush = 输入要砍掉的边的编号；与地面断开的边随之掉落。
syntax-heaps = 输入堆号和取走的数量（"2 1"）；若剩下的部分可以分开，再加上其中一部分的大小（"2 1 3"）。
syntax-mnk = 输入格子编号，按行计数。
syntax-nim = 输入堆号和要取的数量（"2 3" 表示从第 2 堆取 3 颗）。
syntax-partizan = 按提示中的写法输入着法，或输入它在合法着法列表中的编号。
syntax-pig = 输入 roll (r) 继续掷，或 hold (h) 停手。
syntax-poker = 输入 check (k)、bet (b)、fold (f)、call (c) 或 raise (r)。
syntax-script = 输入列表中着法的编号，或要走到的局面。
syntax-staircase = 输入台阶和要往下移的硬币数（"3 2" 表示把 2 枚硬币从第 3 级移到第 2 级）。
syntax-tokens = 输入棋子和要移到的顶点（"1 b"）。
syntax-wythoff = 输入 1、2 或 b（两堆）以及要取的数量（"b 2" 表示从两堆各取 2 颗）。

over-you-cannot-move = 你无路可走：程序获胜。
over-you-cannot-move-misere = 你无路可走：最后一步是程序走的，所以你赢了！
over-program-cannot-move = 程序无路可走：你赢了！
over-program-cannot-move-misere = 程序无路可走：最后一步是你走的，所以程序获胜。
over-draw = 平局。
over-program-wins = 程序获胜。
over-you-win = 你赢了！
over-capture-draw = 对局结束：吃子后剩下的子力不足以将死——和棋。
over-capture = 对局结束：吃子后进入更小的残局，轮到走的一方的结果是{ $verdict }。
over-checkmate-program = 将死：程序获胜。
over-checkmate-you = 将死：你赢了！
over-stalemate = 逼和：和棋。
over-cycle-closed = 你围成了一个环：你赢了！
over-cycle-held = 所有线段都已占据，没有围成环：配对策略守住了。
over-pig-you = 你达到了 { $score } 分：你赢了！
over-pig-program = 程序达到了 { $score } 分：程序获胜。
over-poker-you = 你赢了 { $amount }（程序手里是 { $card }）。
over-poker-program = 程序赢了 { $amount }（它手里是 { $card }）。
over-poker-split = 平分底池（程序手里是 { $card }）。

hint-winning = 必胜着法：{ $moves }
hint-best = 最佳着法（{ $value }）：{ $moves }
hint-best-draw = 最佳着法（和棋）：{ $moves }
hint-no-win = 这里没有必胜着法：每一步都会给程序留下必胜局面。
hint-connect4 = 最佳列（分数 { $score }）：{ $columns }
hint-connect4-weak = 最佳列（轮到走的一方{ $outcome ->
        [win] 获胜
        [draw] 和棋
       *[loss] 失败
    }）：{ $columns }
hint-connect4-inexact = 还有 { $empty } 个空格时没有精确提示（程序按自己的着法排序下棋，直到只剩 { $exact } 个空格，或使用 --book 给出的开局库）
hint-mnk = 最佳格子（双方最优时{ $outcome ->
        [win] 获胜
        [draw] 和棋
       *[loss] 失败
    }）：{ $cells }
hint-bridgit = { $strategy } 策略在这里会走 { $slot }
hint-bridgit-none = 没有可走的了
hint-cycle = 没有任何线段能围成环：程序对每条线段都用同一点出发的另一条线段应对（向右和向上配成一对），而每个环都要用到它最低最左的点上的两条线段
hint-cycle-example = 没有任何线段能围成环：程序对每条线段都用同一点出发的另一条线段应对（向右和向上配成一对），而每个环都要用到它最低最左的点上的两条线段。任何一条空闲线段，例如 { $segment }，都一样好
hint-pig-hold = 最佳：停手（你获胜的概率为 { $hold }；继续掷则为 { $roll }）
hint-pig-roll = 最佳：继续掷（你获胜的概率为 { $roll }；停手则为 { $hold }）
hint-pig-start = 掷骰：每轮从掷骰开始（你获胜的概率为 { $roll }）
hint-poker = 均衡策略在这里的打法是 { $choices }（这个游戏每手牌对你值 { $worth }）
hint-poker-none = 没有需要做的决定。

describe-grundy = Grundy 值 *{ $value }
describe-value = 值 { $value }

said-series-separator = {"，"}
said-and-separator = {" 和 "}

position-heaps = { $parts }
position-heap = 第 { $number } 堆：{ $size }
position-steps = { $parts }
position-step = 第 { $number } 级：{ $size }
position-no-heaps = 没有剩下的堆
position-wythoff = 两堆 ({ $a }, { $b })
position-to-move = { $board }轮到{ $side ->
        [left] 左方
       *[right] 右方
    }走
board-heap = 第 { $number } 堆
board-step = 第 { $number } 级
board-counters = { $count } 颗
board-heaps-title = 各堆 { $sizes }
board-steps-title = 各级台阶 { $sizes }
