"""A puffteach board in marimo: ``marimo run examples/marimo_board.py`` (or ``marimo edit``).

The board is an anywidget wrapped with ``mo.ui.anywidget``; the second cell reads
``board.value`` and runs again after every click on the board (tests/test_marimo.py runs this
app in Chromium).
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App()


@app.cell
def _():
    import marimo as mo

    from puffteach.widget import Board

    board = mo.ui.anywidget(Board("kontrar-puff", position="W:0x15 B:0x15 w", seed=5))
    board  # noqa: B018 (marimo shows a cell's last expression)
    return board, mo


@app.cell
def _(board, mo):
    mo.Html(f'<p class="pt-value">{board.value["position"]}</p>')
    return


if __name__ == "__main__":
    app.run()
