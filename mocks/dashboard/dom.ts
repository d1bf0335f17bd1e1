/** Builds elements from text only: nothing the server sent is ever parsed as HTML. */

type Child = Node | string | number | null | undefined | false;

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
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "object" ? child : String(child));
  }
  return element;
}

/** The element with this id; the page's HTML guarantees it. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the dashboard's HTML has no #${id}`);
  return element as T;
}

/** Replaces an element's children. */
export function fill(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(typeof child === "object" ? child : String(child));
  }
}

/** Sets a status line's text (an `aria-live` region announces it). */
export function say(id: string, text: string): void {
  byId(id).textContent = text;
}
