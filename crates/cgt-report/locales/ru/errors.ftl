# Ошибки: по одной строке, как их печатает `cgt` после "error: " и показывает песочница.

error-exceeded-positions = больше { $limit } { $limit ->
        [one] позиции
       *[other] позиций
    } — это предел данного поиска
error-exceeded-memory = нужно { $used } памяти, больше предела в { $limit }
error-exceeded-time = дольше { $limit } с — это предел времени данного поиска
error-exceeded-stopped = прервано
error-search-stopped = поиск остановлен: { $why }
error-search-stopped-time = поиск остановлен: { $why }; чтобы разрешить больше, задайте CGT_TIME_LIMIT (например, 10m или none)
error-search-stopped-memory = поиск остановлен: { $why }; чтобы разрешить больше, задайте CGT_MEMORY_LIMIT (например, 4G)
error-request-stopped = остановлено: { $why } (у каждого запроса свой бюджет)

error-field-too-long = поле { $field } длиной { $length } { $length ->
        [one] символ
        [few] символа
       *[many] символов
    }; читается не больше { $most }
error-not-whole-number = { $field }: «{ $word }» — не целое неотрицательное число
error-side-left-right = сторона должна быть left (Левый) или right (Правый), а не { $side }
error-record-too-long = запись партии длиной { $length } { $length ->
        [one] символ
        [few] символа
       *[many] символов
    }; читается не больше { $most }
error-record-format = запись { $record } — не номера ходов вида 0-1.2-3
error-no-game = нет игры { $name }; есть игры: { $games }
error-one-action = одно действие за запрос: play=N, move=ТЕКСТ или undo=true
error-game-over = партия окончена: { $end }
error-no-language = lang: нет языка { $code }; языки: en, ru, bg, zh
error-mnk-shape = форма — это m,n,k: три числа, например 3,3,3
error-shape-too-large = форма: { $number } — слишком много
error-bridgit-size = размер n в Bridg-it — от 2 до 6
error-pig-target = цель n в игре «Свинья» — от 1 до 150
error-poker-side = в покере сторона — first (первый) или second (второй), а не { $side }

error-divisor-n = n: игре делителей нужно N >= 1
error-wythoff-position = position: игра начинается с позиции — двух размеров кучек
error-play-loopy = loopy: играют на ациклических графах (игра фишек с циклами может не кончиться)
error-play-tokens = tokens: игра начинается с фишек на вершинах; назовите хотя бы одну
error-play-heaps = heaps: игра начинается с позиции; задайте кучки
error-mnk-empty-cells = { $empty } { $empty ->
        [one] пустая клетка
        [few] пустые клетки
       *[many] пустых клеток
    }: программа играет точно только до { $most }
error-too-many-counters = игра перечисляет каждый ход; играются позиции, где всего не больше { $most } фишек

error-partizan-memory = поиску нужно больше предела памяти в { $limit } (остановлен на { $stored } { $stored ->
        [one] сохранённой позиции и форме
       *[other] сохранённых позициях и формах
    }); чтобы разрешить больше, задайте CGT_MEMORY_LIMIT (например, 4G) или разбейте позицию на части
