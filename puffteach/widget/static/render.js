// The board's drawing and controls (plain ESM): render({model, el}) builds the widget in el,
// draws every state the model holds and turns clicks, drags and keys into actions sent
// through the engine client. It only draws the state Python sends; every rule lives in
// puffteach/widget/ (protocol.step).
import { buttonMaker, h, placeElement, say, select } from "./dom.js";
import { connect } from "./engine-client.js";
import { arrowShapes, arrowsOf, drawArrowShapes } from "./arrows.js";
import { boardKeys } from "./keys.js";
import { boardMarks } from "./marks.js";
import { computerPanels } from "./panels.js";

export function render({ model, el }) {
  const root = h("div", "puffteach-widget");
  const engineStatus = h("div", "pt-engine");
  engineStatus.setAttribute("role", "status");
  engineStatus.hidden = true;
  const start = h("button", "pt-start");
  start.type = "button";
  start.hidden = true;
  const stop = h("button", "pt-stop");
  stop.type = "button";
  stop.hidden = true;
  const engine = connect(model, { root, status: engineStatus, start, stop, el });
  // the state to draw (engine-client.js, stateStore: whole, or the kernel's changed keys)
  const cur = () => engine.state.get() || {};
  start.textContent = say(cur(), "ui.play");
  stop.textContent = say(cur(), "ui.stop");
  const send = engine.send;
  const bar1 = h("div", "pt-bar");
  const bar2 = h("div", "pt-bar");
  const board = h("div", "pt-board");
  const diceRow = h("div", "pt-dice");
  const msg = h("div", "pt-message");
  // read aloud by the live region of boardKeys (not by this element, so nothing is read twice)
  const outcome = h("div", "pt-outcome");
  const posRow = h("div", "pt-posrow");
  const posInput = h("input", "pt-position");
  posInput.type = "text";
  posInput.spellcheck = false;
  const posBtn = h("button", "pt-setpos");
  posRow.append(posInput, posBtn);
  const hist = h("ol", "pt-history");

  const faces = [1, 2, 3, 4, 5, 6].map((d) => [d, String(d)]);
  const btn = buttonMaker(send);
  const roll = btn("pt-roll", { type: "roll" });
  const rollOne = btn("pt-roll1", { type: "roll", one_die: true });
  const reroll = btn("pt-reroll", { type: "reroll" });
  const resign = btn("pt-resign", { type: "resign" });
  const die1 = select("pt-die1", faces);
  const die2 = select("pt-die2", [["", "–"], ...faces]);
  die2.value = "1";
  const setDice = btn("pt-setdice", () => ({
    type: "set_dice",
    dice: die2.value ? [Number(die1.value), Number(die2.value)] : [Number(die1.value)],
  }));
  const nameSel = select("pt-namesel", faces);
  const name = btn("pt-name", () => ({ type: "name_pasch", x: Number(nameSel.value) }));
  const end = btn("pt-end", { type: "end_roll" });
  const undo = btn("pt-undo", { type: "undo" });
  const redo = btn("pt-redo", { type: "redo" });
  const back = btn("pt-back", () => ({ type: "replay_goto", index: cur().replay_index - 1 }));
  back.textContent = "◀";
  const fwd = btn("pt-fwd", () => ({ type: "replay_goto", index: cur().replay_index + 1 }));
  fwd.textContent = "▶";
  const where = h("span", "pt-where");
  const newGame = btn("pt-new", { type: "new_game" });
  const flip = btn("pt-flip", () => ({ type: "view", flip: !cur().view.flip }));
  const arrowsBox = h("input", "pt-arrows");
  arrowsBox.type = "checkbox";
  const arrowsLbl = h("label", "pt-check");
  const arrowsTxt = h("span");
  arrowsLbl.append(arrowsBox, arrowsTxt);
  arrowsBox.addEventListener("change", () => send({ type: "view", arrows: arrowsBox.checked }));
  const viewSel = select("pt-view", [["physical", "1-24"], ["white", "W"], ["black", "B"]]);
  viewSel.addEventListener("change", () => send({ type: "view", view: viewSel.value }));
  // the language switch: each language under its own name (ui.lang.*), labelled (ui.language)
  const langSel = select("pt-lang", [["en", "en"], ["sv", "sv"], ["de", "de"]]);
  langSel.addEventListener("change", () => send({ type: "view", lang: langSel.value }));
  const langLbl = h("label", "pt-langswitch");
  const langTxt = h("span");
  langLbl.append(langTxt, langSel);
  const setup = btn("pt-setup", () => ({ type: "setup_toggle", on: !cur().setup }));
  const toolSel = select("pt-tool", [["w", "W"], ["b", "B"], ["remove", "×"]]);
  toolSel.addEventListener("change", () => send({ type: "setup_toggle", on: true, tool: toolSel.value }));
  const turnSel = select("pt-turn", [["w", "W"], ["b", "B"]]);
  turnSel.addEventListener("change", () => send({ type: "setup_toggle", on: true, turn: turnSel.value }));
  posBtn.type = "button";
  posBtn.addEventListener("click", () => send({ type: "set_position", position: posInput.value }));

  bar1.append(roll, rollOne, reroll, die1, die2, setDice, nameSel, name, end, undo, redo, back,
    where, fwd, resign);
  // optional auto-play of forced steps: when the roll in progress has exactly one legal step
  const autoBox = h("input", "pt-autoplay");
  autoBox.type = "checkbox";
  const autoLbl = h("label", "pt-check");
  const autoTxt = h("span");
  autoLbl.append(autoBox, autoTxt);
  let autoTimer = null;
  const autoplay = (s) => {
    clearTimeout(autoTimer);
    if (!autoBox.checked || s.error || s.setup || s.replay || s.outcome) return;
    const moves = s.legal_moves || [];
    if (moves.length !== 1 || !(s.remaining || []).length) return;
    autoTimer = setTimeout(() => {
      if (cur() === s) send({ type: "move", move: moves[0] });
    }, 350);
  };
  autoBox.addEventListener("change", () => autoplay(cur()));
  // the own-path numbering of the notation, explained once per page
  const note = h("p", "pt-note");
  if (typeof window !== "undefined") {
    note.hidden = !!window.__puffteachNoteShown;
    window.__puffteachNoteShown = true;
  }
  bar2.append(newGame, flip, viewSel, arrowsLbl, autoLbl, langLbl, setup, toolSel, turnSel);
  // issue 10: play against the computer (side, level), hint, tutor, odds, review
  const panels = computerPanels({ send, cur: () => cur(), redraw: () => update() });
  const { bar3, hintBox, verdictLine, oddsBoxPanel, reviewBox } = panels;
  if (engine.isStatic) root.append(h("div", "pt-bar pt-static-bar"));
  if (engine.isStatic) root.lastChild.append(start, engineStatus, stop);
  else root.append(engineStatus); // says when no kernel answers (engine-client.js, connect)
  root.append(bar1, board, diceRow, msg, outcome, bar3, hintBox, verdictLine, oddsBoxPanel,
    reviewBox, posRow, note, bar2, hist);
  el.append(root);

  // clicks and keys on points and pools become "click" actions
  const pointOf = (target) => {
    const g = target && target.closest ? target.closest("g.pt, g.pool") : null;
    if (!g) return null;
    return g.dataset.point ? Number(g.dataset.point) : g.dataset.pool;
  };
  // drag and drop (pointer events: mouse, pen and touch) beside click-click: a checker dragged
  // from one point or pool to another is a "move" action from/to those places
  let drag = null;
  let dragged = false;
  const placeAt = (x, y) => pointOf(document.elementFromPoint(x, y));
  board.addEventListener("pointerdown", (ev) => {
    if (ev.button !== undefined && ev.button > 0) return;
    const p = pointOf(ev.target);
    if (p === null || cur().setup || cur().replay) return;
    drag = { from: p, x: ev.clientX, y: ev.clientY, id: ev.pointerId, ghost: null };
  });
  board.addEventListener("pointermove", (ev) => {
    if (!drag || ev.pointerId !== drag.id) return;
    if (!drag.ghost) {
      if (Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 8) return;
      drag.ghost = h("div", `pt-ghost pt-ghost-${cur().to_move || "w"}`);
      document.body.append(drag.ghost);
      root.classList.add("pt-dragging");
      try { board.setPointerCapture(ev.pointerId); } catch (e) { /* already released */ }
    }
    drag.ghost.style.left = `${ev.clientX}px`;
    drag.ghost.style.top = `${ev.clientY}px`;
    ev.preventDefault();
  });
  const endDrag = (ev, drop) => {
    if (!drag || ev.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.ghost) return; // a click: the click handler does it
    d.ghost.remove();
    root.classList.remove("pt-dragging");
    dragged = true; // the click that follows this pointerup is not a click
    setTimeout(() => { dragged = false; }, 0);
    const to = drop ? placeAt(ev.clientX, ev.clientY) : null;
    if (to !== null && to !== d.from) send({ type: "move", from: d.from, to });
  };
  board.addEventListener("pointerup", (ev) => endDrag(ev, true));
  board.addEventListener("pointercancel", (ev) => endDrag(ev, false));
  board.addEventListener("click", (ev) => {
    if (dragged) return;
    const p = pointOf(ev.target);
    if (p !== null) send({ type: "click", point: p });
  });
  // keys (one tab stop, arrows along the path, Enter, Escape, R, U, H, ?) and the live region
  const keys = boardKeys({ root, board, cur, send });
  root.append(keys.live, keys.help);
  bar1.append(keys.zoom.button);
  start.addEventListener("click", () => keys.focusBoard()); // Play: the board takes the focus

  let lastSvg = null;
  let marks = boardMarks(board); // the selection and targets on the drawing (marks.js)
  function update() {
    const s = cur();
    const w = (key) => say(s, `ui.${key}`);
    // the board's words are in its own language, which may not be the page's (screen readers)
    root.setAttribute("lang", (s.view && (s.view.lang || s.view.labels)) || "en");
    langTxt.textContent = w("language");
    for (const o of langSel.options) o.textContent = w(`lang.${o.value}`);
    posInput.setAttribute("aria-label", w("position"));
    start.textContent = w("play");
    stop.textContent = w("stop");
    roll.textContent = w("roll");
    rollOne.textContent = w("roll_one");
    reroll.textContent = w("reroll");
    resign.textContent = w("resign");
    setDice.textContent = w("set_dice");
    name.textContent = w("name");
    end.textContent = w("end");
    undo.textContent = w("undo");
    redo.textContent = w("redo");
    back.title = w("back");
    fwd.title = w("forward");
    newGame.textContent = w("new_game");
    flip.textContent = w("flip");
    arrowsTxt.textContent = w("arrows");
    setup.textContent = w("setup");
    posBtn.textContent = w("set_position");
    posInput.setAttribute("aria-label", w("position"));
    viewSel.title = w("numbering");
    viewSel.options[0].textContent = w("physical");
    viewSel.options[1].textContent = w("white");
    viewSel.options[2].textContent = w("black");
    for (const sel of [toolSel, turnSel]) {
      sel.options[0].textContent = w("white");
      sel.options[1].textContent = w("black");
    }
    toolSel.options[2].textContent = w("remove");
    turnSel.title = w("to_move");
    // every control has a name (a select's or ◀/▶'s tooltip is no label)
    die1.setAttribute("aria-label", w("die1"));
    die2.setAttribute("aria-label", w("die2"));
    nameSel.setAttribute("aria-label", w("pasch_face"));
    toolSel.setAttribute("aria-label", w("setup_tool"));
    turnSel.setAttribute("aria-label", w("turn_select"));
    viewSel.setAttribute("aria-label", w("numbering"));
    back.setAttribute("aria-label", w("back"));
    fwd.setAttribute("aria-label", w("forward"));
    hist.setAttribute("aria-label", w("history"));

    roll.disabled = !s.can_roll;
    rollOne.hidden = !s.can_roll_one_die;
    reroll.hidden = !s.can_reroll;
    resign.hidden = !s.can_resign;
    setDice.disabled = !s.can_roll;
    die1.disabled = die2.disabled = !s.can_roll;
    name.hidden = nameSel.hidden = !s.can_name_pasch;
    end.hidden = !s.can_end_roll;
    undo.disabled = !s.can_undo;
    redo.disabled = !s.can_redo;
    back.disabled = !s.replay_index;
    fwd.disabled = !(s.replay_index < s.replay_length);
    where.textContent = s.replay_length ? `${s.replay_index} / ${s.replay_length}` : "";
    where.classList.toggle("pt-replaying", !!s.replay);
    back.hidden = fwd.hidden = where.hidden = !s.replay; // replay controls only in replay
    flip.setAttribute("aria-pressed", String(!!(s.view && s.view.flip)));
    setup.setAttribute("aria-pressed", String(!!s.setup));
    toolSel.hidden = turnSel.hidden = !s.setup;
    if (s.setup) {
      toolSel.value = s.setup.tool;
      turnSel.value = s.to_move;
    }
    if (s.view) {
      viewSel.value = s.view.view;
      langSel.value = s.view.lang || s.view.labels || "en";
      arrowsBox.checked = !!s.view.arrows;
    }
    root.classList.toggle("pt-setup-mode", !!s.setup);

    panels.update(s, w);
    const redrawn = s.svg !== lastSvg && !animate(s);
    // a click that only selects changes the marks, not the drawing: only those places change
    const remarked = !redrawn && !animating && marks.show(s.marks);
    if (redrawn) {
      const focused = pointOf(document.activeElement);
      board.innerHTML = s.svg || "";
      lastSvg = s.svg;
      marks = boardMarks(board);
      marks.show(s.marks);
      if (s.last_to !== null && s.last_to !== undefined) {
        const sel = typeof s.last_to === "number"
          ? `g.pt[data-point="${s.last_to}"]` : `g.pool[data-pool="${s.last_to}"]`;
        const dest = board.querySelector(sel);
        if (dest) dest.classList.add("pt-arrived");
      }
      if (focused !== null) {
        const sel = typeof focused === "number"
          ? `g.pt[data-point="${focused}"]` : `g.pool[data-pool="${focused}"]`;
        const again = board.querySelector(sel);
        if (again) again.focus();
      }
    }

    diceRow.replaceChildren();
    if (s.roll_name) diceRow.append(h("span", "pt-rollname", `${w("dice")} ${s.roll_name}:`));
    for (const d of s.dice_view || []) {
      const chip = h("span", `pt-die pt-${d.status}`, String(d.value));
      chip.title = say(s, `ui.${d.status}`);
      diceRow.append(chip);
    }
    msg.textContent = s.message || "";
    msg.classList.toggle("pt-error", !!s.error);
    outcome.textContent = "";
    if (s.outcome) {
      const o = s.outcome;
      // "Black: hemspel, 1" or "Draw" (bräde RV 11: both sides bore off), rendered by Python
      outcome.textContent = s.outcome_line || "";
      outcome.classList.toggle("pt-draw", o.winner === null || o.winner === undefined);
    }
    if (document.activeElement !== posInput) posInput.value = s.position || "";
    hist.replaceChildren(...(s.history || []).map((line) => h("li", "", line)));
    hist.scrollTop = hist.scrollHeight; // the newest roll in view
    autoTxt.textContent = w("autoplay");
    note.textContent = w("numbering_note");
    autoplay(s);
    hist.title = w("history");
    keys.update(s, redrawn || remarked);
    drawArrows(s);
  }

  // the computer's steps, one by one (state.computer_steps, view.delay ms apart), then the
  // final state; what it did is read by the live region when its play is shown
  let animatedRev = null;
  let animating = false;
  function animate(s) {
    if (animating) return true;
    const frames = s.computer_steps || [];
    if (!frames.length || s.rev === animatedRev || s.error) return false;
    animatedRev = s.rev;
    animating = true;
    root.dataset.computer = "moving";
    const delay = s.view && Number.isInteger(s.view.delay) ? s.view.delay : 450;
    let i = 0;
    const next = () => {
      if (cur() !== s) { animating = false; lastSvg = null; delete root.dataset.computer; update(); return; }
      if (i < frames.length) {
        board.innerHTML = frames[i].svg || "";
        i += 1;
        setTimeout(next, delay);
        return;
      }
      animating = false;
      delete root.dataset.computer;
      lastSvg = null;
      update();
      if (s.computer_message) keys.live.textContent = s.computer_message;
    };
    next();
    return true;
  }

  // hint and tutor arrows over the drawing: from the centre of one place to another's
  let shownArrows = null;
  let drawing = false; // turning to the arrows' half redraws them (pt-half): not twice
  function drawArrows(s) {
    const svg = board.querySelector("svg.puffteach-board") || board.querySelector("svg");
    if (!svg || animating || drawing) return;
    drawing = true;
    try {
      drawArrowsOn(svg, s);
    } finally {
      drawing = false;
    }
  }
  root.addEventListener("pt-half", () => drawArrows(cur()));
  function drawArrowsOn(svg, s) {
    const { arrows, from } = arrowsOf(s);
    if (!arrows.length) {
      shownArrows = null;
      drawArrowShapes(svg, [], from);
      return;
    }
    const arrowKey = JSON.stringify(arrows);
    if (arrowKey !== shownArrows) {  // new arrows: on a phone, turn to the half they are on
      shownArrows = arrowKey;
      keys.zoom.showMost(arrows.flatMap((a) => [a.from, a.to]));
    }
    const centre = (p) => {
      const el = placeElement(board, p);
      if (!el) return null;
      const b = el.getBBox();
      return [b.x + b.width / 2, b.y + b.height / 2];
    };
    const viewBox = svg.getAttribute("viewBox").split(/\s+/).map(Number);
    drawArrowShapes(svg, arrowShapes(arrows, centre, viewBox), from);
  }

  engine.state.on(update);
  update();
  return () => {
    engine.state.off(update);
    engine.dispose();
  };
}
