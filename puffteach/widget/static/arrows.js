// Hint and tutor arrows over the board's drawing (plain ESM): from the centre of one place to
// another's. arrowShapes() is the geometry (pure, unit-tested); drawArrowShapes() puts it on
// the SVG.

const NS = "http://www.w3.org/2000/svg";
/** How far inside the shown part of the drawing an arrow is cut (a phone's half board). */
export const EDGE = 12;
/** The distance between two arrows joining the same two places (0/3 0/3). */
export const TWIN_GAP = 7;

/** The arrows to show in state ``s``: the hint's (of this revision) or the tutor verdict's,
 *  with where they come from ("hint" or "tutor"). */
export function arrowsOf(s) {
  const hint = s.hint && s.hint.rev === s.rev ? s.hint : null;
  if (hint) return { arrows: hint.arrows || [], from: "hint" };
  return { arrows: (s.verdict && s.verdict.arrows) || [], from: "tutor" };
}

/** The lines of ``arrows`` ({from, to, path?}) drawn between ``centre(place)`` ([x, y] or
 *  null) inside the drawing's ``viewBox`` ([x, y, w, h]): each shape is ``{p, q, head, cut}``
 *  where ``head`` is the arrowhead's three points and ``cut`` ([x, y, pathNumber]) says that
 *  the arrow was cut at the edge of the shown part (on a phone's half board), where a label
 *  names its hidden end. Arrows joining the same two places lie side by side. */
export function arrowShapes(arrows, centre, viewBox) {
  const [vx, , vw] = viewBox;
  const [lo, hi] = [vx + EDGE, vx + vw - EDGE];
  const outside = (x) => x < lo || x > hi;
  const ends = arrows.map((a) => `${a.from}>${a.to}`);
  const shapes = [];
  arrows.forEach((a, k) => {
    let p = centre(a.from);
    let q = centre(a.to);
    if (!p || !q) return;
    const twins = ends.filter((e) => e === ends[k]).length;
    const nth = ends.slice(0, k).filter((e) => e === ends[k]).length;
    const off = (nth - (twins - 1) / 2) * TWIN_GAP;
    const d = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    const [nx, ny] = [-(q[1] - p[1]) / d, (q[0] - p[0]) / d];
    p = [p[0] + off * nx, p[1] + off * ny];
    q = [q[0] + off * nx, q[1] + off * ny];
    if (outside(p[0]) && outside(q[0])) return;
    let cut = null;
    if (outside(p[0]) || outside(q[0])) {
      const [inner, outer] = outside(q[0]) ? [p, q] : [q, p];
      const x = outer[0] < lo ? lo : hi;
      const t = (x - inner[0]) / (outer[0] - inner[0]);
      const e = [x, inner[1] + t * (outer[1] - inner[1])];
      const path = a.path ? a.path[outside(q[0]) ? 1 : 0] : null;
      cut = path === null || path === undefined ? null : [e[0], e[1], path];
      if (outside(q[0])) q = e; else p = e;
    }
    const [dx, dy] = [q[0] - p[0], q[1] - p[1]];
    const len = Math.hypot(dx, dy) || 1;
    const [ux, uy] = [dx / len, dy / len];
    const [tx, ty] = q;
    const head = [[tx, ty], [tx - 14 * ux - 7 * uy, ty - 14 * uy + 7 * ux],
      [tx - 14 * ux + 7 * uy, ty - 14 * uy - 7 * ux]];
    shapes.push({ p, q, head, cut });
  });
  return shapes;
}

/** Draw ``shapes`` (arrowShapes) on ``svg`` in one group, replacing the arrows drawn before. */
export function drawArrowShapes(svg, shapes, from) {
  for (const old of svg.querySelectorAll(".pt-hint-arrows")) old.remove();
  if (!shapes.length) return null;
  const [vx, , vw] = svg.getAttribute("viewBox").split(/\s+/).map(Number);
  const g = document.createElementNS(NS, "g");
  g.setAttribute("class", `pt-hint-arrows ${from === "hint" ? "pt-from-hint" : "pt-from-tutor"}`);
  g.setAttribute("pointer-events", "none");
  g.setAttribute("aria-hidden", "true");
  for (const { p, q, head, cut } of shapes) {
    const line = document.createElementNS(NS, "line");
    line.setAttribute("x1", p[0]); line.setAttribute("y1", p[1]);
    line.setAttribute("x2", q[0]); line.setAttribute("y2", q[1]);
    line.setAttribute("class", "pt-hint-arrow");
    const tip = document.createElementNS(NS, "polygon");
    tip.setAttribute("points", head.map(([x, y]) => `${x},${y}`).join(" "));
    tip.setAttribute("class", "pt-hint-head");
    g.append(line, tip);
    if (cut) {
      const [ex, ey, path] = cut;
      const label = document.createElementNS(NS, "text");
      label.setAttribute("x", ex < vx + vw / 2 ? ex + 4 : ex - 4);
      label.setAttribute("y", ey - 10);
      label.setAttribute("text-anchor", ex < vx + vw / 2 ? "start" : "end");
      label.setAttribute("class", "pt-hint-edge");
      label.textContent = String(path);
      g.append(label);
    }
  }
  svg.append(g);
  return g;
}
