// Generated from openapi.yaml by scripts/generate.ts. Do not edit: run `npm run generate`.
export const openapiDocument = {
  "openapi": "3.1.0",
  "info": {
    "title": "Pet Store Service Interface",
    "version": "1.0.0",
    "summary": "A pet store catalogue of animals (pets) and the categories that classify them.",
    "description": "The service is a pet store catalogue over HTTP with JSON bodies. Every\noperation requires a bearer credential (`Authorization: Bearer <API_KEY>`).\nThe version is part of the base address: every server URL already contains\nthe `/v1` path segment, and every path below is relative to it.\n\nNot stated by the interface: paging beyond `limit`, status transitions,\nupdate or delete operations, the set of Error `code` values, error\nresponses of the category operations, rate and size limits, events. A\nstore orders endpoint (`GET /store/orders`) is referred to by the interface\nwithout a description.\n\nWhere the interface is silent, this document describes what\npetstore-mock-kit's mock answers, and every such description starts with\n**Kit's choice** (docs/behaviour.md lists them all): `400` for invalid\nquery or path parameters and category bodies, `409` when the mock's store\nis full, `413` for a body over 1 MiB, `415` for a body not sent as\n`application/json`, `503` while a fault is injected, and a `default`\nError for anything else a deployment may answer (the Error shape is the\ninterface's). A method an operation's path does not offer is answered\n`405 method_not_allowed` with an `Allow` header; any other path under\n`/v1` (`/store/orders` included) `404 not_found`.\n\nExamples pair by name: a request example (a parameter's or the body's)\nand the response example of the same name belong together, and are\nconsistent with the mock's default seed (seed 42: 5 categories, 50 pets).\nEvery named pair holds for a client that sends its credential, so a tool\nthat generates tests from the examples can use each one. An answer no\nrequest alone provokes has one unnamed `example` instead: `401` (any\nrequest without the `Authorization` header), `409`, `413`, `415`, `503`\nand the `default` Error.\n",
    "license": {
      "name": "MIT",
      "identifier": "MIT"
    }
  },
  "servers": [
    {
      "url": "http://127.0.0.1:4000/v1",
      "description": "Kit's choice, not a deployment of the interface; the local mock (`npx petstore-mock`)."
    },
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
                },
                "examples": {
                  "firstTwo": {
                    "summary": "The first two pets of the default seed (`limit=2`)",
                    "value": [
                      {
                        "id": 1,
                        "name": "Ginger",
                        "categoryId": 5,
                        "status": "available"
                      },
                      {
                        "id": 2,
                        "name": "Milo",
                        "categoryId": 3,
                        "status": "pending"
                      }
                    ]
                  },
                  "availableFirstThree": {
                    "summary": "The first three available pets (`status=available&limit=3`)",
                    "value": [
                      {
                        "id": 1,
                        "name": "Ginger",
                        "categoryId": 5,
                        "status": "available"
                      },
                      {
                        "id": 6,
                        "name": "Nova",
                        "categoryId": 2,
                        "status": "available"
                      },
                      {
                        "id": 10,
                        "name": "Jack",
                        "categoryId": 4,
                        "status": "available"
                      }
                    ]
                  }
                }
              }
            }
          },
          "400": {
            "description": "Kit's choice (the interface lists no 400 for listPets): `limit` or\n`status` invalid or given twice is answered `invalid_query`, never\nclamped.\n",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "examples": {
                  "limitTooLarge": {
                    "summary": "`limit=101`",
                    "value": {
                      "code": "invalid_query",
                      "message": "limit must be <= 100 (got 101)",
                      "status": 400
                    }
                  },
                  "unknownStatus": {
                    "summary": "`status=flying`",
                    "value": {
                      "code": "invalid_query",
                      "message": "status must be one of available, pending, sold (got \"flying\")",
                      "status": 400
                    }
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          },
          "default": {
            "$ref": "#/components/responses/OtherError"
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
              },
              "examples": {
                "created": {
                  "summary": "A dog named Biscuit (category 1, dog, exists in the default seed)",
                  "value": {
                    "name": "Biscuit",
                    "categoryId": 1,
                    "status": "available"
                  }
                },
                "missingName": {
                  "summary": "No `name`",
                  "value": {
                    "categoryId": 1
                  }
                },
                "unknownCategory": {
                  "summary": "A `categoryId` no category has",
                  "value": {
                    "name": "Biscuit",
                    "categoryId": 99
                  }
                }
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The stored animal, including its assigned id. Kit's choice: a\n`Location` header names it.\n",
            "headers": {
              "Location": {
                "$ref": "#/components/headers/Location"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Pet"
                },
                "examples": {
                  "created": {
                    "summary": "The first pet created after the default seed's 50",
                    "value": {
                      "id": 51,
                      "name": "Biscuit",
                      "categoryId": 1,
                      "status": "available"
                    }
                  }
                }
              }
            }
          },
          "400": {
            "description": "The request body is missing required fields or contains invalid\nvalues. Kit's choice: the code is `invalid_body`, also for a body\nthat is missing, not JSON, not an object, a string over 1,000\ncharacters, or a `categoryId` that names no category.\n",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "examples": {
                  "missingName": {
                    "value": {
                      "code": "invalid_body",
                      "message": "name is required",
                      "status": 400
                    }
                  },
                  "unknownCategory": {
                    "value": {
                      "code": "invalid_body",
                      "message": "categoryId 99 does not name an existing category",
                      "status": 400
                    }
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "409": {
            "description": "Kit's choice: the mock's store holds its most pets (10,000 by\ndefault, `--max-pets`); a reset empties it.\n",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "code": "store_full",
                  "message": "The mock stores at most 10000 pets; reset it (POST /__mock/reset or reset()) or raise the limit.",
                  "status": 409
                }
              }
            }
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          },
          "default": {
            "$ref": "#/components/responses/OtherError"
          }
        }
      }
    },
    "/pets/{petId}": {
      "get": {
        "operationId": "getPet",
        "summary": "Get an animal (deprecated)",
        "description": "Deprecated, and removed on 5 December 2030. The replacement is\n`GET /pets` with the `status` filter. Kit's choice: every answer\ncarries `Sunset`, `Deprecation` and `Link` (successor) headers.\n",
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
            },
            "examples": {
              "found": {
                "summary": "Pet 3 of the default seed",
                "value": 3
              },
              "missing": {
                "summary": "No pet has this id in the default seed",
                "value": 999
              },
              "notAnInteger": {
                "value": "abc"
              }
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
                },
                "examples": {
                  "found": {
                    "value": {
                      "id": 3,
                      "name": "Bruno",
                      "categoryId": 1,
                      "status": "sold"
                    }
                  }
                }
              }
            }
          },
          "400": {
            "description": "Kit's choice (the interface lists no 400 for getPet): a `petId`\nthat is not a positive safe integer is answered `invalid_path`.\n",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "examples": {
                  "notAnInteger": {
                    "value": {
                      "code": "invalid_path",
                      "message": "petId must be an integer (got \"abc\")",
                      "status": 400
                    }
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "description": "The requested resource could not be found. Kit's choice: the code\nis `not_found`.\n",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "examples": {
                  "missing": {
                    "value": {
                      "code": "not_found",
                      "message": "No pet with id 999.",
                      "status": 404
                    }
                  }
                }
              }
            }
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          },
          "default": {
            "$ref": "#/components/responses/OtherError"
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
                },
                "examples": {
                  "all": {
                    "summary": "The default seed's five categories",
                    "value": [
                      {
                        "id": 1,
                        "name": "dog",
                        "description": "Loyal companions of every size, from terriers to shepherds."
                      },
                      {
                        "id": 2,
                        "name": "cat",
                        "description": "Independent, curious felines, indoor and outdoor."
                      },
                      {
                        "id": 3,
                        "name": "rabbit",
                        "description": "Gentle long-eared herbivores that love to dig."
                      },
                      {
                        "id": 4,
                        "name": "bird",
                        "description": "Parrots, canaries and finches that sing and chatter."
                      },
                      {
                        "id": 5,
                        "name": "fish",
                        "description": "Freshwater and marine fish for home aquariums."
                      }
                    ]
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized",
            "description": "Kit's choice (the interface shows no error responses for the\ncategory operations, though every operation requires the\ncredential): a missing or invalid API key is answered 401.\n"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          },
          "default": {
            "$ref": "#/components/responses/OtherError"
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
              },
              "examples": {
                "created": {
                  "value": {
                    "name": "reptile",
                    "description": "Lizards, snakes and turtles."
                  }
                },
                "missingName": {
                  "value": {
                    "description": "Lizards, snakes and turtles."
                  }
                }
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
                },
                "examples": {
                  "created": {
                    "summary": "The first category created after the default seed's 5",
                    "value": {
                      "id": 6,
                      "name": "reptile",
                      "description": "Lizards, snakes and turtles."
                    }
                  }
                }
              }
            }
          },
          "400": {
            "description": "Kit's choice (the interface shows no error responses for the\ncategory operations): a body that is missing, not JSON, not a\nNewCategory, or with a string over 1,000 characters is answered\n`invalid_body`.\n",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "examples": {
                  "missingName": {
                    "value": {
                      "code": "invalid_body",
                      "message": "name is required",
                      "status": 400
                    }
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized",
            "description": "Kit's choice (the interface shows no error responses for the\ncategory operations, though every operation requires the\ncredential): a missing or invalid API key is answered 401.\n"
          },
          "409": {
            "description": "Kit's choice: the mock's store holds its most categories (1,000\nby default, `--max-categories`); a reset empties it.\n",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "code": "store_full",
                  "message": "The mock stores at most 1000 categories; reset it (POST /__mock/reset or reset()) or raise the limit.",
                  "status": 409
                }
              }
            }
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          },
          "default": {
            "$ref": "#/components/responses/OtherError"
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
        },
        "examples": {
          "firstTwo": {
            "value": 2
          },
          "availableFirstThree": {
            "value": 3
          },
          "limitTooLarge": {
            "value": 101
          }
        }
      },
      "StatusFilter": {
        "name": "status",
        "in": "query",
        "required": false,
        "description": "Returns only animals with this availability status.",
        "schema": {
          "$ref": "#/components/schemas/PetStatus"
        },
        "examples": {
          "availableFirstThree": {
            "value": "available"
          },
          "unknownStatus": {
            "value": "flying"
          }
        }
      }
    },
    "headers": {
      "Location": {
        "description": "Kit's choice; the path of the created pet, e.g. `/v1/pets/51`.",
        "schema": {
          "type": "string"
        }
      },
      "WWWAuthenticate": {
        "description": "Kit's choice: `Bearer`, the scheme the credential must use.",
        "schema": {
          "type": "string"
        }
      }
    },
    "responses": {
      "Unauthorized": {
        "description": "Missing or invalid API key. Kit's choice: the code is `unauthorized`\nand a `WWW-Authenticate: Bearer` header names the scheme.\n",
        "headers": {
          "WWW-Authenticate": {
            "$ref": "#/components/headers/WWWAuthenticate"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "example": {
              "code": "unauthorized",
              "message": "Missing credential: send Authorization: Bearer <API_KEY>.",
              "status": 401
            }
          }
        }
      },
      "PayloadTooLarge": {
        "description": "Kit's choice: a body over 1 MiB (1,048,576 bytes) is answered `payload_too_large`.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "example": {
              "code": "payload_too_large",
              "message": "The request body exceeds the limit of 1048576 bytes.",
              "status": 413
            }
          }
        }
      },
      "UnsupportedMediaType": {
        "description": "Kit's choice: a body not sent as `Content-Type: application/json` is answered `unsupported_media_type`.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "example": {
              "code": "unsupported_media_type",
              "message": "Content-Type must be application/json (got \"text/plain\").",
              "status": 415
            }
          }
        }
      },
      "ServiceUnavailable": {
        "description": "Kit's choice: the mock answers 503 while a fault is injected for the\noperation (`--fault`, `POST /__mock/faults`), while its state file\ncannot be written (writes only), or when more connections are open\nthan it serves (`too_many_connections`, with `Retry-After`).\n",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "example": {
              "code": "service_unavailable",
              "message": "Simulated 503 response: fault f1 is active.",
              "status": 503
            }
          }
        }
      },
      "OtherError": {
        "description": "Any other error, in the interface's Error shape with `status` equal to\nthe HTTP status. Kit's choice: the mock answers other statuses only\nwhen asked to (`Prefer: code=NNN`, an injected fault) or for a bug of\nits own (`500 internal_error`).\n",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "example": {
              "code": "internal_error",
              "message": "The mock failed unexpectedly; see its log.",
              "status": 500
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
export const openapiSha256 = "5954c311c30f3b0d40b4c457583a1ff97d034d708edefbba3e2970ade4391fe6";
