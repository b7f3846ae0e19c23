# 单个局面的报告（cgt nim、wythoff、graph 等），也是游乐场"为什么？"面板显示的内容。

report-title-none = 局面
report-heading = { $title }：{ $outcome }{ $note }
report-outcome-p = P-position（先手必败）：轮到走的一方输
report-outcome-n = N-position（先手必胜）：轮到走的一方赢
report-outcome-draw = 和局：双方都不能强制取胜
report-grundy-value = Grundy 值 *{ $value }{ $note }
report-loopy-value = 循环游戏的值 { $value }
report-no-winning-move = 没有必胜着法：每一步都走到 N-position（先手必胜）。
report-draw-moves = 保持和局的走法：
report-winning-move = 必胜着法：{ $move }
report-winning-moves = 必胜着法（{ $count } 种）：

## 局面是什么

report-title-nim = Nim 局面 { $heaps }
report-title-misere-nim = 反常 Nim 局面 { $heaps }
report-title-staircase = 台阶 Nim，第 1..{ $steps } 级台阶上的硬币：{ $coins }
report-title-moore = Moore 的 Nim_{ $k } 局面 { $heaps }
report-title-divisor = 约数游戏，N = { $n }
report-title-stones = 石子游戏（每种数量只能用一次），各堆 { $piles }
report-title-wythoff = 威佐夫游戏局面 ({ $a }, { $b })
report-title-hackenbush = 有 { $edges } 条边的绿色 Hackenbush 图
report-title-tokens = 棋子在 { $tokens }
report-title-tokens-misere = 棋子在 { $tokens }，反常规则（走最后一步的一方输）
report-title-sum = { $count } 个分量的和
report-title-script = { $game }，从 { $start } 开始
report-title-script-misere = { $game }，从 { $start } 开始，反常规则（走最后一步的一方输）
report-title-heaps = { $game }，各堆 ({ $heaps })
report-title-heaps-misere = 反常{ $game }，各堆 ({ $heaps })（走最后一步的一方输）

## 写在胜负或值后面（各自带着自己的空格或冒号）

report-note-parity = （N 是{ $odd ->
        [1] 奇数
       *[0] 偶数
    }）
report-note-nim-sum = （各堆的 Nim 和）
report-note-odd-steps = （奇数级台阶的 Nim 和）
report-note-moore = {" "}由搜索得到（各堆的 XOR 为 { $xor }；k ≥ 2 时两者一般不同）
report-note-stones = ：各堆的值 { $values }（满足 k(k+1)/2 <= 堆大小的最大 k）
report-note-tokens = （各棋子所在顶点的值的 Nim 和）
report-note-mex = （各后继值的 mex）
report-note-heap-values = （各堆值 { $values } 的 XOR）

## 其他行

report-note-stones-search = 必胜着法由搜索得到，堆大小至多 { $pile }。
report-search-agrees = 搜索博弈树得到相同结论：{ $outcome }
report-sum-component = 分量 { $component }：{ $game }，值为 { $value }
report-quotient-element = 堆 0 … { $upto } 的反常商中的元素 { $element }：阶 { $order }，{ $presentation }，P 部分 {"{"}{ $portion }{"}"}

## 堆游戏

heap-game-octal = 八进制游戏 { $code }{ $name ->
        [kayles] （Kayles 保龄球）
        [dawsons-kayles] （Dawson 的 Kayles）
        [dawsons-chess] （Dawson 象棋）
        [officers] （Officers 军官）
       *[none] {""}
    }
heap-game-subtraction = 减法游戏 S = { $set }
heap-game-grundy = Grundy 游戏

## 博弈树

report-tree-value = 值 { $value }
report-tree-none = 没有
report-tree-thresholds = 两种结局的游戏“收益 ≥ c 则 max 胜”（11.2.6）：
    {"  "}max 能强制取胜的 c = { $max }
    {"  "}min 能强制取胜的 c = { $min }
    {"  "}值 { $value } 是 max 能强制取胜的最大 c
report-tree-reduced = 截断到 [{ $a }, { $b }]：{ $reduced }（alpha-beta，fail-hard）；fail-soft 的结果 { $soft }
report-tree-reads = 叶子：树中 { $leaves } 片；完全遍历读取 { $full } 片，alpha-beta 读取 { $alpha-beta } 片，fail-soft 读取 { $soft } 片
report-andor-tree = 高度为 { $height } 的 AND-OR 树（{ $leaves } 片叶子）：值 { $value }
    读取的叶子：从左到右 { $fixed }，最佳顺序 { $fewest }（至少 2^n = { $bound }），随机顺序下的期望 { $expected } = { $expected-float }
