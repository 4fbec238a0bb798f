// Browser side of every tutor widget: show the markup the Python side drew and send
// clicks back. Parts marked data-target are clickable and focusable; Enter or Space
// on a focused part counts as a click, so everything works from the keyboard.
//
// What never needs the kernel lives in parts/, one module per kind: the text size and the
// server's heartbeat (page-tools), fitting boards to the window (fit), a phone's layout
// (phone), what the browser keeps (kept: the learn page's address, progress, stars),
// files the learner picks (files), the next thing to do brought into view (onward) and
// boxes that scroll (scrollers).
import { lessonAddress, ownLessons, lessonShare, drillStars } from "./parts/kept.js";
import { recordUpload, studioFiles } from "./parts/files.js";
import { refitSoon, watchPage } from "./parts/fit.js";
import { sheetDrawn, wayOnDrawn } from "./parts/onward.js";
import { pageTools } from "./parts/page-tools.js";
import { followPhone } from "./parts/phone.js";

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

// A redraw replaces the parts: one that comes between a press and its release (the kernel
// drawing the answer to the click before) leaves a mouse with no click at all. When the
// release is on the same part of the new drawing, that is the click (a slot right after a card).
// A touch screen still sends its click after the release: that one is then not sent again.
// What a click on a part does: the kernel hears its name; a part that changes the page in place
// (data-query) changes the address too.
function clicked(model, part) {
  send(model, part.dataset.target);
  if (part.dataset.query) follow(part.dataset.query);
}

function keepPressAcrossRedraw(model, el) {
  let pressed = null, sentOnRelease = null;
  const forget = () => { pressed = null; sentOnRelease = null; };
  el.addEventListener("pointerdown", (event) => {
    forget();
    pressed = event.target.closest("[data-target]");
  });
  el.addEventListener("keydown", forget);
  el.addEventListener("pointerup", (event) => {
    const part = event.target.closest("[data-target]");
    if (pressed && !pressed.isConnected && part && el.contains(part) && part.dataset.target === pressed.dataset.target) {
      sentOnRelease = part.dataset.target;
      clicked(model, part);
    }
    pressed = null;
  });
  el.addEventListener("click", (event) => {
    const part = event.target.closest("[data-target]");
    if (part && part.dataset.target === sentOnRelease) {
      event.preventDefault();  // (a link part: not followed either)
      event.stopPropagation();
    }
    sentOnRelease = null;
  }, true);
}

function wire(model, el) {
  for (const part of el.querySelectorAll("[data-target]")) {
    const name = part.dataset.target;
    part.addEventListener("click", (event) => {
      event.preventDefault();
      clicked(model, part);
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

// The widgets whose kind needs more than drawing and clicks (widgets/component.py `kind`).
const KINDS = {
  "page-tools": pageTools,
  "lesson-address": lessonAddress,
  "record-upload": recordUpload,
  "drill-list": drillStars,
  fold,
  "studio-files": studioFiles,
  "own-lessons": ownLessons,
  "lesson-share": lessonShare,
};

let pageShown = false;  // said once a page, by the first component drawn

function render({ model, el }) {
  el.classList.add("tutor-widget");
  followPhone(model, el);
  const scale = () => el.style.setProperty("--scale", String(model.get("scale")));
  const redraw = () => {
    draw(model, el);
    const more = KINDS[model.get("kind")];
    if (more) more(model, el);
  };
  scale();
  keepPressAcrossRedraw(model, el);
  redraw();
  if (!pageShown) {
    pageShown = true;
    model.send({ shown: true });  // the page's widgets are all built: the kernel may change them now
  }
  requestAnimationFrame(() => watchPage(el));  // attached to the page by then
  model.on("change:html", redraw);
  model.on("change:scale", scale);
}

export default { render };
