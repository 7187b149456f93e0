// A spectator (/class/watch#CODE/TABLE): the table's board, read-only (the server refuses any
// action of a spectator as well; the board's play buttons are hidden).
import { $, t, loadWords, connect, seatName, mountBoard } from "./page.js";

await loadWords();
document.title = t("server.title.watch");
const [code, table] = decodeURIComponent(location.hash.slice(1)).split("/");
if (!code || !table) {
  $("#error").textContent = t("server.watch.missing");
} else {
  $("#heading").textContent = t("server.watch.heading", { table });
  let conn = null;
  const boardP = mountBoard($("#board"), { send: (m) => conn && conn.send(m), readOnly: true });
  conn = connect({
    hello: { type: "hello", role: "spectator", code, table },
    statusEl: $("#status"),
    async onMessage(msg) {
      if (msg.type === "welcome") $("#heading").textContent = `${msg.class.name}: ${t("server.watch.heading", { table })}`;
      else if (msg.type === "table") {
        // the board first: a message may hold only what changed (PROTOCOL.md, patches)
        const board = await boardP;
        if (!board.show(msg)) return;
        const tb = msg.table;
        const toMove = board.model.get("state").to_move;
        $("#names").textContent = `${seatName(tb.w)} – ${seatName(tb.b)}`;
        $("#score").textContent = t("server.score", { w: tb.score.w, b: tb.score.b });
        $("#turn").textContent = tb.status === "playing" && toMove
          ? t("server.to_move", { name: seatName(tb[toMove]) }) : t(`server.status.${tb.status}`);
      } else if (msg.type === "error") $("#error").textContent = msg.message || t(msg.key);
    },
  });
}
