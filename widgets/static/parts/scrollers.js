// A box that scrolls inside the page (a growing grid, the navigation on a phone, a wide
// score sheet) fades at the sides where more is hidden (tutor.css reads data-more).
const SCROLLERS = ".tutor-bar, .tutor-nav > .widget-html, .tutor-widget:has(> svg[data-fit='scroll']), .tutor-side > .tutor-widget";

const scrollerWatch = new ResizeObserver(() => markScrollers());

export function markScrollers() {
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
