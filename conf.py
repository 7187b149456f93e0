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
language = "en"

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
]

# -- MyST and notebooks -------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

nb_execution_mode = "force"  # every build runs every notebook with the engine of this checkout
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
html_title = "puffteach: Puff and bräde"
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
}
