# Думите на площадката (`cgt serve`) на български: рамката на всяка страница, началната
# страница и имената на игрите, които не са партизански правила (те са в rulesets.ftl).
# Термините са като в урока: печеливша и губеща позиция, mex, Grundy (glossary.tsv).

web-site = Площадка cgt
web-language = Език
web-nav-calculator = Калкулатор
web-nav-loopy = Игри с цикли
web-nav-dead-end = Задънени игри
web-nav-sequence = Ним-редици
web-nav-wythoff = Картина на Уитхоф
web-nav-tree = Дървета на игри
web-nav-hidden = Скрита информация
web-footer = Всеки отговор тук е изчислен от библиотеките cgt, както <code>cgt … --json</code>; <a href="/api/games">JSON API</a>.

web-error-title = Няма отговор
web-index-heading = Играйте срещу съвършения играч
web-index-intro = Всеки възможен ход е оцветен според стойността му за вас: <span class="win">зелен печели</span>, <span class="loss">червен губи</span>, <span class="draw">сив води до реми</span>. Поискайте подсказка, върнете ход и отворете „Защо?“, за да видите извода, както го отпечатва <code>cgt … --explain</code>.
web-index-tools = Инструменти
web-tool-calculator = <a href="/calculator">Калкулатор за партизански игри</a>: стойност, изход, спирки, температура, термограф.
web-tool-dead-end = <a href="/dead-end">Леви задънени игри</a>: игра наобратно (misère) — канонични форми, наредбата на задънената вселена, делители и разлагания на атоми.
web-tool-loopy = <a href="/loopy">Игри с цикли</a>: игри, чиито позиции се повтарят — изход с реми, най-добри ходове, най-прости форми на стопери, страни.
web-tool-sequence = <a href="/sequence">Ним-редици</a>: графиката, губещите позиции, редките стойности, доказаният период.
web-tool-wythoff = <a href="/wythoff">Картината на стойностите на Grundy в играта на Уитхоф</a>.
web-tool-tree = <a href="/tree">Дървета на игри</a>: минимаксна стойност и ходът на алфа-бета отсичането стъпка по стъпка.
web-tool-hidden = <a href="/hidden">Скрита информация</a>: матрични игри и покерът на Кун, решени със смесени стратегии.

web-game-nim = Ним
web-game-staircase = Ним по стълба
web-game-heaps = Игри с купчинки: октални, с изваждане, играта на Grundy
web-game-wythoff = Играта на Уитхоф
web-game-hackenbush = Синьо-червено-зелен Хакенбуш
web-game-connect4 = Четири в редица
web-game-mnk = m,n,k-игри (морски шах и по-големи)
web-game-bridgit = Бриджит
web-game-cycle = Играта на цикъл върху мрежата
web-game-chess = Шахматни ендшпили срещу таблица
web-game-divisor = Играта с делители
web-game-pig = Прасе, игра със зар
web-game-poker = Покерът на Кун и Leduc hold'em срещу равновесна стратегия

# Страницата на играта: бутоните и редовете, които пише скриптът ѝ ({ $name } се попълва там).
web-play-new-game = Нова игра
web-play-building = Строим таблицата…
web-play-your-move-label = Вашият ход
web-play-play = Изиграй
web-play-hint = Подсказка
web-play-undo = Върни хода
web-play-why = Защо?
web-play-why-summary = Защо: изводът
web-play-you-play = Играете като
web-play-left = Левия
web-play-right = Десния
web-play-board = Дъска
web-play-heaps = Купчинки
web-play-coins = Монети върху стъпала 1, 2, …
web-play-rules = Правила
web-play-rules-help = октален код (0.07), множество за изваждане ({"{"}1,3,4{"}"}) или име (kayles, grundy)
web-play-misere = мизер
web-play-number = Число
web-play-picture = Рисунка (по едно ребро „u v цвят“ на ред; земята се казва „ground“)
web-play-blue = сини
web-play-red = червени
web-play-blue-vertical = сини, вертикално
web-play-red-horizontal = червени, хоризонтално
web-play-moves-so-far = Ходове досега
web-play-columns-example = напр. 4453
web-play-cells-example = полета от 1
web-play-size = Размер
web-play-size-help = от 2 до 6 точки на страна
web-play-slots-example = отсечки или X,Y
web-play-bridgit-help = Свързвате сините си точки отляво надясно; програмата, която играе сдвояването на Грос, препречва отгоре надолу.
web-play-window = Прозорец
web-play-points = точки
web-play-segments-so-far = Отсечки досега
web-play-segments-example = напр. 1,1r 2,1u
web-play-cycle-help = Чертаете отсечки и се опитвате да затворите цикъл; програмата пречи, като сдвоява отсечката надясно от точка с тази нагоре от нея.
web-play-target = Цел
web-play-target-help = от 1 до 150 точки
web-play-die-seed = Зърно на зара
web-play-die-seed-help = същото зърно и същите ходове повтарят същата партия
web-play-pig-help = Хвърляйте колкото пъти искате: 1 губи точките от хода, спирането ги запазва. Програмата взема решенията, които ѝ дават най-голям шанс да спечели.
web-play-game = Игра
web-play-kuhn = покер на Кун
web-play-leduc = холдем Ледюк (Leduc hold'em)
web-play-seat = Място
web-play-seat-first = първо
web-play-seat-second = второ (програмата започва)
web-play-deck-seed = Зърно на тестето
web-play-deck-seed-help = същото зърно и същите ходове повтарят същото раздаване
web-play-poker-help = Едно раздаване срещу точно равновесие, което избира действията си с вероятностите на равновесието: не може да бъде победено в дългосрочен план, но всяко раздаване може да се спечели. Подсказката показва играта на равновесието при вашите карти.
web-play-table = Таблица
web-play-fen-help = началната позиция на таблицата
web-js-played = Изиграхте { $played }; програмата отговори с { $answer }. Ваш ход.
web-js-taken-back = Ходът е върнат. Ваш ход.
web-js-your-move = Ваш ход.
web-js-your-move-side = Ваш ход (играете като { $side }).
web-js-value = Стойността на тази позиция за вас: { $value }.
web-js-no-derivation = За тази игра няма извод.
