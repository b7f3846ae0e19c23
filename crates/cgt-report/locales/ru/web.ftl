# Слова площадки (`cgt serve`) по-русски: рамка каждой страницы, главная страница и названия
# игр, которые не являются партизанскими правилами (те — в rulesets.ftl). Термины — как в
# уроках: выигрышная и проигрышная позиция, ним-сумма, функция Шпрага–Гранди (glossary.tsv).

web-site = Площадка cgt
web-language = Язык
web-nav-calculator = Калькулятор
web-nav-loopy = Игры с циклами
web-nav-dead-end = Тупики
web-nav-sequence = Ним-последовательности
web-nav-wythoff = Картина Витхоффа
web-nav-tree = Деревья игр
web-nav-hidden = Скрытая информация
web-footer = Каждый ответ здесь вычисляют библиотеки cgt, так же как <code>cgt … --json</code>; <a href="/api/games">JSON API</a>.

web-error-title = Нет ответа
web-index-heading = Играйте против идеального игрока
web-index-intro = Каждый допустимый ход окрашен по его значению для вас: <span class="win">зелёный выигрывает</span>, <span class="loss">красный проигрывает</span>, <span class="draw">серый ведёт к ничьей</span>. Попросите подсказку, возьмите ход назад и откройте «Почему?», чтобы увидеть вывод, как его печатает <code>cgt … --explain</code>.
web-index-tools = Инструменты
web-tool-calculator = <a href="/calculator">Калькулятор партизанских игр</a>: значение, исход, остановки, температура, термограф.
web-tool-dead-end = <a href="/dead-end">Левые тупики</a>: игра в поддавки — канонические формы, порядок вселенной тупиков, делители и разложения на атомы.
web-tool-loopy = <a href="/loopy">Игры с циклами</a>: игры, позиции которых повторяются, — исход с ничьими, лучшие ходы, простейшие формы стопперов, стороны.
web-tool-sequence = <a href="/sequence">Ним-последовательности</a>: график, проигрышные позиции, редкие значения, доказанный период.
web-tool-wythoff = <a href="/wythoff">Картина значений Шпрага–Гранди в игре Витхоффа</a>.
web-tool-tree = <a href="/tree">Деревья игр</a>: минимаксное значение и ход альфа-бета-отсечения шаг за шагом.
web-tool-hidden = <a href="/hidden">Скрытая информация</a>: матричные игры и покер Куна, решённые в смешанных стратегиях.

web-game-nim = Ним
web-game-staircase = Ним на лестнице
web-game-heaps = Игры с кучками: октальные, игры вычитания, игра Гранди
web-game-wythoff = Игра Витхоффа
web-game-hackenbush = Сине-красно-зелёный Хакенбуш
web-game-connect4 = Четыре в ряд
web-game-mnk = m,n,k-игры (крестики-нолики и больше)
web-game-bridgit = Бриджит
web-game-cycle = Игра в цикл на клетчатой сетке
web-game-chess = Шахматные эндшпили против таблицы
web-game-divisor = Игра в делители
web-game-pig = Свинья, игра в кости
web-game-poker = Покер Куна и Leduc hold'em против равновесной стратегии

# Страница игры: кнопки и строки, которые пишет её скрипт ({ $name } подставляется там).
web-play-new-game = Новая игра
web-play-building = Строим таблицу…
web-play-your-move-label = Ваш ход
web-play-play = Сыграть
web-play-hint = Подсказка
web-play-undo = Взять ход назад
web-play-why = Почему?
web-play-why-summary = Почему: вывод
web-play-you-play = Вы играете за
web-play-left = Левого
web-play-right = Правого
web-play-board = Доска
web-play-heaps = Кучки
web-play-coins = Монеты на ступеньках 1, 2, …
web-play-rules = Правила
web-play-rules-help = октальный код (0.07), множество вычитания ({"{"}1,3,4{"}"}) или название (kayles, grundy)
web-play-misere = мизер
web-play-number = Число
web-play-picture = Рисунок (по ребру «u v цвет» в строке; земля называется «ground»)
web-play-blue = синие
web-play-red = красные
web-play-blue-vertical = синие, вертикально
web-play-red-horizontal = красные, горизонтально
web-play-moves-so-far = Ходы до сих пор
web-play-columns-example = например, 4453
web-play-cells-example = клетки с 1
web-play-size = Размер
web-play-size-help = от 2 до 6 точек на сторону
web-play-slots-example = отрезки или X,Y
web-play-bridgit-help = Вы соединяете свои синие точки слева направо; программа, играя паросочетанием Гросса, перекрывает путь сверху вниз.
web-play-window = Окно
web-play-points = точек
web-play-segments-so-far = Отрезки до сих пор
web-play-segments-example = например, 1,1r 2,1u
web-play-cycle-help = Вы проводите отрезки и пытаетесь замкнуть цикл; программа мешает, объединяя в пару отрезок вправо от точки с отрезком вверх от неё.
web-play-target = Цель
web-play-target-help = от 1 до 150 очков
web-play-die-seed = Зерно кубика
web-play-die-seed-help = то же зерно и те же ходы повторяют ту же партию
web-play-pig-help = Бросайте сколько угодно раз: 1 отнимает очки хода, остановка сохраняет их. Программа принимает решения, которые дают ей наибольшие шансы на выигрыш.
web-play-game = Игра
web-play-kuhn = покер Куна
web-play-leduc = холдем Ледюк (Leduc hold'em)
web-play-seat = Место
web-play-seat-first = первое
web-play-seat-second = второе (начинает программа)
web-play-deck-seed = Зерно колоды
web-play-deck-seed-help = то же зерно и те же ходы повторяют ту же раздачу
web-play-poker-help = Одна раздача против точного равновесия, которое выбирает действия с вероятностями равновесия: его нельзя обыграть на длинной дистанции, но любую раздачу можно выиграть. Подсказка показывает игру равновесия при ваших картах.
web-play-table = Таблица
web-play-fen-help = начальная позиция таблицы
web-js-played = Вы сыграли { $played }; программа ответила { $answer }. Ваш ход.
web-js-taken-back = Ход взят назад. Ваш ход.
web-js-your-move = Ваш ход.
web-js-your-move-side = Ваш ход (вы играете за { $side }).
web-js-value = Значение этой позиции для вас: { $value }.
web-js-no-derivation = Для этой игры вывода нет.
