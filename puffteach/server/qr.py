"""The join address as a QR code: SVG for the teacher's page, text for the terminal."""

from __future__ import annotations

import io

import qrcode
import qrcode.image.svg


def svg(data: str) -> str:
    """An SVG QR code of ``data`` (no XML declaration, safe to put into a page)."""
    qr = qrcode.QRCode(border=2, image_factory=qrcode.image.svg.SvgPathImage)
    qr.add_data(data)
    qr.make(fit=True)
    text = qr.make_image().to_string(encoding="unicode")
    body = str(text)
    if body.startswith("<?xml"):
        body = body[body.index("?>") + 2 :].lstrip()
    return body


def terminal(data: str) -> str:
    """The QR code of ``data`` drawn with block characters for a terminal."""
    qr = qrcode.QRCode(border=2)
    qr.add_data(data)
    qr.make(fit=True)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    return out.getvalue()
