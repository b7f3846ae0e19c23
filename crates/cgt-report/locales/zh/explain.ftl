# 老师会写下的推导（"为什么？"）：cgt_core::said::Line 的句子和表格各行的标签。
# { $unit } 是 "heap"（堆）或 "step"（台阶 Nim 的奇数级台阶）。

explain-row = { $unit ->
        [step] 台阶 { $n }
       *[heap] 堆 { $n }
    }
explain-row-nim-sum = Nim 和
explain-row-ones = 1 的个数
explain-row-mod = 模 { $m }
explain-notes = { $notes }

## Bouton 表（Nim、反常 Nim、台阶 Nim）

explain-bouton = Bouton 表：每堆写成二进制，每个 2 的幂占一列
explain-misere-ones = 反常规则，且每堆至多 1 个：这 { $ones } 个 1 堆每回合取走一堆，所以当其个数为奇数时，轮到走的一方必败（{ $odd ->
        [1] 奇数：P-position（先手必败）
       *[0] 偶数：N-position（先手必胜）
    }）。
explain-misere-big = 反常规则，且有一堆至少 2 个：胜负与普通 Nim 相同（Bouton），获胜方按 Nim 的走法走，直到某一步会只剩下 0 个和 1 个的堆时，改为留下奇数个 1 堆。
explain-nim-zero = 每一列都有偶数个 1：Nim 和为 0，是 P-position（先手必败）。任何一步只改变一堆，因此会使某一列变成奇数；对手总能把各列重新变成偶数。
explain-nim-odd = 第 { $columns } 列有奇数个 1：Nim 和为 { $sum }，不是 0，是 N-position（先手必胜）。
explain-nim-flip = 第 { $n } { $unit ->
        [step] 级台阶
       *[heap] 堆
    }在最高的奇数列（{ $column }）上是 1；把它在各奇数列上的位取反，得到 { $bits } XOR { $sum } = { $after } = { $to }：从第 { $n } { $unit ->
        [step] 级台阶
       *[heap] 堆
    }取走 { $take } 个，各列就又都是偶数了。

## 台阶 Nim

explain-staircase = 台阶 Nim 就是奇数级台阶上的 Nim。从奇数级移到下面偶数级的硬币等于离开了游戏：这是那一级上的一步 Nim。从偶数级移到奇数级的硬币只是加到那一级上，占优的一方把同样的硬币继续移到下一个偶数级即可，所以偶数级台阶无关紧要。
explain-staircase-odd = 奇数级台阶 { $steps }：{ $counts } —— 一个 Nim 局面。
explain-staircase-moves = 使奇数级台阶的 Nim 和变为 0 的所有走法：{ $moves }。

## Moore 的 Nim_k

explain-moore = Moore 定理（Nim_{ $k }：一步可减少 1 到 { $k } 堆）：把各堆写成二进制；当每一列中 1 的个数都是 k + 1 = { $m } 的倍数时，轮到走的一方必败。
explain-moore-zero = 每一列都是 { $m } 的倍数：P-position（先手必败）。一步至多改变 { $k } 堆，因此它所触及的最高一列会减少 1 到 { $k } 个 1，不再是 { $m } 的倍数；对手总能把每一列恢复。
explain-moore-move = 有一列不是 { $m } 的倍数：N-position（先手必胜）。从高到低逐列处理，Moore 的走法从至多 { $k } 堆中去掉多余的 1，并重新填上已选各堆的低位列：{ $move }。

## SG 函数的 mex 表

explain-mex = G({ $n })：后继 { $options }，其值为 { $values }；mex = { $mex }
explain-mex-none = G({ $n })：没有后继；空集的 mex = 0

## 威佐夫游戏

