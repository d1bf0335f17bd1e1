// Generated from openapi.yaml by scripts/generate.ts. Do not edit: run `npm run generate`.
export type paths = {
    "/pets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List animals
         * @description Returns at most `limit` animals, optionally only those with the given
         *     availability status. How further pages are requested, and how the
         *     response signals more pages, is not stated by the interface.
         */
        get: operations["listPets"];
        put?: never;
        /** Add an animal */
        post: operations["createPet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pets/{petId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an animal (deprecated)
         * @deprecated
         * @description Deprecated, and removed on 5 December 2030. The replacement is
         *     `GET /pets` with the `status` filter. Kit's choice: every answer
         *     carries `Sunset`, `Deprecation` and `Link` (successor) headers,
         *     listed on each response below so a tool can check their form; none
         *     is required, since the interface does not promise them.
         */
        get: operations["getPet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List categories
         * @description All categories available for classifying animals.
         */
        get: operations["listCategories"];
        put?: never;
        /** Create a category */
        post: operations["createCategory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        /**
         * @description Availability status of an animal.
         * @enum {string}
         */
        PetStatus: "available" | "pending" | "sold";
        NewPet: {
            /** @description The animal's name. */
            name: string;
            /**
             * Format: int64
             * @description Identifier of the category the animal belongs to.
             */
            categoryId: number;
            status?: components["schemas"]["PetStatus"];
        };
        /** @description An animal as returned by the service. */
        Pet: components["schemas"]["NewPet"] & {
            /**
             * Format: int64
             * @description Unique identifier assigned by the service on creation.
             */
            id: number;
        };
        NewCategory: {
            /** @description Category name (e.g. a species such as dog, cat, rabbit). */
            name: string;
            /** @description Short description of the category. */
            description?: string;
        };
        /** @description A category as returned by the service. */
        Category: components["schemas"]["NewCategory"] & {
            /**
             * Format: int64
             * @description Unique identifier assigned on creation.
             */
            id: number;
        };
        Error: {
            /** @description Machine-readable error code. */
            code: string;
            /** @description Human-readable description. */
            message: string;
            /** @description The HTTP status code (repeats the response status). */
            status: number;
        };
    };
    responses: {
        /**
         * @description Missing or invalid API key. Kit's choice: the code is `unauthorized`
         *     and a `WWW-Authenticate: Bearer` header names the scheme.
         */
        Unauthorized: {
            headers: {
                "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "unauthorized",
                 *       "message": "Missing credential: send Authorization: Bearer <API_KEY>.",
                 *       "status": 401
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Kit's choice: a body over 1 MiB (1,048,576 bytes) is answered `payload_too_large`. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "payload_too_large",
                 *       "message": "The request body exceeds the limit of 1048576 bytes.",
                 *       "status": 413
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Kit's choice: a body not sent as `Content-Type: application/json` is answered `unsupported_media_type`. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "unsupported_media_type",
                 *       "message": "Content-Type must be application/json (got \"text/plain\").",
                 *       "status": 415
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description Kit's choice: the mock answers 503 while a fault is injected for the
         *     operation (`--fault`, `POST /__mock/faults`), while its state file
         *     cannot be written (writes only), or when more connections are open
         *     than it serves (`too_many_connections`, with `Retry-After`).
         */
        ServiceUnavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "service_unavailable",
                 *       "message": "Simulated 503 response: fault f1 is active.",
                 *       "status": 503
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description Any other error, in the interface's Error shape with `status` equal to
         *     the HTTP status. Kit's choice: the mock answers other statuses only
         *     when asked to (`Prefer: code=NNN`, an injected fault) or for a bug of
         *     its own (`500 internal_error`).
         */
        OtherError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "internal_error",
                 *       "message": "The mock failed unexpectedly; see its log.",
                 *       "status": 500
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description Maximum number of animals returned. */
        Limit: number;
        /** @description Returns only animals with this availability status. */
        StatusFilter: components["schemas"]["PetStatus"];
    };
    requestBodies: never;
    headers: {
        /** @description Kit's choice; the path of the created pet, e.g. `/v1/pets/51`. */
        Location: string;
        /** @description Kit's choice: `Bearer`, the scheme the credential must use. */
        WWWAuthenticate: string;
        /**
         * @description Kit's choice (the interface states the deprecation, not this header):
         *     RFC 9745's `Deprecation`, a structured-field date, `@` and the Unix
         *     time when the operation was deprecated; the mock sends `@1735689600`
         *     (1 January 2025). Not required: the interface does not promise it.
         * @example @1735689600
         */
        Deprecation: string;
        /**
         * @description Kit's choice (the interface states the removal date, not this
         *     header): RFC 8594's `Sunset`, the removal date as an HTTP date.
         *     Not required: the interface does not promise it.
         * @example Thu, 05 Dec 2030 00:00:00 GMT
         */
        Sunset: string;
        /**
         * @description Kit's choice (the interface names the replacement, not this header):
         *     an RFC 8288 `Link` to the replacement, `GET /pets`, with
         *     `rel="successor-version"`. Not required: the interface does not
         *     promise it.
         * @example </v1/pets>; rel="successor-version"
         */
        SuccessorLink: string;
    };
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    listPets: {
        parameters: {
            query?: {
                /** @description Maximum number of animals returned. */
                limit?: components["parameters"]["Limit"];
                /** @description Returns only animals with this availability status. */
                status?: components["parameters"]["StatusFilter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A paginated list of animals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"][];
                };
            };
            /**
             * @description Kit's choice (the interface lists no 400 for listPets): `limit` or
             *     `status` invalid or given twice is answered `invalid_query`, never
             *     clamped.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["OtherError"];
        };
    };
    createPet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewPet"];
            };
        };
        responses: {
            /**
             * @description The stored animal, including its assigned id. Kit's choice: a
             *     `Location` header names it.
             */
            201: {
                headers: {
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /**
             * @description The request body is missing required fields or contains invalid
             *     values. Kit's choice: the code is `invalid_body`, also for a body
             *     that is missing, not JSON, not an object, a string over 1,000
             *     characters, or a `categoryId` that names no category.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /**
             * @description Kit's choice: the mock's store holds its most pets (10,000 by
             *     default, `--max-pets`); a reset empties it.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "store_full",
                     *       "message": "The mock stores at most 10000 pets; reset it (POST /__mock/reset or reset()) or raise the limit.",
                     *       "status": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["OtherError"];
        };
    };
    getPet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the animal. */
                petId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The animal. */
            200: {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["SuccessorLink"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /**
             * @description Kit's choice (the interface lists no 400 for getPet): a `petId`
             *     that is not a positive int64 (not an integer, zero or negative,
             *     or above 9223372036854775807) is answered `invalid_path`. A
             *     positive int64 that names no pet is a 404, above the safe-integer
             *     range too (`GET /pets/9007199254740993`): the mock assigns no id
             *     beyond 2^53 - 1.
             */
            400: {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["SuccessorLink"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Missing or invalid API key. Kit's choice: the code is `unauthorized`
             *     and a `WWW-Authenticate: Bearer` header names the scheme.
             */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["SuccessorLink"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Missing credential: send Authorization: Bearer <API_KEY>.",
                     *       "status": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description The requested resource could not be found. Kit's choice: the code
             *     is `not_found`.
             */
            404: {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["SuccessorLink"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Kit's choice: the mock answers 503 while a fault is injected for the
             *     operation (`--fault`, `POST /__mock/faults`) or when more
             *     connections are open than it serves (`too_many_connections`, with
             *     `Retry-After`).
             */
            503: {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["SuccessorLink"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "service_unavailable",
                     *       "message": "Simulated 503 response: fault f1 is active.",
                     *       "status": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Any other error, in the interface's Error shape with `status` equal to
             *     the HTTP status. Kit's choice: the mock answers other statuses only
             *     when asked to (`Prefer: code=NNN`, an injected fault) or for a bug of
             *     its own (`500 internal_error`).
             */
            default: {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["SuccessorLink"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "internal_error",
                     *       "message": "The mock failed unexpectedly; see its log.",
                     *       "status": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCategories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description All categories. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"][];
                };
            };
            /**
             * @description Kit's choice (the interface shows no error responses for the
             *     category operations, though every operation requires the
             *     credential): a missing or invalid API key is answered 401.
             */
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["OtherError"];
        };
    };
    createCategory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewCategory"];
            };
        };
        responses: {
            /** @description The stored category, including its assigned id. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            /**
             * @description Kit's choice (the interface shows no error responses for the
             *     category operations): a body that is missing, not JSON, not a
             *     NewCategory, or with a string over 1,000 characters is answered
             *     `invalid_body`.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Kit's choice (the interface shows no error responses for the
             *     category operations, though every operation requires the
             *     credential): a missing or invalid API key is answered 401.
             */
            401: components["responses"]["Unauthorized"];
            /**
             * @description Kit's choice: the mock's store holds its most categories (1,000
             *     by default, `--max-categories`); a reset empties it.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "store_full",
                     *       "message": "The mock stores at most 1000 categories; reset it (POST /__mock/reset or reset()) or raise the limit.",
                     *       "status": 409
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["OtherError"];
        };
    };
}
