/** The headers the proxy adds: kept apart so loading them does not load the proxy. */

/** Behind `proxy`: the response header listing the rules a deployment's answer broke (JSON, ASCII). */
export const violationsHeader = "petstore-violations";
/** Sent with every forwarded request; a request that arrives with it came from a proxy: a loop. */
export const proxyMarkHeader = "x-petstore-proxy";
