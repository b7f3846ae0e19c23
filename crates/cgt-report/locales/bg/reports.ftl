# Отчетите за една позиция (cgt nim, wythoff, graph, …), както ги показва панелът „Защо?“
# в игрището.

report-title-none = позиция
report-heading = { $title }: { $outcome }{ $note }
report-outcome-p = губеща позиция (P): играчът на ход губи
report-outcome-n = печеливша позиция (N): играчът на ход печели
report-outcome-draw = реми: никой играч не може да си осигури победа
report-grundy-value = Стойност на Grundy *{ $value }{ $note }
report-loopy-value = Стойност на безкрайната игра { $value }
report-no-winning-move = Няма печеливш ход: всеки ход води към печеливша позиция (N).
report-draw-moves = Ходове, които запазват ремито:
report-winning-move = Печеливш ход: { $move }
report-winning-moves = Печеливши ходове ({ $count }):

## Каква е позицията

report-title-nim = Позиция от ним { $heaps }
report-title-misere-nim = Позиция от мизерен ним { $heaps }
report-title-staircase = Ним на стълба, монети на стъпала 1..{ $steps }: { $coins }
report-title-moore = Позиция от нима на Мур Nim_{ $k } { $heaps }
report-title-divisor = Играта с делителите при N = { $n }
report-title-stones = Играта с камъните (всеки размер веднъж) с купчинки { $piles }
report-title-wythoff = Позиция от играта на Витхоф ({ $a }, { $b })
report-title-hackenbush = Картинка от зелен Хакенбуш с { $edges } { $edges ->
        [one] ребро
       *[other] ребра
    }
report-title-tokens = Пулове на { $tokens }
report-title-tokens-misere = Пулове на { $tokens } в мизерна игра (който направи последния ход, губи)
report-title-sum = Сума от { $count } { $count ->
        [one] компонента
       *[other] компоненти
    }
report-title-script = { $game } от позиция { $start }
report-title-script-misere = { $game } от позиция { $start }, мизерна игра (който направи последния ход, губи)
report-title-heaps = { $game } с купчинки ({ $heaps })
report-title-heaps-misere = мизерна { $game } с купчинки ({ $heaps }) (който направи последния ход, губи)

## След изхода или стойността (всяка започва със свой интервал или двоеточие)

report-note-parity = {" "}(N е { $odd ->
        [1] нечетно
       *[0] четно
    })
report-note-nim-sum = {" "}(ним-сумата на купчинките)
report-note-odd-steps = {" "}(ним-сумата на нечетните стъпала)
report-note-moore = {" "}чрез търсене (XOR на купчинките е { $xor }; при k ≥ 2 те по принцип се различават)
report-note-stones = : стойности на купчинките { $values } (най-голямото k, за което k(k+1)/2 <= купчинката)
report-note-tokens = {" "}(ним-сумата на стойностите на върховете с пулове)
report-note-mex = {" "}(mex на стойностите на ходовете)
report-note-heap-values = {" "}(XOR на стойностите на купчинките { $values })

## Още редове

report-note-stones-search = Печелившите ходове се търсят за купчинки до { $pile }.
report-search-agrees = Търсенето в дървото на играта потвърждава: { $outcome }
report-sum-component = компонента { $component }: { $game }, стойност { $value }
report-quotient-element = Елемент { $element } от мизерния фактор на купчинките 0 … { $upto }: ред { $order }, { $presentation }, P-част {"{"}{ $portion }{"}"}

## Игри с купчинки

heap-game-octal = октална игра { $code }{ $name ->
        [kayles] {" "}(кегли)
        [dawsons-kayles] {" "}(кеглите на Доусън)
        [dawsons-chess] {" "}(шахът на Доусън)
        [officers] {" "}(офицери)
       *[none] {""}
    }
heap-game-subtraction = игра с изваждане S = { $set }
heap-game-grundy = играта на Grundy

## Дървета на игри

report-tree-value = стойност { $value }
report-tree-none = при никое
report-tree-thresholds = игри с два изхода „max печели, ако печалбата е ≥ c“ (11.2.6):
    {"  "}max си осигурява победа при c = { $max }
    {"  "}min си осигурява победа при c = { $min }
    {"  "}стойността { $value } е най-голямото c, при което печели max
