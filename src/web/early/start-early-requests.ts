import { EARLY_REQUEST_INIT, earlyRequestsKey, parseEarlyRequests, startsEarly } from "./early-requests.ts";

/**
 * The page's first script (its own file of a few hundred bytes, index.html): starts the GETs the
 * last visit to this address opened with, so their answers travel alongside the app's code.
 */
function startEarlyRequests() {
  const pagePath = window.location.pathname;
  if (!startsEarly(pagePath)) return;
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(earlyRequestsKey(pagePath));
  } catch {
    return;
  }
  const answers = new Map<string, Promise<Response>>();
  for (const path of parseEarlyRequests(stored)) {
    const answer = fetch(path, EARLY_REQUEST_INIT);
    // Nobody may take it: a failure then is nobody's error.
    answer.catch(() => undefined);
    answers.set(path, answer);
  }
  window.__sprogEarly = { started: performance.now(), answers };
}

startEarlyRequests();
