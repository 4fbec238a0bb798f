// After a click, what to do next brought into view; on a phone, the step's sheet at the foot.
import { PHONE } from "./phone.js";
import { scroller } from "./fit.js";

// A click can change the page far from the pointer: an answer's explanation and "Next
// question" under the choices, a try's verdict and Next in the lesson panel, "Show me"
// changing the board above. Once the page has changed there, that part is scrolled into
// view (the nearest scroll that shows it; none when it is in view already).
const ONWARD = [
  // what was clicked, what changes when the page answers, what to show then
  { clicked: ".tutor-choices button", changes: ".tutor-onward", show: ".tutor-onward" },
  { clicked: ".tutor-show-me", changes: ".tutor-board", show: ".tutor-board", top: true },
  // a card chosen from the hand: only a word about it may change (why it cannot be played now)
  { clicked: ".tutor-board [data-target^='card:']", changes: ".tutor-lesson-panel .tutor-feedback",
    show: ".tutor-lesson-panel .tutor-stepnav" },
  // a move: the board changes, even when the lesson's words stay the same (a play-on step's next turn)
  { clicked: ".tutor-board [data-target]", changes: ".tutor-board", show: afterMove },
  { clicked: ".tutor-stepnav [data-target]", changes: ".tutor-lesson-panel", show: () => focusBoard() || seen(".tutor-lesson-panel") },
  // the next question or position: its prompt at the top of the sheet, the board's parts above it
  { clicked: ".tutor-panel .tutor-onward", changes: ".tutor-panel", show: () => focusBoard() || seen(".tutor-prompt") },
];
const ONWARD_MS = 30000;  // a busy kernel (a class, a loaded server) may take many seconds to answer
const ONWARD_QUIET_MS = 200;  // no change for this long: the page has drawn its answer

function seen(selector) {
  const found = [...document.querySelectorAll(selector)].filter((el) => el.getClientRects().length);
  return found.length ? found[0] : null;
}

function snapshot(selector) {
  const el = seen(selector);
  return el ? el.innerHTML : null;
}

// After a move on a board, what the learner does next: Next, when the lesson may go on; else
// (a play-on step's next turn, a try to answer again, the play page) the hand to choose from,
// with the board's buttons and the lesson's words under it when they fit. A hand under a tall
// grid (a phone) is out of view once a card was placed low on the grid.
function afterMove() {
  // a drill's right move: the part of the table it changed (marked; else the part clicked last)
  // above a phone's sheet, its verdict and Next in the panel
  if (seen(".tutor-drill-panel .tutor-onward")) {
    return marksSpan(seen(".tutor-board")) || (lastClicked && seen(`.tutor-board [data-target="${CSS.escape(lastClicked)}"]`));
  }
  const nav = seen(".tutor-lesson-panel .tutor-stepnav");
  if (nav && nav.querySelector("[data-target='next']:not([disabled])")) return nav;
  const card = seen(".tutor-board [data-target^='card:']");
  const hand = card && card.closest(".tutor-widget");
  if (!hand) return nav;
  // a phone's step sheet keeps its buttons on screen: only the hand must come above it
  const sheet = nav && nav.closest(SHEETS);
  if (sheet && getComputedStyle(sheet).position === "sticky") return hand;
  const under = [...card.closest(".tutor-board").querySelectorAll("[data-target]")].filter((part) =>
    part.getClientRects().length && !hand.contains(part)
    && hand.compareDocumentPosition(part) & Node.DOCUMENT_POSITION_FOLLOWING);
  return [hand, nav || under.at(-1) || hand];
}

function shown(rule) {
  return typeof rule.show === "function" ? rule.show() : seen(rule.show);
}

// ``el``, or [first, last]: the stretch from the top of one to the bottom of the other, brought
// into view whole when it fits, else from its top.
// On a phone the lesson's step or the question is a sheet stuck to the foot of the screen
// (page.css): what the board shows is in view only above it.
const SHEETS = ".tutor-stepper > .tutor-widget:has(> .tutor-lesson-panel), .tutor-body > .tutor-panel";

