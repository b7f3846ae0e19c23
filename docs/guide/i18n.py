#!/usr/bin/env python3
"""The guide's translations: gettext catalogues (po/LANG.po) of the paragraphs that
mdbook-xgettext extracts from src/, in the workflow of mdbook-i18n-helpers.

    i18n.py update             refresh po/LANG.po from the English text: new paragraphs are
                               added untranslated, a changed paragraph keeps its old
                               translation marked fuzzy (stale), removed ones go
    i18n.py check              what CI runs: no stale (fuzzy) entry, no entry for a paragraph
                               that is gone, every paragraph of every chapter translated, code
                               blocks and spans and link targets kept, the lessons' terms used
                               (crates/cgt-report/locales/LANG/glossary.tsv)
    i18n.py build              the guide in every language: English in book/, the others in
                               book/LANG/ (the language switch of languages.js links them)
    i18n.py todo LANG CHAPTER  the untranslated paragraphs of a chapter, as blocks to fill
    i18n.py fill LANG FILE     takes such blocks back (`@@ key` then the translation)

`mdbook` and `mdbook-xgettext` are found on PATH (CI installs them in target/tools/bin).
Console blocks are not extracted, so every language shows the sessions that `cargo test`
runs in the English chapters, to the byte.
"""
import difflib
import hashlib
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

GUIDE = pathlib.Path(__file__).resolve().parent
PO = GUIDE / "po"
LANGS = ["ru", "bg", "zh"]
NAMES = {"ru": "Russian", "bg": "Bulgarian", "zh": "Chinese (Simplified)"}
TITLES = {
    "ru": "cgt: руководство по комбинаторным играм",
    "bg": "cgt: ръководство за комбинаторните игри",
    "zh": "cgt：组合游戏指南",
}
GLOSSARIES = GUIDE.parent.parent / "crates" / "cgt-report" / "locales"
PLURALS = {
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
    "(n%100<10 || n%100>=20) ? 1 : 2);",
    "bg": "nplurals=2; plural=(n != 1);",
    "zh": "nplurals=1; plural=0;",
}


class Entry:
    """One message: where it stands, the English, the translation, and whether it is stale."""

    def __init__(self, refs, msgid, msgstr="", fuzzy=False, previous=None):
        self.refs, self.msgid, self.msgstr = refs, msgid, msgstr
        self.fuzzy, self.previous = fuzzy, previous

    def key(self):
        return hashlib.sha1(self.msgid.encode()).hexdigest()[:8]

    def chapters(self):
        return [r.split(":")[0] for r in self.refs]


def unquote(lines):
    text = "".join(json.loads(line) for line in lines)
    return text


def parse(path):
    """The entries of a .po or .pot file, header first (msgid "")."""
    entries = []
    for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")):
        refs, fuzzy, field, fields = [], False, None, {"msgid": [], "msgstr": [], "prev": []}
        for line in block.splitlines():
            if line.startswith("#:"):
                refs += line[2:].split()
            elif line.startswith("#,"):
                fuzzy = fuzzy or "fuzzy" in line
            elif line.startswith("#| msgid "):
                field = "prev"
                fields[field].append(line[len("#| msgid "):])
            elif line.startswith('#| "'):
                fields["prev"].append(line[3:])
            elif line.startswith("#"):
                continue
            elif line.startswith("msgid "):
                field = "msgid"
                fields[field].append(line[6:])
            elif line.startswith("msgstr "):
                field = "msgstr"
                fields[field].append(line[7:])
            elif line.startswith('"') and field:
                fields[field].append(line)
        if not fields["msgid"]:
            continue
        previous = unquote(fields["prev"]) if fields["prev"] else None
        entries.append(
            Entry(refs, unquote(fields["msgid"]), unquote(fields["msgstr"]), fuzzy, previous)
        )
    return entries


def quote(text, width=76):
    """A string as gettext writes it: one line, or "" and then lines of about `width`."""
    def esc(s):
        return json.dumps(s, ensure_ascii=False)

    if len(text) <= width - 8 and "\n" not in text:
        return [esc(text)]
    pieces, line = [], ""
    for token in re.findall(r"[^ \n]+ ?|\n| ", text):
        if line and (len(line) + len(token) > width or line.endswith("\n")):
            pieces.append(line)
            line = ""
        while len(token) > width:  # a long run without spaces (Chinese)
            room = max(width - len(line), 1)
            pieces.append(line + token[:room])
            line, token = "", token[room:]
        line += token
    if line:
        pieces.append(line)
    return ['""'] + [esc(p) for p in pieces]


