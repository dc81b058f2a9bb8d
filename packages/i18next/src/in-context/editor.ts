import type { i18n as I18n } from "i18next";
import type { MarkedKey } from "../markers.ts";
import { type InContextApi, type KeysAnswer, type Rectangle, type ServerKey, SprogApiError } from "./api.ts";
import { element } from "./ui.ts";

export interface EditorContext {
  i18n: I18n;
  api: InContextApi;
  /** Where the dialog goes (in the shadow root). */
  container: HTMLElement;
  root: ShadowRoot;
  capture(target: Element): Promise<{ image: Blob; rectangle: Rectangle }>;
  /** The token no longer works (401). */
  onSignedOut(): void;
  /** A message for the toolbar once the dialog is gone. */
  onSaved(message: string): void;
  onClose(): void;
}

/** A key of the element as i18next knows it, and as Sprog does. */
interface Entry {
  marked: MarkedKey;
  key: ServerKey;
}

/**
 * The names Sprog may know a key by: its own, and for a namespace other than the default one,
 * `namespace:key` first (the backend serves those keys to that namespace without the prefix).
 */
function candidates(marked: MarkedKey, defaultNamespace: string): string[] {
  return marked.namespace === defaultNamespace
    ? [marked.key]
    : [`${marked.namespace}:${marked.key}`, marked.key];
}

function defaultNamespaceOf(i18n: I18n): string {
  const value = i18n.options.defaultNS;
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first : "translation";
}

const FOCUSABLE = "button:not([disabled]), textarea, select, [tabindex='0']";

/** Puts a saved text into i18next and has the page render it. */
export function showSaved(i18n: I18n, language: string, marked: MarkedKey, text: string): void {
  const bundle = i18n.getResourceBundle?.(language, marked.namespace) as Record<string, unknown> | undefined;
  // The release's flat keys ("home.title") stay flat: addResource would nest them by keySeparator.
  if (bundle !== undefined && marked.key in bundle) {
    i18n.addResourceBundle(language, marked.namespace, { [marked.key]: text }, true, true);
  } else {
    i18n.addResource(language, marked.namespace, marked.key, text);
  }
  (i18n.services.i18nFormat as { clearCache?: () => void } | undefined)?.clearCache?.();
  // react-i18next re-renders on languageChanged (its default bindI18n); the language stays the same.
  i18n.emit("languageChanged", i18n.language);
}

/**
 * The editing dialog for the text at `target`: the key's name, description and source, the
 * current language's text, Save (Ctrl/Cmd+Enter), Cancel (Esc) and Add screenshot. Modal: focus
 * stays in it and goes back where it was when it closes.
 */
