/** Builds elements from text only: nothing the server sent is ever parsed as HTML. */

type Child = Node | string | number | null | undefined | false;

const nodes = (children: Child[]) =>
  children.flatMap((child) =>
    child === null || child === undefined || child === false
      ? []
      : [typeof child === "object" ? child : String(child)],
  );

/** An element with attributes (`text` sets its textContent) and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (name === "text") element.textContent = String(value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  element.append(...nodes(children));
  return element;
}

/** A button (not a form's submit) that runs `onClick`; `label` names it for assistive technology. */
export function button(text: string, label: string, onClick: () => void): HTMLButtonElement {
  const element = el("button", { type: "button", text, "aria-label": label });
  element.addEventListener("click", onClick);
  return element;
}

/** The element with this id; the page's HTML guarantees it. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the dashboard's HTML has no #${id}`);
  return element as T;
}

export function fill(parent: Element, ...children: Child[]): void {
  parent.replaceChildren(...nodes(children));
}

/** Sets a status line's text (an `aria-live` region announces it). */
export function say(id: string, text: string): void {
  byId(id).textContent = text;
}

/**
 * Text whose `backticked` spans become `<code>` elements (as the interface's
 * statements and the mock's messages mark names and values); the rest stays
 * text, and an unpaired backtick stays as it is. Nothing is parsed as HTML.
 */
export function withCode(text: string): Child[] {
  const parts = text.split(/`([^`]+)`/);
  return parts.map((part, index) => (index % 2 === 1 ? el("code", { text: part }) : part));
}

/**
 * A request path as segments (`<span class="segment">`) split after each `/`
 * and before each `?` and `&`, with a line-break opportunity (`<wbr>`)
 * between them: the stylesheet keeps a segment whole, so a narrow column
 * wraps the path between segments; only a segment longer than the whole
 * column breaks inside itself.
 */
export function breakablePath(path: string): Child[] {
  return path.split(/(?<=\/)|(?=[?&])/).flatMap((part, index) => {
    const segment = el("span", { class: "segment", text: part });
    return index === 0 ? [segment] : [el("wbr"), segment];
  });
}
