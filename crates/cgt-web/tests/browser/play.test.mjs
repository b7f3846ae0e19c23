// The playground in a real browser: Debian's Chromium, headless, driven by Playwright. Each
// test starts `cgt serve` on a free port (the binary from CGT_BIN, else the debug build) and
// plays as a student would, by clicking. With CGT_SCREENSHOTS=DIR the main pages are saved
// there as PNG files (the README's and the guide's pictures).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const bin = process.env.CGT_BIN || resolve(here, "../../../../target/debug/cgt");
const shots = process.env.CGT_SCREENSHOTS;
let server, base, browser, tables;

before(async () => {
  tables = mkdtempSync(join(tmpdir(), "cgt-browser-tables-"));
  server = spawn(bin, ["serve", "--bind", "127.0.0.1:0", "--tables", tables], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  base = await new Promise((ok, fail) => {
    let text = "";
    const timer = setTimeout(() => fail(new Error("cgt serve printed no address")), 30000);
    server.stdout.on("data", (chunk) => {
      text += chunk;
      const m = text.match(/http:\/\/[0-9.:]+\//);
      if (m) {
        clearTimeout(timer);
        ok(m[0].replace(/\/$/, ""));
      }
    });
    server.on("exit", (code) => fail(new Error("cgt serve exited with " + code)));
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
  if (shots) mkdirSync(shots, { recursive: true });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill("SIGINT");
  rmSync(tables, { recursive: true, force: true });
});

async function open(path) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e));
  page.errors = errors;
  // What the browser's console shows as errors, failed requests (a 4xx status) among them.
  const consoleErrors = [];
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
  page.consoleErrors = consoleErrors;
  await page.goto(base + path);
  return page;
}

/// Waits for the page's next answer from the play API after `act`, and for the page to have
/// drawn it: the response arrives before the page has parsed and rendered it, so the count of
/// drawn answers (`data-answers` on the game's root) must have moved on.
async function answered(page, act) {
  const drawn = () => page.evaluate(() => Number(document.querySelector("[data-game]").dataset.answers || 0));
  const before = await drawn();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes("/api/play/")),
    act(),
  ]);
  await page.waitForFunction(
    (n) => Number(document.querySelector("[data-game]").dataset.answers || 0) > n,
    before,
  );
  return response;
}

