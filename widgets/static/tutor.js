// Browser side of every tutor widget: show the markup the Python side drew and send
// clicks back. Parts marked data-target are clickable and focusable; Enter or Space
// on a focused part counts as a click, so everything works from the keyboard.
//
// Some things never need the kernel and live here alone: the text size chosen for
// every page (remembered in localStorage), fitting each board to the screen, the learn
// page's address (lesson and step) and progress, and noticing a lost server.

function send(model, name) {
  model.send({ click: name });
}

// A part with data-query="key=value" changes the page in place (the language chooser):
// the address follows, so a reload or a shared link shows the page the same way. As a
// link (opened in a new tab, copied) it is the page's address as it is now, with that
// one value changed: the game, lesson and step stay.
function withQuery(query) {
  const [key, value] = query.split("=");
  const url = new URL(window.location.href);
  url.searchParams.set(key, value);
  return url;
}

function follow(query) {
  window.history.replaceState(window.history.state, "", withQuery(query));
}

function wire(model, el) {
  for (const part of el.querySelectorAll("[data-target]")) {
    const name = part.dataset.target;
    part.addEventListener("click", (event) => {
      event.preventDefault();
      send(model, name);
      if (part.dataset.query) follow(part.dataset.query);
    });
    if (part.dataset.query && part.tagName === "A") {
      const current = () => { part.href = withQuery(part.dataset.query).href; };
      for (const kind of ["pointerenter", "focus", "contextmenu"]) part.addEventListener(kind, current);
    }
    if (!["BUTTON", "SUMMARY", "A"].includes(part.tagName)) {  // these turn Enter/Space into clicks already
      part.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          send(model, name);
        }
      });
    }
  }
}

function draw(model, el) {
  // Redrawing replaces the parts, so keep keyboard focus on the same target name
  // (or the one now at the same position) for keyboard users.
  const focused = el.querySelector("[data-target]:focus");
  const targets = [...el.querySelectorAll("[data-target]")];
  const name = focused ? focused.dataset.target : null;
  const position = focused ? targets.indexOf(focused) : -1;
  el.innerHTML = model.get("html");
  wire(model, el);
  sheetDrawn(el);
  wayOnDrawn(el);
  if (name !== null) {
    const fresh = [...el.querySelectorAll("[data-target]")];
    const again = fresh.find((part) => part.dataset.target === name) || fresh[Math.min(position, fresh.length - 1)];
    if (again) again.focus({ preventScroll: true });
  }
  refitSoon();
}

// ------------------------------------------------------------------ text size
// "normal", "large" or "projector": a class on <html> that page.css turns into a zoom
// of the page; boards fit themselves again after a change.
const ZOOM_KEY = "tutor-zoom";
const ZOOMS = ["normal", "large", "projector"];

function storedZoom() {
  try {
    const zoom = localStorage.getItem(ZOOM_KEY);
    return ZOOMS.includes(zoom) ? zoom : "normal";
  } catch {
    return "normal";  // storage refused (private window): the default size
  }
}

function applyZoom(zoom, el = null) {
  document.documentElement.dataset.tutorZoom = zoom;
  // the page's buttons, and those of a control not yet attached to the page
  for (const button of [...document.querySelectorAll("[data-zoom]"), ...(el ? el.querySelectorAll("[data-zoom]") : [])]) {
    button.setAttribute("aria-pressed", String(button.dataset.zoom === zoom));
  }
  refitSoon();
}

function chooseZoom(zoom) {
  try {
    localStorage.setItem(ZOOM_KEY, zoom);
  } catch {
    // not remembered, still applied
  }
  applyZoom(zoom);
}

// ------------------------------------------------------------------ fitting boards
// A board is a column of drawings (svg with a viewBox, --w their natural width); a
// .tutor-board-row holds drawings side by side. One factor --fit sizes them all alike.
// The board fits the window's height below its top, so the hand and buttons at its foot
// stay in view; where its style says --board-fit: width (projector text on a screen that
// leaves it no column of its own, or a phone; tutor.css and page.css) it grows to the width it has
// and the page scrolls. A drawing marked data-fit="scroll" (a grid that keeps growing)
// counts with a capped height and is drawn at a scale of its own that keeps it whole in its
// box (a phone: at the board's scale, its box scrolling sideways); one marked data-fit="fill"
// (a row of player panels) takes the width it gets and never sets the board's scale.
const FIT_LIMITS = { normal: [0.6, 1.6], large: [0.6, 1.8], projector: [0.6, 2.2] };
const SCROLL_HEIGHT = 480;  // natural height a scrolling drawing counts with at most
// The smallest a growing grid is drawn to keep it whole in view: its cards' names (10.5
// units) still 9 px on screen. A grid that would need less scrolls inside its box instead.
const GRID_LOW = 0.86;
const GRID_BOX_LOW = 216;  // px: the shortest a scrolling grid's box gets, however little room is left
let refitPending = false;

