"""The book's memory snapshot of Pyodide with the engine imported (made at build time).

Starting Python in the browser and importing the engine take most of a live board's boot. A
Pyodide memory snapshot taken right after (``loadPyodide({_makeSnapshot: true})`` and
``makeMemorySnapshot()``, Pyodide's own mechanism) restores in a fraction of that. This module
makes one at build time with Node (``snapshot.mjs`` beside it: the npm package ``pyodide``, the
engine wheel of the build, and :func:`puffteach.widget.worker.warm_up`), so that even a reader's
first page restores instead of starting Python; ``engine-worker.js`` restores it and keeps it
in the browser.

The file is a *sparse* copy of the snapshot, gzipped: about half of a snapshot is zero pages,
which the sparse form leaves out (:func:`encode_sparse`; ``engine-worker.js`` unpacks it). A
snapshot is cached under ``cache_dir`` by a key of everything it is made of, so the three
language builds make it once. Without Node the book has no snapshot and the worker makes its
own on a reader's first visit.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import struct
import subprocess
import tempfile
from pathlib import Path

__all__ = ["SCRIPT", "decode_sparse", "encode_sparse", "make_snapshot", "snapshot_key"]

SCRIPT: Path = Path(__file__).with_name("snapshot.mjs")
#: "PTS1": the sparse form's magic number (little-endian u32, as engine-worker.js reads it)
MAGIC = 0x31535450
PAGE = 4096
#: how long Node may take (Pyodide's start on a loaded machine is slow)
TIMEOUT_S = 600


def encode_sparse(snapshot: bytes, page: int = PAGE) -> bytes:
    """``snapshot`` without its zero pages: ``"PTS1"``, the length, the number of runs, each
    run's ``(offset, length)`` (u32 little-endian) and then the runs' bytes."""
    n = len(snapshot)
    zero = bytes(page)
    runs: list[list[int]] = []
    view = memoryview(snapshot)
    for start in range(0, n, page):
        chunk = view[start : start + page]
        if chunk == zero[: len(chunk)]:
            continue
        if runs and runs[-1][0] + runs[-1][1] == start:
            runs[-1][1] += len(chunk)
        else:
            runs.append([start, len(chunk)])
    head = struct.pack("<III", MAGIC, n, len(runs))
    head += b"".join(struct.pack("<II", a, b) for a, b in runs)
    return head + b"".join(view[a : a + b] for a, b in runs)


def decode_sparse(data: bytes) -> bytes:
    """The snapshot that :func:`encode_sparse` packed."""
    magic, n, count = struct.unpack_from("<III", data)
    if magic != MAGIC:
        raise ValueError("not a sparse snapshot (bad magic number)")
    out = bytearray(n)
    at = 12 + 8 * count
    for i in range(count):
        offset, length = struct.unpack_from("<II", data, 12 + 8 * i)
        out[offset : offset + length] = data[at : at + length]
        at += length
    return bytes(out)


def snapshot_key(pyodide_dir: Path, wheel: bytes) -> str:
    """A hash of what the snapshot is made of: Pyodide's runtime, the wheel, the script."""
    h = hashlib.sha256(wheel)
    for name in ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs", "python_stdlib.zip"):
        f = pyodide_dir / name
        if f.is_file():
            h.update(name.encode() + b"\0" + hashlib.sha256(f.read_bytes()).digest())
    h.update(SCRIPT.read_bytes())
    return h.hexdigest()[:16]


def make_snapshot(pyodide_dir: Path, wheel: bytes, cache_dir: Path | None = None) -> bytes:
    """The gzipped sparse snapshot of Pyodide (from ``pyodide_dir``) with the engine ``wheel``
    imported and warmed up, from ``cache_dir`` when it holds one for the same inputs.

    Raises FileNotFoundError when Node is missing and RuntimeError when it fails."""
    key = snapshot_key(pyodide_dir, wheel)
    cached = cache_dir / f"engine-{key}.snapshot.gz" if cache_dir else None
    if cached is not None and cached.is_file():
        return cached.read_bytes()
    node = shutil.which("node")
    if node is None:
        raise FileNotFoundError("node is not installed (the book's engine snapshot needs it)")
    with tempfile.TemporaryDirectory() as tmp:
        whl = Path(tmp) / "engine.whl"
        whl.write_bytes(wheel)
        raw = Path(tmp) / "snapshot.bin"
        proc = subprocess.run(
            [node, str(SCRIPT), str(pyodide_dir), str(whl), str(raw)],
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
        )
        if proc.returncode != 0 or not raw.is_file():
            raise RuntimeError(f"node {SCRIPT.name} failed: {proc.stderr[-2000:]}")
        data = gzip.compress(encode_sparse(raw.read_bytes()), compresslevel=6, mtime=0)
    if cached is not None:
        cached.parent.mkdir(parents=True, exist_ok=True)
        part = cached.with_suffix(f".{os.getpid()}.part")
        part.write_bytes(data)
        part.replace(cached)  # the other language builds may be reading it
    return data
