/** `require("petstore-mock-kit")`: the ES module, or an Error naming Jest's flag. */
import loadEsm = require("./load-esm.cjs");

export = loadEsm(() => require("../index.js") as typeof import("../index.js"), "petstore-mock-kit");
