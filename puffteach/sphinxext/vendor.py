"""Everything the book's pages load, served from the built site (design.md, "Static book").

At build time (HTML builders only) this module copies into ``<outdir>/_static/puffteach/``:

``pyodide/``
    Pyodide's core files from the npm package ``pyodide`` (``pyodide.mjs``, its ``pyodide.asm``
    module and ``.wasm``, ``python_stdlib.zip``, ``pyodide-lock.json``). The engine is pure
    Python, so no Pyodide package is needed.
``widgets/``
    ``require.js`` (npm ``requirejs``), ``embed-amd.js`` and its fonts (npm
    ``@jupyter-widgets/html-manager``) and ``anywidget.js``, the AMD module of the Python
    ``anywidget`` package (``anywidget/nbextension/index.js``): what myst-nb's embedded widget
    state needs. ``nb_ipywidgets_js`` is set to these local files; a require.js configuration on
    every page maps ``anywidget`` to the local module, and the html-manager's CDN fallback
    (``data-jupyter-widgets-cdn``) points at the same local folder, so nothing is ever asked of
    jsDelivr or unpkg.
``board.js``, ``board.css``
    the widget front end (the same module the Jupyter widget uses).
``puffteach-<version>-py3-none-any.whl``
    the engine, packed from this checkout at build time (a pure-Python wheel written with
    :mod:`zipfile`, so building it needs neither network nor the ``wheel`` package).
``engine.snapshot.gz``
    a memory snapshot of Pyodide with the engine imported, made with Node at build time
    (:mod:`puffteach.sphinxext.snapshot`), which the engine worker restores instead of starting
    Python; left out (with a note) when Node is missing or ``puffteach_snapshot`` is False.

Every page gets ``window.PUFFTEACH = {pyodide, wheel, snapshot, static}`` with page-relative
URLs; the board front end uses it to boot the engine (see ``board.js``).

One engine for the whole site (issue 44 item 3): with ``puffteach_engine_site`` set to the
site's root folder (``scripts/build_book.py`` does, building each language into
``<site>/<lang>/``), every language's pages take Pyodide, the wheel, the snapshot, the engine
worker and the widget scripts (:data:`SHARED`) from ``<site>/_static/puffteach/`` and register the
service worker ``<site>/puffteach-sw.js`` (scope: the whole site). A reader who opens English,
Swedish and German pages downloads the engine once. Only ``board.js``/``board.css`` stay in each
language's ``_static/puffteach/``.

The npm files come from ``node_modules`` (``npm install`` at the repository root, from
``package.json``). Without them the build stops with a message saying so.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import shutil
import subprocess
import tomllib
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging

import puffteach
from puffteach.widget.protocol import ui_words

__all__ = ["Vendor", "build_wheel", "find_node_modules", "setup_vendor"]

logger = logging.getLogger(__name__)

#: the checkout the engine comes from (``pyproject.toml`` beside the ``puffteach`` package)
PACKAGE_DIR: Path = Path(puffteach.__file__).resolve().parent
REPO_ROOT: Path = PACKAGE_DIR.parent
WIDGET_STATIC: Path = PACKAGE_DIR / "widget" / "static"

#: where the files go, under ``_static``
PREFIX = "puffteach"

#: the engine snapshot's file name under ``_static/puffteach``
SNAPSHOT_NAME = "engine.snapshot.gz"

#: Pyodide's lock file: the book loads no Pyodide package, so it is served without the list
#: of them (119 kB less to fetch and parse at every boot; ``loadPackage`` finds nothing)
LOCK_FILE = "pyodide/pyodide-lock.json"


def _trimmed_lock(src: Path) -> bytes:
    lock = json.loads(src.read_text(encoding="utf-8"))
    return json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True).encode()


def _board_js() -> bytes:
    """The board's front end as the book serves it: ``static/board.js`` with the modules it
    imports inlined (:func:`puffteach.widget.bundle.bundle`, the text Jupyter loads)."""
    from ..widget.bundle import bundle

    return bundle().encode("utf-8")


def _write_if_changed(dest: Path, data: bytes) -> None:
    if dest.is_file() and dest.read_bytes() == data:
        return
    _atomic_write(dest, data)


#: what lives once at the site's root with ``puffteach_engine_site`` (a folder ends in "/")
SHARED = ("pyodide/", "widgets/", "engine-worker.js", "puffteach-", SNAPSHOT_NAME)


def is_shared(rel: str) -> bool:
    """Whether the file ``rel`` (under ``_static/puffteach``) is one of the site's shared ones
    (the wheel's name starts with ``puffteach-``)."""
    return any(rel.startswith(s) if s.endswith(("/", "-")) else rel == s for s in SHARED)


def _atomic_write(dest: Path, data: bytes) -> None:
    """Write through a temporary file: two languages built in parallel may write the same
    shared file at once."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(f".{dest.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, dest)


PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: one of these is the Emscripten module ``pyodide.mjs`` imports (it depends on the version)
PYODIDE_ASM = ("pyodide.asm.mjs", "pyodide.asm.js")
FONT_SUFFIXES = (".woff2", ".woff", ".ttf", ".eot", ".svg")
NPM_HINT = (
    "run `npm install` in the repository root (package.json lists pyodide, requirejs and "
    "@jupyter-widgets/html-manager), or set puffteach_node_modules in conf.py"
)


#: the service worker's file name, at the root of the built site
SERVICE_WORKER_NAME = "puffteach-sw.js"
#: the list of the site's files the offline control caches (scripts/build_book.py writes it)
OFFLINE_MANIFEST = "puffteach-offline.json"
#: Cache-first for the engine's files (Pyodide, the wheel, the front end) under
#: ``_static/puffteach/``: the second page and the second visit download none of them again. The
#: cache's name carries a hash of those files; a new build's worker drops the old caches.
SERVICE_WORKER = """// puffteach book: keeps the engine's files (Pyodide, the engine wheel,
// the board's front end) in the browser's cache storage, so that the next page and the next
// visit load them from here. Written by puffteach.sphinxext.vendor; the cache name changes
// with the files. Registered as puffteach-sw.js?offline=1 once the reader made the book
// available offline (puffteach-offline.js put the pages in the same cache): then every other
// request of the site goes to the network first and, failing that, to the cache.
const CACHE = "puffteach-__VERSION__";
const OFFLINE = new URL(self.location.href).searchParams.get("offline") === "1";
self.addEventListener("install", (event) => {
  self.skipWaiting();
  // Chrome's static routing: every other request (the pages, their styles and scripts) goes
  // straight to the network, without waiting for this worker to start (not when offline)
  if (event.addRoutes && !OFFLINE) {
    const mine = new URLPattern({ pathname: "*/_static/__PREFIX__/*" });
    const others = { condition: { not: { urlPattern: mine } }, source: "network" };
    const pages = { condition: { requestMode: "navigate" }, source: "network" };
    event.waitUntil(event.addRoutes([others]).catch(() => event.addRoutes([pages]))
      .catch(() => null));
  }
});
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("puffteach-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});
self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (!url.pathname.includes("/_static/__PREFIX__/")) {
    if (!OFFLINE) return;
    // the book made available offline: the network first, else the copy kept
    event.respondWith(fetch(request).catch(async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(request, { ignoreSearch: true });
      if (hit) return hit;
      if (request.mode === "navigate" && url.pathname.endsWith("/")) {
        const index = await cache.match(new URL("index.html", url), { ignoreSearch: true });
        if (index) return index;
      }
      return Response.error();
    }));
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // "?v=" only names the version, as the cache's own name does
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok && response.status === 200) await cache.put(request, response.clone());
    return response;
  })());
});
"""


def find_node_modules(srcdir: Path, configured: str | None) -> Path:
    """The ``node_modules`` folder holding ``pyodide``: the configured one, else the source
    directory's, else the one beside this checkout's ``pyproject.toml``."""
    if configured:
        candidates = [Path(configured)]
        if not candidates[0].is_absolute():
            candidates[0] = srcdir / candidates[0]
    else:
        candidates = [srcdir / "node_modules", REPO_ROOT / "node_modules"]
    for c in candidates:
        if (c / "pyodide" / "package.json").is_file():
            return c
    looked = ", ".join(str(c) for c in candidates)
    raise ExtensionError(
        f"puffteach: npm package 'pyodide' not found (looked in {looked}); " + NPM_HINT
    )


def _anywidget_amd() -> Path:
    try:
        import anywidget
    except ImportError as e:
        raise ExtensionError(
            f"puffteach: the book's notebook boards need the Python package anywidget ({e})"
        ) from None
    path = Path(anywidget.__file__).parent / "nbextension" / "index.js"
    if not path.is_file():
        raise ExtensionError(f"puffteach: anywidget's AMD module {path} is missing")
    return path


def _project_meta(root: Path) -> tuple[str, str, str]:
    """``(name, version, summary)`` from ``pyproject.toml`` (else the package's version)."""
    pyproject = root / "pyproject.toml"
    if pyproject.is_file():
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
        return (
            str(project.get("name", "puffteach")),
            str(project.get("version", puffteach.__version__)),
            str(project.get("description", "")),
        )
    return "puffteach", puffteach.__version__, ""


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode("ascii")


def build_wheel(package_dir: Path = PACKAGE_DIR) -> tuple[str, bytes]:
    """Pack the engine in ``package_dir`` as a pure-Python wheel; return its file name and bytes.

    Every file of the package goes in (``.py``, ``py.typed`` and the widget's static files)
    except caches and the Sphinx extension, which a browser has no use for. The archive is
    reproducible: sorted entries with a fixed timestamp.
    """
    name, version, summary = _project_meta(package_dir.parent)
    dist = name.replace("-", "_")
    files: list[tuple[str, bytes]] = []
    for path in sorted(package_dir.rglob("*")):
        rel = path.relative_to(package_dir.parent)
        parts = rel.parts
        if not path.is_file() or "__pycache__" in parts or parts[1:2] == ("sphinxext",):
            continue
        if path.suffix in (".pyc", ".pyo"):
            continue
        files.append((rel.as_posix(), path.read_bytes()))
    info = f"{dist}-{version}.dist-info"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
    if summary:
        meta += f"Summary: {summary}\n"
    files.append((f"{info}/METADATA", meta.encode()))
    files.append(
        (
            f"{info}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: puffteach.sphinxext.vendor\n"
            b"Root-Is-Purelib: true\nTag: py3-none-any\n",
        )
    )
    files.append((f"{info}/top_level.txt", b"puffteach\n"))
    record = "".join(f"{n},{_record_hash(d)},{len(d)}\n" for n, d in files)
    record += f"{info}/RECORD,,\n"
    files.append((f"{info}/RECORD", record.encode()))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for n, d in files:
            zi = zipfile.ZipInfo(n, date_time=(2000, 1, 1, 0, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            zf.writestr(zi, d)
    return f"{dist}-{version}-py3-none-any.whl", buf.getvalue()


@dataclass
class Vendor:
    """What one build copies (source path -> path under ``_static/puffteach``) and the wheel."""

    node_modules: Path
    copies: dict[str, Path] = field(default_factory=dict)
    wheel_name: str = ""
    wheel: bytes = b""
    #: the gzipped sparse memory snapshot (``snapshot.make_snapshot``), or empty: none
    snapshot: bytes = b""

    @classmethod
    def collect(cls, node_modules: Path) -> Vendor:
        """Check that every file is there (raise ExtensionError naming ``npm install`` if not)."""
        v = cls(node_modules)
        pyo = node_modules / "pyodide"
        asm = [a for a in PYODIDE_ASM if (pyo / a).is_file()]
        for f in (*PYODIDE_FILES, *asm[:1]):
            v.copies[f"pyodide/{f}"] = pyo / f
        if not asm:
            v.copies["pyodide/pyodide.asm.mjs"] = pyo / "pyodide.asm.mjs"  # reported as missing
        v.copies["widgets/require.js"] = node_modules / "requirejs" / "require.js"
        dist = node_modules / "@jupyter-widgets" / "html-manager" / "dist"
        v.copies["widgets/embed-amd.js"] = dist / "embed-amd.js"
        if dist.is_dir():
            for font in sorted(dist.iterdir()):
                if font.suffix in FONT_SUFFIXES:
                    v.copies[f"widgets/{font.name}"] = font
        for lic in ("LICENSE", "LICENSE.md", "LICENSE.txt"):
            if (pyo / lic).is_file():
                v.copies[f"pyodide/{lic}"] = pyo / lic
        v.copies["widgets/anywidget.js"] = _anywidget_amd()
        v.copies["board.js"] = WIDGET_STATIC / "board.js"
        v.copies["engine-worker.js"] = WIDGET_STATIC / "engine-worker.js"
        v.copies["board.css"] = WIDGET_STATIC / "board.css"
        missing = [str(p) for p in v.copies.values() if not p.is_file()]
        if missing:
            raise ExtensionError(
                "puffteach: files the static book needs are missing: "
                + ", ".join(missing)
                + "; "
                + NPM_HINT
            )
        v.wheel_name, v.wheel = build_wheel()
        return v

    @property
    def cache_version(self) -> str:
        """A short hash of what the service worker caches (the wheel, the front end and
        Pyodide's version): a new build with other files gets a new cache."""
        h = hashlib.sha256(self.wheel)
        h.update(self.snapshot)
        for rel in ("board.js", "engine-worker.js", "board.css", "pyodide/pyodide-lock.json"):
            src = self.copies.get(rel)
            if rel == "board.js":
                h.update(_board_js())
            elif src is not None and src.is_file():
                h.update(src.read_bytes())
        return h.hexdigest()[:12]

    @property
    def wheel_version(self) -> str:
        """A short hash of the wheel, added to its URL so browsers fetch a changed engine."""
        return hashlib.sha256(self.wheel).hexdigest()[:12]

    def write(self, static_dir: Path, site: Path | None = None) -> None:
        """Copy the files into ``static_dir/puffteach`` (skipping ones already up to date);
        with ``site``, the shared ones (:func:`is_shared`) and the service worker go to
        ``site/_static/puffteach`` and ``site`` instead, and the language keeps no copy."""
        out = static_dir / PREFIX
        shared = site / "_static" / PREFIX if site is not None else out

        def place(rel: str) -> Path:
            return (shared if is_shared(rel) else out) / rel

        for rel, src in self.copies.items():
            if rel == LOCK_FILE:
                _write_if_changed(place(rel), _trimmed_lock(src))
                continue
            if rel == "board.js":  # the board's modules in one file (one request, one cache entry)
                _write_if_changed(place(rel), _board_js())
                continue
            dest = place(rel)
            if dest.is_file() and dest.stat().st_size == src.stat().st_size:
                if dest.stat().st_mtime >= src.stat().st_mtime:
                    continue
            _atomic_write(dest, src.read_bytes())
            shutil.copystat(src, dest)
        _write_if_changed(place(self.wheel_name), self.wheel)
        snap = place(SNAPSHOT_NAME)
        if self.snapshot:
            _write_if_changed(snap, self.snapshot)
        elif snap.exists():
            snap.unlink()  # an earlier build's, not this engine's
        # the service worker sits at the site's root, so that its scope is the whole site
        sw = SERVICE_WORKER.replace("__VERSION__", self.cache_version).replace("__PREFIX__", PREFIX)
        root = site if site is not None else static_dir.parent
        _write_if_changed(root / SERVICE_WORKER_NAME, sw.encode("utf-8"))
        if site is not None:  # an earlier build's own copies, which no page loads any more
            for rel in ("pyodide", "widgets"):
                shutil.rmtree(out / rel, ignore_errors=True)
            for old in (
                *out.glob("puffteach-*.whl"),
                out / SNAPSHOT_NAME,
                out / "engine-worker.js",
                static_dir.parent / SERVICE_WORKER_NAME,
            ):
                old.unlink(missing_ok=True)


# ---------------------------------------------------------------------------- Sphinx hooks
def _site(app: Sphinx) -> Path | None:
    """The site's root folder holding the shared engine (``puffteach_engine_site``), or None."""
    site = app.config.puffteach_engine_site
    return Path(site).resolve() if site else None


def _config_inited(app: Sphinx, config: Any) -> None:
    if "nb_ipywidgets_js" in config:  # myst-nb: its widget scripts, from this site
        # Sphinx puts "_static/" before the path: "_static/../../_static/" is the site's root's
        up = "../../_static/" if config.puffteach_engine_site else ""
        config.nb_ipywidgets_js = {
            f"{up}{PREFIX}/widgets/require.js": {},
            f"{up}{PREFIX}/widgets/embed-amd.js": {},
        }


def _builder_inited(app: Sphinx) -> None:
    if app.builder.format != "html":
        return
    nm = find_node_modules(Path(app.srcdir), app.config.puffteach_node_modules)
    vendor = Vendor.collect(nm)
    if app.config.puffteach_snapshot:
        vendor.snapshot = _snapshot(app, nm / "pyodide", vendor.wheel)
    app.puffteach_vendor = vendor  # type: ignore[attr-defined]


def _snapshot(app: Sphinx, pyodide_dir: Path, wheel: bytes) -> bytes:
    """The engine snapshot (from the cache, else made with Node), or b"" without Node."""
    from .snapshot import make_snapshot

    configured = app.config.puffteach_snapshot_cache
    cache = Path(configured) if configured else Path(app.srcdir) / "_build" / ".puffteach-snapshot"
    if not cache.is_absolute():
        cache = Path(app.srcdir) / cache
    try:
        return make_snapshot(pyodide_dir, wheel, cache)
    except FileNotFoundError as e:
        # no Node: the worker makes a snapshot of its own on a reader's first visit
        logger.info(f"puffteach: no engine snapshot in the book ({e})")
        return b""
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as e:
        logger.warning(f"puffteach: the engine snapshot could not be made: {e}")
        return b""


#: On a page with a live board the engine worker starts from the page's head, before the
#: page is parsed, when the service worker already serves the engine's files (every visit but
#: the first): board.js adopts it (``window.__puffteachPreboot``: the worker and a promise of
#: its boot's answer, request id 0; other messages wait in ``queue``).
PREBOOT_JS = """(function (cfg) {
  var sw = navigator.serviceWorker;
  if (!cfg.preboot || (sw && !sw.controller) || typeof Worker === "undefined") return;
  try {
    var base = new URL(cfg.base, document.baseURI);
    var abs = function (u) { return u ? new URL(u, document.baseURI).href : null; };
    var worker = new Worker(new URL(cfg.worker, base), { type: "module" });
    var pre = { worker: worker, queue: [], started: performance.now() };
    pre.boot = new Promise(function (resolve) {
      worker.onmessage = function (ev) {
        if (ev.data && ev.data.id === 0) resolve(ev.data); else pre.queue.push(ev);
      };
      worker.onerror = function (ev) {
        ev.preventDefault();
        resolve({ error: ev.message || "the engine worker failed" });
      };
    });
    var boot = { id: 0, type: "boot", pyodide: abs(cfg.pyodide), wheel: abs(cfg.wheel) };
    boot.snapshot = abs(cfg.snapshot);
    worker.postMessage(boot);
    window.__puffteachPreboot = pre;
  } catch (e) { /* board.js starts the engine as usual */ }
})(window.PUFFTEACH);"""


def _page_config(
    vendor: Vendor,
    pathto: Any,
    language: str | None = None,
    preboot: bool = False,
    shared: bool = False,
) -> tuple[str, str]:
    """The inline script body for one page and the local widget folder (page-relative);
    ``preboot``: the page has a live board, whose engine starts at once (PREBOOT_JS);
    ``shared``: the engine lives at the site's root, one folder above the language's."""
    up = "../" if shared else ""
    base = up + pathto(f"_static/{PREFIX}/", 1)
    if not base.endswith("/"):
        base += "/"
    cfg = {
        "static": True,
        "base": base,
        "pyodide": f"{base}pyodide/pyodide.mjs",
        "wheel": f"{base}{vendor.wheel_name}?v={vendor.wheel_version}",
        "snapshot": (
            f"{base}{SNAPSHOT_NAME}?v={vendor.cache_version}" if vendor.snapshot else None
        ),
        "worker": f"engine-worker.js?v={vendor.cache_version}",
        "ui": ui_words(language or "en"),
        "preboot": preboot,
        # the offline control (puffteach-offline.js): the service worker's cache and the list
        # of the site's files (scripts/build_book.py writes it at the site's root)
        "cache": f"puffteach-{vendor.cache_version}",
        "sw": up + pathto(SERVICE_WORKER_NAME, 1),
        "offline": up + pathto(OFFLINE_MANIFEST, 1) if shared else None,
    }
    sw = up + pathto(SERVICE_WORKER_NAME, 1)
    widgets = f"{base}widgets/"
    # "anywidget": its AMD module. The @jupyter-widgets modules are all defined inside
    # embed-amd.js; their paths only place the fonts its CSS asks for (webpack resolves them
    # against the module's URL) in the same folder.
    require = {
        "paths": {
            "anywidget": f"{widgets}anywidget",
            "@jupyter-widgets/html-manager/dist": widgets.rstrip("/"),
            "@jupyter-widgets": widgets.rstrip("/"),
        }
    }
    body = (
        f"window.PUFFTEACH = {json.dumps(cfg)};\n"
        "// a page opened from disk says so on its live boards (puffteach-book.css)\n"
        'if (location.protocol === "file:") document.documentElement.classList.add("pt-file");\n'
        "// the service worker caches the engine's files for the next page and the next visit\n"
        "// (?offline=1 once the reader made the book available offline: puffteach-offline.js)\n"
        'else if ("serviceWorker" in navigator) window.__puffteachSW = navigator.serviceWorker'
        f".register({json.dumps(sw)} + (function () {{ try {{ return localStorage.getItem("
        '"puffteach-offline") ? "?offline=1" : ""; } catch (e) { return ""; } })())'
        ".catch(() => null);\n"
        "// a live board's engine starts now (the next visits: the service worker serves it)\n"
        'if (location.protocol !== "file:") ' + PREBOOT_JS + "\n"
        "// where the html-manager's CSS finds its fonts\n"
        "window.__jupyter_widgets_assets_path__ = "
        f"new URL({json.dumps(widgets)}, document.baseURI).href;\n"
        "// require.js reads this object as its configuration when it loads (widget pages)\n"
        f"var require = {json.dumps(require)};"
    )
    return body, widgets


def _html_page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    vendor: Vendor | None = getattr(app, "puffteach_vendor", None)
    pathto = context.get("pathto")
    if vendor is None or pathto is None:
        return
    body_html = context.get("body", "")
    live = 'class="pt-initial"' in body_html or 'class="puffteach-play"' in body_html
    shared = _site(app) is not None
    body, widgets = _page_config(vendor, pathto, app.config.language, live, shared)
    # the html-manager's CDN fallback is read from any script's data-jupyter-widgets-cdn
    app.add_js_file(None, body=body, priority=400, **{"data-jupyter-widgets-cdn": widgets})
    if 'class="puffteach-board' in body_html or 'class="puffteach-play"' in body_html:
        app.add_css_file(f"{PREFIX}/board.css")
        app.add_js_file("puffteach-live.js", type="module")
    if 'class="puffteach-play"' in body_html:
        app.add_js_file("puffteach-play.js", type="module")
    if 'class="puffteach-offline"' in body_html:
        app.add_js_file("puffteach-offline.js", type="module")


def _build_finished(app: Sphinx, exception: BaseException | None) -> None:
    vendor: Vendor | None = getattr(app, "puffteach_vendor", None)
    if exception is None and vendor is not None and app.builder.format == "html":
        vendor.write(Path(app.outdir) / "_static", _site(app))


def setup_vendor(app: Sphinx) -> None:
    """Register the configuration value and the event handlers (called by ``setup``)."""
    app.add_config_value("puffteach_node_modules", None, "env", [str])
    # the engine snapshot made at build time with Node (snapshot.py), and where it is cached
    app.add_config_value("puffteach_snapshot", True, "env", [bool])
    app.add_config_value("puffteach_snapshot_cache", None, "env", [str])
    # the site's root folder: the engine lives once in its _static/puffteach/ for every
    # language, built into <site>/<lang>/ (scripts/build_book.py sets it)
    app.add_config_value("puffteach_engine_site", None, "html", [str])
    app.connect("config-inited", _config_inited)
    app.connect("builder-inited", _builder_inited)
    app.connect("html-page-context", _html_page_context)
    app.connect("build-finished", _build_finished)
