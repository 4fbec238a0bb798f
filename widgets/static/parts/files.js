// Files the learner picks: a game record on the play page, a lesson in the studio.

// The play page's record upload.
// A file input of our own (ipywidgets' FileUpload reads a file in an input outside the page,
// where nothing can check it first). A file over the limit is refused here, in words beside
// the button: the server would drop so big a message and the learner would hear nothing.
// The rest is sent to Python as one buffer.
export function recordUpload(model, el) {
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

// the lesson studio's files
// Open a lesson or game file (as the play page's record upload), download the lesson, and
// keep the lesson in progress in localStorage: given to Python once when the page opens,
// kept again at every change. While a change is not downloaded, leaving the page asks first.
export function studioFiles(model, el) {
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
