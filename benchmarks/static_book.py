"""Timings of the static book's live boards (issue 12), in Debian's Chromium via Playwright.

    python benchmarks/static_book.py [SITE] [--runs 5] [--moves 400]

SITE is a built English book (default ``_build/html/en``; ``make book`` first). It is served
from 127.0.0.1 by a server that counts the bytes it sends; Chromium resolves no other host
(``--host-resolver-rules``; no request interception, which would switch the HTTP cache off).

Figures (printed; nothing is asserted):

* **cold first visit**: a new browser profile opens chapter 2 and clicks Roll on its live board
  as soon as the board is drawn; the time from navigation to the roll answered (the message
  says who rolled), and the bytes sent for it;
* **second page**: in the same profile, chapter 8, Roll on its first live board: time and bytes
  (the engine's files come from the service worker's cache);
* **three languages**: then chapter 2 in Swedish and in German (SITE inside a site built by
  ``scripts/build_book.py``): time and bytes of each, and the bytes of all five pages (the
  engine is downloaded once for the site);
* **warm visit**: the browser closed and started again on the same profile (a fresh browser
  context, warm caches), chapter 2, the same measure; median of ``--runs`` runs and bytes;
* **click-to-highlight**: on the Play page (standard bräde rules, a fixed seed), a whole game
  played by clicks (the first legal step each time): for every selecting click, the time from
  the click to the legal targets lit, measured in the page (MutationObserver); p50/p95/max;
* **review** (issue 44 item 9): a whole random game of lång puff and of bräde (fixed seeds)
  opened on the Play page from a link, the Review button pressed once the engine is ready: the
  time until the review panel shows (every play judged; the board asks 64 rolls a step) and
  until the review is complete (the luck of every roll measured too, the button enabled
  again). ``--review-only`` measures this alone (``--review-runs``: ``--runs`` reviews per
  game, each on a fresh page). Before 5 December 2026 the review took 19.1 s and 4.6 s (load
  7-12); with the luck built die by die (``hint._luck``) 3.6-4.2 s and 1.4-1.5 s (load 5-6);
  with the verdicts ranked by the hand-written evaluation first and shown before the luck
  (``hint._review_judged``, CONTRIBUTING.md "Review, verdicts first") the panel after 1.4-2.6
  s and 0.9-1.6 s, complete after 3.1-4.2 s and 1.3-2.8 s (same load, interleaved); with the
  cheaper walk and verdicts and 32 rolls a step (CONTRIBUTING.md "Review, cheaper again", 5
  December 2026, load 2.2-3.3, interleaved) lång puff panel 1.5-2.6 -> 1.3-2.0 s, complete
  2.9-3.8 -> 2.4-3.0 s, bräde complete 1.2-2.0 -> 1.1-2.0 s.
  ``--review-wait S`` presses Review S seconds after the engine is ready (a reader looking at
  the game first): a board that opens on a finished game works its review out ahead
  (engine-client.js ``StepsAhead``; each line then ends with the steps sent ahead and used),
  CONTRIBUTING.md "Review worked out ahead". ``--review-played``: the game opened without its
  last 3 rolls and played to its end by clicks, the review worked out while it is played
  (engine-client.js ``ReviewAhead``); each line gives the time from Review to the review
  complete and how long after the last click the work ahead had caught up.
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from puffteach.board import to_physical  # noqa: E402
from puffteach.rules import rules as parse_rules  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
CHAPTER = "book/02-lt-puff.html"
CHAPTER_FIG = "figure#fig-live-first-pasch"
SECOND = "book/08-teaching.html"
SECOND_FIG = "figure#fig-lesson-start"


class Counter:
    def __init__(self) -> None:
        self.bytes = 0
        self.lock = threading.Lock()

    def take(self) -> int:
        with self.lock:
            n, self.bytes = self.bytes, 0
        return n


def serve(site: Path, counter: Counter) -> ThreadingHTTPServer:
    class Handler(SimpleHTTPRequestHandler):
        extensions_map = {
            **SimpleHTTPRequestHandler.extensions_map,
            ".mjs": "text/javascript",
            ".wasm": "application/wasm",
        }

        def log_message(self, *args: Any) -> None:
            pass

        def copyfile(self, source: Any, outputfile: Any) -> None:
            data = source.read()
            with counter.lock:
                counter.bytes += len(data)
            outputfile.write(data)

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def first_answer(page: Any, url: str, fig: str) -> float:
    """Seconds from navigation to the first Roll answered on the board ``fig``."""
    t0 = time.perf_counter()
    page.goto(url, wait_until="commit")
    board = page.locator(fig)
    roll = board.locator("button.pt-roll")
    roll.wait_for(state="visible", timeout=60_000)
    roll.click(timeout=60_000)
    page.wait_for_function(
        # "rolls" in the page's language (board.rolls: en, sv, de)
        "sel => /rolls|slår|würfelt/.test(document.querySelector(sel + ' .pt-message')"
        ".textContent)",
        arg=fig,
        timeout=120_000,
    )
    took = time.perf_counter() - t0
    page.wait_for_function(
        # (a build before the snapshots reports neither ``restored`` nor ``first_step``)
        "(p => p && (p.first_step !== undefined || p.restored === undefined))"
        "(window.__puffteachBootPhases)",
        timeout=120_000,
    )
    phases = page.evaluate("window.__puffteachBootPhases")
    # on the page (ms from navigation): DOMContentLoaded, the engine started, the engine ready
    phases.update(page.evaluate(PAGE_MARKS_JS))
    PHASES.append(phases)
    return took


PAGE_MARKS_JS = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const client = window.__puffteachClient;
  return {
    page_dcl: Math.round(nav.domContentLoadedEventEnd),
    page_engine_start: Math.round(client.started),
    page_engine_ready: Math.round(client.started + window.__puffteachEngineMs),
    page_worker: Math.round(window.__puffteachBootPhases.at_worker - performance.timeOrigin),
    page_boot: Math.round(window.__puffteachBootPhases.at_boot - performance.timeOrigin),
  };
}"""