report-andor-no-tree = 高度为 { $height } 的 AND-OR 树（4^{ $n } 片叶子）：不枚举具体的树，最坏情况由递推式给出
report-andor-worst = 高度 { $height } 的最坏期望：{ $worst } = { $worst-float }；3^n = { $three }；((1+√33)/4)^(2n) = { $sharper }（比值 { $ratio }）

## Endgame tables

report-probe-verdict = { $side ->
        [white] 白方
       *[black] 黑方
    }走：{ $verdict }
report-probe-best = 最佳着法：{ $move }
report-probe-line = 变化：{ $line }

report-retro-heading = 顶点	结果	最佳着法

## 猪（Pig）

report-pig-state = 猪游戏，目标 { $target }：得分 { $mover }（轮到走）对 { $other }，本回合已掷得 { $turn }
report-pig-exact = 轮到走的一方获胜的概率为 { $exact } ≈ { $probability }（精确值；值迭代结果一致：{ $probability }）
report-pig-iterated = 轮到走的一方获胜的概率 ≈ { $probability }（值迭代，精度 1e-12）
report-pig-best = 最佳：{ $decision }
report-pig-keep-rolling = 在这样的得分下，无论本回合累计多少都继续掷
report-pig-hold-at = 在这样的得分下，本回合累计为 { $totals } 时停手

## Partizan reports: game, the rulesets, Hackenbush pictures, scripts
report-partizan-title = { $game }：{ $position }
report-partizan-game = 游戏 { $expression }
report-hackenbush-title = 蓝红绿 Hackenbush 图，共 { $edges } 条边（左方砍蓝边，右方砍红边）
report-script-partizan-title = { $name }，从 { $start } 开始（左方：fn left，右方：fn right）
report-partizan-value = 值：{ $value }
report-partizan-outcome = 结局：{ $outcome }
report-partizan-class = { $class ->
        [L] L：无论谁先走，左方必胜
        [R] R：无论谁先走，右方必胜
        [P] P：后手必胜
       *[N] N：先手必胜
    }
report-partizan-stops = 停止值：左 { $left }，右 { $right }；平均值 { $mean }；温度 { $temperature }；生日 { $birthday }
report-partizan-compare = 比较：{ $value } { $relation } { $other }（差是 { $class }-局面）
report-derived-cool = 冷却 { $argument } 后
report-derived-heat = 加热 { $argument } 后
report-derived-norton = Norton 积 G.{ $argument }
report-derived-atomic-weight = 原子量
report-derived-reduced = 约化标准型
report-derived-orthodox = 温度 { $argument } 下的正统选项
report-derived-ordinal = 序数和 G : { $argument }
report-partizan-no-winning-move = { $side ->
        [left] 左方
       *[right] 右方
    }先走：没有必胜着法
report-partizan-wins-with = { $side ->
        [left] 左方
       *[right] 右方
    }先走，必胜着法：
report-partizan-misere = 反常规则（不能走的一方获胜）：{ $outcome }
report-partizan-misere-wins-with = { $side ->
        [left] 左方
       *[right] 右方
    }先走，在反常规则下的必胜着法：
report-partizan-misere-no-move-wins = { $side ->
        [left] 左方
       *[right] 右方
    }先走时无棋可走，因此在反常规则下获胜
report-partizan-misere-no-winning-move = { $side ->
        [left] 左方
       *[right] 右方
    }先走：在反常规则下没有必胜着法
report-move-as-written = { $move }
report-move-leaves = { $move }（剩下 { $value }）
report-move-cut-coloured = 砍{ $colour ->
        [blue] 蓝
        [red] 红
       *[green] 绿
    }边 { $edge }（{ $from } - { $to }）
report-move-colour-vertex = 把 { $vertex } 涂成{ $colour ->
        [blue] 蓝色
       *[red] 红色
    }：{ $position }

