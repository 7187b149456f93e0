// The teacher's first page (/class/): create a class (POST /api/classes) and list the classes
// whose teacher keys this browser holds. The key goes to localStorage, never into an address.
import { $, h, t, lang, loadWords, words, errorText, teacherKeys, saveTeacherKeys } from "./page.js";

const form = $("#create");
const rulesSel = form.elements.rules;
const levelSel = form.elements.computer_level;

function fillPresets() {
  const w = words();
  for (const key of Object.keys(w).filter((k) => k.startsWith("preset."))) {
    const o = h("option", null, w[key]);
    o.value = key.slice("preset.".length);
    rulesSel.append(o);
  }
  rulesSel.value = [...rulesSel.options].some((o) => o.value === "brade-standard")
    ? "brade-standard" : rulesSel.value;
}

async function fillLevels() {
  const rules = rulesSel.value + form.elements.codes.value.trim();
  const r = await fetch(`/api/levels?rules=${encodeURIComponent(rules)}`);
  if (!r.ok) { $("#error").textContent = await errorText(r); return; }
  const { levels } = await r.json();
  const before = levelSel.value || "beginner";
  levelSel.replaceChildren(...levels.map((id) => {
    const o = h("option", null, t(`ui.level.${id}`));
    o.value = id;
    return o;
  }));
  levelSel.value = levels.includes(before) ? before : levels[0];
  $("#error").textContent = "";
}

function listMine() {
  const keys = teacherKeys();
  const ids = Object.keys(keys);
  if (!ids.length) { $("#mine").replaceChildren(h("li", null, t("server.create.none"))); return; }
  $("#mine").replaceChildren(...ids.map((id) => {
    const li = h("li", "mine");
    const a = h("a", null, t("server.create.open"));
    a.href = `/class/teach#${encodeURIComponent(id)}`;
    const forget = h("button", null, t("server.create.forget"));
    forget.type = "button";
    forget.addEventListener("click", () => {
      const k = teacherKeys();
      delete k[id];
      saveTeacherKeys(k);
      listMine();
    });
    li.append(h("span", null, `${keys[id].name} (${keys[id].code}) `), a, " ", forget);
    return li;
  }));
}

form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = form.elements;
  const body = {
    name: f.name.value.trim(),
    rules: f.rules.value + f.codes.value.trim(),
    match_length: Number(f.match_length.value),
    computer_level: f.computer_level.value,
    hints: f.hints.checked,
    tutor: f.tutor.checked,
    same_dice: f.same_dice.checked,
    retention_days: Number(f.retention_days.value),
    lang,
  };
  let r;
  try {
    r = await fetch("/api/classes", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
  } catch (e) {
    $("#error").textContent = t("server.network", { error: e.message });
    return;
  }
  if (r.status !== 201) { $("#error").textContent = await errorText(r); return; }
  const made = await r.json();
  const keys = teacherKeys();
  keys[made.class_id] = { key: made.teacher_key, name: body.name, code: made.code };
  saveTeacherKeys(keys);
  location.href = `/class/teach${location.search}#${encodeURIComponent(made.class_id)}`;
});

await loadWords();
document.title = t("server.title.teacher");
fillPresets();
rulesSel.addEventListener("change", fillLevels);
form.elements.codes.addEventListener("change", fillLevels);
await fillLevels();
listMine();
