/**
 * The layers of the source, read from every import (type imports and lazy
 * `import()`s included) of every root: each folder is a layer, and a module
 * imports only from its own folder or a layer below (docs/development.md
 * draws them). No module reaches itself again through its imports. Tests may
 * import any layer of their own side and below (test-support included), but
 * the mock's side never imports the contract suite's.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import ts from "typescript";
import { repositoryRoot } from "../mocks/test-support/repository.js";

/** The layers, bottom first: a module may import from its own layer and those before it. */
export const layers: readonly (readonly string[])[] = [
  ["mocks/generated/"],
  ["mocks/util/"],
  ["mocks/interface/"],
  ["fixtures/"],
  ["mocks/core/"],
  ["mocks/store/"],
  ["mocks/contract/"],
  ["mocks/runtime/"],
  ["mocks/admin/"],
  ["mocks/dashboard/"],
  ["mocks/server/", "mocks/playwright/"],
  ["mocks/pactum/"],
  ["mocks/"],
  ["mocks/require/"],
  ["contract-tests/transport/"],
  ["contract-tests/suite/"],
  ["contract-tests/fuzz/"],
  ["contract-tests/run/"],
  ["contract-tests/consumer/"],
  ["contract-tests/report/"],
  ["contract-tests/cli/"],
  ["mocks/test-support/", "mocks/robustness/", "contract-tests/test-support/"],
  ["scripts/", "examples/"],
];

const roots = ["mocks", "fixtures", "contract-tests", "scripts", "examples"] as const;
/** Every file a runtime or a bundler loads as a module. */
const sourceFile = /\.[cm]?[jt]sx?$/;
export const isTest = (file: string) =>
  /\.(test|spec)\.[cm]?[jt]sx?$|\.test-d\.ts$|\/test-support\/|\/robustness\/|^examples\//.test(
    file,
  );

/** A module's folder: the layer entry it belongs to (the longest that holds it). */
export function folderOf(file: string): string | undefined {
  const folders = layers.flat().filter((folder) => {
    if (!file.startsWith(folder)) return false;
    // `mocks/` holds only the entries at its root; every other folder holds its subfolders too.
    return folder !== "mocks/" || !file.slice(folder.length).includes("/");
  });
  return folders.sort((a, b) => b.length - a.length)[0];
}

const rankOf = (folder: string) => layers.findIndex((layer) => layer.includes(folder));

