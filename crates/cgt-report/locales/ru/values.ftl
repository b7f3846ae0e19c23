# Значение позиции или хода для играющего, как его дают игровые сессии.

value-win = выигрыш
value-loss = проигрыш
value-draw = ничья
value-won = выиграно (конечная позиция)
value-lost = проиграно (нет хода)
value-win-in = выигрыш за { $plies } { $plies ->
        [one] полуход
        [few] полухода
       *[many] полуходов
    }
value-loss-in = проигрыш через { $plies } { $plies ->
        [one] полуход
        [few] полухода
       *[many] полуходов
    }
