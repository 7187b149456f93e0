// The pupil's page (/class/join[?code=ABC123]): code + first name -> POST /api/join; the seat
// token is kept in localStorage (a refresh sits down at the same table); the waiting room, then
// the book's board drawing the table and sending the pupil's actions (PROTOCOL.md).
import { $, h, t, loadWords, connect, seatName, errorText, storage, mountBoard } from "./page.js";

const SEAT = "puffteach.seat";
await loadWords();
document.title = t("server.title.join");
const form = $("#join");
let conn = null;
let board = null;
let boardLoading = null;

function storedSeat() {
  try { return JSON.parse(storage.getItem(SEAT) || "null"); } catch { return null; }
}

function showForm(note = "") {
  $("#seat").hidden = true;
  form.hidden = false;
  $("#error").textContent = note;
  const code = new URLSearchParams(location.search).get("code");
  if (code && !form.elements.code.value) form.elements.code.value = code;
}

function leave(note) {
  if (conn) conn.close();
  conn = null;
  storage.removeItem(SEAT);
  board = null;
  boardLoading = null;
  $("#board").replaceChildren();
  $("#play").hidden = true;
  showForm(note);
}

async function showTable(msg) {
  if (!boardLoading) {
    boardLoading = mountBoard($("#board"), {
      send: (m) => conn && conn.send(m), hints: !!sit.cls.hints, tutor: !!sit.cls.tutor,
    });
  }
  board = await boardLoading;
  // the board first: a message may hold only what changed (PROTOCOL.md, patches)
  if (!board.show(msg)) return;
  $("#waiting").textContent = "";
  $("#play").hidden = false;
  const tb = msg.table;
  const me = msg.seat;
  const other = me === "w" ? "b" : "w";
  if (me) {
    $("#vs").textContent = t("server.join.you_play",
      { colour: t(`server.colour.${me}`), name: seatName(tb[other]) });
  }
  $("#score").textContent = `${t("server.match_to", { points: tb.match_length })}: `
    + `${seatName(tb.w)} ${t("server.score", { w: tb.score.w, b: tb.score.b })} ${seatName(tb.b)}`;
  const toMove = board.model.get("state").to_move;
  $("#turn").textContent = tb.status === "finished" ? t("server.join.over")
    : tb.status === "stopped" ? t("server.join.stopped")
      : toMove === me ? t("server.join.your_turn") : t("server.join.their_turn", { name: seatName(tb[toMove]) });
}

const sit = { cls: {} };
function onMessage(msg) {
  if (msg.type === "welcome") {
    sit.cls = msg.class;
    $("#heading").textContent = msg.class.name;
    form.hidden = true;
    $("#seat").hidden = false;
    $("#error").textContent = "";
  } else if (msg.type === "class") { // the teacher turned Hint or Tutor on or off
    sit.cls = msg.class;
    $("#board").classList.toggle("no-hints", !msg.class.hints);
    $("#board").classList.toggle("no-tutor", !msg.class.tutor);
  } else if (msg.type === "lobby") {
    $("#play").hidden = true;
    $("#waiting").textContent = t("server.join.waiting", { name: msg.you.name });
  } else if (msg.type === "table") {
    showTable(msg);
  } else if (msg.type === "error") {
    if (msg.key === "server.error.bad_token") { leave(t("server.join.removed")); return; }
    $("#error").textContent = msg.message || t(msg.key);
  }
}

function sitDown(seat) {
  conn = connect({
    hello: { type: "hello", role: "pupil", class: seat.class_id, token: seat.token },
    onMessage,
    statusEl: $("#status"),
  });
}

form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const body = { code: form.elements.code.value.trim(), name: form.elements.name.value.trim() };
  let r;
  try {
    r = await fetch("/api/join", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
  } catch (e) {
    $("#error").textContent = t("server.network", { error: e.message });
    return;
  }
  if (!r.ok) { $("#error").textContent = await errorText(r); return; }
  const seat = await r.json();
  storage.setItem(SEAT, JSON.stringify(seat));
  sitDown(seat);
});

$("#leave").addEventListener("click", () => leave(t("server.join.left")));

const seat = storedSeat();
if (seat && seat.token) sitDown(seat); else showForm();