#: the engine worker's boot, per measured load (engine-worker.js: ms per phase, ``restored``)
PHASES: list[dict[str, Any]] = []
PHASE_NAMES = (
    "page_dcl",
    "page_engine_start",
    "page_worker",
    "page_boot",
    "pyodide",  # (a build before the snapshots: Pyodide's whole start)
    "import",
    "wasm_compiled_at",
    "snapshot_read",
    "setup",
    "wasm",
    "python",
    "wheel",
    "engine",
    "page_engine_ready",
    "first_step",
)


def phase_line(phases: dict[str, Any]) -> str:
    parts = [f"{n} {phases[n]:.0f}" for n in PHASE_NAMES if isinstance(phases.get(n), int | float)]
    restored = phases.get("restored")
    if restored is not None:
        parts.append(f"restored from the {restored} snapshot" if restored else "started afresh")
    saved = phases.get("snapshot_saved")
    if isinstance(saved, int | float) and not isinstance(saved, bool):
        parts.append(f"snapshot saved in {saved:.0f}")
    return ", ".join(parts)


def median_phases(runs: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for n in PHASE_NAMES:
        values = [r[n] for r in runs if isinstance(r.get(n), int | float)]
        if values:
            out[n] = statistics.median(values)
    sources = {r.get("restored") for r in runs}
    out["restored"] = sources.pop() if len(sources) == 1 else "/".join(map(str, sources))
    return out


HIGHLIGHT_JS = """
async (sel) => {
  const board = document.querySelector('.pt-play-board .pt-board');
  const target = board.querySelector(sel);
  const t0 = performance.now();
  const lit = () => board.querySelector('[data-target="1"]');
  await new Promise((resolve) => {
    const obs = new MutationObserver(() => { if (lit()) { obs.disconnect(); resolve(); } });
    obs.observe(board, { subtree: true, childList: true, attributes: true });
    target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });
  return performance.now() - t0;
}
"""
STATE_JS = "document.querySelector('.pt-play-board .pt-live').ptModel.get('state')"
EVENTS_JS = (
    "n => document.querySelector('.pt-play-board .pt-live').ptModel.get('state')"
    ".record.events.length > n"
)


def play_next(page: Any, s: dict[str, Any], layout: str, ahead: bool = False) -> float | None:
    """The next click of a game played on the Play page's board (state ``s``, not over): the
    dice rolled, the first legal step made (with ``ahead`` the one that ends nearest home:
    a game near its end ends soon) and its highlight's ms returned, or the roll ended;
    returns after the record has the new event."""
    n = len(s["record"]["events"])
    side = s["to_move"]
    me = 0 if side == "w" else 1

    def place(p: int) -> str:
        if p in (0, 25):
            return f'g.pool[data-pool="{side}{p}"]'
        return f'g.pt[data-point="{to_physical(layout, me, p)}"]'

    def dest(step: str) -> int:
        to = step.rstrip("*").split("/")[1]
        return 25 if to.startswith("off") else int(to.split("@")[0])

    took = None
    if s["can_roll"]:
        page.locator(".pt-play-board button.pt-roll").click()
    elif s["legal_moves"]:
        step = s["legal_moves"][0]
        if ahead:
            step = max(s["legal_moves"], key=dest)
        frm = step.split("/")[0]
        took = float(page.evaluate(HIGHLIGHT_JS, place(int(frm))))
        page.evaluate(
            "sel => document.querySelector('.pt-play-board .pt-board ' + sel)"
            ".dispatchEvent(new MouseEvent('click', {bubbles: true}))",
            place(dest(step)),
        )
    elif s["can_end_roll"]:
        page.locator(".pt-play-board button.pt-end").click()
    else:
        raise RuntimeError(f"stuck: {s.get('message')}")
    page.wait_for_function(EVENTS_JS, arg=n, timeout=60_000)
    return took


def scripted_game(page: Any, base: str, moves: int) -> tuple[list[float], int, str]:
    rules = "brade-standard"
    layout = parse_rules(rules).layout
    page.goto(base + f"book/play.html#rules={rules}&seed=12")
    page.wait_for_selector(".pt-play-board .puffteach-widget[data-engine=ready]", timeout=120_000)
    samples: list[float] = []
    steps = 0
    while steps < moves:
        s = page.evaluate(STATE_JS)
        if s.get("outcome") and not s.get("can_roll"):
            return samples, steps, s.get("outcome_line") or ""
        took = play_next(page, s, layout)
        if took is not None:
            samples.append(took)
            steps += 1
    return samples, steps, "(stopped)"


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


#: the games the review is timed on: (rules, seed of the random game)
REVIEW_GAMES = (("lang-puff", 3), ("brade-standard", 3))


def review_link(rules: str, seed: int, short: int = 0) -> tuple[str, int]:
    """A Play page address holding a whole random game of ``rules``, and its number of rolls;
    with ``short``, the game without its last ``short`` rolls (a game under way)."""
    import base64
    import json
    import random

    from puffteach import Game

    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while game.outcome is None:
        game.play_random_roll(rng)
    record = game.record()
    if short:
        rolls = [i for i, e in enumerate(record["events"]) if e[0] == "roll"]
        record = {**record, "events": record["events"][: rolls[-short]]}
    rec = json.dumps(record, separators=(",", ":")).encode()
    b64 = base64.urlsafe_b64encode(rec).decode().rstrip("=")
    return f"book/play.html#rules={rules}&seed={seed}&rec={b64}", len(game.history)


def press_review(page: Any, board: Any) -> tuple[float, float]:
    """Press the board's Review button: seconds until the review panel shows (every play
    judged) and until the review is complete (the button enabled again)."""
    button = board.locator("button.pt-review-btn")
    t0 = time.perf_counter()
    button.click()
    board.locator(".pt-reviewbox").wait_for(state="visible", timeout=600_000)
    shown = time.perf_counter() - t0
    page.wait_for_function(
        "(b) => b.getAttribute('aria-disabled') === 'false'",
        arg=button.element_handle(),
        timeout=600_000,
        polling=20,
    )
    return shown, time.perf_counter() - t0


def review_time(
    page: Any, base: str, rules: str, seed: int, wait: float = 0.0
) -> tuple[float, float, int, str]:
    """Seconds from pressing Review (``wait`` s after the engine is ready: a reader looking at
    the finished game first) to the review panel shown (every play judged) and to the review
    complete (the luck of every roll measured too: the button enabled again), the game's
    rolls, and the steps worked out ahead (engine-client.js StepsAhead: sent ahead, answered
    from them, asked by the board; empty for a page without it)."""
    link, rolls = review_link(rules, seed)
    page.goto("about:blank")  # a fresh page each time (the same address would keep the review)
    page.goto(base + link)
    board = page.locator(".pt-play-board")
    board.locator(".puffteach-widget[data-engine='ready']").wait_for(timeout=120_000)
    button = board.locator("button.pt-review-btn")
    button.wait_for(state="visible", timeout=60_000)
    if wait:
        page.wait_for_timeout(wait * 1000)
    shown, took = press_review(page, board)
    ahead = page.evaluate(
        "() => { const a = window.__puffteachClient && window.__puffteachClient.ahead;"
        " return a ? `ahead: sent ${a.sent}, kept answers used ${a.hits}, asked ${a.asked}` : ''; }"
    )
    return shown, took, rolls, ahead


DURING_JS = "window.__puffteachClient.during"


def review_played_time(
    page: Any, base: str, rules: str, seed: int
) -> tuple[float, float, int, str]:
    """The review of a game played on the page (engine-client.js ReviewAhead works it out
    while the game is played): the random game of ``rules`` and ``seed`` opened by its link
    without its last 3 rolls, played on by clicks (the dice, the step that ends nearest home;
    each click as soon as the last step is shown, a pupil at speed) to its end, the page left
    until the work ahead has caught up (the seconds that took after the last click), then
    Review pressed: the seconds until the review is complete. Also the game's rolls and the
    work ahead's counters (calls; rolls left when the game ended)."""
    link, _ = review_link(rules, seed, short=3)
    layout = parse_rules(rules).layout
    page.goto("about:blank")
    page.goto(base + link)
    board = page.locator(".pt-play-board")
    board.locator(".puffteach-widget[data-engine='ready']").wait_for(timeout=120_000)
    for _ in range(400):
        s = page.evaluate(STATE_JS)
        if s.get("outcome"):
            break
        play_next(page, s, layout, ahead=True)
    else:
        raise RuntimeError("the game did not end in 400 clicks")
    left_at_end = page.evaluate(f"{DURING_JS}.left")
    t0 = time.perf_counter()
    page.wait_for_function(f"() => {DURING_JS}.left === 0", timeout=600_000, polling=20)
    caught_up = time.perf_counter() - t0
    _, took = press_review(page, board)
    s = page.evaluate(STATE_JS)
    calls = page.evaluate(f"{DURING_JS}.calls")
    rolls = len(s["review"]["rolls"])
    return caught_up, took, rolls, f"calls {calls}, rolls left when the game ended {left_at_end}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("site", nargs="?", default=str(ROOT / "_build" / "html" / "en"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--moves", type=int, default=400)
    ap.add_argument("--review-only", action="store_true", help="time the review alone")
    ap.add_argument(
        "--review-runs", action="store_true", help="with --review-only: --runs reviews per game"
    )
    ap.add_argument(
        "--review-played",
        action="store_true",
        help="with --review-only: the review of a game played on the page to its end",
    )
    ap.add_argument(
        "--review-wait",
        type=float,
        default=0.0,
        help="seconds between the engine ready and Review pressed (default 0: at once)",
    )
    args = ap.parse_args(argv)
    site = Path(args.site)
    if not (site / CHAPTER).is_file():
        print(f"no built book at {site} (make book)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    print("load average {:.2f} {:.2f} {:.2f} (1, 5, 15 min)".format(*os.getloadavg()))
    counter = Counter()
    # the engine lives once at the site's root, beside en/, sv/ and de/ (issue 44 item 3)
    shared = (site.absolute().parent / "_static" / "puffteach").is_dir()
    httpd = serve(site.absolute().parent if shared else site, counter)
    base = f"http://127.0.0.1:{httpd.server_address[1]}/" + (f"{site.name}/" if shared else "")
    mb = 1e6
    with tempfile.TemporaryDirectory() as profile, sync_playwright() as pw:
        if args.review_only:
            ctx = pw.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, headless=True, args=ARGS
            )
            page = ctx.new_page()
            for rules, seed in REVIEW_GAMES:
                for _ in range(args.runs if args.review_runs else 1):
                    if args.review_played:
                        caught, took, rolls, during = review_played_time(page, base, rules, seed)
                        print(
                            f"review of a {rules} game played on the page ({rolls} rolls): "
                            f"complete {took:.2f} s after Review; the work ahead caught up "
                            f"{caught:.2f} s after the last click ({during})",
                            flush=True,
                        )
                        continue
                    shown, took, rolls, ahead = review_time(
                        page, base, rules, seed, args.review_wait
                    )
                    print(
                        f"review of a whole {rules} game ({rolls} rolls): panel {shown:.2f} s, "
                        f"complete {took:.2f} s {ahead}",
                        flush=True,
                    )
            ctx.close()
            httpd.shutdown()
            return 0

        def launch() -> Any:
            return pw.chromium.launch_persistent_context(
                profile,
                executable_path=CHROMIUM,
                headless=True,
                args=ARGS,
                viewport={"width": 1400, "height": 1000},
            )

        ctx = launch()
        page = ctx.new_page()
        counter.take()
        cold = first_answer(page, base + CHAPTER, CHAPTER_FIG)
        page.wait_for_load_state("networkidle")
        cold_bytes = counter.take()
        # the first boot keeps a memory snapshot for the next ones once its worker is idle
        page.wait_for_function(
            "(p => p.restored === undefined || p.restored === 'stored'"
            " || p.snapshot_saved !== undefined)"
            "(window.__puffteachBootPhases)",
            timeout=60_000,
        )
        PHASES[0] = page.evaluate("window.__puffteachBootPhases")
        second = first_answer(page, base + SECOND, SECOND_FIG)
        page.wait_for_load_state("networkidle")
        second_bytes = counter.take()
        # the same chapter in the other languages (one engine for the site: issue 44 item 3)
        other_langs: dict[str, tuple[float, int]] = {}
        if shared:
            for lang in ("sv", "de"):
                if (site.absolute().parent / lang / CHAPTER).is_file():
                    url = base.rsplit(site.name + "/", 1)[0] + f"{lang}/" + CHAPTER
                    took = first_answer(page, url, CHAPTER_FIG)
                    page.wait_for_load_state("networkidle")
                    other_langs[lang] = (took, counter.take())
        ctx.close()
        print(f"cold first visit: first roll answered {cold:.2f} s, {cold_bytes / mb:.2f} MB")
        print(f"second page:      first roll answered {second:.2f} s, {second_bytes / mb:.3f} MB")
        for lang, (took, sent) in other_langs.items():
            print(f"chapter 2 in {lang}:  first roll answered {took:.2f} s, {sent / mb:.3f} MB")
        if other_langs:
            three = cold_bytes + second_bytes + sum(n for _, n in other_langs.values())
            print(f"three languages:  {three / mb:.2f} MB in all (the engine once)")

        warm, warm_bytes = [], []
        for _ in range(args.runs):
            ctx = launch()
            page = ctx.new_page()
            counter.take()
            warm.append(first_answer(page, base + CHAPTER, CHAPTER_FIG))
            page.wait_for_load_state("networkidle")
            warm_bytes.append(counter.take())
            ctx.close()
        print("engine boot in the worker, ms (window.__puffteachBootPhases):")
        print(f"  cold:   {phase_line(PHASES[0])}")
        print(f"  second: {phase_line(PHASES[1])}")
        warm_phases = PHASES[-args.runs :]
        print(f"  warm (median of {args.runs}): {phase_line(median_phases(warm_phases))}")
        print(
            f"warm visit:       first roll answered median {statistics.median(warm):.2f} s "
            f"({', '.join(f'{w:.2f}' for w in warm)}), "
            f"median {statistics.median(warm_bytes) / mb:.3f} MB"
        )

        ctx = launch()
        page = ctx.new_page()
        samples, steps, end = scripted_game(page, base, args.moves)
        ctx.close()
        if samples:
            print(
                f"click-to-highlight over a scripted game ({steps} steps, {end}): "
                f"p50 {pct(samples, 0.5):.0f} ms, p95 {pct(samples, 0.95):.0f} ms, "
                f"max {max(samples):.0f} ms"
            )
        ctx = launch()
        page = ctx.new_page()
        for rules, seed in REVIEW_GAMES:
            shown, took, rolls, _ = review_time(page, base, rules, seed)
            print(
                f"review of a whole {rules} game ({rolls} rolls): panel {shown:.1f} s, "
                f"complete {took:.1f} s"
            )
        ctx.close()
    httpd.shutdown()
    print("load average {:.2f} {:.2f} {:.2f} (1, 5, 15 min)".format(*os.getloadavg()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