function sheetTop() {
  let top = window.innerHeight;
  for (const sheet of document.querySelectorAll(SHEETS)) {
    if (getComputedStyle(sheet).position !== "sticky" || !sheet.getClientRects().length) continue;
    top = Math.min(top, Math.max(sheet.getBoundingClientRect().top, window.innerHeight * 0.4));
  }
  return top;
}

const PART_HEAD = 48;  // px of a part that say what it is (a row's name and count)

function bringIntoView(el, top) {
  const [first, last] = Array.isArray(el) ? el : [el, el];
  const inSheet = first.closest(SHEETS) !== null;
  if (inSheet) return showInSheet(last);
  const bottom = sheetTop();
  const from = first.getBoundingClientRect().top, to = last.getBoundingClientRect().bottom;
  if (from >= 0 && to <= bottom) return;
  const box = scroller(first);
  let by;
  if (first !== last && el.fromFoot) by = to - bottom + 8;
  else if (first !== last && el.firstRow && to - from > bottom) {
    const lastHeadShown = last.getBoundingClientRect().top + PART_HEAD - bottom + 8;
    by = Math.max(from - 8, Math.min(lastHeadShown, el.firstRow.getBoundingClientRect().top - 8));
  }
  else if (first !== last) by = to - from > bottom || from < 0 ? from - 8 : to - bottom + 8;
  else if (top && (from < 0 || from > bottom * 0.5)) by = from - 8;
  else by = from < 0 || to - from > bottom ? from - 8 : to - bottom + 8;
  box.scrollBy({ top: by });
}

// Inside a sheet that scrolls (a long step on a phone): the verdict (or the part asked for)
// in view above the buttons at the sheet's foot.
function showInSheet(part) {
  const sheet = part.closest(SHEETS);
  if (!sheet || sheet.scrollHeight <= sheet.clientHeight + 1) return;
  const verdict = [...sheet.querySelectorAll(".tutor-feedback:not([hidden])")]
    .find((one) => one.getClientRects().length && one.textContent.trim());
  const target = verdict || part;
  const foot = [...sheet.querySelectorAll(".tutor-stepnav, .tutor-after")].find((one) => one.getClientRects().length);
  const room = sheet.getBoundingClientRect().bottom - (foot ? foot.getBoundingClientRect().height : 0);
  const r = target.getBoundingClientRect(), s = sheet.getBoundingClientRect();
  if (r.bottom > room) sheet.scrollTop += Math.min(r.bottom - room + 6, r.top - s.top - 6);
  else if (r.top < s.top) sheet.scrollTop -= s.top - r.top + 6;
}

function verdictsInSheets() {
  for (const sheet of document.querySelectorAll(SHEETS)) {
    const verdict = sheet.querySelector(".tutor-feedback:not([hidden])");
    if (verdict && verdict.getClientRects().length) showInSheet(verdict);
  }
}

// A new step in a sheet is read from its top; a verdict drawn in it is shown.
export function sheetDrawn(el) {
  if (!el.matches(SHEETS)) return;
  const count = el.querySelector(".tutor-count");
  const step = count ? count.textContent : "";
  if (el.dataset.step !== step) {
    el.dataset.step = step;
    el.scrollTop = 0;
  }
  requestAnimationFrame(verdictsInSheets);
}

// On arrival on a phone, once the page has been still for a moment (its boards redrawn in their
// narrow layout): what the learner acts on in view above the sheet, unless they scrolled already.
function arrive() {
  if (!PHONE.matches) return;
  const until = Date.now() + 20000;
  let quiet = null;
  const watch = new MutationObserver(() => {
    clearTimeout(quiet);
    if (Date.now() > until) return watch.disconnect();
    quiet = setTimeout(() => {
      const focus = boardFocus();
      if (!focus || !seen(".tutor-board svg")) return;
      watch.disconnect();
      const box = scroller(focus[0]);
      if (box.scrollTop < 8) bringIntoView(focus, false);
    }, 600);
  });
  watch.observe(document.body, { subtree: true, childList: true, attributes: true });
}
arrive();

