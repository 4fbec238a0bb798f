// Each board fitted to the window: the drawings' scale, and a growing grid's box.
import { PHONE } from "./phone.js";
import { markScrollers } from "./scrollers.js";

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

export function refitSoon() {
  if (refitPending) return;
  refitPending = true;
  requestAnimationFrame(() => {
    refitPending = false;
    for (const board of document.querySelectorAll(".tutor-board")) fitBoard(board);
    markScrollers();
  });
}

export function scroller(element) {
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

export function watchPage(el) {
  const page = el.closest(".tutor-page");
  if (page && !watched.has(page)) {
    watched.add(page);
    pageWatch.observe(page);
  }
}
