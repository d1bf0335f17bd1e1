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
         *     `GET /pets` with the `status` filter.
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
        /** @description The request body is missing required fields or contains invalid values. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Missing or invalid API key. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The requested resource could not be found. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
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
    headers: never;
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
            401: components["responses"]["Unauthorized"];
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
            /** @description The stored animal, including its assigned id. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
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
        };
    };
}
