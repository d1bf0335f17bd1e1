#!/usr/bin/env node
/** The `petstore-contract` bin; see cli-main.ts. */
import { globalAgent as httpAgent } from "node:http";
import { globalAgent as httpsAgent } from "node:https";
import { main } from "./cli-main.js";

process.exitCode = await main(process.argv.slice(2));
// Idle keep-alive sockets to the target would hold the process open until the server drops them.
httpAgent.destroy();
httpsAgent.destroy();
