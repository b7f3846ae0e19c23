# 错误：每条一行，与 `cgt` 在 "error: " 之后打印的以及游乐场显示的相同。

error-exceeded-positions = 超过 { $limit } 个局面，即本次搜索的上限
error-exceeded-memory = 需要 { $used } 内存，超过上限 { $limit }
error-exceeded-time = 超过 { $limit } 秒，即本次搜索的时间上限
error-exceeded-stopped = 已中断
error-search-stopped = 搜索已停止：{ $why }
error-search-stopped-time = 搜索已停止：{ $why }；设置 CGT_TIME_LIMIT（如 10m 或 none）以允许更多
error-search-stopped-memory = 搜索已停止：{ $why }；设置 CGT_MEMORY_LIMIT（如 4G）以允许更多
error-request-stopped = 已停止：{ $why }（每个请求都有预算）

error-field-too-long = { $field } 长 { $length } 个字符；最多读取 { $most } 个
error-not-whole-number = { $field }：“{ $word }”不是非负整数
error-side-left-right = 方必须是 left（左方）或 right（右方），而不是 { $side }
error-record-too-long = 对局记录长 { $length } 个字符；最多读取 { $most } 个
error-record-format = 记录 { $record } 不是形如 0-1.2-3 的着法编号
error-no-game = 没有游戏 { $name }；现有游戏：{ $games }
error-one-action = 每个请求只能有一个动作：play=N、move=文本 或 undo=true
error-game-over = 对局已结束：{ $end }
error-no-language = lang：没有语言 { $code }；语言有 en、ru、bg、zh
error-mnk-shape = 形状是 m,n,k：三个数，如 3,3,3
error-shape-too-large = 形状：{ $number } 太大
error-bridgit-size = Bridg-it 的大小 n 为 2 到 6
error-pig-target = 猪游戏的目标 n 为 1 到 150
error-poker-side = 扑克中的一方是 first（先手）或 second（后手），而不是 { $side }

error-divisor-n = n：除数游戏需要 N >= 1
error-wythoff-position = position：对局从一个局面开始，即两堆的大小
error-play-loopy = loopy：只在无环图上对局（有环的棋子游戏可能永不结束）
error-play-tokens = tokens：对局从顶点上的棋子开始；至少指定一个
error-play-heaps = heaps：对局从一个局面开始；请给出各堆
error-mnk-empty-cells = { $empty } 个空格：程序只在不超过 { $most } 个空格时精确对弈
error-too-many-counters = 对局会列出每一步；只对总共不超过 { $most } 枚棋子的局面对弈

error-partizan-memory = 搜索需要的内存超过上限 { $limit }（停止时已存储 { $stored } 个局面和形式）；设置 CGT_MEMORY_LIMIT（如 4G）以允许更多，或拆分局面
