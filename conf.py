"""Sphinx configuration of the puffteach book.

The source directory is the repository root; only ``book/`` and ``notebooks/`` are sources.
Build:  PYTHONPATH=. python -m sphinx -W -b html . _build/html
Every page must work offline: nothing may be loaded from another host (see tests/test_book.py).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # the engine and puffteach.sphinxext come from this checkout
# The notebook kernels are child processes: give them this checkout too (their working directory
# is notebooks/, so a relative PYTHONPATH=. would not reach the package).
_paths = [str(ROOT), *os.environ.get("PYTHONPATH", "").split(os.pathsep)]
os.environ["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(p for p in _paths if p))

import puffteach  # noqa: E402

# -- project ---------------------------------------------------------------------------
project = "puffteach"
author = "the puffteach authors"
copyright = "the puffteach authors"
release = version = puffteach.__version__
language = "en"  # the Swedish and German books: -D language=sv / de (scripts/build_book.py)

# -- translations (Sphinx's gettext workflow) ---------------------------------------------
# `make pot`: sphinx-build -b gettext . _build/gettext, then sphinx-intl update -l sv -l de
# One .po per page (locales/<lang>/LC_MESSAGES/book/<page>.po). A worked-example notebook is
# translated once it has one too (.../notebooks/<name>.po: its markdown cells, code unchanged);
# the API reference and the notebooks without one stay English and carry a translated note
# (puffteach.sphinxext.i18n, which also puts the language switch on every page).
locale_dirs = ["locales"]
gettext_compact = False
gettext_location = False  # no "#: file:line" comments: the .po files change only with the text
gettext_uuid = False

root_doc = "book/index"
include_patterns = ["book/**", "notebooks/**"]
exclude_patterns = [
    "_build",
    "**/_build",
    ".venv",
    "**/.venv",
    "node_modules",
    "**/node_modules",
    "**/.ipynb_checkpoints",
    ".git",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".hypothesis",
    "jupyter_execute",
]

extensions = [
    "myst_nb",
    "sphinx_design",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "puffteach.sphinxext",
    "puffteach.sphinxext.i18n",  # the language switch and the note on English-only pages
]

# -- MyST and notebooks -------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# Every build runs every notebook with the engine of this checkout. `make book` builds three
# languages: it empties the cache, and the English build (mode "cache") fills it, so the Swedish
# and German builds reuse those outputs instead of running the notebooks again.
nb_execution_mode = os.environ.get("PUFFTEACH_NB_EXECUTION", "force")
nb_execution_cache_path = os.environ.get("PUFFTEACH_NB_CACHE", "")  # "": beside the output folder
nb_execution_raise_on_error = True
nb_execution_timeout = 120
nb_execution_show_tb = True
nb_merge_streams = True
# myst-nb's default nb_ipywidgets_js loads require.js and @jupyter-widgets/html-manager from CDNs.
# The book loads nothing from another host: puffteach.sphinxext (vendor.py) copies those scripts,
# Pyodide's core and the engine wheel from node_modules (`npm install`, package.json) into
# _static/puffteach/ and sets nb_ipywidgets_js to the local copies.

# -- autodoc ------------------------------------------------------------------------------
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": True}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_class_signature = "separated"

# -- HTML ---------------------------------------------------------------------------------
html_theme = "sphinx_book_theme"
html_title = "puffteach: Puff and bräde"  # per language: catalogue key book.title (sphinxext.i18n)
html_static_path: list[str] = []  # puffteach.sphinxext adds its own static directory
html_last_updated_fmt = None
html_show_sourcelink = False  # the download button (top right) offers the .md and .ipynb
# No MathJax (it would come from a CDN): math, if any, is written as plain text.
html_math_renderer = "puffteach-plain"
html_theme_options = {
    "show_toc_level": 2,
    "home_page_in_toc": True,
    "use_download_button": True,
    "use_fullscreen_button": True,
    "use_repository_button": False,
    "use_issues_button": False,
    "use_edit_page_button": False,
    "launch_buttons": {},  # no Binder/Colab/Thebe: nothing to fetch, no kernel
    "show_navbar_depth": 1,
    "navigation_with_keys": False,
    "analytics": {},  # none
    # the language switch (puffteach.sphinxext.i18n) before the theme's own buttons
    "article_header_end": ["langswitch.html", "article-header-buttons.html"],
}
