// The teacher's dashboard (/class/teach#<class_id>): the teacher WebSocket (PROTOCOL.md) with
// the key from localStorage; join code, address and QR code, the pupils, pairing, every table
// as a small board (a click watches it full size), the results and the exports.
import { $, h, t, loadWords, connect, seatName, errorText, teacherKeys, saveTeacherKeys,
  mountBoard } from "./page.js";
import { boardMarks } from "/class/widget/marks.js";

await loadWords();
document.title = t("server.title.teacher");
const classId = decodeURIComponent(location.hash.slice(1));
const held = teacherKeys()[classId];
let conn = null;
let big = null; // {id, board} of the table watched full size
let last = null; // the last overview

const send = (msg) => conn && conn.send(msg);
const option = (value, text) => { const o = h("option", null, text); o.value = value; return o; };

let code = "";
function showWelcome(msg) {
  const c = msg.class;
  code = c.code;
  $("#class-name").textContent = c.name;
  $("#code").textContent = c.code;
  $("#address").value = c.join_address || "";
  $("#qr").innerHTML = c.qr_svg || ""; // the server's SVG of the join address (PROTOCOL: safe)
  $("#qr").setAttribute("aria-label", t("server.dash.qr"));
  $("#hints").checked = !!c.hints;
  $("#tutor").checked = !!c.tutor;
  $("#dash").hidden = false;
}

function showPupils(pupils) {
  $("#pupils").replaceChildren(...(pupils.length ? pupils.map((p) => {
    const li = h("li", "pupil");
    li.dataset.pupil = p.pupil_id;
    const state = p.online ? t("server.dash.online") : t("server.dash.away");
    const where = p.table ? `, ${t("server.dash.at_table", { table: p.table })}` : "";
    li.append(h("span", "name", p.name), h("span", "where", ` (${state}${where}) `));
    const rm = h("button", "remove", t("server.dash.remove", { name: p.name }));
    rm.type = "button";
    rm.addEventListener("click", () => send({ type: "remove_pupil", pupil_id: p.pupil_id }));
    li.append(rm);
    return li;
  }) : [h("li", null, t("server.dash.no_pupils"))]));
  const free = pupils.filter((p) => !p.table);
  const keepW = $("#pair-w").value;
  const keepB = $("#pair-b").value;
  $("#pair-w").replaceChildren(...free.map((p) => option(p.pupil_id, p.name)));
  $("#pair-b").replaceChildren(option("", t("server.dash.the_computer")),
    ...free.map((p) => option(p.pupil_id, p.name)));
  if (keepW) $("#pair-w").value = keepW;
  if (keepB) $("#pair-b").value = keepB;
}

function tableLine(tb) {
  const score = t("server.score", { w: tb.score.w, b: tb.score.b });
  const turn = tb.status === "playing" && tb.to_move
    ? t("server.to_move", { name: seatName(tb[tb.to_move]) }) : t(`server.status.${tb.status}`);
  return `${t("server.game_no", { n: tb.game_no })}, ${t("server.match_to", { points: tb.match_length })}: ${score}; ${turn}`;
}

// the newest summary of each table: a `table_card` (sent at every step) may be newer than the
// tables of an overview that was put together a moment before
const newest = new Map();

/** A table's summary with its small board: a card or an overview entry without `svg_small`
 *  keeps the drawing this page has (the server leaves out a drawing it sent before). */
function withDrawing(tb) {
  const known = newest.get(tb.id);
  return tb.svg_small === undefined && known ? { ...tb, svg_small: known.svg_small } : tb;
}

function showTables(tables) {
  if (!tables.length) { $("#tables").replaceChildren(h("p", null, t("server.dash.no_tables"))); return; }
  $("#tables").replaceChildren(...tables.map((tb) => {
    const known = newest.get(tb.id);
    if (!known || known.rev <= tb.rev) newest.set(tb.id, withDrawing(tb));
    return tableCard(newest.get(tb.id));
  }));
}

/** One step at one table: its card alone is drawn again (the teacher sees every step). */
function showCard(card) {
  const known = newest.get(card.id);
  if (known && known.rev > card.rev) return;
  const tb = withDrawing(card);
  newest.set(tb.id, tb);
  const old = $("#tables").querySelector(`.table-card[data-table="${CSS.escape(tb.id)}"]`);
  if (old) old.replaceWith(tableCard(tb));
  else if ($("#tables .table-card")) $("#tables").append(tableCard(tb));
  else $("#tables").replaceChildren(tableCard(tb));
}

