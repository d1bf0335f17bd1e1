/** Shows a received value in a message, shortened and JSON-quoted (non-finite numbers by name). */
export function shown(value: unknown): string {
  const nonFinite = typeof value === "number" && !Number.isFinite(value);
  const text = (nonFinite ? undefined : JSON.stringify(value)) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
