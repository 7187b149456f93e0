// puffteach book: the chapter menu and the page contents open from the visible buttons.
// The themes' scripts (pydata-sphinx-theme, sphinx-book-theme) bind their handlers to the
// first .primary-toggle / .secondary-toggle of the page, which the book theme hides; the
// visible toggle in the article header then does nothing at phone width. Each other toggle
// forwards its click to the bound one, so the handlers (open the dialog below 992 px, fold
// the sidebar above) run as the theme means them to.
(function () {
  function forward(selector) {
    const all = Array.from(document.querySelectorAll(selector));
    const bound = all[0];
    if (!bound) return;
    for (const other of all.slice(1)) {
      if (other.dataset.ptForward) continue;
      other.dataset.ptForward = "1";
      other.addEventListener("click", (ev) => {
        ev.preventDefault();
        ev.stopPropagation();
        bound.click();
      });
    }
  }
  // the page's words (ui.book.* in the message catalogue, in the page's language: vendor.py)
  const ui = (window.PUFFTEACH && window.PUFFTEACH.ui) || {};
  const say = (key) => ui[key] || key;
  function setup() {
    forward(".primary-toggle");
    forward(".secondary-toggle");
    // the toggles' names for screen readers (the article header's have only a tooltip)
    for (const b of document.querySelectorAll(".primary-toggle:not([aria-label])")) {
      b.setAttribute("aria-label", say("ui.book.navigation"));
    }
    for (const b of document.querySelectorAll(".secondary-toggle:not([aria-label])")) {
      b.setAttribute("aria-label", say("ui.book.contents"));
    }
    // the sidebar's title and search button stand outside any landmark: the sidebar is one
    for (const side of document.querySelectorAll(".bd-sidebar-primary:not([role])")) {
      side.setAttribute("role", "region");
      side.setAttribute("aria-label", say("ui.book.sidebar"));
    }
    // the search buttons show "Search Ctrl+K": their name is what they show (an aria-label of
    // "Search" alone would differ from the visible text)
    for (const b of document.querySelectorAll(".search-button-field[aria-label]")) {
      if (b.textContent.trim()) b.removeAttribute("aria-label");
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
  else setup();
})();
