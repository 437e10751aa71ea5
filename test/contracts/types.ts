/**
 * The shape of a service contract: what the services' published documents say a request and an
 * answer are, in the project's own words and data. Every simulated service checks the requests it
 * gets and the answers it gives against its contract (see `check.ts` and the simulator's server),
 * so a simulator that drifts from the document fails the test that made it drift.
 *
 * A `Schema` is the subset of JSON Schema that the services' OpenAPI and swagger files use.
 */
export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';

export interface Schema {
	/** One type or several; omitted: any JSON value. */
	readonly type?: JsonType | readonly JsonType[];
	readonly properties?: Readonly<Record<string, Schema>>;
	/** Fields a request must send, or an answer always has. */
	readonly required?: readonly string[];
	/**
	 * Other properties of an object: refused unless this is `true` or a schema (the documents'
	 * `additionalProperties`). Strict by default: a field the document does not have is a defect.
	 */
	readonly additionalProperties?: boolean | Schema;
	readonly items?: Schema;
	readonly minItems?: number;
	readonly maxItems?: number;
	readonly minimum?: number;
	readonly maximum?: number;
	readonly minLength?: number;
	readonly maxLength?: number;
	readonly pattern?: string;
	readonly enum?: readonly (string | number | boolean | null)[];
	/** The value matches at least one of these. */
	readonly anyOf?: readonly Schema[];
	/** Where the document is silent about this value: what the contract assumes, and why. */
	readonly assumed?: string;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
	readonly method: HttpMethod;
	/** Path relative to the service's base, with `{name}` for a path parameter: `/v3/contacts/{id}`. */
	readonly path: string;
	/** The document's name for it: an operationId, a schema name or a section heading. */
	readonly operation: string;
	/** The key of the contract's `documents` that says so, first, then where in it when useful (`v3: getUsage`). */
	readonly source: string;
	readonly request?: {
		/** Accepted body content types (the part before `;`); a body of another type is refused. */
		readonly contentType?: readonly string[];
		/** Query parameters as an object schema; each value arrives as text and is read as its type. */
		readonly query?: Schema;
		readonly body?: Schema;
		/** Path parameters, by name. */
		readonly params?: Readonly<Record<string, Schema>>;
	};
	/**
	 * The answers, by status: `'200'`, `'4xx'` (any 4xx not listed on its own) or `'default'`.
	 * An answer with a status none of these covers is a defect of the simulator.
	 */
	readonly answers: Readonly<Record<string, Schema>>;
	/** What the contract assumes where the documents are silent, each with its reason. */
	readonly assumed?: readonly string[];
}

export interface ServiceContract {
	/** The simulator module's name (`SimulatorModule.name`). */
	readonly service: string;
	/** Where the service's paths start in the simulator (`/global`), empty for none. */
	readonly prefix: string;
	/** The published documents the entries cite, by key: what each is and where it is published. */
	readonly documents: Readonly<Record<string, string>>;
	readonly endpoints: readonly Endpoint[];
}