report-loopy-title = 循环游戏 { $game }
report-loopy-size = { $positions } 个局面，{ $moves } 步着法；{ $kind }
report-loopy-short = 对局总会结束（短游戏）
report-loopy-stopper = 停止型（stopper）：不存在无限的交替对局
report-loopy-not-stopper = 非停止型：对局可以永远交替下去
report-loopy-form = 形式：{ $form }
report-loopy-game-value = 值：{ $value }
report-loopy-game-value-named = 值：{ $value } = { $name }
report-loopy-sides = 两侧：{ $on } & { $off }（onside & offside）
report-loopy-backsliding = 可后退的蟾蜍与青蛙 { $row }
report-loopy-outcome-draw = D（无论谁先走都是和局）
report-loopy-outcome-mixed = 左方先走：{ $left ->
        [left] 左方获胜
        [right] 右方获胜
       *[draw] 和局
    }；右方先走：{ $right ->
        [left] 左方获胜
        [right] 右方获胜
       *[draw] 和局
    }
report-loopy-sides-note = 两侧未求得：{ $note }
report-loopy-outcome = 结局：{ $outcome }
report-loopy-cannot-move = { $side ->
        [left] 左方
       *[right] 右方
    }先走：无棋可走，判负
report-loopy-first = { $side ->
        [left] 左方
       *[right] 右方
    }先走：{ $how }（{ $moves }）
report-loopy-draw = 和局
report-loopy-wins-in = { $winner ->
        [left] 左方
       *[right] 右方
    }在 { $moves } 步内获胜
report-loopy-wins = { $winner ->
        [left] 左方
       *[right] 右方
    }获胜
report-loopy-no-move = 无着法
report-loopy-best = 最佳：走到 { $moves }
report-loopy-best-separator = {"；走到 "}
report-loopy-compared = 与 { $other } 比较：{ $game } { $relation } { $form }

report-dead-end-title = 左方死局 { $game }
report-dead-end-form = 标准型：{ $form }
report-dead-end-form-length = （共 { $length } 个字符）
report-dead-end-chain = （右方的 { $moves } 步链）
report-dead-end-birthday = 生日 { $birthday }，竞赛数 { $race }（右方可能在 { $race } 步后无棋可走）
report-dead-end-outcome-n = 单独的反常结局：N（谁都不能走：轮到走的一方获胜）
report-dead-end-outcome-l = 单独的反常结局：L（左方无棋可走，先走时获胜；右方先走则使左方无棋可走）
report-dead-end-zero = 0 是和的单位元：没有原子
report-dead-end-atom = 原子：不是两个非 0 死局之和
report-dead-end-divisors = 因子（{ $count }）：
report-dead-end-more = ，…（共 { $count } 个）
report-dead-end-factorisations = 原子分解：{ $count }
report-dead-end-factorisations-unique = 原子分解：{ $count }（唯一）
report-dead-end-compared = { $game } { $relation ->
        [equal] 等于
        [greater] 大于（在每个死局和中对左方更好）
        [less] 小于（在每个死局和中对右方更好）
       *[incomparable] 不可比于
    } { $other }

report-quotient-title = { $game }：堆 0 … { $upto } 之和的反常商（最后走的一方输）
report-quotient-order = 阶 { $order }
report-quotient-same = （从堆 { $from } 到 { $upto } 的每个上界商都相同）
report-quotient-stable = 任意堆大小的商：伪装函数从堆 { $preperiod } 起以周期 { $period } 重复，由不超过 { $needed } 的堆证明（Guy–Smith 论证）
report-quotient-not-provable = 未证明为最终结果：周期性证明不适用于此游戏
report-quotient-not-confirmed = 未证明为最终结果：伪装函数的周期尚未在足够远处得到确认（更大的 upto 或可证明）
report-quotient-presentation = 表示 { $presentation }
report-quotient-generator = { $name } = 堆 { $heap }
report-quotient-p-portion = P 部分 {"{"}{ $elements }{"}"}（其元素在此的和是反常 P-position）
report-quotient-pretending = 伪装函数（单个堆的元素）
report-quotient-orders = 堆 0 … k 的商的阶，k = 0 … { $upto }：{ $orders }
report-quotient-table = 乘法表
report-quotient-built = { $upto } 个堆上界中有 { $extended } 个由较小的商构造，其余的搜索了 { $searched } 个堆之和；每个商都由三项检查证明（各堆可交换、没有从 P 到 P 的着法、每个 N 和都有到 P 的着法）