function refitSoon() {
  if (refitPending) return;
  refitPending = true;
  requestAnimationFrame(() => {
    refitPending = false;
    for (const board of document.querySelectorAll(".tutor-board")) fitBoard(board);
    markScrollers();
  });
}

function scroller(element) {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && node.scrollHeight > node.clientHeight + 1) return node;
  }
  return document.scrollingElement;
}

function boardLayers(board) {
  // The board's drawings top to bottom, each layer a list of drawings side by side.
  const drawingsIn = (node) => [...node.querySelectorAll("svg[viewBox]")].filter((svg) => svg.closest(".tutor-widget")
    && svg.parentElement.closest("svg") === null && svg.getBoundingClientRect().height > 0);
  const layers = [];
  for (const child of board.children) {
    const found = drawingsIn(child);
    if (child.classList.contains("tutor-board-row")) {
      if (found.length) layers.push(found);
    } else {
      layers.push(...found.map((svg) => [svg]));
    }
  }
  return layers;
}

function fitBoard(board) {
  const layers = boardLayers(board);
  if (!layers.length) return;
  const zoom = board.currentCSSZoom || 1;
  const byWidth = getComputedStyle(board).getPropertyValue("--board-fit").trim() === "width";
  const [low, high] = FIT_LIMITS[document.documentElement.dataset.tutorZoom] || FIT_LIMITS.normal;
  const natural = (svg) => svg.viewBox.baseVal;
  const scrolling = (svg) => svg.dataset.fit === "scroll";
  const counted = (svg) => (scrolling(svg) ? Math.min(natural(svg).height, SCROLL_HEIGHT) : natural(svg).height);
  const shown = (svg) => (scrolling(svg) ? svg.closest(".tutor-widget") : svg).getBoundingClientRect().height;
  const layerHeight = (layer) => Math.max(...layer.map(counted));
  const height = layers.reduce((sum, layer) => sum + layerHeight(layer), 0);
  const width = board.getBoundingClientRect().width / zoom;
  let fit;
  let room = Infinity;
  if (byWidth) {  // the widest drawing fills the board's width (side by side ones stack, tutor.css)
    // On a phone a growing grid keeps the size of the rest and scrolls inside its box.
    const sizing = layers.flat().filter((svg) => svg.dataset.fit !== "fill" && !(PHONE.matches && scrolling(svg)));
    const widest = (sizing.length ? sizing : layers.flat()).map((svg) => natural(svg).width);
    fit = width / Math.max(...widest);
  } else {
    const box = scroller(board);
    const boxTop = box === document.scrollingElement ? 0 : box.getBoundingClientRect().top;
    const top = board.getBoundingClientRect().top - boxTop + box.scrollTop;
    const drawn = layers.reduce((sum, layer) => sum + Math.max(...layer.map(shown)), 0);
    const other = Math.max(board.getBoundingClientRect().height - drawn, 0);  // captions, buttons, gaps
    room = (window.innerHeight - top - other - 16) / zoom;
    fit = room / height;
  }
  fit = Math.min(Math.max(fit, low), high);
  for (const layer of layers) {
    for (const svg of layer) {
      // A growing grid fitted to the window's height gets a scale of its own, so that the
      // whole grid stays in sight as it grows (down to GRID_LOW, readable; below that its box scrolls).
      let own = fit;
      if (scrolling(svg)) {
        const rest = height - layerHeight(layer);
        // a box that scrolls is reached from the keyboard too, even with nothing to click inside
        // (a growing grid while cards are chosen)
        if (!svg.closest(".tutor-widget").hasAttribute("tabindex")) svg.closest(".tutor-widget").tabIndex = 0;
        const tall = Math.max(room - rest * fit, GRID_BOX_LOW);
        own = byWidth ? fit : Math.max(Math.min(fit, tall / natural(svg).height), GRID_LOW);
        svg.style.setProperty("--fit", own.toFixed(3));
        svg.closest(".tutor-widget").style.maxHeight = byWidth ? "" : `${tall}px`;
      }
      // side by side: each takes its share of the row, as wide as it is drawn (one that fills
      // the width it gets, under another in the same column, takes that column's width)
      if (layer.length > 1 && svg.dataset.fit !== "fill") {
        svg.closest(".tutor-board-row > *").style.flex = byWidth ? "" : `0 1 ${Math.ceil(natural(svg).width * own)}px`;
      }
    }
  }
  const old = parseFloat(board.style.getPropertyValue("--fit"));
  if (!(Math.abs(old - fit) < 0.01)) board.style.setProperty("--fit", fit.toFixed(3));
}