export function openEditor(context: EditorContext, target: Element, marked: MarkedKey[]): { close(): void } {
  const { i18n, api, root } = context;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const defaultNamespace = defaultNamespaceOf(i18n);
  const returnFocus = document.activeElement as HTMLElement | null;

  const alert = element("p", { attrs: { role: "alert" } });
  const status = element("p", { className: "status", attrs: { role: "status" } });
  const content = element("div", { className: "content" }, element("p", { className: "muted" }, "Loading…"));
  const dialog = element(
    "div",
    {
      tabIndex: -1,
      attrs: { role: "dialog", "aria-modal": "true", "aria-labelledby": "sprog-editor-title" },
    },
    element("h2", { id: "sprog-editor-title" }, "Edit text"),
    content,
    alert,
    status,
  );
  const backdrop = element("div", { className: "backdrop" }, dialog);
  let answer: KeysAnswer | undefined;
  let entries: Entry[] = [];
  let chosen = 0;
  let busy = false;
  let closed = false;
  let textarea: HTMLTextAreaElement | undefined;

  function close(): void {
    if (closed) return;
    closed = true;
    backdrop.remove();
    returnFocus?.focus?.();
    context.onClose();
  }

  function fail(error: unknown): void {
    if (error instanceof SprogApiError && error.status === 401) {
      close();
      context.onSignedOut();
      return;
    }
    status.textContent = "";
    alert.textContent = error instanceof Error ? error.message : "Something went wrong. Try again.";
  }

  function setBusy(on: boolean): void {
    busy = on;
    for (const button of dialog.querySelectorAll("button"))
      button.disabled = on && button.dataset.action !== "cancel";
  }

  function actions(entry: Entry | undefined, canEdit: boolean): HTMLElement {
    const buttons = element("div", { className: "actions" });
    if (entry && answer?.canAddScreenshots) {
      buttons.append(
        element("button", {
          type: "button",
          className: "start",
          textContent: "Add screenshot",
          onclick: () => void screenshot(),
        }),
      );
    }
    const cancel = element("button", {
      type: "button",
      textContent: canEdit ? "Cancel" : "Close",
      onclick: close,
    });
    cancel.dataset.action = "cancel";
    buttons.append(cancel);
    if (entry && canEdit) {
      buttons.append(
        element("button", {
          type: "button",
          className: "primary",
          textContent: "Save",
          onclick: () => void save(),
        }),
      );
    }
    return buttons;
  }

  function render(): void {
    textarea = undefined;
    const entry = entries[chosen];
    if (!answer || !entry) {
      const names = marked.map((key) => key.key).join(", ");
      content.replaceChildren(
        element(
          "p",
          {},
          `Sprog's project ${answer ? `“${answer.project.name}” ` : ""}has no key ${names}. Push the app's keys to Sprog, then try again.`,
        ),
        actions(undefined, false),
      );
      dialog.focus();
      return;
    }
    const { key } = entry;
    const canEdit = answer.canEdit;
    const parts: Node[] = [];
    if (entries.length > 1) {
      const select = element("select", {
        onchange: () => {
          chosen = select.selectedIndex;
          alert.textContent = "";
          status.textContent = "";
          render();
        },
      });
      for (const item of entries) select.append(element("option", { textContent: item.key.name }));
      select.selectedIndex = chosen;
      parts.push(element("label", {}, "This element shows several texts: pick one", select));
    }
    parts.push(element("p", { className: "muted" }, "Key ", element("code", {}, key.name)));
    if (key.description) parts.push(element("p", { className: "muted" }, key.description));
    if (answer.project.sourceLanguage !== language) {
      parts.push(
        element(
          "div",
          { className: "field" },
          element("p", { className: "muted" }, `Source (${answer.project.sourceLanguage})`),
          element("p", { className: "source" }, key.source ?? "No source text yet."),
        ),
      );
    }
    const field = element("textarea", { value: key.text ?? "", readOnly: !canEdit });
    const count = element("span", { className: "count", attrs: { "aria-live": "polite" } });
    const counted = () => {
      if (key.maxLength === null) return;
      const length = [...field.value].length;
      count.textContent = `${length} / ${key.maxLength} characters`;
      count.classList.toggle("over", length > key.maxLength);
    };
    field.addEventListener("input", counted);
    counted();
    parts.push(element("label", {}, `Text (${language})`, field));
    if (key.maxLength !== null) parts.push(count);
    if (!canEdit) {
      parts.push(
        element("p", { className: "muted" }, "You can read this project's texts but not change them."),
      );
    }
    if (key.screenshotCount > 0) {
      parts.push(
        element(
          "p",
          { className: "muted" },
          `${key.screenshotCount} screenshot${key.screenshotCount === 1 ? "" : "s"}`,
        ),
      );
    }
    parts.push(actions(entry, canEdit));
    content.replaceChildren(...parts);
    textarea = field;
    field.focus();
  }

  async function load(): Promise<void> {
    const names = [...new Set(marked.flatMap((key) => candidates(key, defaultNamespace)))];
    answer = await api.keys(names, language);
    const byName = new Map(answer.keys.map((key) => [key.name, key]));
    entries = marked.flatMap((item) => {
      const name = candidates(item, defaultNamespace).find((candidate) => byName.has(candidate));
      const key = name === undefined ? undefined : byName.get(name);
      return key ? [{ marked: item, key }] : [];
    });
    chosen = Math.min(chosen, Math.max(0, entries.length - 1));
    render();
  }

  async function save(): Promise<void> {
    const entry = entries[chosen];
    if (busy || !entry || !textarea || !answer?.canEdit) return;
    const text = textarea.value;
    setBusy(true);
    alert.textContent = "";
    status.textContent = "Saving…";
    try {
      const saved = await api.save(entry.key.id, language, { text, version: entry.key.version });
      showSaved(i18n, language, entry.marked, saved.text);
      close();
      context.onSaved("Saved");
    } catch (error) {
      if (error instanceof SprogApiError && error.status === 409) {
        await load().catch(fail);
        status.textContent = "";
        alert.textContent =
          "Someone saved a newer text while you were editing. It is shown now: check it and save again.";
      } else {
        fail(error);
      }
    } finally {
      if (!closed) setBusy(false);
    }
  }

  async function screenshot(): Promise<void> {
    const entry = entries[chosen];
    if (busy || !entry) return;
    setBusy(true);
    alert.textContent = "";
    status.textContent = "Taking a screenshot…";
    try {
      const { image, rectangle } = await context.capture(target);
      await api.screenshot(entry.key.id, image, rectangle);
      entry.key.screenshotCount += 1;
      status.textContent = "Screenshot added";
    } catch (error) {
      fail(error);
    } finally {
      if (!closed) setBusy(false);
    }
  }

  dialog.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    } else if (event.key === "Tab") {
      const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = root.activeElement;
      if (!first || !last) {
        event.preventDefault();
      } else if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    }
  });
  // The page's own shortcuts and outside-click handlers must not act on what happens in the dialog.
  for (const type of ["keydown", "keyup", "keypress", "click", "pointerdown", "mousedown"]) {
    backdrop.addEventListener(type, (event) => event.stopPropagation());
  }

  context.container.append(backdrop);
  dialog.focus();
  load().catch((error: unknown) => {
    fail(error);
    if (!closed && !answer) content.replaceChildren(actions(undefined, false));
  });
  return { close };
}