report-tree-reduced = сведено до [{ $a }, { $b }]: { $reduced } (алфа-бета, fail-hard); резултат на fail-soft { $soft }
report-tree-reads = листа: { $leaves } в дървото; прочетени с пълно обхождане { $full }, с алфа-бета { $alpha-beta }, с fail-soft { $soft }
report-andor-tree = Дърво И-ИЛИ с височина { $height } ({ $leaves } листа): стойност { $value }
    прочетени листа: отляво надясно { $fixed }, в най-добрия ред { $fewest } (поне 2^n = { $bound }), средно при случаен ред { $expected } = { $expected-float }
report-andor-no-tree = Дървета И-ИЛИ с височина { $height } (4^{ $n } листа): не се изброява дърво, най-лошият случай е от рекурентната формула
report-andor-worst = най-лошо средно за височина { $height }: { $worst } = { $worst-float }; 3^n = { $three }; ((1+√33)/4)^(2n) = { $sharper } (отношение { $ratio })

## Endgame tables

report-probe-verdict = На ход { $side ->
        [white] са белите
       *[black] са черните
    }: { $verdict }
report-probe-best = Най-добър ход: { $move }
report-probe-line = Вариант: { $line }

report-retro-heading = връх	резултат	най-добър ход

## Прасе (Pig)

report-pig-state = Прасе до { $target }: точки { $mover } (на ход) и { $other }, в този ход са хвърлени { $turn }
report-pig-exact = играчът на ход печели с вероятност { $exact } ≈ { $probability } (точно; итерацията по стойности потвърждава: { $probability })
report-pig-iterated = играчът на ход печели с вероятност ≈ { $probability } (итерация по стойности до 1e-12)
report-pig-best = най-добре: { $decision }
report-pig-keep-rolling = при тези точки хвърляй при всяка сума на хода
report-pig-hold-at = при тези точки спри при суми на хода { $totals }

## Partizan reports: game, the rulesets, Hackenbush pictures, scripts
report-partizan-title = { $game }: { $position }
report-partizan-game = игра { $expression }
report-hackenbush-title = Синьо-червено-зелен Хакенбуш: картина с { $edges } { $edges ->
        [one] ребро
       *[other] ребра
    } (Левия реже сините, Десния — червените)
report-script-partizan-title = { $name } от { $start } (Левия: fn left, Десния: fn right)
report-partizan-value = стойност: { $value }
report-partizan-outcome = изход: { $outcome }
report-partizan-class = { $class ->
        [L] L: печели Левия, който и да започва
        [R] R: печели Десния, който и да започва
        [P] P: печели вторият играч
       *[N] N: печели първият играч
    }
report-partizan-stops = спирания: ляво { $left }, дясно { $right }; средна стойност { $mean }; температура { $temperature }; рожден ден { $birthday }
report-partizan-compare = сравнение: { $value } { $relation } { $other } (разликата е { $class }-позиция)
report-derived-cool = охладена с { $argument }
report-derived-heat = нагрята с { $argument }
report-derived-norton = произведение на Нортън G.{ $argument }
report-derived-atomic-weight = атомно тегло
report-derived-reduced = редуцирана канонична форма
report-derived-orthodox = ортодоксални опции при { $argument }
report-derived-ordinal = ординална сума G : { $argument }
report-partizan-no-winning-move = { $side ->
        [left] Левия
       *[right] Десния
    }, ако започва, няма печеливш ход
report-partizan-wins-with = { $side ->
        [left] Левия
       *[right] Десния
    }, ако започва, печели с хода:
report-partizan-misere = мизер (който не може да играе, печели): { $outcome }
report-partizan-misere-wins-with = { $side ->
        [left] Левия
       *[right] Десния
    }, ако започва, печели мизера с хода:
report-partizan-misere-no-move-wins = { $side ->
        [left] Левия
       *[right] Десния
    }, ако започва, няма ход и затова печели мизера
report-partizan-misere-no-winning-move = { $side ->
        [left] Левия
       *[right] Десния
    }, ако започва, няма печеливш ход в мизера
report-move-as-written = { $move }
report-move-leaves = { $move } (остава { $value })
report-move-cut-coloured = срежи { $colour ->
        [blue] синьото
        [red] червеното
       *[green] зеленото
    } ребро { $edge } ({ $from } - { $to })
report-move-colour-vertex = оцвети { $vertex } в { $colour ->
        [blue] синьо
       *[red] червено
    }: { $position }

report-loopy-title = зациклена игра { $game }
report-loopy-size = { $positions } { $positions ->
        [one] позиция
       *[other] позиции
    }, { $moves } { $moves ->
        [one] ход
       *[other] хода
    }; { $kind }
