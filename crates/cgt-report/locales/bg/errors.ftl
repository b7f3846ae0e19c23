# Грешки: по един ред, както `cgt` ги отпечатва след "error: " и както ги показва площадката.

error-exceeded-positions = повече от { $limit } { $limit ->
        [one] позиция
       *[other] позиции
    } — границата на това търсене
error-exceeded-memory = нужни са { $used } памет, повече от границата от { $limit }
error-exceeded-time = повече от { $limit } s — времевата граница на това търсене
error-exceeded-stopped = прекъснато
error-search-stopped = търсенето е спряно: { $why }
error-search-stopped-time = търсенето е спряно: { $why }; за да позволите повече, задайте CGT_TIME_LIMIT (например 10m или none)
error-search-stopped-memory = търсенето е спряно: { $why }; за да позволите повече, задайте CGT_MEMORY_LIMIT (например 4G)
error-request-stopped = спряно: { $why } (всяка заявка има свой бюджет)

error-field-too-long = полето { $field } е дълго { $length } { $length ->
        [one] знак
       *[other] знака
    }; четат се най-много { $most }
error-not-whole-number = { $field }: „{ $word }“ не е цяло неотрицателно число
error-side-left-right = страната трябва да е left (Левият) или right (Десният), а не { $side }
error-record-too-long = записът на партията е дълъг { $length } { $length ->
        [one] знак
       *[other] знака
    }; четат се най-много { $most }
error-record-format = записът { $record } не е номера на ходове като 0-1.2-3
error-no-game = няма игра { $name }; игрите са: { $games }
error-one-action = по едно действие на заявка: play=N, move=ТЕКСТ или undo=true
error-game-over = партията свърши: { $end }
error-no-language = lang: няма език { $code }; езиците са en, ru, bg, zh
error-mnk-shape = формата е m,n,k: три числа, например 3,3,3
error-shape-too-large = форма: { $number } е твърде много
error-bridgit-size = размерът n на Bridg-it е от 2 до 6
error-pig-target = целта n на играта „Прасе“ е от 1 до 150
error-poker-side = в покера страната е first (първи) или second (втори), а не { $side }

error-divisor-n = n: играта с делителите иска N >= 1
error-wythoff-position = position: играта започва от позиция — два размера на купчинки
error-play-loopy = loopy: играе се на ациклични графи (игра с пулове и цикли може да не свърши)
error-play-tokens = tokens: играта започва от пулове по върховете; посочете поне един
error-play-heaps = heaps: играта започва от позиция; дайте купчинките
error-mnk-empty-cells = { $empty } { $empty ->
        [one] празна клетка
       *[other] празни клетки
    }: програмата играе точно само до { $most }
error-too-many-counters = играта изброява всеки ход; играят се позиции с най-много { $most } пула общо

error-partizan-memory = търсенето иска повече от границата на паметта от { $limit } (спряно при { $stored } запазени позиции и форми); за да позволите повече, задайте CGT_MEMORY_LIMIT (например 4G) или разделете позицията
