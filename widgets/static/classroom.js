// Browser side of a classroom page (widgets/classroom/link.py PageLink). The kernel cannot see
// the page's address, its localStorage or the keyboard, so this part tells it, once drawn:
//   {hello: {href, query, stored, languages}}    what the page was opened with
//   {key: "next" | "back" | "blank" | "reveal"}  a presenter key (F is handled here)
// and writes what the kernel asks to keep (`keep`: {query, stored}) into the address
// (history.replaceState, so a reload opens the same class) and into localStorage.
// While `blank` is set, a black box on the document's body hides the whole window: inside
// the page's widgets a fixed box would only cover the widget area in view.

const KEYS = { ArrowRight: "next", " ": "next", ArrowLeft: "back", b: "blank", r: "reveal" };

function readStored(name) {
  try {
    return JSON.parse(localStorage.getItem(name) || "null");
  } catch {
    return null; // storage blocked or spoilt: the page starts afresh
  }
}

function keep(model) {
  const { query, stored } = model.get("keep");
  const name = model.get("storage_key");
  if (query) {
    const address = new URL(location.href);
    address.search = new URLSearchParams(query).toString();
    history.replaceState(history.state, "", address);
  }
  try {
    if (stored) localStorage.setItem(name, JSON.stringify(stored));
    else if (stored === null) localStorage.removeItem(name);
  } catch {
    // storage blocked: the address still holds the class
  }
}

function toggleFullScreen() {
  if (document.fullscreenElement) document.exitFullscreen();
  else document.documentElement.requestFullscreen().catch(() => {});
}

function showBlank(model) {
  let cover = document.querySelector(".tutor-blank-screen");
  if (!model.get("blank")) {
    if (cover) cover.remove();
    return;
  }
  if (!cover) {
    cover = document.createElement("div");
    cover.className = "tutor-blank-screen";
    cover.setAttribute("role", "img");
    document.body.append(cover);
  }
  cover.setAttribute("aria-label", model.get("blank_text"));
}

function render({ model, el }) {
  el.classList.add("tutor-page-link");
  model.send({
    hello: {
      href: location.href,
      query: Object.fromEntries(new URLSearchParams(location.search)),
      stored: readStored(model.get("storage_key")),
      languages: [...(navigator.languages || [navigator.language])],
    },
  });
  model.on("change:keep", () => keep(model));
  model.on("change:blank", () => showBlank(model));

  const onKey = (event) => {
    if (!model.get("presenting") || event.ctrlKey || event.altKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (key === "f") {
      event.preventDefault();
      toggleFullScreen();
    } else if (KEYS[key]) {
      event.preventDefault();
      model.send({ key: KEYS[key] });
    }
  };
  document.addEventListener("keydown", onKey);
  return () => {
    document.removeEventListener("keydown", onKey);
    const cover = document.querySelector(".tutor-blank-screen");
    if (cover) cover.remove();
  };
}

export default { render };