def write(path, lang, entries):
    out = [
        'msgid ""',
        'msgstr ""',
        '"Project-Id-Version: cgt: a guide to combinatorial games\\n"',
        '"POT-Creation-Date: \\n"',
        '"PO-Revision-Date: \\n"',
        '"Last-Translator: \\n"',
        f'"Language-Team: {NAMES[lang]}\\n"',
        '"MIME-Version: 1.0\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"',
        f'"Language: {lang}\\n"',
        f'"Plural-Forms: {PLURALS[lang]}\\n"',
        "",
    ]
    for e in entries:
        out.append("#: " + " ".join(e.refs))
        if e.fuzzy:
            out.append("#, fuzzy")
            if e.previous is not None:
                prev = quote(e.previous)
                out.append("#| msgid " + prev[0])
                out += ["#| " + p for p in prev[1:]]
        mid = quote(e.msgid)
        out.append("msgid " + mid[0])
        out += mid[1:]
        mstr = quote(e.msgstr)
        out.append("msgstr " + mstr[0])
        out += mstr[1:]
        out.append("")
    tmp = path.with_suffix(".po.tmp")
    tmp.write_text("\n".join(out), encoding="utf-8")
    tmp.replace(path)


def tool_env():
    """The environment with mdbook and the gettext plugins on PATH."""
    env = dict(os.environ)
    tools = GUIDE.parent.parent / "target" / "tools" / "bin"  # where CI installs them
    env["PATH"] = f"{tools}{os.pathsep}{env.get('PATH', '')}"
    for tool in ("mdbook", "mdbook-xgettext", "mdbook-gettext"):
        if shutil.which(tool, path=env["PATH"]) is None:
            sys.exit(f"error: {tool} is not on PATH (cargo install mdbook --version 0.5.4 "
                     "--locked; cargo install mdbook-i18n-helpers --version 0.4.0 --locked)")
    return env


def mdbook(env, out):
    subprocess.run(["mdbook", "build", "-d", str(out), str(GUIDE)], env=env, check=True,
                   stdout=subprocess.DEVNULL)


def build():
    env = tool_env()
    book = GUIDE / "book"
    mdbook(env, book)
    for lang in LANGS:
        mdbook(dict(env, MDBOOK_BOOK__LANGUAGE=lang, MDBOOK_BOOK__TITLE=TITLES[lang]), book / lang)
        print(f"{NAMES[lang]}: {book / lang}/index.html")


