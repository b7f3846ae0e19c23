# 局面或走法对玩家的价值，与对弈会话给出的一致。

value-win = 必胜
value-loss = 必败
value-draw = 和棋
value-won = 已胜（终局）
value-lost = 已负（无棋可走）
value-win-in = { $plies } 步内获胜
value-loss-in = { $plies } 步后落败