function tableCard(tb) {
  const card = h("div", "table-card");
  card.dataset.table = tb.id;
  card.dataset.rev = tb.rev;
  card.append(h("h3", null, t("server.dash.table", { table: tb.id })));
  card.append(h("div", "names", `${seatName(tb.w)} – ${seatName(tb.b)}`));
  const small = h("div", "small");
  small.innerHTML = tb.svg_small || ""; // drawn by the server (names are not in it)
  // the selected checker and its targets, put in place as on the big board (marks.js)
  boardMarks(small).show(tb.marks_small || []);
  small.title = t("server.dash.watch");
  small.addEventListener("click", () => watch(tb.id));
  card.append(small, h("div", "line", tableLine(tb)));
  const bar = h("div", "bar");
  const b = (cls, key, msg) => {
    const x = h("button", cls, t(key));
    x.type = "button";
    x.addEventListener("click", () => (typeof msg === "function" ? msg() : send(msg)));
    bar.append(x, " ");
  };
  if (tb.status === "stopped") b("start", "server.dash.start", { type: "start", table: tb.id });
  if (tb.status === "playing") b("stop", "server.dash.stop", { type: "stop", table: tb.id });
  b("watch", "server.dash.watch", () => watch(tb.id));
  // the spectator's page of this table (for a projector or another screen)
  const link = h("a", "watch-link", `/class/watch#${code}/${tb.id}`);
  link.href = `/class/watch${location.search}#${encodeURIComponent(code)}/${encodeURIComponent(tb.id)}`;
  link.target = "_blank";
  bar.append(link);
  card.append(bar);
  return card;
}

function showCrosstable(ct) {
  const tbl = $("#crosstable");
  const players = (ct && ct.players) || [];
  if (!players.length) { tbl.replaceChildren(); return; }
  const head = h("tr");
  head.append(h("th"), ...players.map((n) => h("th", null, n)), h("th", null, t("server.dash.crosstable_total")));
  tbl.replaceChildren(head, ...players.map((row) => {
    const tr = h("tr");
    tr.append(h("th", null, row));
    for (const col of players) {
      const v = ct.rows[row] ? ct.rows[row][col] : null;
      tr.append(h("td", null, v === null || v === undefined ? "" : v));
    }
    tr.append(h("td", null, ct.totals[row] ?? 0));
    return tr;
  }));
}

function showResults(results) {
  const tbl = $("#results");
  if (!results.length) { tbl.replaceChildren(h("caption", null, t("server.dash.no_results"))); return; }
  const head = h("tr");
  for (const k of ["table", "game", "white", "black", "winner", "points", "kind", "review"]) {
    head.append(h("th", null, t(`server.dash.col.${k}`)));
  }
  tbl.replaceChildren(head, ...results.map((r) => {
    const tr = h("tr");
    const winner = r.winner ? r[r.winner] : t("server.draw");
    for (const v of [r.table, r.game_no, r.w, r.b, winner, r.points, r.kind]) tr.append(h("td", null, v));
    const td = h("td");
    const rv = h("button", "review", t("server.dash.review"));
    rv.type = "button";
    rv.addEventListener("click", () => {
      $("#big").hidden = false;
      review = null;
      $("#big-board").replaceChildren(h("p", null, t("server.review.asking")));
      send({ type: "review", table: r.table, game_no: r.game_no });
    });
    td.append(rv);
    tr.append(td);
    return tr;
  }));
}

async function watch(tableId) {
  if (big && big.id !== tableId) send({ type: "unwatch", table: big.id });
  review = null;
  const el = $("#big-board");
  el.replaceChildren();
  big = { id: tableId, board: await mountBoard(el, { send, readOnly: true }) };
  $("#big-title").textContent = t("server.dash.table", { table: tableId });
  $("#big").hidden = false;
  send({ type: "watch", table: tableId });
}
$("#big-close").addEventListener("click", () => {
  if (big) send({ type: "unwatch", table: big.id });
  big = null;
  review = null;
  $("#big").hidden = true;
});

