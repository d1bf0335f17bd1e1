/**
 * A tiny typed client for the Pet Store API, as a front end would write one.
 * Failed requests throw an `ApiError` carrying the API's Error body.
 */
import type {
  Category,
  ErrorBody,
  NewCategory,
  NewPet,
  Pet,
  PetStatus,
} from "petstore-mock-kit/browser";

export class ApiError extends Error {
  constructor(readonly body: ErrorBody) {
    super(`${body.status} ${body.code}: ${body.message}`);
    this.name = "ApiError";
  }
}

export interface PetQuery {
  status?: PetStatus | undefined;
  limit?: string | undefined;
}

export function createPetstoreClient(baseUrl: string, apiKey: () => string) {
  async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Authorization: `Bearer ${apiKey()}` };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const payload: unknown = await response.json();
    if (!response.ok) throw new ApiError(payload as ErrorBody);
    return payload as T;
  }

  return {
    listPets({ status, limit }: PetQuery): Promise<Pet[]> {
      const query = new URLSearchParams();
      if (status) query.set("status", status);
      if (limit !== undefined && limit !== "") query.set("limit", limit);
      const search = query.size > 0 ? `?${query}` : "";
      return send("GET", `/pets${search}`);
    },
    getPet: (id: string): Promise<Pet> => send("GET", `/pets/${encodeURIComponent(id)}`),
    createPet: (pet: NewPet): Promise<Pet> => send("POST", "/pets", pet),
    listCategories: (): Promise<Category[]> => send("GET", "/categories"),
    createCategory: (category: NewCategory): Promise<Category> =>
      send("POST", "/categories", category),
  };
}

export type PetstoreClient = ReturnType<typeof createPetstoreClient>;