window.addEventListener("resize", refitSoon);
// Whatever moves a board (a message above it, a settings box folding) changes the page's size.
const pageWatch = new ResizeObserver(refitSoon);
const watched = new WeakSet();

function watchPage(el) {
  const page = el.closest(".tutor-page");
  if (page && !watched.has(page)) {
    watched.add(page);
    pageWatch.observe(page);
  }
}

// ------------------------------------------------------------------ page tools
// The text size buttons on every page, and a heartbeat: a server that stops answering
// (restarted, or the network gone) is told in words, with a way back; so is a page whose
// kernel the server stops for using too much memory (it sets "ended" first).
const HEARTBEAT_MS = 3000;
const LOST_AFTER_MS = 8000;

function pageTools(model, el) {
  for (const button of el.querySelectorAll("[data-zoom]")) {
    button.addEventListener("click", () => chooseZoom(button.dataset.zoom));
  }
  applyZoom(storedZoom(), el);
  if (el.dataset.beating) return;
  el.dataset.beating = "yes";
  const ended = () => {
    if (model.get("ended") === "memory") showLost(model, model.get("memory_text"));
  };
  model.on("change:ended", ended);
  ended();
  let answered = Date.now();
  model.on("msg:custom", (content) => {
    if (content && content.pong !== undefined) answered = Date.now();
  });
  const beat = setInterval(() => {
    if (!el.isConnected) {
      clearInterval(beat);
      return;
    }
    if (document.visibilityState !== "visible") {
      answered = Math.max(answered, Date.now() - HEARTBEAT_MS);  // a hidden tab's timers lag: no false alarm
      return;
    }
    try {
      model.send({ ping: Date.now() });
    } catch {
      // a closed connection: the silence below tells it
    }
    if (Date.now() - answered > LOST_AFTER_MS) showLost(model);
  }, HEARTBEAT_MS);
}

function showLost(model, text = model.get("lost_text")) {
  if (document.querySelector(".tutor-lost")) return;
  const note = document.createElement("div");
  note.className = "tutor-lost";
  note.setAttribute("role", "alert");
  const words = document.createElement("p");
  words.textContent = text;
  const reload = document.createElement("button");
  reload.type = "button";
  reload.textContent = model.get("reload_text");
  reload.addEventListener("click", () => location.reload());
  note.append(words, reload);
  document.body.append(note);
}

// ------------------------------------------------------------------ the learn page's address
// ?lesson=4&step=2 (counted from 1) names the lesson and step: opening it goes there,
// every step the learner takes becomes a history entry (Back/Forward move between
// steps), and a reload comes back. Lessons finished are kept per game in localStorage
// and sent to Python, which marks them in the lesson list.

function wantedPlace() {
  const query = new URLSearchParams(location.search);
  const lesson = parseInt(query.get("lesson"), 10);
  const step = parseInt(query.get("step"), 10);
  if (Number.isNaN(lesson)) return null;
  // a lesson or step out of range is sent as it is: Python opens the nearest and says so
  return [lesson - 1, Number.isNaN(step) ? 0 : step - 1];
}

function placeAddress(place) {
  const url = new URL(location.href);
  url.searchParams.set("lesson", String(place[0] + 1));
  url.searchParams.set("step", String(place[1] + 1));
  return url.toString();
}

function progressKey(model) {
  return `tutor-progress:${model.get("game")}`;
}

function readProgress(model) {
  try {
    const done = JSON.parse(localStorage.getItem(progressKey(model)) || "[]");
    return Array.isArray(done) ? done.filter((name) => typeof name === "string") : [];
  } catch {
    return [];
  }
}

function lessonAddress(model, el) {
  if (!el.dataset.following) {
    el.dataset.following = "yes";
    const wanted = wantedPlace();
    if (wanted) {
      model.set("place", wanted);
    }
    model.set("done", [...new Set([...readProgress(model), ...model.get("done")])]);
    model.save_changes();
    history.replaceState(null, "", placeAddress(wanted || model.get("place")));
    model.on("change:place", () => {
      const place = model.get("place");
      const shown = wantedPlace();
      if (shown && shown[0] === place[0] && shown[1] === place[1]) return;
      // a corrected address is replaced: Back does not lead to the lesson that does not exist
      if (model.get("corrected")) history.replaceState(null, "", placeAddress(place));
      else history.pushState(null, "", placeAddress(place));
    });
    model.on("change:done", () => {
      try {
        localStorage.setItem(progressKey(model), JSON.stringify(model.get("done")));
      } catch {
        // progress not kept in this browser; the lesson still works
      }
    });
    const moved = () => {
      const place = wantedPlace();
      if (place && el.isConnected) {
        model.set("place", place);
        model.save_changes();
      }
    };
    window.addEventListener("popstate", moved);
  }
  const copy = el.querySelector("[data-copy]");
  if (copy) copy.addEventListener("click", () => copyLink(el, copy, location.href));
}

