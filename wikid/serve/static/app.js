// wikid serve: search as you type and the status page's refresh. The site works without
// this script: the search form submits to /search?q=, the status page refreshes itself
// with a <noscript> meta refresh. Results come from the server as escaped HTML.
"use strict";

const DEBOUNCE_MS = 200;

function liveSearch(input) {
  const target = input.dataset.liveTarget
    ? document.querySelector("[data-results]")
    : document.querySelector("[data-live-results]");
  let timer = null;
  let controller = null;
  let asked = input.value.trim();
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const query = input.value.trim();
      if (query === asked) return;
      asked = query;
      if (controller) controller.abort();
      if (!query) {
        if (!input.dataset.liveTarget) target.hidden = true;
        target.replaceChildren();
        return;
      }
      controller = new AbortController();
      try {
        const response = await fetch("/search?fragment=1&q=" + encodeURIComponent(query), {signal: controller.signal});
        if (!response.ok || query !== asked) return;
        target.innerHTML = await response.text();
        target.hidden = false;
        if (input.dataset.liveTarget) history.replaceState(null, "", "/search?q=" + encodeURIComponent(query));
      } catch (error) {
        if (error.name !== "AbortError") throw error;
      }
    }, DEBOUNCE_MS);
  });
}

function refreshStatus(box) {
  const seconds = Number(box.dataset.refresh);
  const tick = async () => {
    const response = await fetch("/status?fragment=1", {cache: "no-store"});
    if (response.ok) {
      box.innerHTML = await response.text();
      if (!box.querySelector('[data-daemon="running"]')) return;  // the daemon stopped: nothing more will change
    }
    setTimeout(tick, seconds * 1000);
  };
  setTimeout(tick, seconds * 1000);
}

document.querySelectorAll("[data-live-search]").forEach(liveSearch);
const status = document.querySelector("[data-status][data-refresh]");
if (status) refreshStatus(status);