function sourceFiles(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
    .map((name) => name.replaceAll("\\", "/"))
    .filter((name) => sourceFile.test(name) && !/(^|\/)(node_modules|public)\//.test(name))
    .map((name) => `${folder}/${name}`);
}

/** How a module names another: its kind decides how the name resolves. */
type Reference =
  | { readonly specifier: string; readonly url: boolean }
  | { readonly unread: string };

const literal = (node: ts.Node | undefined) =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    ? node.text
    : undefined;

const isImportMetaUrl = (node: ts.Node | undefined) =>
  node !== undefined &&
  ts.isPropertyAccessExpression(node) &&
  ts.isMetaProperty(node.expression) &&
  node.expression.keywordToken === ts.SyntaxKind.ImportKeyword &&
  node.name.text === "url";

/**
 * What a module names, read from its syntax tree (so a comment or a string
 * that spells an import names nothing): `import`/`export … from`, `import x =
 * require()`, `typeof import()`, `import()`, `require()` and `require.resolve()`,
 * a requirer `createRequire` makes, `import.meta.resolve()` and `new URL(…,
 * import.meta.url)`. A module specifier built at run time from a relative or
 * self-referencing start is `unread`: the graph cannot follow it.
 */
export function references(file: string, text: string): Reference[] {
  const tree = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const found: Reference[] = [];
  const requirers = new Set(["require"]);
  const add = (node: ts.Node | undefined, url = false) => {
    const specifier = literal(node);
    if (specifier !== undefined) found.push({ specifier, url });
    else if (
      !url &&
      node &&
      ts.isTemplateExpression(node) &&
      /^(\.|petstore-mock-kit)/.test(node.head.text)
    ) {
      found.push({ unread: node.getText(tree) });
    }
  };
  const isCreateRequire = (node: ts.Node) =>
    ts.isCallExpression(node) &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === "createRequire";
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      add(node.moduleSpecifier);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference)
    ) {
      add(node.moduleReference.expression);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal);
    } else if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      isCreateRequire(node.initializer)
    ) {
      requirers.add(node.name.text);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const named =
        callee.kind === ts.SyntaxKind.ImportKeyword ||
        isCreateRequire(callee) ||
        (ts.isIdentifier(callee) && requirers.has(callee.text)) ||
        (ts.isPropertyAccessExpression(callee) &&
          callee.name.text === "resolve" &&
          (ts.isMetaProperty(callee.expression) ||
            (ts.isIdentifier(callee.expression) && requirers.has(callee.expression.text))));
      if (named) add(node.arguments[0]);
    } else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "URL" &&
      isImportMetaUrl(node.arguments?.[1])
    ) {
      add(node.arguments?.[0], true);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** The specifiers a module names (a check of the reader). */
export const importedSpecifiers = (text: string, file = "module.ts") =>
  references(file, text).flatMap((reference) =>
    "specifier" in reference ? [reference.specifier] : [],
  );

/** A built file's source: `dist/x.js` → `x.ts`, `.d.cts`/`.cjs` → `.cts`, `.mjs` → `.mts`. */
const fromDist = (path: string) =>
  path
    .replace(/^dist\//, "")
    .replace(/\.d\.([cm]?)ts$/, ".$1js")
    .replace(/\.([cm]?)js$/, ".$1ts");

/** The names the repository gives its own modules: package.json's `exports` and tsconfig's `paths`. */
function ownNames(root: string) {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    name: string;
    exports?: Record<string, unknown>;
  };
  const tsconfig = ts.readConfigFile(join(root, "tsconfig.json"), ts.sys.readFile).config as {
    compilerOptions?: { paths?: Record<string, string[]> };
  };
  const leaves = (target: unknown): string[] =>
    typeof target === "string"
      ? [target]
      : target && typeof target === "object"
        ? Object.values(target).flatMap(leaves)
        : [];
  const names = new Map<string, string[]>();
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const own = leaves(target).map((leaf) => fromDist(join(leaf).replaceAll("\\", "/")));
    names.set(`${manifest.name}${subpath.slice(1)}`, own);
  }
  for (const [alias, targets] of Object.entries(tsconfig.compilerOptions?.paths ?? {})) {
    names.set(alias, targets);
  }
  return {
    /** The own modules a bare specifier names; undefined when it is another package's. */
    of(specifier: string): string[] | undefined {
      for (const [name, targets] of names) {
        const [head = "", tail] = name.split("*");
        const star =
          tail === undefined
            ? specifier === name
              ? ""
              : undefined
            : specifier.startsWith(head) && specifier.endsWith(tail)
              ? specifier.slice(head.length, specifier.length - tail.length)
              : undefined;
        if (star !== undefined) return targets.map((target) => target.replace("*", star));
      }
      const own = specifier === manifest.name || specifier.startsWith(`${manifest.name}/`);
      return own ? [] : undefined;
    },
  };
}