async function copyLink(el, button, address) {
  const status = el.querySelector(".tutor-copied");
  try {
    await navigator.clipboard.writeText(address);
  } catch {
    // no clipboard (an address that is not https): select the address for the learner to copy
    window.prompt(button.dataset.copy, address);
  }
  if (status) status.textContent = button.dataset.done;
}

// ------------------------------------------------------------------ a teacher's own lessons
// The links the studio shared, newest first, one per game and title (widgets/own_lessons.py):
// kept when the studio shares a lesson, given to the learn page and the class form on request.
const OWN_KEY = "tutor-own-lessons";

function readOwn() {
  try {
    const kept = JSON.parse(localStorage.getItem(OWN_KEY) || "[]");
    return Array.isArray(kept) ? kept.filter((link) => link && typeof link === "object") : [];
  } catch {
    return [];
  }
}

function ownLessons(model, el) {
  if (el.dataset.asked) return;
  el.dataset.asked = "yes";
  model.send({ own: readOwn() });
}

function lessonShare(model, el) {
  const keep = () => {
    if (!model.get("own")) return;
    const link = JSON.parse(model.get("own"));
    const others = readOwn().filter((other) => other.key !== link.key && other.shared !== link.shared);
    try {
      localStorage.setItem(OWN_KEY, JSON.stringify([link, ...others].slice(0, 20)));
    } catch {
      // not kept in this browser: the link itself still works
    }
  };
  if (!el.dataset.keeping) {
    el.dataset.keeping = "yes";
    model.on("change:own", keep);
  }
  const copy = el.querySelector("[data-copy]");
  const link = el.querySelector("a.tutor-share-learner");
  if (copy && link) copy.addEventListener("click", () => copyLink(el, copy, link.href));
}

// ------------------------------------------------------------------ drill stars
// The most stars earned in each drill, kept per game in localStorage like finished
// lessons: given to Python when the page opens, kept again whenever one is earned.
function drillStars(model, el) {
  if (el.dataset.keeping) return;
  el.dataset.keeping = "yes";
  const key = `tutor-drill-stars:${model.get("game")}`;
  let kept = {};
  try {
    kept = JSON.parse(localStorage.getItem(key) || "{}") || {};
  } catch {
    kept = {};
  }
  const stars = { ...model.get("stars") };
  for (const [drill, count] of Object.entries(kept)) {
    if (Number.isInteger(count) && count > (stars[drill] || 0)) stars[drill] = Math.min(count, 3);
  }
  model.on("change:stars", () => {
    try {
      localStorage.setItem(key, JSON.stringify(model.get("stars")));
    } catch {
      // stars not kept in this browser; the drills still work
    }
  });
  model.set("stars", stars);
  model.save_changes();
}

// ------------------------------------------------------------------ the play page's record upload
// A file input of our own (ipywidgets' FileUpload reads a file in an input outside the page,
// where nothing can check it first). A file over the limit is refused here, in words beside
// the button: the server would drop so big a message and the learner would hear nothing.
// The rest is sent to Python as one buffer.
function recordUpload(model, el) {
  const input = el.querySelector("input[type=file]");
  const said = el.querySelector(".tutor-upload-limit");
  el.querySelector("button").addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const file = input.files[0];
    input.value = "";  // the same file may be chosen again
    if (!file) return;
    if (file.size > Number(said.dataset.limit)) {
      said.textContent = said.dataset.message.replace("{file}", () => file.name);
      return;
    }
    said.textContent = "";
    model.send({ upload: { name: file.name } }, undefined, [await file.arrayBuffer()]);
  });
}