explain-wythoff = 威佐夫游戏的 P-position (a_k, b_k)：a_k 是尚未出现在任何一对中的最小数，b_k = a_k + k
explain-wythoff-holds = 含 { $n }
explain-wythoff-difference = 差为 { $d }
explain-wythoff-pair = ({ $a }, { $b }) 是第 k = { $k } 对：P-position（先手必败）。各对恰好用到每个数一次、每个差一次，所以任何一步（在一堆中取，或两堆取同样多）都不能从一对走到另一对。
explain-wythoff-not-pair = ({ $a }, { $b }) 不是一对：N-position（先手必胜）。各类走法，以及能否走到一对：
explain-wythoff-heap = 第 { $heap } 堆：{ $keep } 与 { $partner } 成对，且 { $partner } < { $size }，所以从第 { $heap } 堆取走 { $take } 个，留下 ({ $x }, { $y })
explain-wythoff-heap-none = 第 { $heap } 堆：{ $keep } 与 { $partner } 成对，而它不小于 { $size }：这里没有必胜着法
explain-wythoff-both = 两堆同取：差 { $d } 属于 ({ $x }, { $y }) 这一对；两堆各取 { $take } 个，留下 ({ $to-a }, { $to-b })
explain-wythoff-both-none = 两堆同取：差 { $d } 属于 ({ $x }, { $y }) 这一对，它不小于 ({ $lo }, { $hi })：这里没有必胜着法

## 从终点开始标注图（P/N 局面、SG 值）

explain-labelling = 从终点开始标注：一个顶点的所有后继都标注好后，它得到后继值的 mex
explain-labelling-sinks = 汇点（无路可走，值为 0）：
explain-labelling-round = 第 { $round } 轮：

## 约数游戏

explain-divisor = 奇偶规则：N = 1 时无路可走，轮到的一方输。奇数的约数都是奇数，所以从奇数 N 出发，任何一步都留下偶数 N − d。从偶数 N 出发，减去奇约数 1（或任一奇约数）会留下奇数。所以当且仅当 N 为偶数时，轮到走的一方必胜。
explain-divisor-one = N = 1：没有小于 1 的约数，无路可走：P-position（先手必败）。
explain-divisor-odd = N = { $n } 是奇数：它小于 N 的约数（{ $divisors }）都是奇数，所以任何一步都留下偶数，对手获胜：P-position（先手必败）。
explain-divisor-even = N = { $n } = 2^{ $two } × { $odd }：它的奇约数就是 { $odd } 的约数，即 { $divisors }；减去其中任何一个都留下奇数，即 P-position（先手必败）——这些就是必胜着法。减去偶约数会留下偶数，失去优势。

## 绿色 Hackenbush：熔合与冒号原理

explain-hackenbush = 熔合：每个含圈部分（其中没有桥）的边收缩成同一点上的圈，每个圈相当于一条边的茎（*1），所以该部分单独的值就是其边数的奇偶。冒号原理：立在桥上的分支的值是它自身的值加一；在同一点相遇的值按 Nim 和相加。
explain-hackenbush-loops = 圈上的 { $count } 条边熔合成 { $count } 个圈（*{ $value }）
explain-hackenbush-branch = 边 { $edge }（{ $from } - { $to }）上面是值为 *{ $branch } 的分支（*{ $value }）
explain-hackenbush-ground = 在地面上
explain-hackenbush-piece = 在 { $at } 处的部分
explain-hackenbush-bare = { $place }：上面没有边：*0
explain-hackenbush-together = { $place }：{ $parts } —— 合计 *{ $value }
explain-hackenbush-worth = 整幅图的值为 *{ $value }。

## 游戏的和（SG 定理）

explain-sum = SG 定理：每个分量都像一堆大小等于其值的 Nim，所以和的值是 Nim 和 { $terms } = *{ $total }。
explain-sum-zero = Nim 和为 0：任何一步都改变一个分量的值，使 Nim 和不为 0，而对手总能再把它变回 0 —— P-position（先手必败）。
explain-sum-move = Nim 和为 *{ $total }，不是 0：必胜着法把某个值为 v 的分量变成值 v ⊕ { $total }，只要这一步可行（按 mex 规则，小于 v 的值总能走到，大于 v 的只是有时能走到）：
explain-sum-component = 分量 { $component }：*{ $value } → *{ $target }：{ $count ->
        [0] 没有这样的走法
       *[other] { $count } 种走法
    }
explain-sum-loopy = 含有循环分量（值为 { $values }）时，总值为 { $total }：值为 ∞(K) 的分量加上 Nim 和为 t 的有限值，其值为 ∞(K ⊕ t)；值为 ∞(K) 的局面，当且仅当 0 属于 K（可走到值 0）时轮到走的一方获胜；否则双方都不能强制取胜。

## 堆游戏：先是 mex 表，再求和

