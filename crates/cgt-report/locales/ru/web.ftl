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
web-js-played = Вы сыграли { $played }; программа ответила { $answer }. Ваш ход.
web-js-taken-back = Ход взят назад. Ваш ход.
web-js-your-move = Ваш ход.
web-js-your-move-side = Ваш ход (вы играете за { $side }).
web-js-value = Значение этой позиции для вас: { $value }.
web-js-no-derivation = Для этой игры вывода нет.