def template():
    """The English paragraphs as mdbook-xgettext extracts them now."""
    env = tool_env()
    with tempfile.TemporaryDirectory() as out:
        env["MDBOOK_OUTPUT"] = json.dumps({"xgettext": {"pot-file": "messages.pot", "granularity": 0}})
        subprocess.run(
            ["mdbook", "build", "-d", out, str(GUIDE)],
            env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        return [e for e in parse(pathlib.Path(out) / "messages.pot") if e.msgid]


def catalogue(lang):
    path = PO / f"{lang}.po"
    return [e for e in parse(path) if e.msgid] if path.exists() else []


def merged(pot, old):
    """`pot`'s entries with `old`'s translations: kept where the English is the same, carried
    over as fuzzy from the most similar vanished paragraph of the same chapter where not."""
    by_id = {e.msgid: e for e in old if e.msgstr}
    ids = {e.msgid for e in pot}
    gone = [e for e in old if e.msgstr and e.msgid not in ids]
    out = []
    for e in pot:
        if is_code(e.msgid):  # a block of code or a console session stays as it is
            out.append(Entry(e.refs, e.msgid, e.msgid))
            continue
        was = by_id.get(e.msgid)
        if was and not was.fuzzy:
            out.append(Entry(e.refs, e.msgid, was.msgstr))
            continue
        if was:  # still stale
            out.append(Entry(e.refs, e.msgid, was.msgstr, True, was.previous))
            continue
        near = [g for g in gone if set(g.chapters()) & set(e.chapters())]
        best = max(near, key=lambda g: difflib.SequenceMatcher(None, g.msgid, e.msgid).ratio(),
                   default=None)
        if best and difflib.SequenceMatcher(None, best.msgid, e.msgid).ratio() >= 0.6:
            gone.remove(best)
            out.append(Entry(e.refs, e.msgid, best.msgstr, True, best.msgid))
        else:
            out.append(Entry(e.refs, e.msgid))
    return out


def glossary(lang):
    terms = []
    for line in (GLOSSARIES / lang / "glossary.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            english, own = line.split("\t")
            terms.append((english, own))
    return terms


def split_source():
    """The text of the chapters' fenced blocks, and the rest, white space folded."""
    blocks, prose = [], []
    for path in sorted((GUIDE / "src").glob("*.md")):
        parts = re.split(r"^ *```.*$", path.read_text(encoding="utf-8"), flags=re.M)
        prose += parts[0::2]
        blocks += parts[1::2]
    return "\n".join(blocks), re.sub(r"\s+", " ", " ".join(prose))


SOURCE = None


def is_code(msgid):
    """A message of code: a whole fenced block, or a string literal from one, which
    mdbook-xgettext extracts (a console session that prints quotes, a script's string)."""
    global SOURCE
    if msgid.startswith("```") and msgid.rstrip().endswith("```"):
        return True
    if SOURCE is None:
        SOURCE = split_source()
    blocks, prose = SOURCE
    return msgid in blocks and re.sub(r"\s+", " ", msgid) not in prose


CODE = re.compile(r"`[^`]+`")
TARGET = re.compile(r"\]\(([^)\s]+)\)")
PICTURE = re.compile(r"-(?:ru|bg|zh)\.(png|svg)$")


def problems(lang, pot, entries):
    """What is wrong with a language's catalogue, one line each."""
    found = []
    ids = {e.msgid for e in pot}
    have = {e.msgid: e for e in entries}
    for e in entries:
        where = f"po/{lang}.po: {e.refs[0] if e.refs else '?'}: {e.msgid[:60]!r}"
        if not e.msgstr:
            continue  # a place for a translation not made yet
        if e.msgid not in ids:
            found.append(f"{where}: the English paragraph is gone (run `i18n.py update`)")
        elif e.fuzzy:
            found.append(f"{where}: stale, the English changed since it was translated")
    for e in pot:
        t = have.get(e.msgid)
        where = f"po/{lang}.po: {e.refs[0]}: {e.msgid[:60]!r}"
        if t is None or not t.msgstr:
            found.append(f"{where}: not translated")
        if t is None or not t.msgstr or t.fuzzy:
            continue
        if is_code(e.msgid):
            if t.msgstr != e.msgid:
                found.append(f"{where}: a code block must stay as it is in English")
            continue
        if t.msgstr == e.msgid:  # kept as it is: a name or a command, never a sentence
            if sum(bool(re.search("[A-Za-z]", w)) for w in CODE.sub("", e.msgid).split()) > 5:
                found.append(f"{where}: left in English")
            continue
        for span in CODE.findall(e.msgid):
            if span not in t.msgstr:
                found.append(f"{where}: the code {span} is not in the translation")
        # a link keeps its target; a page of the playground may add `lang=`, and a picture
        # may be the one of the translation's language (`name-ru.png`)
        # and a heading's anchor is the translated heading's (`misere.md#мизерные-факторы`).
        def page(target):
            return PICTURE.sub(r"-LANG.\1", target.split("#")[0] if ".md#" in target else target)
        own = [page(x) for x in TARGET.findall(t.msgstr)]
        for target in TARGET.findall(e.msgid):
            base = page(target)
            if not any(x == base or x.startswith(base + ("&" if "?" in base else "?"))
                       for x in own):
                found.append(f"{where}: the link to {target} is not in the translation")
        for english, own in glossary(lang):
            if re.search(r"\b" + re.escape(english) + r"\b", CODE.sub("", e.msgid)) and own.lower() not in t.msgstr.lower():
                found.append(f"{where}: '{english}' is '{own}' in the lessons, not in the translation")
    return found


def main(argv):
    if len(argv) < 2 or argv[1] not in ("update", "check", "build", "todo", "fill"):
        sys.exit(__doc__)
    command = argv[1]
    if command == "build":
        build()
        return 0
    pot = template()
    if command == "update":
        PO.mkdir(exist_ok=True)
        for lang in LANGS:
            write(PO / f"{lang}.po", lang, merged(pot, catalogue(lang)))
        return 0
    if command == "check":
        bad = 0
        for lang in LANGS:
            entries = catalogue(lang)
            found = problems(lang, pot, entries)
            for line in found:
                print(line)
            bad += len(found)
            done = {e.msgid for e in entries if e.msgstr and not e.fuzzy}
            left = sorted({c for e in pot if e.msgid not in done for c in e.chapters()})
            print(f"{NAMES[lang]}: {len(done)} of {len(pot)} paragraphs translated; "
                  f"chapters still in English: {', '.join(c[4:] for c in left) or 'none'}")
        if bad:
            print(f"error: {bad} problems in the guide's translations")
            return 1
        return 0
    lang = argv[2]
    entries = merged(pot, catalogue(lang))
    if command == "todo":
        chapter = "src/" + argv[3]
        for e in entries:
            if chapter in e.chapters() and (not e.msgstr or e.fuzzy):
                print(f"@@ {e.key()}\n{e.msgid}\n")
        return 0
    blocks = re.split(r"^@@ ([0-9a-f]{8})\n", pathlib.Path(argv[3]).read_text(encoding="utf-8"), flags=re.M)
    by_key = {e.key(): e for e in entries}
    for key, text in zip(blocks[1::2], blocks[2::2]):
        e = by_key.get(key)
        if e is None:
            sys.exit(f"error: no paragraph {key}")
        e.msgstr, e.fuzzy, e.previous = text.strip("\n"), False, None
    write(PO / f"{lang}.po", lang, entries)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except BrokenPipeError:  # `i18n.py todo … | head`
        sys.exit(0)
