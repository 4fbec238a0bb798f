// Browser side of every tutor widget: show the markup the Python side drew and send
// clicks back. Parts marked data-target are clickable and focusable; Enter or Space
// on a focused part counts as a click, so everything works from the keyboard.

function send(model, name) {
  model.send({ click: name });
}

// A part with data-query="key=value" changes the page in place (the language chooser):
// the address follows, so a reload or a shared link shows the page the same way.
function follow(query) {
  const [key, value] = query.split("=");
  const url = new URL(window.location.href);
  url.searchParams.set(key, value);
  window.history.replaceState(window.history.state, "", url);
}

function wire(model, el) {
  for (const part of el.querySelectorAll("[data-target]")) {
    const name = part.dataset.target;
    part.addEventListener("click", (event) => {
      event.preventDefault();
      send(model, name);
      if (part.dataset.query) follow(part.dataset.query);
    });
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
  if (name !== null) {
    const fresh = [...el.querySelectorAll("[data-target]")];
    const again = fresh.find((part) => part.dataset.target === name) || fresh[Math.min(position, fresh.length - 1)];
    if (again) again.focus({ preventScroll: true });
  }
}

function render({ model, el }) {
  el.classList.add("tutor-widget");
  const scale = () => el.style.setProperty("--scale", String(model.get("scale")));
  scale();
  draw(model, el);
  model.on("change:html", () => draw(model, el));
  model.on("change:scale", scale);
}

export default { render };
