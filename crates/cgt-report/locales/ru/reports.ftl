# Отчёты об одной позиции (cgt nim, wythoff, graph, …), как их показывает панель «Почему?»
# в песочнице.

report-title-none = позиция
report-heading = { $title }: { $outcome }{ $note }
report-outcome-p = проигрышная позиция (P): игрок, который ходит, проигрывает
report-outcome-n = выигрышная позиция (N): игрок, который ходит, выигрывает
report-outcome-draw = ничья: ни один игрок не может форсировать выигрыш
report-grundy-value = Значение Гранди *{ $value }{ $note }
report-loopy-value = Значение зацикливающейся игры { $value }
report-no-winning-move = Выигрывающего хода нет: каждый ход ведёт в выигрышную позицию (N).
report-draw-moves = Ходы, сохраняющие ничью:
report-winning-move = Выигрывающий ход: { $move }
report-winning-moves = Выигрывающие ходы ({ $count }):

## Что за позиция

report-title-nim = Позиция нима { $heaps }
report-title-misere-nim = Позиция мизерного нима { $heaps }
report-title-staircase = Ним на лестнице, монеты на ступеньках 1..{ $steps }: { $coins }
report-title-moore = Позиция нима Мура Nim_{ $k } { $heaps }
report-title-divisor = Игра с делителями при N = { $n }
report-title-stones = Игра в камни (каждый размер один раз) с кучками { $piles }
report-title-wythoff = Позиция игры Витхоффа ({ $a }, { $b })
report-title-hackenbush = Картинка зелёного Хакенбуша из { $edges } { $edges ->
        [one] ребра
       *[other] рёбер
    }
report-title-tokens = Фишки на { $tokens }
report-title-tokens-misere = Фишки на { $tokens } в мизерной игре (кто ходит последним, проигрывает)
report-title-sum = Сумма из { $count } { $count ->
        [one] компоненты
       *[other] компонент
    }
report-title-script = { $game } из позиции { $start }
report-title-script-misere = { $game } из позиции { $start }, мизерная игра (кто ходит последним, проигрывает)
report-title-heaps = { $game } с кучками ({ $heaps })
report-title-heaps-misere = мизерная { $game } с кучками ({ $heaps }) (кто ходит последним, проигрывает)

## После исхода или значения (каждая начинается со своего пробела или двоеточия)

report-note-parity = {" "}(N { $odd ->
        [1] нечётно
       *[0] чётно
    })
report-note-nim-sum = {" "}(ним-сумма кучек)
report-note-odd-steps = {" "}(ним-сумма нечётных ступенек)
report-note-moore = {" "}перебором (XOR кучек равен { $xor }; при k ≥ 2 они в общем случае различаются)
report-note-stones = : значения кучек { $values } (наибольшее k, при котором k(k+1)/2 <= кучки)
report-note-tokens = {" "}(ним-сумма значений вершин с фишками)
report-note-mex = {" "}(mex значений ходов)
report-note-heap-values = {" "}(XOR значений кучек { $values })

## Ещё строки

report-note-stones-search = Выигрывающие ходы ищутся перебором, для кучек не больше { $pile }.
report-search-agrees = Перебор дерева игры согласен: { $outcome }
report-sum-component = компонента { $component }: { $game }, значение { $value }
report-quotient-element = Элемент { $element } мизерного фактора кучек 0 … { $upto }: порядок { $order }, { $presentation }, P-часть {"{"}{ $portion }{"}"}

## Игры с кучками

heap-game-octal = октальная игра { $code }{ $name ->
        [kayles] {" "}(кегли)
        [dawsons-kayles] {" "}(кегли Доусона)
        [dawsons-chess] {" "}(шахматы Доусона)
        [officers] {" "}(офицеры)
       *[none] {""}
    }
heap-game-subtraction = игра вычитания S = { $set }
heap-game-grundy = игра Гранди

## Деревья игры

report-tree-value = значение { $value }
report-tree-none = ни при каком
report-tree-thresholds = игры с двумя исходами «выигрыш max, если платёж ≥ c» (11.2.6):
    {"  "}max добивается выигрыша при c = { $max }
    {"  "}min добивается выигрыша при c = { $min }
    {"  "}значение { $value } — наибольшее c, при котором выигрывает max
report-tree-reduced = приведено к [{ $a }, { $b }]: { $reduced } (альфа-бета, fail-hard); результат fail-soft { $soft }
report-tree-reads = листьев: { $leaves } в дереве; прочитано полным обходом { $full }, альфа-бетой { $alpha-beta }, fail-soft { $soft }
report-andor-tree = Дерево И-ИЛИ высоты { $height } ({ $leaves } листьев): значение { $value }
    прочитано листьев: слева направо { $fixed }, в лучшем порядке { $fewest } (не меньше 2^n = { $bound }), в среднем при случайном порядке { $expected } = { $expected-float }
