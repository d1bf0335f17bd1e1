// Generated from openapi.yaml by scripts/generate.ts. Do not edit: run `npm run generate`.
export const openapiDocument = {
  "openapi": "3.1.0",
  "info": {
    "title": "Pet Store Service Interface",
    "version": "1.0.0",
    "summary": "A pet store catalogue of animals (pets) and the categories that classify them.",
    "description": "The service is a pet store catalogue over HTTP with JSON bodies. Every\noperation requires a bearer credential (`Authorization: Bearer <API_KEY>`).\nThe version is part of the base address: both server URLs already contain\nthe `/v1` path segment, and every path below is relative to it.\n\nNot stated by the interface, and therefore not described here: paging\nbeyond `limit`, status transitions, update or delete operations, the set of\nError `code` values, error responses of the category operations, rate and\nsize limits, events. A store orders endpoint (`GET /store/orders`) is\nreferred to by the interface without a description.\n",
    "license": {
      "name": "MIT",
      "identifier": "MIT"
    }
  },
  "servers": [
    {
      "url": "{base_url}",
      "description": "Production (the address includes /v1)",
      "variables": {
        "base_url": {
          "default": "https://petstore.example.com/v1",
          "description": "Production base address, including the /v1 version segment."
        }
      }
    },
    {
      "url": "{staging_base_url}",
      "description": "Staging (the address includes /v1)",
      "variables": {
        "staging_base_url": {
          "default": "https://staging.petstore.example.com/v1",
          "description": "Staging base address, including the /v1 version segment."
        }
      }
    }
  ],
  "security": [
    {
      "bearerAuth": []
    }
  ],
  "tags": [
    {
      "name": "Pets",
      "description": "Animals in the store."
    },
    {
      "name": "Categories",
      "description": "Categories used to classify animals (dog, cat, rabbit, ...)."
    },
    {
      "name": "Store",
      "description": "Store operations; referred to by the interface, not described."
    }
  ],
  "paths": {
    "/pets": {
      "get": {
        "operationId": "listPets",
        "summary": "List animals",
        "description": "Returns at most `limit` animals, optionally only those with the given\navailability status. How further pages are requested, and how the\nresponse signals more pages, is not stated by the interface.\n",
        "tags": [
          "Pets"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/Limit"
          },
          {
            "$ref": "#/components/parameters/StatusFilter"
          }
        ],
        "responses": {
          "200": {
            "description": "A paginated list of animals.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/Pet"
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          }
        }
      },
      "post": {
        "operationId": "createPet",
        "summary": "Add an animal",
        "tags": [
          "Pets"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/NewPet"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The stored animal, including its assigned id.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Pet"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          }
        }
      }
    },
    "/pets/{petId}": {
      "get": {
        "operationId": "getPet",
        "summary": "Get an animal (deprecated)",
        "description": "Deprecated, and removed on 5 December 2030. The replacement is\n`GET /pets` with the `status` filter.\n",
        "deprecated": true,
        "x-sunset": "2030-12-05T00:00:00Z",
        "x-replacement": "GET /pets",
        "tags": [
          "Pets"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "name": "petId",
            "in": "path",
            "required": true,
            "description": "Identifier of the animal.",
            "schema": {
              "type": "integer",
              "format": "int64"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The animal.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Pet"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          }
        }
      }
    },
    "/categories": {
      "get": {
        "operationId": "listCategories",
        "summary": "List categories",
        "description": "All categories available for classifying animals.",
        "tags": [
          "Categories"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "responses": {
          "200": {
            "description": "All categories.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/Category"
                  }
                }
              }
            }
          }
        }
      },
      "post": {
        "operationId": "createCategory",
        "summary": "Create a category",
        "tags": [
          "Categories"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/NewCategory"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The stored category, including its assigned id.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Category"
                }
              }
            }
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "description": "The API key, sent as `Authorization: Bearer <API_KEY>`."
      }
    },
    "parameters": {
      "Limit": {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Maximum number of animals returned.",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      "StatusFilter": {
        "name": "status",
        "in": "query",
        "required": false,
        "description": "Returns only animals with this availability status.",
        "schema": {
          "$ref": "#/components/schemas/PetStatus"
        }
      }
    },
    "responses": {
      "BadRequest": {
        "description": "The request body is missing required fields or contains invalid values.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Unauthorized": {
        "description": "Missing or invalid API key.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "NotFound": {
        "description": "The requested resource could not be found.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      }
    },
    "schemas": {
      "PetStatus": {
        "type": "string",
        "description": "Availability status of an animal.",
        "enum": [
          "available",
          "pending",
          "sold"
        ]
      },
      "NewPet": {
        "type": "object",
        "required": [
          "name",
          "categoryId"
        ],
        "properties": {
          "name": {
            "type": "string",
            "description": "The animal's name."
          },
          "categoryId": {
            "type": "integer",
            "format": "int64",
            "description": "Identifier of the category the animal belongs to."
          },
          "status": {
            "$ref": "#/components/schemas/PetStatus"
          }
        }
      },
      "Pet": {
        "description": "An animal as returned by the service.",
        "allOf": [
          {
            "$ref": "#/components/schemas/NewPet"
          },
          {
            "type": "object",
            "required": [
              "id"
            ],
            "properties": {
              "id": {
                "type": "integer",
                "format": "int64",
                "description": "Unique identifier assigned by the service on creation."
              }
            }
          }
        ]
      },
      "NewCategory": {
        "type": "object",
        "required": [
          "name"
        ],
        "properties": {
          "name": {
            "type": "string",
            "description": "Category name (e.g. a species such as dog, cat, rabbit)."
          },
          "description": {
            "type": "string",
            "description": "Short description of the category."
          }
        }
      },
      "Category": {
        "description": "A category as returned by the service.",
        "allOf": [
          {
            "$ref": "#/components/schemas/NewCategory"
          },
          {
            "type": "object",
            "required": [
              "id"
            ],
            "properties": {
              "id": {
                "type": "integer",
                "format": "int64",
                "description": "Unique identifier assigned on creation."
              }
            }
          }
        ]
      },
      "Error": {
        "type": "object",
        "required": [
          "code",
          "message",
          "status"
        ],
        "properties": {
          "code": {
            "type": "string",
            "description": "Machine-readable error code."
          },
          "message": {
            "type": "string",
            "description": "Human-readable description."
          },
          "status": {
            "type": "integer",
            "description": "The HTTP status code (repeats the response status)."
          }
        }
      }
    }
  }
} as const;

/** SHA-256 of the parsed openapi.yaml: which interface a state snapshot was made for. */
export const openapiSha256 = "208a46f45b4c496a724b2a35ca89e2c8b25008cc411699da51b2e65661cf1fec";
