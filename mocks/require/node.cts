/** `require("petstore-mock-kit/node")`: the ES module, or an Error naming Jest's flag. */
import loadEsm = require("./load-esm.cjs");

export = loadEsm(
  () => require("../node.js") as typeof import("../node.js"),
  "petstore-mock-kit/node",
);
