// On a phone-wide window every drawing is asked (trait "narrow") for its narrow layout:
// rows stacked, slots two by two, drawn at reading size, the page scrolling as one block.
export const PHONE = window.matchMedia("(max-width: 37.5rem)");

export function followPhone(model, el) {
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
