"""``python -m puffteach serve``: the book and the class rooms from one process."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..messages import DEFAULT, LANGUAGES, help_lang, text
from .store import DEFAULT_DATABASE


def parser(lang: str = DEFAULT) -> argparse.ArgumentParser:
    """``serve``'s command line; its ``--help`` words (catalogue ``cli.serve.*``) in ``lang``."""

    def h(key: str) -> str:
        return text(f"cli.serve.{key}", lang).replace("%", "%%")

    p = argparse.ArgumentParser(prog="puffteach serve", description=h("description"))
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--host", default=None, help=h("host"))
    p.add_argument("--lan", action="store_true", help=h("lan"))
    p.add_argument("--database", default=DEFAULT_DATABASE, help=h("database"))
    p.add_argument("--book", default="_build/html", help=h("book"))
    p.add_argument("--lang", choices=LANGUAGES, default=DEFAULT)
    return p


def main(argv: list[str]) -> int:
    args = parser(help_lang(argv)).parse_args(argv)
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
