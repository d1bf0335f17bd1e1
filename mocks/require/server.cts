/** `require("petstore-mock-kit/server")`: the ES module, or an Error naming Jest's flag. */
import loadEsm = require("./load-esm.cjs");

export = loadEsm(
  () => require("../server/index.js") as typeof import("../server/index.js"),
  "petstore-mock-kit/server",
);