report-andor-no-tree = Деревья И-ИЛИ высоты { $height } (4^{ $n } листьев): дерево не перебирается, худший случай — по рекуррентной формуле
report-andor-worst = худшее среднее для высоты { $height }: { $worst } = { $worst-float }; 3^n = { $three }; ((1+√33)/4)^(2n) = { $sharper } (отношение { $ratio })

## Endgame tables

report-probe-verdict = Ход { $side ->
        [white] белых
       *[black] чёрных
    }: { $verdict }
report-probe-best = Лучший ход: { $move }
report-probe-line = Вариант: { $line }

report-retro-heading = вершина	результат	лучший ход

## Свинья (Pig)

report-pig-state = Свинья до { $target }: очки { $mover } (ходит) и { $other }, за этот ход выброшено { $turn }
report-pig-exact = ходящий выигрывает с вероятностью { $exact } ≈ { $probability } (точно; итерация по значениям согласна: { $probability })
report-pig-iterated = ходящий выигрывает с вероятностью ≈ { $probability } (итерация по значениям до 1e-12)
report-pig-best = лучше: { $decision }
report-pig-keep-rolling = при этих очках бросать дальше при любой сумме хода
report-pig-hold-at = при этих очках остановиться при сумме хода { $totals }

## Partizan reports: game, the rulesets, Hackenbush pictures, scripts
report-partizan-title = { $game }: { $position }
report-partizan-game = игра { $expression }
report-hackenbush-title = Сине-красно-зелёный Хакенбуш: картинка из { $edges } { $edges ->
        [one] ребра
       *[other] рёбер
    } (Левый режет синие, Правый — красные)
report-script-partizan-title = { $name } из { $start } (Левый: fn left, Правый: fn right)
report-partizan-value = значение: { $value }
report-partizan-outcome = исход: { $outcome }
report-partizan-class = { $class ->
        [L] L: выигрывает Левый, кто бы ни начинал
        [R] R: выигрывает Правый, кто бы ни начинал
        [P] P: выигрывает второй игрок
       *[N] N: выигрывает первый игрок
    }
report-partizan-stops = остановки: левая { $left }, правая { $right }; среднее { $mean }; температура { $temperature }; день рождения { $birthday }
report-partizan-compare = сравнение: { $value } { $relation } { $other } (разность — { $class }-позиция)
report-derived-cool = охлаждённая на { $argument }
report-derived-heat = нагретая на { $argument }
report-derived-norton = произведение Нортона G.{ $argument }
report-derived-atomic-weight = атомный вес
report-derived-reduced = приведённая каноническая форма
report-derived-orthodox = ортодоксальные варианты при { $argument }
report-derived-ordinal = порядковая сумма G : { $argument }
report-partizan-no-winning-move = { $side ->
        [left] Левый
       *[right] Правый
    }, начиная, не имеет выигрывающего хода
report-partizan-wins-with = { $side ->
        [left] Левый
       *[right] Правый
    }, начиная, выигрывает ходом:
report-partizan-misere = мизерная игра (кто не может ходить, выигрывает): { $outcome }
report-partizan-misere-wins-with = { $side ->
        [left] Левый
       *[right] Правый
    }, начиная, выигрывает мизерную игру ходом:
report-partizan-misere-no-move-wins = { $side ->
        [left] Левому
       *[right] Правому
    }, начиная, некуда ходить, и потому он выигрывает мизерную игру
report-partizan-misere-no-winning-move = { $side ->
        [left] Левый
       *[right] Правый
    }, начиная, не имеет выигрывающего хода в мизерной игре
report-move-as-written = { $move }
report-move-leaves = { $move } (остаётся { $value })
report-move-cut-coloured = разрезать { $colour ->
        [blue] синее
        [red] красное
       *[green] зелёное
    } ребро { $edge } ({ $from } - { $to })
report-move-colour-vertex = покрасить { $vertex } в { $colour ->
        [blue] синий
       *[red] красный
    } цвет: { $position }

report-loopy-title = зацикленная игра { $game }
report-loopy-size = { $positions } { $positions ->
        [one] позиция
        [few] позиции
       *[many] позиций
    }, { $moves } { $moves ->
        [one] ход
        [few] хода
       *[many] ходов
    }; { $kind }
