// The text size buttons on every page, and a heartbeat watching the server.
import { refitSoon } from "./fit.js";

// "normal", "large" or "projector": a class on <html> that page.css turns into a zoom
// of the page; boards fit themselves again after a change.
const ZOOM_KEY = "tutor-zoom";
const ZOOMS = ["normal", "large", "projector"];

export function storedZoom() {
  try {
    const zoom = localStorage.getItem(ZOOM_KEY);
    return ZOOMS.includes(zoom) ? zoom : "normal";
  } catch {
    return "normal";  // storage refused (private window): the default size
  }
}

export function applyZoom(zoom, el = null) {
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

// page tools
// The text size buttons on every page, and a heartbeat: a server that stops answering
// (restarted, or the network gone) is told in words, with a way back; so is a page whose
// kernel the server stops for using too much memory (it sets "ended" first).
const HEARTBEAT_MS = 3000;
const LOST_AFTER_MS = 8000;

export function pageTools(model, el) {
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

applyZoom(storedZoom());  // as soon as the first widget loads this module, before any board is drawn
