// What the browser keeps for the learner, out of the kernel's reach: the learn page's address,
// finished lessons, a teacher's shared lessons and drill stars (localStorage).

// The learn page's address.
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

export function lessonAddress(model, el) {
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

// a teacher's own lessons
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

export function ownLessons(model, el) {
  if (el.dataset.asked) return;
  el.dataset.asked = "yes";
  model.send({ own: readOwn() });
}

export function lessonShare(model, el) {
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

// drill stars
// The most stars earned in each drill, kept per game in localStorage like finished
// lessons: given to Python when the page opens, kept again whenever one is earned.
export function drillStars(model, el) {
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
