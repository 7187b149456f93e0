"""``python -m puffteach serve``: the book and the class rooms from one process."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..messages import DEFAULT, LANGUAGES, text
from .store import DEFAULT_DATABASE


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="puffteach serve", description="Serve the book and the class rooms."
    )
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--host", default=None, help="address to bind (default 127.0.0.1)")
    p.add_argument("--lan", action="store_true", help="bind every interface; print a QR code")
    p.add_argument("--database", default=DEFAULT_DATABASE, help="SQLAlchemy URL of the store")
    p.add_argument("--book", default="_build/html", help="the built book (make book)")
    p.add_argument("--lang", choices=LANGUAGES, default=DEFAULT)
    return p


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    import uvicorn

    from . import qr
    from .app import create_app, lan_address

    host = args.host or ("0.0.0.0" if args.lan else "127.0.0.1")
    book = Path(args.book)
    if not book.is_dir():
        print(text("server.serve.no_book", args.lang, path=str(book)), file=sys.stderr)
    app = create_app(args.database, book if book.is_dir() else None, lan=args.lan)
    shown = lan_address() if args.lan else host
    url = f"http://{shown}:{args.port}/"
    print(text("server.serve.listening", args.lang, url=url), flush=True)
    if args.lan:
        print(text("server.serve.lan", args.lang, url=url + "class/join"))
        print(qr.terminal(url + "class/join"), flush=True)
    uvicorn.run(
        app,
        host=host,
        port=args.port,
        log_level="warning",
        ws="websockets-sansio",
        ws_max_size=64 * 1024,
        access_log=False,
    )
    return 0
