/** Every Error code the mock can send is listed in docs/behaviour.md with its status. */
import { describe, expect, it } from "vitest";
import { docSection } from "../test-support/docs.js";
import { errorBody, errorCodes, scenarioErrorBody } from "./errors.js";

const readme = docSection("behaviour.md", "behaviour");

describe("error codes", () => {
  it.each(Object.entries(errorCodes))("README lists %s with status %i", (code, status) => {
    expect(readme).toMatch(new RegExp(`\\| \`${code}\`\\s*\\| ${status}\\s*\\|`));
  });

  it("README lists every scenario code", () => {
    for (const status of [
      400, 401, 403, 404, 405, 409, 413, 415, 422, 429, 500, 502, 503, 504, 418,
    ]) {
      const { code } = scenarioErrorBody(status);
      expect(readme).toContain(`\`${code}\``);
    }
  });

  it("builds Error bodies whose status is the code's", () => {
    expect(errorBody("not_found", "No pet with id 9.")).toEqual({
      code: "not_found",
      message: "No pet with id 9.",
      status: 404,
    });
    expect(scenarioErrorBody(418)).toMatchObject({ code: "simulated_error", status: 418 });
  });
});
