// puffteach book: "Make the book available offline" (issue 44 item 4; the {offline} directive).
//
// The button puts every file of this language's book and the shared engine (the list
// scripts/build_book.py writes as puffteach-offline.json at the site's root) into the service
// worker's cache (window.PUFFTEACH.cache), showing a progress bar, and registers the service
// worker again as puffteach-sw.js?offline=1: from then on it serves the pages from that cache
// when the network fails (the flag is kept in localStorage, so every page registers it so).
// Where there is no service worker (plain http on a LAN address: browsers allow them on https
// and localhost only) the control says so; the book works there as long as its server runs.
const cfg = window.PUFFTEACH || {};
const ui = cfg.ui || {};
const FLAG = "puffteach-offline";

function say(key, params = {}) {
  const text = ui[key] || key;
  return text.replace(/\{(\w+)\}/g, (_, k) => (k in params ? String(params[k]) : `{${k}}`));
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

const PAGE_LANG = (document.documentElement.lang || "en").slice(0, 2);

async function manifest() {
  const url = new URL(cfg.offline, document.baseURI);
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${response.status} ${url.pathname}`);
  const data = await response.json();
  const mine = (data.languages && data.languages[PAGE_LANG]) || [];
  const files = [...(data.shared || []), ...mine].map(([rel, size]) => [new URL(rel, url), size]);
  return files;
}

/** Keep ``files`` ([url, bytes]) in the cache, four at a time; ``step(done)`` after each. */
async function keep(files, step) {
  const cache = await caches.open(cfg.cache);
  let next = 0;
  let done = 0;
  const failed = [];
  async function worker() {
    while (next < files.length) {
      const [url] = files[next++];
      try {
        const response = await fetch(url, { cache: "no-cache" });
        if (!response.ok) throw new Error(`${response.status}`);
        await cache.put(url, response);
      } catch (e) {
        failed.push(`${url.pathname}: ${e && e.message ? e.message : e}`);
      }
      step(++done);
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()]);
  return failed;
}

async function registerOffline() {
  const sw = navigator.serviceWorker;
  try {
    localStorage.setItem(FLAG, "1");
  } catch (e) {
    /* no storage: this page's registration still serves offline until the next page */
  }
  const reg = await sw.register(new URL(cfg.sw, document.baseURI).href + "?offline=1");
  const worker = reg.installing || reg.waiting || reg.active;
  if (worker && worker.state !== "activated") {
    await new Promise((resolve) => {
      worker.addEventListener("statechange", () => worker.state === "activated" && resolve());
      setTimeout(resolve, 10000);
    });
  }
}

function mount(box) {
  const button = el("button", "pt-offline-btn", say("ui.offline.button"));
  button.type = "button";
  const about = el("p", "pt-offline-about");
  const bar = el("progress", "pt-offline-bar");
  bar.hidden = true;
  const status = el("p", "pt-offline-status");
  status.setAttribute("role", "status");
  box.replaceChildren(button, about, bar, status);

  const hasWorker = "serviceWorker" in navigator && typeof caches !== "undefined";
  if (!cfg.offline || !cfg.cache) {
    button.disabled = true;
    status.textContent = say("ui.offline.no_list");
    return;
  }
  if (!hasWorker) {
    // plain http on a LAN: no service worker, no offline copy; the book works online
    button.disabled = true;
    status.textContent = say("ui.offline.no_worker");
    box.dataset.state = "no-worker";
    return;
  }
  let files = null;
  manifest()
    .then((f) => {
      files = f;
      const mb = f.reduce((n, [, size]) => n + size, 0) / 1e6;
      about.textContent = say("ui.offline.about", { mb: Math.round(mb) });
    })
    .catch(() => {
      button.disabled = true;
      status.textContent = say("ui.offline.no_list");
    });
  button.addEventListener("click", async () => {
    button.disabled = true;
    box.dataset.state = "working";
    try {
      if (!files) files = await manifest();
      await registerOffline();
      bar.hidden = false;
      bar.max = files.length;
      bar.value = 0;
      const failed = await keep(files, (done) => {
        bar.value = done;
        status.textContent = say("ui.offline.progress", { done, total: files.length });
      });
      if (failed.length) throw new Error(failed.slice(0, 3).join(", "));
      status.textContent = say("ui.offline.ready", { n: files.length });
      box.dataset.state = "ready";
    } catch (e) {
      status.textContent = say("ui.offline.failed", { error: e && e.message ? e.message : e });
      box.dataset.state = "failed";
    } finally {
      button.disabled = false;
    }
  });
}

for (const box of document.querySelectorAll(".puffteach-offline")) mount(box);