async function ready(page) {
  await page.waitForFunction(() => Number(document.querySelector("[data-game]").dataset.answers || 0) > 0);
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

async function shot(page, name) {
  if (shots) await page.screenshot({ path: join(shots, name + ".png"), fullPage: true });
}

test("a Nim game from a P-position is lost to the program, and a move is taken back", async () => {
  const page = await open("/play/nim?heaps=1+2+3");
  await ready(page);
  assert.match(await page.textContent("#value"), /loss/);
  const start = await page.textContent("#position");
  await shot(page, "nim");
  // Take one move back.
  await answered(page, () => page.click("#moves button >> nth=0"));
  assert.notEqual(await page.textContent("#position"), start);
  await answered(page, () => page.click("#undo"));
  assert.equal(await page.textContent("#position"), start);
  // Play to the end, always the first listed move, by clicking the counter it takes from.
  for (let turn = 0; turn < 20; turn++) {
    const status = await page.textContent("#status");
    if (/wins|win!/.test(status)) break;
    const cells = await page.getAttribute("#moves button >> nth=0", "data-cells");
    await answered(page, () => page.click(`#board [data-cell="${cells.split(" ")[0]}"]`));
  }
  assert.match(await page.textContent("#status"), /the program wins/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the Nim page speaks Russian, Bulgarian and Chinese, and switching language keeps the game", async () => {
  const words = {
    ru: { hint: "Подсказка", move: "Ваш ход", played: "Вы сыграли", title: "Ним", value: /выигрыш|проигрыш/, take: /взять \d+ из кучки \d+/, syntax: /Введите кучку/, hinted: /Выигрывающ/, grundy: /Значение Гранди/, heap: /кучка 1/, why: /Таблица Бутона/ },
    bg: { hint: "Подсказка", move: "Ваш ход", played: "Изиграхте", title: "Ним", value: /печалба|загуба/, take: /вземи \d+ от купчинка \d+/, syntax: /Въведете купчина/, hinted: /печеливш/i, grundy: /Стойност на Grundy/, heap: /купч(\.|ина) 1/, why: /Таблицата на Бутон/ },
    zh: { hint: "提示", move: "轮到你走", played: "你走了", title: "Nim 游戏", value: /获胜|落败/, take: /从第 \d+ 堆取走 \d+ 个/, syntax: /输入堆号/, hinted: /必胜/, grundy: /Grundy 值/, heap: /第 1 堆/, why: /Bouton 表/ },
  };
  for (const [code, w] of Object.entries(words)) {
    const page = await open(`/play/nim?heaps=3+4+5&lang=${code}`);
    await ready(page);
    assert.equal(await page.getAttribute("html", "lang"), code);
    assert.equal(await page.textContent("#hint"), w.hint, code);
    assert.equal(await page.textContent("h1"), w.title, code);
    assert.match(await page.textContent("#status"), new RegExp(w.move), code);
    assert.match(await page.textContent("#value"), w.value, code);
    assert.match(await page.textContent("#moves button >> nth=0"), w.value, code);
    assert.match(await page.textContent("#moves button >> nth=0"), w.take, code);
    assert.doesNotMatch(await page.textContent("header"), /Calculator|Game trees|web-/, code);
    assert.match(await page.textContent("#syntax"), w.syntax, code);
    assert.match(await page.textContent("#board"), w.heap, code);
    assert.match(await page.textContent("#position"), w.heap, code);
    assert.doesNotMatch(await page.textContent("#board") + await page.textContent("#position"), /heap/, code);
    assert.match(await page.textContent("#describe"), w.grundy, code);
    await answered(page, () => page.click("#hint"));
    assert.match(await page.textContent("#hint-text"), w.hinted, code);
    assert.match(await page.textContent("#hint-text"), w.take, code);
    // The "why?" panel: Bouton's table in the page's language.
    await answered(page, () => page.click("#why"));
    const why = await page.textContent("#why-panel pre");
    assert.match(why, w.why, code);
    assert.match(why, w.take, code);
    assert.doesNotMatch(why, /Bouton's table|binary|column|Winning move|explain-/, code);
    await answered(page, () => page.click("#moves button >> nth=0"));
    assert.match(await page.textContent("#status"), new RegExp(w.played), code);
    assert.match(await page.textContent("#status"), w.take, code);
    assert.doesNotMatch(await page.textContent("#status"), /take \d+ from/, code);
    assert.match(page.url(), new RegExp(`lang=${code}`));
    const record = new URL(page.url()).searchParams.get("record");
    assert.ok(record, code);
    await shot(page, `nim-${code}`);
    // To English: the same game, the same record, English words.
    await Promise.all([page.waitForNavigation(), page.click('nav.langs a[hreflang="en"]')]);
    await ready(page);
    assert.equal(new URL(page.url()).searchParams.get("record"), record, code);
    assert.equal(await page.textContent("#hint"), "Hint");
    assert.deepEqual(page.errors, [], code);
    assert.deepEqual(page.consoleErrors, [], code);
    await page.close();
  }
});

test("a refused start is told in the page's language", async () => {
  const words = { ru: /heaps: «x» — не целое/, bg: /heaps: „x“ не е цяло/, zh: /heaps：“x”不是非负整数/ };
  for (const [code, w] of Object.entries(words)) {
    const page = await open(`/play/nim?heaps=3+x&lang=${code}`);
    await page.waitForSelector("#error:not([hidden])");
    const text = await page.textContent("#error");
    assert.match(text, w, code);
    assert.doesNotMatch(text, /is not a whole number|error-/, code);
    assert.deepEqual(page.errors, [], code);
    await page.close();
  }
});

test("a won Wythoff game is won by clicking the winning squares of the grid", async () => {
  const page = await open("/play/wythoff?a=9&b=7");
  await ready(page);
  assert.match(await page.textContent("#value"), /win/);
  await shot(page, "wythoff");
  for (let turn = 0; turn < 20; turn++) {
    if (/you win/.test(await page.textContent("#status"))) break;
    const cells = await page.getAttribute("#moves button.win >> nth=0", "data-cells");
    await answered(page, () => page.click(`#board [data-cell="${cells}"]`));
  }
  assert.match(await page.textContent("#status"), /you win/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("every game of the list opens its page, and a move listed there is played", async () => {
  const games = await (await fetch(base + "/api/games")).json();
  for (const { name, page: path } of games) {
    if (name === "chess") continue; // its table is built on first use: a test of its own below
    const page = await open(path);
    await ready(page);
    assert.equal(await page.textContent("#error"), "", name);
    const before = await page.textContent("#position");
    await answered(page, () => page.click("#moves button >> nth=0"));
    assert.notEqual(await page.textContent("#position"), before, name);
    assert.deepEqual(page.errors, [], name);
    assert.deepEqual(page.consoleErrors, [], name);
    await page.close();
  }
});

test("a Domineering move updates the value shown in the derivation", async () => {
  const page = await open("/play/domineering?board=3x3");
  await ready(page);
  const shownBefore = await page.textContent("#describe");
  assert.match(shownBefore, /^value /);
  await answered(page, () => page.click("#why"));
  const before = await page.textContent("#why-panel pre");
  assert.match(before, /value: /);
  // A placement is one click on a square only it covers, else two: its two squares.
  const cells = (await page.getAttribute("#moves button >> nth=1", "data-cells")).split(" ");
  const played = page.waitForResponse((r) => r.url().includes("/api/play/"));
  await page.click(`#board [data-cell="${cells[0]}"]`);
  const one = await Promise.race([played.then(() => true), sleep(1000).then(() => false)]);
  if (!one) {
    await page.click(`#board [data-cell="${cells[1]}"]`);
    await played;
  }
  await page.waitForFunction(() => /You played/.test(document.getElementById("status").textContent));
  await answered(page, () => page.click("#why"));
  const after = await page.textContent("#why-panel pre");
  assert.notEqual(after.match(/value: .*/)[0], before.match(/value: .*/)[0]);
  // The value beside the board is the derivation's.
  assert.equal(await page.textContent("#describe"), after.match(/value: (.*)/)[0].replace(": ", " "));
  await shot(page, "domineering");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("Connect-Four discs drop where the column is clicked", async () => {
  const page = await open("/play/connect4");
  await ready(page);
  await answered(page, () => page.click('#board [data-cell="0,3"]'));
  assert.equal(await page.locator("#board circle.disc").count(), 2);
  await answered(page, () => page.click('#board [data-cell="2,2"]'));
  assert.equal(await page.locator("#board circle.disc").count(), 4);
  await shot(page, "connect4");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a Bridg-it bridge is built where a slot is clicked, and the program answers", async () => {
  const page = await open("/play/bridgit?n=3");
  await ready(page);
  assert.equal(await page.locator("#board line.bridge").count(), 0);
  await answered(page, () => page.click('#board [data-cell="3,3"]'));
  assert.equal(await page.locator("#board line.bridge").count(), 2);
  assert.equal(await page.locator('#board [data-cell="3,3"]').count(), 0);
  await shot(page, "bridgit");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("KQK is mated against the table, built on first use", async () => {
  const page = await open("/play/chess?table=KQK");
  await page.waitForSelector("#moves button", { timeout: 120000 });
  assert.match(await page.textContent("#value"), /win in \d+ plies/);
  await shot(page, "chess");
  for (let turn = 0; turn < 40; turn++) {
    if (/Checkmate|Game over|Stalemate/.test(await page.textContent("#status"))) break;
    // The quickest win: the smallest distance among the winning moves.
    const texts = await page.locator("#moves button.win").allTextContents();
    const plies = texts.map((t) => Number((t.match(/win in (\d+)/) || [0, 1e9])[1]));
    const best = plies.indexOf(Math.min(...plies));
    await answered(page, () => page.click(`#moves button.win >> nth=${best}`));
  }
  assert.match(await page.textContent("#status"), /Checkmate: you win!/);
  assert.deepEqual(page.errors, []);
  // The page waits for the table before it plays: no 409 (Conflict) in the console.
  assert.deepEqual(page.consoleErrors, []);
  await page.close();
});

test("alpha-beta's cut greys the skipped branch of the drawn tree", async () => {
  const page = await open("/tree?tree=(max+(min+3+5)+(min+2+9))&explain=true");
  await page.waitForSelector("#tree-picture svg");
  assert.equal(await page.locator("#tree-picture .cut").count(), 0);
  await page.click("#run");
  await page.waitForFunction(() => /^line (\d+) of \1$/.test(document.getElementById("step-count").textContent), null, { timeout: 20000 });
  // Leaf 2.2 (the 9) is never read: its vertex and its branch are greyed.
  assert.equal(await page.locator('#tree-picture .cut[data-node="2.2"]').count(), 2);
  assert.equal(await page.textContent('#tree-picture [data-value="root"]'), "3");
  await shot(page, "tree");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a Kuhn poker hand is bet and lost to the king at the showdown", async () => {
  const page = await open("/play/poker?variant=kuhn&seed=3");
  await ready(page);
  assert.match(await page.textContent("#position"), /you hold J/);
  await answered(page, () => page.click('#moves button:has-text("bet")'));
  assert.match(await page.textContent("#status"), /The program wins 2 \(it held K\)/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the hidden-information page solves Kuhn poker from its form", async () => {
  const page = await open("/hidden");
  await page.fill('textarea[name="game"]', "kuhn");
  await page.click('button:has-text("Solve the game")');
  await page.waitForURL(/game=kuhn/);
  assert.match(await page.textContent("#result"), /value -1\/18 to the first player/);
  await page.fill('textarea[name="matrix"]', "0 -1 1; 1 0 -1; -1 1 0");
  await page.click('button:has-text("Solve the matrix game")');
  await page.waitForURL(/matrix=/);
  assert.match(await page.textContent("#result"), /rows with probabilities 1\/3, 1\/3, 1\/3/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the calculator draws a thermograph", async () => {
  const page = await open("/calculator?expr=%7B3%7C%7C2%7C1%7D");
  await page.waitForSelector("#thermograph svg");
  assert.match(await page.textContent("#result"), /temperature 3\/4/);
  await shot(page, "calculator");
  const cooled = await open("/calculator?expr=%7B3%7C-1%7D&cool=1");
  assert.match(await cooled.textContent("#result"), /cooled by 1: \{2\|0\}/);
  assert.equal(await cooled.locator("details[open]").count(), 1);
  assert.deepEqual(cooled.errors, []);
  await cooled.close();
  const loopy = await open("/loopy?expr=upon+%2B+*");
  assert.match(await loopy.textContent("#result"), /value: \{0, pass\|0\}/);
  assert.deepEqual(loopy.errors, []);
  await loopy.close();
  const deadEnd = await open("/dead-end?expr=-2+%2B+%7B%7C0%2C-3%7D");
  assert.match(await deadEnd.textContent("#result"), /-1 \+ -1 \+ \{\|0,-3\}/);
  assert.deepEqual(deadEnd.errors, []);
  await deadEnd.close();
  for (const [path, name] of [
    ["/sequence?rules=0.07&upto=200", "sequence"],
    ["/", "index"],
  ]) {
    const other = await open(path);
    await shot(other, name);
    assert.deepEqual(other.errors, []);
    await other.close();
  }
  await page.close();
});

test("every play page in Russian, Bulgarian and Chinese shows no message key and no English sentence, and plays a move in the language", async () => {
  const games = await (await fetch(base + "/api/games")).json();
  assert.ok(games.length >= 20);
  for (const game of games) {
    if (game.name === "chess") continue; // its table is built on first use; the chess test plays it
    const english = await open(game.page);
    await ready(english);
    const englishSyntax = await english.innerText("#syntax");
    await english.close();
    for (const code of ["ru", "bg", "zh"]) {
      const where = `${game.name} ${code}`;
      const page = await open(`${game.page}?lang=${code}`);
      await ready(page);
      const shown = async () => page.innerText("body");
      const keys = /\b(web|move|report|explain|value|syntax|hint|over|describe|position|board)-[a-z]+(-[a-z]+)*\b/;
      assert.doesNotMatch(await shown(), keys, where);
      assert.doesNotMatch(await shown(), /\{ ?\$/, where);
      assert.notEqual(await page.innerText("#syntax"), englishSyntax, where);
      const first = page.locator("#moves button").first();
      if (await first.count()) {
        await answered(page, () => first.click());
        const status = await page.innerText("#status");
        assert.doesNotMatch(status, /You played|the program answered|Your move|take \d+ from/, `${where}: ${status}`);
        assert.doesNotMatch(await shown(), keys, where);
      }
      assert.deepEqual(page.errors, [], where);
      assert.deepEqual(page.consoleErrors, [], where);
      await page.close();
    }
  }
});