// ------------------------------------------------------------------ the lesson studio's files
// Open a lesson or game file (as the play page's record upload), download the lesson, and
// keep the lesson in progress in localStorage: given to Python once when the page opens,
// kept again at every change. While a change is not downloaded, leaving the page asks first.
function studioFiles(model, el) {
  recordUpload(model, el);
  const link = el.querySelector("a[download]");
  if (link) link.addEventListener("click", () => model.send({ downloaded: true }));
  if (el.dataset.keeping) return;
  el.dataset.keeping = "yes";
  const key = model.get("storage_key");
  let stored = null;
  try {
    stored = localStorage.getItem(key);
  } catch {
    stored = null;  // no storage in this browser: the studio still works, without keeping
  }
  model.send({ restore: stored });
  model.on("change:kept", () => {
    try {
      localStorage.setItem(key, model.get("kept"));
    } catch {
      // storage full or refused: the download still keeps the lesson
    }
  });
  window.addEventListener("beforeunload", (event) => {
    if (!model.get("unsaved")) return;
    event.preventDefault();
    event.returnValue = "";
  });
}

// ------------------------------------------------------------------ folding
// A button that shows or hides the box beside it (class model "target"): at once here,
// while the click also goes to Python, which keeps the same state (widgets/play.py Fold).
function fold(model, el) {
  const button = el.querySelector("button");
  button.addEventListener("click", () => {
    const box = el.parentElement && el.parentElement.querySelector(`:scope > .${model.get("target")}`);
    const unfolded = button.getAttribute("aria-expanded") !== "true";
    button.setAttribute("aria-expanded", String(unfolded));
    if (box) box.style.display = unfolded ? "" : "none";
  });
}

// ------------------------------------------------------------------ phones
// On a phone-wide window every drawing is asked (trait "narrow") for its narrow layout:
// rows stacked, slots two by two, drawn at reading size, the page scrolling as one block.
const PHONE = window.matchMedia("(max-width: 37.5rem)");

function followPhone(model, el) {
  const tell = () => {
    if (el.dataset.told && !el.isConnected) {
      PHONE.removeEventListener("change", tell);
      return;
    }
    el.dataset.told = "yes";
    if (model.get("narrow") !== PHONE.matches) {
      model.set("narrow", PHONE.matches);
      model.save_changes();
    }
  };
  tell();
  PHONE.addEventListener("change", tell);
}

// ------------------------------------------------------------------ the next thing to do, in view
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
function sheetDrawn(el) {
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
  // head, the rows under it as far as they fit.
  const hand = parts.some((part) => part.dataset.target.startsWith("card:"));
  const [first, last] = span(parts);
  const range = hand ? [first, last] : [board, last];
  range.fromFoot = hand;
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

function wayOnDrawn(el) {
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
}, true);

// ------------------------------------------------------------------ boxes that scroll
// A box that scrolls inside the page (a growing grid, the navigation on a phone, a wide
// score sheet) fades at the sides where more is hidden (tutor.css reads data-more).
const SCROLLERS = ".tutor-bar, .tutor-nav > .widget-html, .tutor-widget:has(> svg[data-fit='scroll']), .tutor-side > .tutor-widget";

const scrollerWatch = new ResizeObserver(() => markScrollers());

function markScrollers() {
  for (const box of document.querySelectorAll(SCROLLERS)) {
    const more = [];
    if (box.scrollLeft > 1) more.push("left");
    if (box.scrollLeft + box.clientWidth < box.scrollWidth - 1) more.push("right");
    if (box.scrollTop > 1) more.push("up");
    if (box.scrollTop + box.clientHeight < box.scrollHeight - 1) more.push("down");
    const words = more.join(" ");
    if ((box.dataset.more || "") !== words) box.dataset.more = words;
    if (!box.dataset.watched) {  // scrolled, or its content grown or shrunk: marked again
      box.dataset.watched = "yes";
      box.addEventListener("scroll", markScrollers, { passive: true });
      for (const part of [box, ...box.children]) scrollerWatch.observe(part);
    }
  }
}

function render({ model, el }) {
  el.classList.add("tutor-widget");
  followPhone(model, el);
  const scale = () => el.style.setProperty("--scale", String(model.get("scale")));
  const redraw = () => {
    draw(model, el);
    if (model.get("kind") === "page-tools") pageTools(model, el);
    if (model.get("kind") === "lesson-address") lessonAddress(model, el);
    if (model.get("kind") === "record-upload") recordUpload(model, el);
    if (model.get("kind") === "drill-list") drillStars(model, el);
    if (model.get("kind") === "fold") fold(model, el);
    if (model.get("kind") === "studio-files") studioFiles(model, el);
    if (model.get("kind") === "own-lessons") ownLessons(model, el);
    if (model.get("kind") === "lesson-share") lessonShare(model, el);
  };
  scale();
  redraw();
  requestAnimationFrame(() => watchPage(el));  // attached to the page by then
  model.on("change:html", redraw);
  model.on("change:scale", scale);
}

applyZoom(storedZoom());  // as soon as the first widget loads this module, before any board is drawn

export default { render };