report-loopy-short = игра всегда кончается (короткая игра)
report-loopy-stopper = стоппер: бесконечной поочерёдной игры нет
report-loopy-not-stopper = не стоппер: игра может чередоваться бесконечно
report-loopy-form = форма: { $form }
report-loopy-game-value = значение: { $value }
report-loopy-game-value-named = значение: { $value } = { $name }
report-loopy-sides = стороны: { $on } & { $off } (onside & offside)
report-loopy-backsliding = Жабы и лягушки с отступлением { $row }
report-loopy-outcome-draw = D (ничья, кто бы ни начинал)
report-loopy-outcome-mixed = Левый, начиная: { $left ->
        [left] выигрывает Левый
        [right] выигрывает Правый
       *[draw] ничья
    }; Правый, начиная: { $right ->
        [left] выигрывает Левый
        [right] выигрывает Правый
       *[draw] ничья
    }
report-loopy-sides-note = стороны не найдены: { $note }
report-loopy-outcome = исход: { $outcome }
report-loopy-cannot-move = { $side ->
        [left] Левый
       *[right] Правый
    }, начиная, не может ходить и проигрывает
report-loopy-first = { $side ->
        [left] Левый
       *[right] Правый
    }, начиная: { $how } ({ $moves })
report-loopy-draw = ничья
report-loopy-wins-in = { $winner ->
        [left] Левый
       *[right] Правый
    } выигрывает за { $moves } { $moves ->
        [one] ход
        [few] хода
       *[many] ходов
    }
report-loopy-wins = { $winner ->
        [left] Левый
       *[right] Правый
    } выигрывает
report-loopy-no-move = хода нет
report-loopy-best = лучше всего: в { $moves }
report-loopy-best-separator = {"; в "}
report-loopy-compared = сравнение с { $other }: { $game } { $relation } { $form }

report-dead-end-title = тупик Левого { $game }
report-dead-end-form = каноническая форма: { $form }
report-dead-end-form-length = {" "}(всего { $length } { $length ->
        [one] символ
        [few] символа
       *[many] символов
    })
report-dead-end-chain = {" "}(цепочка Правого из { $moves } { $moves ->
        [one] хода
       *[other] ходов
    })
report-dead-end-birthday = день рождения { $birthday }, гонка { $race } (у Правого могут кончиться ходы через { $race } { $race ->
        [one] ход
        [few] хода
       *[many] ходов
    })
report-dead-end-outcome-n = мизерный исход самой игры: N (никто не может ходить: выигрывает тот, чей ход)
report-dead-end-outcome-l = мизерный исход самой игры: L (Левый не может ходить и, начиная, выигрывает; Правый, начиная, оставляет Левого без ходов)
report-dead-end-zero = 0 — нейтральный элемент суммы: атомов нет
report-dead-end-atom = атом: не сумма двух тупиков, отличных от 0
report-dead-end-divisors = делители ({ $count }):{" "}
report-dead-end-more = , … (всего { $count })
report-dead-end-factorisations = разложения на атомы: { $count }
report-dead-end-factorisations-unique = разложения на атомы: { $count } (единственное)
report-dead-end-compared = { $game } { $relation ->
        [equal] равно
        [greater] больше (лучше для Левого в каждой тупиковой сумме)
        [less] меньше (лучше для Правого в каждой тупиковой сумме)
       *[incomparable] несравнимо с
    } { $other }

report-quotient-title = { $game }: мизерный фактор сумм кучек 0 … { $upto } (кто ходит последним, проигрывает)
report-quotient-order = порядок { $order }
report-quotient-same = {" "}(тот же фактор для каждой границы от кучки { $from } до { $upto })
report-quotient-stable = фактор для любых размеров кучек: притворная функция повторяется с периодом { $period } начиная с кучки { $preperiod }, что доказывают кучки до { $needed } (рассуждение Гая–Смита)
report-quotient-not-provable = окончательность не доказана: доказательство периодичности к этой игре неприменимо
report-quotient-not-confirmed = окончательность не доказана: ни один период притворной функции не подтверждён достаточно далеко (большее upto может его доказать)
report-quotient-presentation = задание { $presentation }
report-quotient-generator = { $name } = кучка { $heap }
report-quotient-p-portion = P-часть {"{"}{ $elements }{"}"} (суммы, чей элемент здесь, — мизерные проигрышные позиции, P-позиции)
report-quotient-pretending = притворная функция (элемент одной кучки)
report-quotient-orders = порядки факторов кучек 0 … k, k = 0 … { $upto }: { $orders }
report-quotient-table = таблица умножения
report-quotient-built = { $extended } из { $upto } границ построены из меньшего фактора, для остальных перебрано { $searched } сумм кучек; каждый фактор доказан тремя проверками (кучки коммутируют, нет хода из P в P, из каждой N-суммы есть ход в P)
