import { describe, expect, it } from "vitest";
import { replacingAll } from "./replacements.js";

describe("replacingAll", () => {
  it("never replaces what a replacement wrote: a started mock's port that begins with an example port stays whole", () => {
    const adapt = replacingAll([
      ["http://127.0.0.1:4000", "http://127.0.0.1:49319"],
      ["127.0.0.1:4931", "127.0.0.1:36941"],
    ]);
    expect(adapt('curl "http://127.0.0.1:4000/__mock/requests"')).toBe(
      'curl "http://127.0.0.1:49319/__mock/requests"',
    );
    expect(adapt("open http://127.0.0.1:4931/")).toBe("open http://127.0.0.1:36941/");
  });

  it("matches a port only where it ends", () => {
    const adapt = replacingAll([["127.0.0.1:4000", "127.0.0.1:5555"]]);
    expect(adapt("127.0.0.1:40001 and 127.0.0.1:4000/v1 and 127.0.0.1:4000")).toBe(
      "127.0.0.1:40001 and 127.0.0.1:5555/v1 and 127.0.0.1:5555",
    );
  });

  it("lets the earlier of two replacements of the same text win, and leaves text without one as it is", () => {
    const adapt = replacingAll([
      ["localhost:4000", "localhost:1111"],
      ["localhost:4000", "localhost:2222"],
      ["--port 4000", "--port 1111"],
    ]);
    expect(adapt("npx petstore-mock --port 4000 # localhost:4000 (a.b)")).toBe(
      "npx petstore-mock --port 1111 # localhost:1111 (a.b)",
    );
    expect(replacingAll([])("as it is")).toBe("as it is");
  });
});