// After Next or Back, and on arrival, on a phone: the part of the board the step's words speak
// of (a lesson's marks), else what the learner acts on (the parts to click), in view above the
// sheet; the page's heading stays when all of it fits.
function boardFocus() {
  const board = seen(".tutor-board");
  if (!board) return null;
  const marked = marksSpan(board);
  if (marked) return marked;
  const parts = [...board.querySelectorAll("[data-target]:not([aria-disabled='true'])")].filter(drawn);
  if (!parts.length) return null;
  // Too tall to show whole: a hand at the board's foot is picked from first, so the foot is
  // shown; without a hand (rows given a card turned up at the board's head) the board from its
  // head, scrolled on as far as the head of every row needs (its name and count: the learner
  // compares them), the first row kept in view.
  const hand = parts.some((part) => part.dataset.target.startsWith("card:"));
  const [first, last] = span(parts);
  const range = hand ? [first, last] : [board, last];
  range.fromFoot = hand;
  if (!hand) range.firstRow = first;
  return range;
}

const drawn = (part) => part.getClientRects().length && part.getBoundingClientRect().height > 0;

// [the highest, the lowest] of ``parts``, to bring into view together
function span(parts) {
  const byTop = [...parts].sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
  const byBottom = [...parts].sort((a, b) => b.getBoundingClientRect().bottom - a.getBoundingClientRect().bottom);
  return [byTop[0], byBottom[0]];
}

// The parts of ``board`` marked (a lesson's words speak of them; a drill's right move changed them).
function marksSpan(board) {
  const marks = board ? [...board.querySelectorAll(".lesson-mark")].filter(drawn) : [];
  return marks.length ? span(marks) : null;
}

function focusBoard() {
  if (!PHONE.matches) return null;
  return boardFocus();
}

let lastClicked = null;  // the data-target of the part clicked last
let lastClickAt = 0;

// A lesson's step redrawn soon after a click (a busy kernel's answer may come after the
// watch above gave up, or grow the step after it looked): the buttons to go on are not left
// under the window's foot. A phone keeps them in its sheet's foot already.
const WAY_ON_AFTER_CLICK_MS = 60000;

// The watch of the click before: a quick learner's next click (a choice, then "go on" at once)
// stops it, or its quiet moment could come after the next question is drawn and scroll to that
// question's way on, below it.
let stopWatching = () => {};

export function wayOnDrawn(el) {
  if (PHONE.matches || Date.now() - lastClickAt > WAY_ON_AFTER_CLICK_MS) return;
  const nav = el.querySelector(".tutor-lesson-panel .tutor-stepnav");
  if (!nav) return;
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const r = nav.getBoundingClientRect();
    if (!r.height || r.bottom <= window.innerHeight || r.top <= 0) return;
    scroller(nav).scrollBy({ top: Math.min(r.bottom - window.innerHeight + 8, r.top - 8) });
  }));
}

document.addEventListener("click", (event) => {
  const part = event.target.closest && event.target.closest("[data-target]");
  if (part) lastClicked = part.dataset.target;
  lastClickAt = Date.now();
  stopWatching();
  const rule = ONWARD.find((one) => event.target.closest && event.target.closest(one.clicked));
  if (!rule || !event.target.closest(".tutor-page")) return;
  const before = snapshot(rule.changes);
  const until = Date.now() + ONWARD_MS;
  let quiet = null;
  const watch = new MutationObserver(() => {
    if (Date.now() > until) {
      watch.disconnect();
      return;
    }
    const now = snapshot(rule.changes);
    if (now === null || (now === before && quiet === null) || !shown(rule)) return;
    const first = shown(rule);
    if (quiet === null) requestAnimationFrame(() => requestAnimationFrame(() => bringIntoView(first, rule.top)));
    // Again once the page is still: a board drawn after the panel (a new step) can move it.
    clearTimeout(quiet);
    quiet = setTimeout(() => {
      watch.disconnect();
      const last = shown(rule);
      if (last) requestAnimationFrame(() => requestAnimationFrame(() => { bringIntoView(last, rule.top); verdictsInSheets(); }));
    }, ONWARD_QUIET_MS);
  });
  watch.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  stopWatching = () => {
    watch.disconnect();
    clearTimeout(quiet);
  };
}, true);
