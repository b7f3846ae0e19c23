# 游乐场（`cgt serve`）的中文用语：每个页面的框架、首页，以及不是党派规则集的游戏名称
#（规则集的名称在 rulesets.ftl 中）。术语与课程一致：P-position、N-position、先手必胜、
# 先手必败、SG 函数（见 glossary.tsv）。

web-site = cgt 游乐场
web-language = 语言
web-nav-calculator = 计算器
web-nav-loopy = 循环游戏
web-nav-dead-end = 死端游戏
web-nav-sequence = Nim 序列
web-nav-wythoff = 威佐夫图
web-nav-tree = 博弈树
web-nav-hidden = 隐藏信息
web-footer = 这里的每个答案都由 cgt 库计算，与 <code>cgt … --json</code> 相同；<a href="/api/games">JSON API</a>。

web-error-title = 无法回答
web-index-heading = 与完美玩家对弈
web-index-intro = 每一步合法的走法都按它对你的价值着色：<span class="win">绿色必胜</span>，<span class="loss">红色必败</span>，<span class="draw">灰色和棋</span>。你可以请求提示、悔一步棋，或打开“为什么？”查看推导，与 <code>cgt … --explain</code> 打印的一样。
web-index-tools = 工具
web-tool-calculator = <a href="/calculator">党派游戏计算器</a>：值、结局、停止值、温度、热图。
web-tool-dead-end = <a href="/dead-end">左死端游戏</a>：反常规则（misère）下的博弈——标准形、死端宇宙的序、因子与原子分解。
web-tool-loopy = <a href="/loopy">循环游戏</a>：局面可以重复的游戏——含和棋的结局、最佳走法、停止子的最简形式、两侧。
web-tool-sequence = <a href="/sequence">Nim 序列</a>：图像、P-position、稀有值、经过证明的周期。
web-tool-wythoff = <a href="/wythoff">威佐夫游戏的 SG 函数图</a>。
web-tool-tree = <a href="/tree">博弈树</a>：极小极大值与 alpha-beta 剪枝的过程，一步一步。
web-tool-hidden = <a href="/hidden">隐藏信息</a>：矩阵博弈与库恩扑克，以混合策略求解。

web-game-nim = Nim 游戏
web-game-staircase = 阶梯 Nim
web-game-heaps = 堆游戏：八进制游戏、减法游戏、Grundy 游戏
web-game-wythoff = 威佐夫游戏
web-game-hackenbush = 蓝红绿 Hackenbush
web-game-connect4 = 四子棋
web-game-mnk = m,n,k 游戏（井字棋及更大的棋盘）
web-game-bridgit = Bridg-it 连桥游戏
web-game-cycle = 网格上的成圈游戏
web-game-chess = 对战残局库的国际象棋残局
web-game-divisor = 因子游戏
web-game-pig = 猪（骰子游戏）
web-game-poker = 库恩扑克与 Leduc 德州扑克，对战均衡策略

# 对弈页面：按钮以及脚本写出的文字（{ $name } 在脚本中填入）。
web-play-new-game = 新游戏
web-play-building = 正在构建残局库…
web-play-your-move-label = 你的走法
web-play-play = 走
web-play-hint = 提示
web-play-undo = 悔棋
web-play-why = 为什么？
web-play-why-summary = 为什么：推导过程
web-play-you-play = 你执
web-play-left = 左方
web-play-right = 右方
web-play-board = 棋盘
web-play-heaps = 各堆
web-play-coins = 第 1, 2, … 级台阶上的硬币
web-play-rules = 规则
web-play-rules-help = 八进制代码（0.07）、减法集合（{"{"}1,3,4{"}"}）或名称（kayles, grundy）
web-play-misere = 反常规则
web-play-number = 数
web-play-picture = 图（每行一条边 “u v 颜色”；地面名为 “ground”）
web-play-blue = 蓝
web-play-red = 红
web-play-blue-vertical = 蓝，竖放
web-play-red-horizontal = 红，横放
web-play-moves-so-far = 已走的着法
web-play-columns-example = 例如 4453
web-play-cells-example = 格子从 1 开始
web-play-size = 大小
web-play-size-help = 每边 2 到 6 个点
web-play-slots-example = 线段编号或 X,Y
web-play-bridgit-help = 你把蓝点从左到右连起来；程序使用 Gross 的配对策略，从上到下阻挡。
web-play-window = 窗口
web-play-points = 个点
web-play-segments-so-far = 已画的线段
web-play-segments-example = 例如 1,1r 2,1u
web-play-cycle-help = 你画线段并设法围成一个环；程序把从某点向右的线段与从该点向上的线段配对来阻挡。
web-play-target = 目标
web-play-target-help = 1 到 150 分
web-play-die-seed = 骰子种子
web-play-die-seed-help = 相同的种子和着法会重现同一局
web-play-pig-help = 想掷几次就掷几次：掷出 1 会失去本轮的分数，停手则把分数存下。程序按使其获胜机会最大的方式做决策。
web-play-game = 游戏
web-play-kuhn = Kuhn 扑克
web-play-leduc = Leduc 德州扑克
web-play-seat = 座位
web-play-seat-first = 先手
web-play-seat-second = 后手（程序先开局）
web-play-deck-seed = 牌堆种子
web-play-deck-seed-help = 相同的种子和着法会重现同一手牌
web-play-poker-help = 与精确均衡对打一手牌，均衡按其概率选择动作：长期来看无法战胜它，但任何一手牌都可能赢。提示显示均衡在你的牌面下的打法。
web-play-table = 表
web-play-fen-help = 表的起始局面
web-js-played = 你走了 { $played }；程序应对 { $answer }。轮到你走。
web-js-taken-back = 已悔棋。轮到你走。
web-js-your-move = 轮到你走。
web-js-your-move-side = 轮到你走（你执{ $side }）。
web-js-value = 这个局面对你来说是：{ $value }。
web-js-no-derivation = 这个游戏没有推导过程。