explain-mex-table = mex 表（一堆的值是它的后继都没有的最小值）：
explain-heaps-each = 由表得到每堆的值：{ $values }
explain-heaps-sum = SG 定理：局面的值是它们的 Nim 和 { $terms } = { $total }，所以这是 { $total ->
        [0] P-position（先手必败）：任何一步都留下非零的 Nim 和
       *[other] N-position（先手必胜）：必胜着法改变一堆，使 Nim 和变为 0
    }

## 脚本游戏

explain-script-mex = mex 规则：{ $start } 的值是它的 { $count } 个后继都没有的最小值。
explain-script-present = 出现的值：{"{"}{ $values }{"}"}；其中没有的最小值是 { $value }。
explain-script-misere = 反常规则：无路可走的局面由轮到走的一方获胜（对手走了最后一步）；否则当且仅当某个后继是 P-position（先手必败）时获胜。{ $start } 的 { $count } 个后继：

## 博弈树：把 alpha-beta 看作截断后的值，AND-OR 树

explain-alpha-beta = 把 alpha-beta 看作截断到区间的值：每个顶点得到一个窗口 [a, b]，返回截断到其中的值；max 顶点一旦达到 b 就停止，min 顶点一旦达到 a 就停止
explain-andor = 从左到右，OR 当作 max，AND 当作 min：OR 顶点在第一个 1 处停止，AND 顶点在第一个 0 处停止（窗口为 [0, 1] 的 alpha-beta）。
explain-tree-root = 根
explain-tree-leaf = 叶 { $name } = { $payoff }，窗口 { $window }{ $clamped }
explain-tree-clamped = ，截断为 { $value }
explain-tree-vertex = { $kind } { $name }，窗口 { $window }
explain-tree-value = { $kind } { $name } = { $value }
explain-tree-cut = 在 { $name } 处剪枝：{ $max ->
        [1] 值至少为 { $value } = b，高于 b 的都无关紧要
       *[0] 值至多为 { $value } = a，低于 a 的都无关紧要
    }；跳过 { $skipped }

## 博弈图的逆向分析

explain-retro = 逆向分析：从游戏的终点开始倒推标注局面，每一遍推进一步（半回合）
explain-retro-pass = 第 { $pass } 遍：{ $parts }
explain-retro-terminal-win = { $name } 为胜（终局）
explain-retro-terminal-loss = { $name } 为负（终局）
explain-retro-no-move = { $name } 为负（无路可走）
explain-retro-wins = { $name } 必胜（走到 { $to }，对方 { $lost } 步内负）
explain-retro-loses = { $name } 必败（每一步，走到 { $moves }，都到达对方必胜的局面）
explain-retro-no-draws = 所有局面都已标注：没有和局
explain-retro-draws = 始终未被标注，所以是和局（双方都能永远避开必败局面）：{ $draws }

## How a partizan game's options become its canonical form
explain-form-typed = 按输入的选项，各自化为标准型：
explain-form-sum = { $count } 项之和：每方只在一项中走一步，其余各项不变，所以和的选项是（各自为标准型）：
explain-form-own = 它的选项（各自为标准型）：
explain-form-positions = 双方各自能走到的局面的值（各自为标准型）：
explain-form-canonical = 没有被支配的选项，也没有可逆的选项：这就是标准型。
explain-form-dominated = { $side ->
        [left] 左方的选项 { $option } 被 { $by } 支配（{ $option } ≤ { $by }）：删去。
       *[right] 右方的选项 { $option } 被 { $by } 支配（{ $option } ≥ { $by }）：删去。
    }
explain-form-reversible = { $side ->
        [left] 左方的选项 { $option } 可逆：应着 { $through } 不大于原游戏，所以 { $option } 换成 { $through } 中左方的选项：{ $replacements }。
       *[right] 右方的选项 { $option } 可逆：应着 { $through } 不小于原游戏，所以 { $option } 换成 { $through } 中右方的选项：{ $replacements }。
    }
explain-form-reversible-to-none = { $side ->
        [left] 左方的选项 { $option } 可逆：应着 { $through } 不大于原游戏，所以 { $option } 换成 { $through } 中左方的选项，而这样的选项没有。
       *[right] 右方的选项 { $option } 可逆：应着 { $through } 不小于原游戏，所以 { $option } 换成 { $through } 中右方的选项，而这样的选项没有。
    }
explain-form-number = 选项 {"{"} { $left } | { $right } {"}"} 都是数，且左方的每个选项都小于右方的每个选项：值是它们之间最简单的数 { $number }。
explain-form-result = 标准型：{ $form }