report-loopy-short = играта винаги свършва (кратка игра)
report-loopy-stopper = стопер: няма безкрайна редуваща се игра
report-loopy-not-stopper = не е стопер: играта може да се редува вечно
report-loopy-form = форма: { $form }
report-loopy-game-value = стойност: { $value }
report-loopy-game-value-named = стойност: { $value } = { $name }
report-loopy-sides = страни: { $on } & { $off } (onside & offside)
report-loopy-backsliding = Крастави жаби и жаби с отстъпване { $row }
report-loopy-outcome-draw = D (реми, който и да започва)
report-loopy-outcome-mixed = Левия, ако започва: { $left ->
        [left] печели Левия
        [right] печели Десния
       *[draw] реми
    }; Десния, ако започва: { $right ->
        [left] печели Левия
        [right] печели Десния
       *[draw] реми
    }
report-loopy-sides-note = страните не са намерени: { $note }
report-loopy-outcome = изход: { $outcome }
report-loopy-cannot-move = { $side ->
        [left] Левия
       *[right] Десния
    }, ако започва, няма ход и губи
report-loopy-first = { $side ->
        [left] Левия
       *[right] Десния
    }, ако започва: { $how } ({ $moves })
report-loopy-draw = реми
report-loopy-wins-in = { $winner ->
        [left] Левия
       *[right] Десния
    } печели за { $moves } { $moves ->
        [one] ход
       *[other] хода
    }
report-loopy-wins = { $winner ->
        [left] Левия
       *[right] Десния
    } печели
report-loopy-no-move = няма ход
report-loopy-best = най-добре: към { $moves }
report-loopy-best-separator = {"; към "}
report-loopy-compared = сравнено с { $other }: { $game } { $relation } { $form }

report-dead-end-title = задънена игра на Левия { $game }
report-dead-end-form = канонична форма: { $form }
report-dead-end-form-length = {" "}(общо { $length } { $length ->
        [one] знак
       *[other] знака
    })
report-dead-end-chain = {" "}(верига на Десния от { $moves } { $moves ->
        [one] ход
       *[other] хода
    })
report-dead-end-birthday = рожден ден { $birthday }, надпревара { $race } (Десния може да остане без ходове след { $race } { $race ->
        [one] ход
       *[other] хода
    })
report-dead-end-outcome-n = мизерен изход на самата игра: N (никой не може да играе: печели този, който е на ход)
report-dead-end-outcome-l = мизерен изход на самата игра: L (Левия не може да играе и печели, ако започва; Десния, ако започва, оставя Левия без ход)
report-dead-end-zero = 0 е неутралният елемент на сумата: няма атоми
report-dead-end-atom = атом: не е сума на две задънени игри, различни от 0
report-dead-end-divisors = делители ({ $count }):{" "}
report-dead-end-more = , … (общо { $count })
report-dead-end-factorisations = разлагания на атоми: { $count }
report-dead-end-factorisations-unique = разлагания на атоми: { $count } (единствено)
report-dead-end-compared = { $game } е { $relation ->
        [equal] равно на
        [greater] по-голямо от (по-добро за Левия във всяка задънена сума)
        [less] по-малко от (по-добро за Десния във всяка задънена сума)
       *[incomparable] несравнимо с
    } { $other }

report-quotient-title = { $game }: мизерно частно на сумите от купчинки 0 … { $upto } (който играе последен, губи)
report-quotient-order = ред { $order }
report-quotient-same = {" "}(същото частно за всяка граница от купчинка { $from } до { $upto })
report-quotient-stable = частното за всеки размер на купчинка: преструващата се функция се повтаря с период { $period } от купчинка { $preperiod }, което купчинките до { $needed } доказват (разсъждението на Гай–Смит)
report-quotient-not-provable = не е доказано окончателно: доказателството за периодичност не важи за тази игра
report-quotient-not-confirmed = не е доказано окончателно: нито един период на преструващата се функция не е потвърден достатъчно далеч (по-голямо upto може да го докаже)
report-quotient-presentation = представяне { $presentation }
report-quotient-generator = { $name } = купчинка { $heap }
report-quotient-p-portion = P-част {"{"}{ $elements }{"}"} (сумите, чийто елемент е тук, са мизерни губещи позиции, P-позиции)
report-quotient-pretending = преструваща се функция (елементът на една купчинка)
report-quotient-orders = редовете на частните на купчинките 0 … k, k = 0 … { $upto }: { $orders }
report-quotient-table = таблица за умножение
report-quotient-built = { $extended } от { $upto } граници построени от по-малкото частно, за останалите са претърсени { $searched } суми от купчинки; всяко частно е доказано с три проверки (купчинките комутират, няма ход от P в P, от всяка N-сума има ход в P)
