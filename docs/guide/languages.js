// The guide's language switch: a menu in the top bar of every page that opens the same page
// in another language. English is built in book/, the others in book/LANG/ (see i18n.py).
(function () {
  const languages = [["en", "English"], ["ru", "Русский"], ["bg", "Български"], ["zh", "中文"]];
  const here = document.documentElement.lang || "en";
  const depth = (typeof path_to_root === "string" ? path_to_root.match(/\.\.\//g) || [] : []).length;
  const parts = window.location.pathname.split("/");
  const page = parts.slice(parts.length - depth - 1).join("/") || "index.html";
  const site = (typeof path_to_root === "string" ? path_to_root : "") + (here === "en" ? "" : "../");
  const bar = document.querySelector(".right-buttons");
  if (!bar) return;
  const select = document.createElement("select");
  select.setAttribute("aria-label", "Language");
  select.className = "language-switch";
  for (const [code, name] of languages) {
    const option = new Option(name, code, false, code === here);
    option.lang = code;
    select.add(option);
  }
  select.addEventListener("change", () => {
    const code = select.value;
    window.location.href = site + (code === "en" ? "" : code + "/") + page;
  });
  bar.prepend(select);
})();
