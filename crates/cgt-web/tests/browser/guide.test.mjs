// The user guide in its four languages, in Debian's Chromium: the built book (GUIDE_BOOK, else
// docs/guide/book, made by `python3 docs/guide/i18n.py build`) is opened from disk. Each
// language's Sprague–Grundy chapter is in that language (none of the English paragraphs shows),
// its console sessions are the English chapter's to the byte, and the language switch in the
// top bar opens the same chapter in another language. With CGT_SCREENSHOTS=DIR the chapter is
// saved there per language (the guide's pictures).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const book = process.env.GUIDE_BOOK || resolve(here, "../../../../docs/guide/book");
const shots = process.env.CGT_SCREENSHOTS;
const languages = { en: "", ru: "ru/", bg: "bg/", zh: "zh/" };
let browser;

before(async () => {
  assert.ok(existsSync(join(book, "ru", "index.html")), `no translated guide in ${book}`);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  if (shots) mkdirSync(shots, { recursive: true });
});

after(async () => {
  if (browser) await browser.close();
});

async function chapter(lang, name) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e));
  page.errors = errors;
  await page.goto(pathToFileURL(join(book, languages[lang], name)).href);
  return page;
}

// The text of the chapter's paragraphs and of its console blocks.
async function read(page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    title: document.querySelector("main h1").textContent,
    paragraphs: [...document.querySelectorAll("main p")].map((p) => p.textContent.trim()),
    sessions: [...document.querySelectorAll("main pre code")].map((c) => c.textContent),
  }));
}

test("the Sprague–Grundy chapter reads in Russian, Bulgarian and Chinese, sessions unchanged", async () => {
  const english = await chapter("en", "sprague-grundy.html");
  const en = await read(english);
  await english.close();
  assert.equal(en.lang, "en");
  assert.ok(en.sessions.length >= 3, "the English chapter has its console sessions");
  const words = { ru: /[а-яё]/i, bg: /[а-я]/i, zh: /[\u4e00-\u9fff]/ };
  const titles = { ru: "Шпрага–Гранди", bg: "Sprague–Grundy и суми", zh: "Sprague–Grundy 定理" };
  for (const lang of ["ru", "bg", "zh"]) {
    const page = await chapter(lang, "sprague-grundy.html");
    const t = await read(page);
    assert.equal(t.lang, lang);
    assert.ok(t.title.includes(titles[lang]), `${lang}: title ${t.title}`);
    for (const p of t.paragraphs) {
      assert.ok(!en.paragraphs.includes(p) || !/[a-z]{4,} [a-z]{4,}/.test(p), `${lang}: English left: ${p}`);
    }
    assert.ok(t.paragraphs.filter((p) => words[lang].test(p)).length >= 8, `${lang}: too few paragraphs in the language`);
    assert.deepEqual(t.sessions, en.sessions, `${lang}: the console sessions differ from English`);
    if (shots) await page.screenshot({ path: join(shots, `guide-sprague-grundy-${lang}.png`) });
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test("the language switch opens the same chapter in the chosen language", async () => {
  const page = await chapter("ru", "nim.html");
  const choice = page.locator("select.language-switch");
  assert.equal(await choice.inputValue(), "ru");
  await Promise.all([page.waitForNavigation(), choice.selectOption("zh")]);
  assert.ok(page.url().endsWith("/zh/nim.html"), page.url());
  assert.ok((await page.locator("main h1").first().textContent()).includes("Bouton 定理"));
  const back = page.locator("select.language-switch");
  await Promise.all([page.waitForNavigation(), back.selectOption("en")]);
  assert.ok(page.url().endsWith("/book/nim.html"), page.url());
  assert.equal(await page.evaluate(() => document.documentElement.lang), "en");
  assert.deepEqual(page.errors, []);
  await page.close();
});
