// puffteach board widget front end: the anywidget entry (plain ESM).
//
// The board is a few modules beside this one: engine-client.js (the one way to the engine:
// the kernel's model, the class pages' adapter or the static book's Pyodide worker, and the
// state read from the model: the keys a step changed), render.js (the drawing and the controls), marks.js (the selected
// checker's place and its targets, state.marks, put in place of the drawing's), panels.js (the computer, hint, tutor, odds and review), keys.js (keyboard and screen
// reader), half.js (a phone's half board), arrows.js (hint arrows), dom.js (helpers and the
// board's words, which come from state.ui). Jupyter gets them as one file
// (puffteach.widget.bundle: the modules inlined, the same code); the static book and the
// class pages import them as they are.
import { loadEngine } from "./engine-client.js";
import { render } from "./render.js";

export { loadEngine, render };
export default { render };