/** The graph of the repository at `root`: each module's own imports, and what it names that does not exist. */
export function graphOf(root: string) {
  const files = roots.flatMap((folder) => sourceFiles(root, folder));
  const known = new Set(files);
  const names = ownNames(root);
  const exists = (path: string) => existsSync(join(root, path));
  const isFolder = (path: string) => exists(path) && statSync(join(root, path)).isDirectory();
  /** The modules a path names: a module (extension swapped or added), a folder's modules, or a file that is no module. */
  const modulesAt = (path: string, url: boolean): string[] | undefined => {
    const built = path.startsWith("dist/") ? fromDist(path) : path;
    const swapped = built.replace(/\.([cm]?)js(x?)$/, ".$1ts$2");
    for (const candidate of [built, swapped, `${swapped}x`])
      if (known.has(candidate)) return [candidate];
    for (const extension of [".ts", ".tsx", ".cts", ".mts", ".js", ".cjs", ".mjs"]) {
      if (known.has(`${built}${extension}`)) return [`${built}${extension}`];
      if (!url && known.has(`${built}/index${extension}`)) return [`${built}/index${extension}`];
    }
    // A folder `new URL()` names: its modules, unless it is a source root or above (a path anchor).
    if (url && isFolder(path)) {
      const inside = roots.some((folder) => `${path}/`.startsWith(`${folder}/`) && path !== folder);
      return inside ? files.filter((file) => file.startsWith(`${path}/`) && !isTest(file)) : [];
    }
    // A file that is no module (data), or data a URL names that is not there yet (an output).
    if (exists(path) ? !isFolder(path) : url && !sourceFile.test(path)) return [];
    return undefined;
  };
  const unresolved: string[] = [];
  const graph = new Map(
    files.map((file) => {
      const targets = new Set<string>();
      for (const reference of references(file, readFileSync(join(root, file), "utf8"))) {
        if ("unread" in reference) {
          unresolved.push(`${file}: cannot resolve ${reference.unread} (built at run time)`);
          continue;
        }
        const { specifier, url } = reference;
        const relative = url ? !/^[a-z][\w+.-]*:|^\//i.test(specifier) : /^\.\.?\//.test(specifier);
        const paths = relative
          ? [join(dirname(file), specifier).replaceAll("\\", "/").replace(/\/$/, "")]
          : names.of(specifier)?.map((path) => join(path).replaceAll("\\", "/"));
        if (paths === undefined) continue;
        const modules = paths.length === 0 ? undefined : paths.map((path) => modulesAt(path, url));
        if (modules === undefined || modules.includes(undefined)) {
          unresolved.push(`${file}: cannot resolve "${specifier}"`);
          continue;
        }
        for (const module of modules.flat()) if (module !== undefined) targets.add(module);
      }
      targets.delete(file); // a module naming its own folder
      return [file, [...targets]] as const;
    }),
  );
  return { files, graph, unresolved };
}

export const { files, graph, unresolved } = graphOf(repositoryRoot);

/** Each import that leaves its layer upward or sideways, as `file → import`. */
export function wrongWay(edges: ReadonlyMap<string, readonly string[]>): string[] {
  const wrong: string[] = [];
  for (const [file, targets] of edges) {
    const from = folderOf(file);
    for (const target of targets) {
      const to = folderOf(target);
      if (from === undefined || to === undefined) {
        wrong.push(`${file} → ${target} (no layer)`);
        continue;
      }
      if (from === to) continue;
      const allowed = isTest(file)
        ? !(file.startsWith("mocks/") && target.startsWith("contract-tests/"))
        : rankOf(to) < rankOf(from);
      if (!allowed) wrong.push(`${file} → ${target}`);
    }
  }
  // The mock's side reaches the contract suite through no other module either.
  for (const [file, targets] of edges) {
    if (!mockSide(file)) continue;
    for (const target of targets) {
      const offSide = !mockSide(target) && !target.startsWith("contract-tests/");
      const reached = offSide ? suiteReached(edges, target) : undefined;
      if (reached !== undefined) wrong.push(`${file} → ${target} (reaches ${reached})`);
    }
  }
  return wrong;
}

const mockSide = (file: string) => /^(mocks|fixtures)\//.test(file);

/** The first contract-tests/ module reached from `start` through modules off the mock's side. */
function suiteReached(edges: ReadonlyMap<string, readonly string[]>, start: string) {
  const seen = new Set([start]);
  for (const module of seen) {
    if (module.startsWith("contract-tests/")) return module;
    for (const next of edges.get(module) ?? []) if (!mockSide(next)) seen.add(next);
  }
  return undefined;
}

/** Every circle of the graph, as the path that closes it (first module repeated at the end). */
export function cycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (module: string) => {
    state.set(module, "open");
    path.push(module);
    for (const next of edges.get(module) ?? []) {
      if (state.get(next) === "open") found.push([...path.slice(path.indexOf(next)), next]);
      else if (state.get(next) === undefined) visit(next);
    }
    path.pop();
    state.set(module, "done");
  };
  for (const module of [...edges.keys()].sort()) if (!state.has(module)) visit(module);
  return found;
}
