import { describe, expect, it } from "vitest";
import { allCodeBlocks, codeBlocks, installsOf, parseMarker, projectsOf } from "./markers.js";
import { shellLines } from "./run.js";

const fence = "```";

describe("the code blocks of README.md and docs/", () => {
  it("each carry a snippet or not-run marker, so none is left out in silence", () => {
    const blocks = allCodeBlocks();
    expect(blocks.length).toBeGreaterThan(30);
    const unexplained = blocks.filter(
      (block) => block.marker.kind === "not run" && block.marker.reason.trim().length < 5,
    );
    expect(unexplained).toEqual([]);
  });

  it("make projects that each install the kit's peers they name and run something", () => {
    const projects = projectsOf(allCodeBlocks());
    const names = projects.map((project) => project.name);
    expect(names).toEqual(
      expect.arrayContaining(["readme-node", "playwright", "jest-cjs", "jest-ts"]),
    );
    const jest = projects.filter((project) => project.name.startsWith("jest-"));
    for (const project of jest) {
      expect(project.msw, project.name).toEqual(["2", "3"]);
      expect(project.runs, project.name).toEqual([
        "NODE_OPTIONS=--experimental-vm-modules npx jest",
      ]);
    }
  });
});

describe("markers", () => {
  it("name the page and line of a block without one", () => {
    const page = `# Title\n\n${fence}sh\nls\n${fence}\n\n<!-- not run: output -->\n${fence}text\nx\n${fence}\n`;
    expect(() => codeBlocks("docs/x.md", page)).toThrow(/^docs\/x\.md:3: no <!-- snippet/);
  });

  it("read project names and options, and refuse unknown options", () => {
    expect(parseMarker("<!-- snippet: a + b, file: e2e/x.spec.ts, msw: 2 3 -->")).toEqual({
      kind: "snippet",
      projects: ["a", "b"],
      options: { file: "e2e/x.spec.ts", msw: "2 3" },
    });
    expect(parseMarker("<!-- snippet: a, flie: x.ts -->")).toBeInstanceOf(Error);
    expect(parseMarker("<!-- a comment -->")).toBeInstanceOf(Error);
  });

  it("take packages from install lines, and the command after &&", () => {
    expect(
      installsOf("// npm install -D petstore-mock-kit msw vite && npx msw init public --save"),
    ).toEqual([
      { packages: ["petstore-mock-kit", "msw", "vite"], andThen: "npx msw init public --save" },
    ]);
    expect(installsOf("npm install -D petstore-mock-kit msw   # msw 2.15+ or 3")).toEqual([
      { packages: ["petstore-mock-kit", "msw"], andThen: undefined },
    ]);
  });

  it("run shell blocks line by line: continuations joined, comments and install lines dropped", () => {
    const block = [
      "npm install -D petstore-mock-kit        # or run it straight from npx",
      "npx --package petstore-mock-kit petstore-contract \\",
      '  --url https://staging.example.com/v1 --key "$KEY"',
      "# exit code 0: conforms",
      "curl -X POST http://127.0.0.1:4000/__mock/faults -d '{\"times\": 2}'",
    ].join("\n");
    expect(shellLines(block)).toEqual([
      'npx --package petstore-mock-kit petstore-contract --url https://staging.example.com/v1 --key "$KEY"',
      "curl -X POST http://127.0.0.1:4000/__mock/faults -d '{\"times\": 2}'",
    ]);
  });
});
