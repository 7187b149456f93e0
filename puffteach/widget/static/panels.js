// The computer's controls and the tutor's panels (plain ESM): play against the computer (side,
// level, speed), the hint (its plays, reasons and the roll's decisions), the tutor's verdict,
// the odds and the review of a finished game (issue 10). computerPanels() builds them; its
// update(s, w) shows state s (w: the board's words).
import { buttonMaker, check, h, select } from "./dom.js";

/** Rolls a review step judges (the plays first, then the luck: a few tenths of a second of a
 *  lång puff game under Pyodide a step; 64 since 5 December 2026 afternoon, was 32, and 16
 *  before: each step costs the worker the state's round trip and the page a redraw; pressed at
 *  once on a cold page a 131-roll game took 1.97-2.22 s instead of 1.96-2.32, a 197-roll one
 *  2.17-2.38 instead of 2.23-2.63, three interleaved rounds, CONTRIBUTING.md). */
export const REVIEW_STEP = 64;

/** The action of a review step (the button's and each next step's; the engine client works
 *  the same steps out ahead for a game that opens finished, engine-client.js ``StepsAhead``). */
export function reviewStep() {
  return { type: "review", rolls: REVIEW_STEP };
}

/** Is ``s`` a finished game not yet reviewed (Review is the natural next action)? */
export function awaitsReview(s) {
  return !!(s && s.outcome && !s.review && !s.review_work && !s.error);
}
/** How fast the computer's steps are shown: ms between two steps (view.delay). */
export const SPEEDS = [900, 450, 150, 0];

/** The choice of SPEEDS nearest to ``ms`` (the state's view.delay). */
export function nearestSpeed(ms) {
  return SPEEDS.reduce((a, b) => (Math.abs(b - ms) < Math.abs(a - ms) ? b : a));
}

/** The rolls the review list shows: only the errors, or all (each keeps its index). In a game
 *  of people against the computer "only the errors" are the people's: the computer's levels
 *  play weaker on purpose (issue 44 item 9: the list showed dozens of the computer's rolls).
 *  ``players``: the state's {w, b} ("human" or a level). */
export function shownRolls(rolls, errorsOnly, players = {}) {
  const people = ["w", "b"].filter((side) => (players[side] || "human") === "human");
  const mine = (x) => people.length !== 1 || x.side === people[0];
  return rolls.map((x, index) => ({ ...x, index })).filter((x) => !errorsOnly || (x.error && mine(x)));
}

