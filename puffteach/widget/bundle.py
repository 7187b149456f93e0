"""The board's front end as one ES module (``static/board.js`` and the modules it imports).

The front end is a few plain ES modules in ``static/`` (see ``board.js``). The static book and
the class pages load them as they are; Jupyter cannot: anywidget sends ``_esm`` as one text,
which the browser imports from a ``blob:`` URL where ``./render.js`` means nothing, and a
notebook's saved widget state keeps that one text too. :func:`bundle` inlines the modules
into one text: each imported module becomes a function scope returning its exports, in the
order of their imports, and the entry stays a module (its own exports unchanged). Only the
forms the board's modules use are understood, so a module written otherwise is refused
rather than bundled wrongly:

- ``import { a, b as c } from "./name.js";`` (named imports of a sibling module),
- ``export function f``, ``export class C``, ``export const x`` / ``let``,
  ``export { a, b };`` and, in the entry only, ``export default``.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Final

__all__ = ["STATIC", "bundle", "modules"]

#: the front end's folder
STATIC: Final = Path(__file__).parent / "static"

_IMPORT = re.compile(r'^import\s*\{([^}]*)\}\s*from\s*"\./([\w.-]+\.js)";[ \t]*$', re.M)
_ANY_IMPORT = re.compile(r"^import\b", re.M)
_EXPORT_DECL = re.compile(r"^export\s+((?:async\s+)?function\*?|class|const|let)\s+(\w+)", re.M)
_EXPORT_LIST = re.compile(r"^export\s*\{([^}]*)\};?[ \t]*$", re.M)
_ANY_EXPORT = re.compile(r"^export\b", re.M)
_NAME = re.compile(r"^[A-Za-z_$][\w$]*$")


class BundleError(ValueError):
    """A module the bundler does not understand (a form of import or export it refuses)."""


def _names(spec: str, where: str) -> list[tuple[str, str]]:
    """``a, b as c`` -> ``[("a", "a"), ("b", "c")]`` (imported name, local name)."""
    out = []
    for part in (p.strip() for p in spec.split(",")):
        if not part:
            continue
        bits = part.split()
        if len(bits) == 1:
            name = local = bits[0]
        elif len(bits) == 3 and bits[1] == "as":
            name, local = bits[0], bits[2]
        else:
            raise BundleError(f"{where}: cannot read the import/export list {spec.strip()!r}")
        if not (_NAME.match(name) and _NAME.match(local)):
            raise BundleError(f"{where}: cannot read the import/export list {spec.strip()!r}")
        out.append((name, local))
    return out


def _var(module: str) -> str:
    return "__pt_" + re.sub(r"\W", "_", module.removesuffix(".js"))


def _imports(text: str, where: str) -> list[tuple[str, list[tuple[str, str]]]]:
    found = [(m.group(2), _names(m.group(1), where)) for m in _IMPORT.finditer(text)]
    if len(found) != len(_ANY_IMPORT.findall(text)):
        raise BundleError(f'{where}: only `import {{ ... }} from "./name.js";` can be bundled')
    return found


def _with_imports(text: str, where: str) -> str:
    """``text`` with each import replaced by a destructuring of the module's scope."""

    def one(m: re.Match[str]) -> str:
        names = _names(m.group(1), where)
        parts = ", ".join(n if n == local else f"{n}: {local}" for n, local in names)
        return f"const {{ {parts} }} = {_var(m.group(2))};"

    return _IMPORT.sub(one, text)


def _as_scope(name: str, text: str) -> str:
    """A non-entry module as ``const __pt_name = (() => { ...; return {exports}; })();``."""
    exported = [m.group(2) for m in _EXPORT_DECL.finditer(text)]
    for m in _EXPORT_LIST.finditer(text):
        for local, as_name in _names(m.group(1), name):
            exported.append(local if local == as_name else f"{as_name}: {local}")
    n_forms = len(_EXPORT_DECL.findall(text)) + len(_EXPORT_LIST.findall(text))
    if n_forms != len(_ANY_EXPORT.findall(text)):
        raise BundleError(f"{name}: only named exports can be bundled (no default, no re-export)")
    body = _EXPORT_LIST.sub("", _EXPORT_DECL.sub(lambda m: f"{m.group(1)} {m.group(2)}", text))
    body = _with_imports(body, name)
    return (
        f"// ---- {name}\nconst {_var(name)} = (() => {{\n{body.rstrip()}\n"
        f"return {{ {', '.join(exported)} }};\n}})();\n"
    )


def modules(entry: str = "board.js", folder: Path = STATIC) -> list[str]:
    """The modules ``entry`` imports (directly or not), each after those it imports, then
    ``entry`` itself. Raises :class:`BundleError` on a circle or a missing module."""
    order: list[str] = []
    busy: list[str] = []

    def visit(name: str) -> None:
        if name in order:
            return
        if name in busy:
            raise BundleError(f"import circle: {' -> '.join([*busy, name])}")
        path = folder / name
        if not path.is_file():
            raise BundleError(f"{busy[-1] if busy else name}: no module {name} in {folder}")
        busy.append(name)
        for dep, _ in _imports(path.read_text(encoding="utf-8"), name):
            visit(dep)
        busy.pop()
        order.append(name)

    visit(entry)
    return order


def bundle(entry: str = "board.js", folder: Path = STATIC) -> str:
    """``entry`` and the modules it imports as one ES module text (see the module's doc)."""
    return _bundle(entry, folder, tuple(_stamp(folder / m) for m in modules(entry, folder)))


def _stamp(path: Path) -> tuple[str, int, int]:
    st = path.stat()
    return (path.name, st.st_mtime_ns, st.st_size)


@functools.lru_cache(maxsize=4)
def _bundle(entry: str, folder: Path, _stamps: tuple[tuple[str, int, int], ...]) -> str:
    names = modules(entry, folder)
    parts = [
        f"// puffteach board front end: {', '.join(names)} from puffteach/widget/static/,\n"
        "// bundled into one module by puffteach.widget.bundle (edit the modules, not this).\n"
    ]
    for name in names[:-1]:
        parts.append(_as_scope(name, (folder / name).read_text(encoding="utf-8")))
    text = (folder / entry).read_text(encoding="utf-8")
    _imports(text, entry)
    parts.append(f"// ---- {entry}\n" + _with_imports(text, entry))
    return "\n".join(parts)
