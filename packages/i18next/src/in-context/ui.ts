/**
 * The in-context editor's own elements live in a shadow root on a fixed, full-window host outside
 * <body>: the page's CSS does not reach them, theirs does not reach the page, and nothing in the
 * page's layout moves.
 */

const STYLE = `
:host { all: initial; }
* { box-sizing: border-box; font: 14px/1.4 system-ui, sans-serif; color: #1f2328; }
button, textarea, select { font: inherit; }
button { cursor: pointer; border: 1px solid #8c959f; border-radius: 6px; background: #fff; padding: 6px 12px; }
button.primary { background: #1f6feb; border-color: #1f6feb; color: #fff; }
button:disabled { opacity: .6; cursor: default; }
:focus-visible { outline: 2px solid #1f6feb; outline-offset: 2px; }
.toolbar { position: fixed; right: 16px; bottom: 16px; display: flex; gap: 8px; align-items: center;
  max-width: calc(100vw - 32px); pointer-events: auto; }
.toolbar p { margin: 0; padding: 6px 10px; border-radius: 6px; background: #1f2328; color: #fff; }
.toolbar p:empty { display: none; }
.box { position: fixed; outline: 2px solid #1f6feb; outline-offset: 1px; border-radius: 2px;
  background: rgb(31 111 235 / 8%); pointer-events: none; }
.backdrop { position: fixed; inset: 0; background: rgb(0 0 0 / 30%); pointer-events: auto;
  display: flex; align-items: center; justify-content: center; padding: 16px; }
[role=dialog] { background: #fff; border-radius: 8px; padding: 20px; width: min(480px, 100%);
  max-height: calc(100vh - 32px); overflow: auto; box-shadow: 0 8px 32px rgb(0 0 0 / 25%);
  display: grid; gap: 12px; }
.content { display: grid; gap: 12px; }
.field { display: grid; gap: 4px; }
h2 { margin: 0; font-size: 16px; font-weight: 600; }
code { font-family: ui-monospace, monospace; font-size: 13px; overflow-wrap: anywhere; }
label { display: grid; gap: 4px; font-weight: 600; }
textarea { width: 100%; min-height: 96px; padding: 8px; border: 1px solid #8c959f; border-radius: 6px;
  resize: vertical; font-weight: 400; }
select { padding: 6px; border: 1px solid #8c959f; border-radius: 6px; font-weight: 400; }
.muted { color: #59636e; margin: 0; }
.source { margin: 0; padding: 8px; background: #f6f8fa; border-radius: 6px; white-space: pre-wrap; }
.count { font-weight: 400; color: #59636e; justify-self: end; }
.count.over { color: #cf222e; }
.actions { display: flex; gap: 8px; justify-content: flex-end; flex-wrap: wrap; }
.actions .start { margin-right: auto; }
[role=alert] { margin: 0; color: #cf222e; }
[role=alert]:empty, .status:empty { display: none; }
.status { margin: 0; color: #1a7f37; }
`;

type Child = Node | string | false | null | undefined;

/** A small element builder: texts go in as text, never as HTML. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<HTMLElementTagNameMap[K]> & { attrs?: Record<string, string> } = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const { attrs, ...rest } = properties;
  const node = Object.assign(document.createElement(tag), rest);
  for (const [name, value] of Object.entries(attrs ?? {})) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

export interface Surface {
  host: HTMLElement;
  root: ShadowRoot;
  /** Where the Alt outlines go. */
  layer: HTMLElement;
  /** Where the dialog goes. */
  dialogs: HTMLElement;
  toolbar: HTMLElement;
  remove(): void;
}

export function createSurface(): Surface {
  const host = element("div", { attrs: { "data-sprog-in-context": "" } });
  host.style.cssText = "position:fixed;inset:0;pointer-events:none;z-index:2147483647";
  const root = host.attachShadow({ mode: "open" });
  const layer = element("div");
  const dialogs = element("div");
  const toolbar = element("div", {
    className: "toolbar",
    attrs: { role: "region", "aria-label": "Sprog in-context editing" },
  });
  root.append(element("style", { textContent: STYLE }), layer, toolbar, dialogs);
  // Beside <body>, not in it: the page's selectors (body > :last-child) and scans stay as they were.
  document.documentElement.append(host);
  return { host, root, layer, dialogs, toolbar, remove: () => host.remove() };
}

export interface Toolbar {
  signedOut(message?: string): void;
  signedIn(userName: string): void;
  /** A short message, gone after a few seconds. */
  say(message: string): void;
}

export function createToolbar(container: HTMLElement, actions: { signIn(): void; stop(): void }): Toolbar {
  const message = element("p", { attrs: { role: "status" } });
  const button = element("button", { type: "button" });
  container.append(message, button);
  let timer: ReturnType<typeof setTimeout> | undefined;

  function say(text: string, milliseconds = 5000): void {
    clearTimeout(timer);
    message.textContent = text;
    timer = setTimeout(() => {
      message.textContent = "";
    }, milliseconds);
  }

  return {
    signedOut(text) {
      button.textContent = "Sign in to Sprog to edit texts";
      button.className = "primary";
      button.onclick = actions.signIn;
      if (text) say(text, 8000);
      else message.textContent = "";
    },
    signedIn(userName) {
      button.textContent = "Stop editing";
      button.className = "";
      button.onclick = actions.stop;
      say(`Editing as ${userName} — hold Alt and click a text`, 8000);
    },
    say,
  };
}