/** ``send(action)``, ``cur()`` the state shown, ``redraw()`` shows it again. */
export function computerPanels({ send, cur, redraw }) {
  const btn = buttonMaker(send);
  const bar3 = h("div", "pt-bar pt-computer");
  const compSide = select("pt-comp-side", [["", "–"], ["w", "W"], ["b", "B"]]);
  // the levels the rule set's family offers, weakest first (state.levels: players.ladder)
  const compLevel = select("pt-comp-level", []);
  let shownLevels = "";
  const showLevels = (levels) => {
    if (levels.join() === shownLevels) return;
    shownLevels = levels.join();
    const was = compLevel.value;
    compLevel.replaceChildren(...levels.map((l) => {
      const o = document.createElement("option");
      o.value = l;
      o.textContent = l;
      return o;
    }));
    if (levels.includes(was)) compLevel.value = was;
  };
  showLevels(["random", "beginner", "casual", "intermediate", "advanced", "expert"]);
  compLevel.value = "beginner";
  const compLbl = h("label", "pt-check");
  const compTxt = h("span");
  compLbl.append(compTxt, compSide);
  const levelLbl = h("label", "pt-check");
  const levelTxt = h("span");
  levelLbl.append(levelTxt, compLevel);
  const choosePlayers = () => {
    const side = compSide.value;
    send({ type: "players", w: side === "w" ? compLevel.value : "human",
      b: side === "b" ? compLevel.value : "human" });
  };
  // how fast the computer's steps are shown (view.delay, ms between two steps)
  const speedSel = select("pt-speed", SPEEDS.map((ms) => [ms, String(ms)]));
  speedSel.addEventListener("change", () => send({ type: "view", delay: Number(speedSel.value) }));
  const speedLbl = h("label", "pt-check");
  const speedTxt = h("span");
  speedLbl.append(speedTxt, speedSel);
  compSide.addEventListener("change", choosePlayers);
  compLevel.addEventListener("change", () => { if (compSide.value) choosePlayers(); });
  const hintBtn = btn("pt-hint", { type: "hint" });
  const [tutorBox, tutorLbl, tutorTxt] = check("pt-tutor");
  tutorBox.addEventListener("change", () => send({ type: "tutor", on: tutorBox.checked }));
  const [oddsBox, oddsLbl, oddsTxt] = check("pt-odds-box");
  oddsBox.addEventListener("change", () => send({ type: "odds", on: oddsBox.checked }));
  // the review goes a few rolls a step (REVIEW_STEP), each step saying how far it is, until
  // the panel fills: a long game takes seconds in the browser, and New game stops it
  // (while it is under way the button says so with aria-disabled and does nothing: a disabled
  // button would drop the keyboard focus onto the board)
  const reviewBtn = btn("pt-review-btn");
  reviewBtn.addEventListener("click", () => {
    if (reviewBtn.getAttribute("aria-disabled") !== "true") send(reviewStep());
  });
  let reviewTimer = null;
  let reviewAsked = null; // the state the next step was asked for (a redraw does not ask again)
  const reviewOn = (s) => {
    clearTimeout(reviewTimer);
    // (the review is shown once the plays are judged; the steps go on while the luck is measured)
    if (!s.review_work || s.error || !s.outcome || reviewAsked === s) return;
    reviewTimer = setTimeout(() => {
      if (cur() !== s || reviewAsked === s) return;
      reviewAsked = s;
      send(reviewStep());
    }, 0);
  };
  bar3.append(compLbl, levelLbl, speedLbl, hintBtn, tutorLbl, oddsLbl, reviewBtn);
  const hintBox = h("div", "pt-hintbox");
  const hintTitle = h("strong");
  const hintList = h("ol", "pt-hintlist");
  // the optional decisions of the roll (re-roll, naming a generalpasch) with their values
  const hintDecisions = h("ul", "pt-hint-decisions");
  hintBox.append(hintTitle, hintDecisions, hintList);
  const verdictLine = h("div", "pt-verdict");
  verdictLine.setAttribute("role", "status"); // the tutor's verdict is said here only (issue 44)
  const oddsBoxPanel = h("div", "pt-oddspanel");
  const reviewBox = h("details", "pt-reviewbox");
  const reviewTitle = h("summary");
  const reviewSides = h("ul", "pt-review-sides");
  // every roll of a long game is a long list on a phone: by default only the errors (the
  // verdicts the review counts as errors), each still with its number in the game
  const [reviewOnly, reviewOnlyLbl, reviewOnlyTxt] = check("pt-review-only");
  reviewOnly.checked = true;
  reviewOnlyLbl.classList.add("pt-review-filter");
  reviewOnly.addEventListener("change", () => redraw());
  const reviewRolls = h("ul", "pt-review-rolls");
  // the review chart (an SVG the engine draws: puffteach.review_chart); a click on a roll's
  // column shows that roll on the board, as the list's buttons do
  const reviewChart = h("div", "pt-review-chart-box");
  let shownChart = "";
  reviewChart.addEventListener("click", (ev) => {
    const col = ev.target.closest && ev.target.closest("[data-index]");
    if (col) showRoll(Number(col.dataset.index), reviewChart);
  });
  reviewBox.append(reviewTitle, reviewSides, reviewChart, reviewOnlyLbl, reviewRolls);
  /** Roll ``index`` of the review on the board, the board brought into view. */
  const showRoll = (index, from) => {
    send({ type: "review_show", index });
    // the board shows that roll: bring it into view (the list may be far below it)
    const boardEl = from.closest(".puffteach-widget")?.querySelector(".pt-board");
    if (boardEl && boardEl.scrollIntoView) boardEl.scrollIntoView({ block: "nearest" });
  };

  function update(s, w) {
    compTxt.textContent = w("computer");
    levelTxt.textContent = w("level");
    compSide.options[0].textContent = w("computer_none");
    compSide.options[1].textContent = w("white");
    compSide.options[2].textContent = w("black");
    if (Array.isArray(s.levels)) showLevels(s.levels);
    for (const o of compLevel.options) o.textContent = w(`level.${o.value}`);
    speedTxt.textContent = w("speed");
    for (const o of speedSel.options) o.textContent = w(`speed.${o.value}`);
    if (document.activeElement !== speedSel) {  // the nearest of the choices to view.delay
      const ms = s.view && Number.isInteger(s.view.delay) ? s.view.delay : 450;
      speedSel.value = String(nearestSpeed(ms));
    }
    compSide.setAttribute("aria-label", w("computer"));
    compLevel.setAttribute("aria-label", w("level"));
    hintBtn.textContent = w("hint");
    tutorTxt.textContent = w("tutor");
    oddsTxt.textContent = w("odds");
    reviewBtn.textContent = w("review");
    const players = s.players || {};
    const comp = ["w", "b"].find((c) => players[c] && players[c] !== "human");
    if (document.activeElement !== compSide) compSide.value = comp || "";
    if (comp && document.activeElement !== compLevel) compLevel.value = players[comp];
    hintBtn.disabled = !(s.legal_moves || []).length || !!s.setup;
    tutorBox.checked = !!s.tutor;
    oddsBox.checked = !!s.odds_on;
    reviewBtn.hidden = !s.outcome;
    // under way (after a refusal a click goes on)
    reviewBtn.setAttribute("aria-disabled", String(!!s.review_work && !s.error));
    reviewOn(s);
    const hint = s.hint && s.hint.rev === s.rev ? s.hint : null;
    hintBox.hidden = !hint;
    hintTitle.textContent = w("hint_title");
    hintList.replaceChildren(...(hint ? hint.plays : []).map((p) => h("li", "",
      `${p.label || p.text}: ${p.reasons.join("; ")}`)));
    hintDecisions.replaceChildren(...(hint ? hint.decisions || [] : []).map((d) => h("li", "", d)));
    hintDecisions.hidden = !hint || !(hint.decisions || []).length;
    verdictLine.textContent = s.verdict ? s.verdict.text : "";
    verdictLine.hidden = !s.verdict;
    if (s.verdict) verdictLine.dataset.verdict = s.verdict.verdict;
    oddsBoxPanel.hidden = !s.odds;
    oddsBoxPanel.replaceChildren(...(s.odds ? [h("strong", "", w("odds_title")),
      ...s.odds.lines.map((l) => h("div", "", l))] : []));
    reviewBox.hidden = !s.review;
    reviewTitle.textContent = w("review_title");
    const r = s.review || { sides: [], rolls: [] };
    reviewSides.replaceChildren(...r.sides.map((x) => h("li", "", x.text)));
    if ((r.chart || "") !== shownChart) {
      shownChart = r.chart || "";
      reviewChart.innerHTML = r.chart || ""; // the engine's own drawing, as the board's
    }
    reviewChart.hidden = !r.chart;
    reviewOnlyTxt.textContent = w("review_errors_only");
    const shown = shownRolls(r.rolls, reviewOnly.checked, s.players || {});
    // each roll is a button: the board replays the game to that roll, with the better play
    // drawn as arrows (the review stays open to show the next one)
    const focused = reviewRolls.contains(document.activeElement)
      ? document.activeElement.dataset.index : null;
    reviewRolls.replaceChildren(...shown.map((x) => {
      const li = h("li", `pt-v-${x.verdict}`);
      const show = h("button", "pt-review-roll", x.text);
      const { index } = x;
      show.type = "button";
      show.title = w("review_show");
      show.dataset.index = String(index);
      show.addEventListener("click", () => showRoll(index, show));
      li.append(show);
      return li;
    }));
    if (focused !== null) {  // keyboard users stay on the roll they chose
      const again = reviewRolls.querySelector(`button[data-index="${focused}"]`);
      if (again) again.focus({ preventScroll: true }); // the board shown stays in view
    }
    if (!shown.length && r.rolls.length) reviewRolls.append(h("li", "pt-v-best", w("review_no_errors")));
    if (s.review && !reviewBox.dataset.shown) { reviewBox.open = true; reviewBox.dataset.shown = "1"; }
  }

  return { bar3, hintBox, verdictLine, oddsBoxPanel, reviewBox, update };
}
