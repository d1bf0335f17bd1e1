/** `require("petstore-mock-kit/pactum")`: the ES module, or an Error naming Jest's flag. */
import loadEsm = require("./load-esm.cjs");

export = loadEsm(
  () => require("../pactum.js") as typeof import("../pactum.js"),
  "petstore-mock-kit/pactum",
);
