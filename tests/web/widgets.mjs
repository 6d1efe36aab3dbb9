// Clicking the debugger page's canvas widgets as a user does: each where the page's list of
// them (#widgets, egui's AccessKit tree: `Role "label" [on] at x0,y0,x1,y1`) says it is,
// scrolled into the inspector first (above the timeline's bar at y 587). Used by tab.mjs and
// tab_fps.mjs.

/** The first widget of page `p` whose line matches `re`: the line and its centre. */
export const widget = async (p, re) => {
  const line = (await p.locator("#widgets").textContent()).split("\n").find((l) => re.test(l));
  const at = line?.match(/at (-?\d+),(-?\d+),(-?\d+),(-?\d+)$/);
  if (!at) return null;
  const [x0, y0, x1, y1] = at.slice(1).map(Number);
  return { line, x: (x0 + x1) / 2, y: (y0 + y1) / 2 };
};

/** Scrolls the inspector until the widget matching `re` lies inside it, clicks it and returns
 * its line; throws, with the list, when none turns up (`what` names it). */
export const press = async (p, re, what) => {
  let last = null;
  for (let k = 0; k < 60; k++) {
    const w = await widget(p, re);
    if (w && w.y > 70 && (w.y < 560 || (w.y < 584 && w.y === last?.y))) {
      await p.mouse.click(w.x, w.y);
      return w.line;
    }
    last = w;
    const before = await p.locator("#widgets").textContent();
    await p.mouse.move(1100, 300);
    await p.mouse.wheel(0, w && w.y <= 70 ? -120 : 120);
    await p.waitForFunction((b) => document.getElementById("widgets")?.textContent !== b, before, { timeout: 3000, polling: 50 }).catch(() => {});
  }
  const list = (await p.locator("#widgets").textContent()).split("\n");
  throw new Error(`no ${what} in the inspector to click (no line like ${re} among the ${list.length} of #widgets:\n  ${list.slice(0, 80).join("\n  ")})`);
};