// the review of a finished game: each side's figures with a button that shows its worst play,
// and the book's board with the review (its list of rolls: a click shows that roll on the
// board, the better play as arrows), read-only, for the projector
let review = null; // {table, game_no, board}
async function showReview(msg) {
  const el = $("#big-board");
  $("#big").hidden = false;
  $("#big-title").textContent = t("server.review.heading", { n: msg.game_no, table: msg.table });
  if (big) send({ type: "unwatch", table: big.id });
  big = null;
  const ask = (index) => send({ type: "review", table: msg.table, game_no: msg.game_no, index });
  const result = ((last && last.results) || [])
    .find((r) => r.table === msg.table && r.game_no === msg.game_no);
  const sides = h("ul", "review-sides");
  for (const x of (msg.review && msg.review.sides) || []) {
    const li = h("li", null, `${x.text || ""} `);
    const worst = msg.worst ? msg.worst[x.side] : null;
    if (worst !== null && worst !== undefined) {
      // "Worst play of NAME: <the review's line>" and "Show on the big board"
      const name = result ? result[x.side] : t(`server.colour.${x.side}`);
      const line = (msg.review.rolls[worst] || {}).text || "";
      const b = h("button", "worst", t("server.review.show"));
      b.type = "button";
      b.dataset.index = String(worst);
      b.addEventListener("click", () => ask(worst));
      li.append(h("br"), h("span", "worst-line", `${t("server.review.worst", { name })}: ${line} `), b);
    }
    sides.append(li);
  }
  if (!review || review.table !== msg.table || review.game_no !== msg.game_no) {
    const host = h("div", "review-board");
    el.replaceChildren(sides, host);
    review = { table: msg.table, game_no: msg.game_no, board: null };
    review.board = await mountBoard(host, {
      send, readOnly: true,
      onAction: (a) => {
        if (a.type !== "review_show") return false;
        ask(a.index);
        return true;
      },
    });
  } else {
    el.firstChild.replaceWith(sides);
  }
  if (msg.state) {
    review.board.show({ type: "table", table: { id: msg.table }, rev: 0, private: true, state: msg.state });
  }
}

function onMessage(msg) {
  if (msg.type === "welcome") showWelcome(msg);
  else if (msg.type === "overview") {
    last = msg;
    showPupils(msg.pupils);
    showTables(msg.tables);
    showResults(msg.results);
    showCrosstable(msg.crosstable);
  } else if (msg.type === "table_card") showCard(msg.table);
  else if (msg.type === "table" && big && msg.table.id === big.id) big.board.show(msg);
  else if (msg.type === "review") showReview(msg);
  else if (msg.type === "error") $("#error").textContent = msg.message || t(msg.key);
}

async function download(path, filename) {
  const r = await fetch(`/api/classes/${encodeURIComponent(classId)}/${path}`,
    { headers: { Authorization: `Bearer ${held.key}` } });
  if (!r.ok) { $("#error").textContent = await errorText(r); return; }
  const a = h("a");
  a.href = URL.createObjectURL(await r.blob());
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
}

if (!held) {
  $("#error").textContent = t("server.dash.no_key");
} else {
  conn = connect({
    hello: { type: "hello", role: "teacher", class: classId, token: held.key },
    onMessage,
    statusEl: $("#status"),
  });
  $("#pair").addEventListener("click", () => {
    const w = $("#pair-w").value;
    if (w) send({ type: "pair", w, b: $("#pair-b").value || null });
  });
  $("#pair-random").addEventListener("click", () => send({ type: "pair_random" }));
  $("#round-robin").addEventListener("click", () => send({ type: "round_robin" }));
  $("#next-round").addEventListener("click", () => send({ type: "next_round" }));
  for (const k of ["hints", "tutor"]) {
    $(`#${k}`).addEventListener("change", () => send({ type: "settings", [k]: $(`#${k}`).checked }));
  }
  $("#copy").addEventListener("click", async () => {
    const input = $("#address");
    try {
      if (!navigator.clipboard) throw new Error("clipboard");
      await navigator.clipboard.writeText(input.value); // refused on plain http: fallback below
      $("#copied").textContent = t("server.dash.copied");
    } catch {
      input.focus();
      input.select();
      $("#copied").textContent = t("server.dash.copy_by_hand");
    }
  });
  $("#export-games").addEventListener("click", () => download("games.json", "games.json"));
  $("#export-results").addEventListener("click", () => download("results.csv", "results.csv"));
  $("#delete").addEventListener("click", async () => {
    if (!confirm(t("server.dash.delete_confirm"))) return;
    const r = await fetch(`/api/classes/${encodeURIComponent(classId)}`,
      { method: "DELETE", headers: { Authorization: `Bearer ${held.key}` } });
    if (!r.ok) { $("#error").textContent = await errorText(r); return; }
    conn.close();
    const keys = teacherKeys();
    delete keys[classId];
    saveTeacherKeys(keys);
    $("#dash").hidden = true;
    $("#error").textContent = t("server.dash.deleted");
  });
}
