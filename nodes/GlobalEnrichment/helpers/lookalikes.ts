/**
 * Find Lookalikes for contacts and companies: seeds, exclusions and the service's paged session.
 * One concern: every field reads into the one request body and the session that pages it (the
 * seed kinds and their lists are in lookalikeSeeds.ts).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { invalidInput } from '../../enrichment/lookupErrors';
import { checkDomain } from '../../enrichment/validation';
import { limitOf, listOf, returnAllAndLimit } from '../../shared/descriptions';
import { echo } from '../../shared/echo';
import { itemParameter } from '../../shared/itemParameters';
import { postLookalike, requireServiceApi, type EntityKind } from '../transport/signals';
import {
	MIXED,
	MIXED_SEED_FIELDS,
	SEED_LISTS,
	SEED_TYPES,
	seedOf,
	seedTexts,
	type SeedType,
} from './lookalikeSeeds';

export const MIN_SEEDS = 5;
export const MAX_SEEDS = 100;
/** Results per call: the service refuses more. */
export const LOOKALIKES_PER_CALL = 100;

/** Seed Type (its options and default per kind). */
const seedTypeField: INodeProperties = {
	displayName: 'Seed Type',
	name: 'seedType',
	type: 'options',
	options: [{ name: 'Email', value: 'email' }],
	default: 'email',
};

/** Several Kinds: one field per kind of seed, shown only then. */
function mixedSeedFields(kind: EntityKind): INodeProperties[] {
	return SEED_TYPES[kind].map(({ value, description }) => {
		const { displayName, name, placeholder } = MIXED_SEED_FIELDS[value];
		return {
			displayName,
			name,
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
			placeholder: placeholder[kind],
			description: `${description}, ${value === 'name' ? 'one per line' : 'comma- or line-separated'}. Counted with the other kinds: ${MIN_SEEDS} to ${MAX_SEEDS} seeds in all.`,
			displayOptions: { show: { seedType: [MIXED] } },
		} as INodeProperties;
	});
}

function lookalikeFields(kind: EntityKind): INodeProperties[] {
	return [
		{
			...seedTypeField,
			options: [
				...SEED_TYPES[kind],
				{
					name: 'Several Kinds',
					value: MIXED,
					description: 'Seeds of different kinds together in one request, one field per kind',
				},
			],
			default: SEED_TYPES[kind][0].value,
			description: `How the seed ${kind === 'contact' ? 'contacts' : 'companies'} are given`,
		},
		...mixedSeedFields(kind),
		{
			displayName: 'Seeds',
			name: 'seeds',
			type: 'string',
			typeOptions: { rows: 4 },
			required: true,
			default: '',
			placeholder:
				kind === 'contact'
					? 'e.g. ana@example.com, bo@example.org, …'
					: 'e.g. example.com, example.org, …',
			description: `${MIN_SEEDS} to ${MAX_SEEDS} seeds the results should resemble, comma- or line-separated (one per line for Name and Company), or a list from an expression`,
			displayOptions: { hide: { seedType: [MIXED] } },
		},
		kind === 'contact'
			? {
					displayName: 'Exclude IDs',
					name: 'exclude',
					type: 'string',
					default: '',
					placeholder: 'e.g. p-2001, p-2002',
					description:
						'IDs the results must not contain (such as records you already have), comma-separated',
				}
			: {
					// The service excludes companies by domain or page URL, not by ID.
					displayName: 'Exclude Domains',
					name: 'exclude',
					type: 'string',
					default: '',
					placeholder: 'e.g. example.com, example.org',
					description:
						'Domains the results must not contain (such as customers you already have), comma-separated',
				},
		...(kind === 'contact'
			? [
					{
						displayName: 'Exclude Emails',
						name: 'excludeEmails',
						type: 'string',
						default: '',
						placeholder: 'e.g. ana@example.com, bo@example.org',
						description:
							'Email addresses of contacts the results must not contain, comma-separated',
					} as INodeProperties,
				]
			: []),
		...returnAllAndLimit.map((field) =>
			field.name === 'limit'
				? {
						...field,
						default: 25,
						description: 'Max number of results to return (each one costs a credit)',
					}
				: field,
		),
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'Continue Session',
					name: 'dedupeSessionId',
					type: 'string',
					default: '',
					placeholder: 'e.g. 3f2b8c1e-5d4a-4c7b-9e1f-0a2b3c4d5e6f',
					description:
						'The dedupeSessionId of an earlier run (on each result): the service leaves out what that session already returned. A session expires after 30 days unused.',
				},
			],
		},
	];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

export interface LookalikeRequest {
	/** The seeds grouped by kind (`{ emails: [...] }`), as the service takes them. */
	seeds: IDataObject;
	/** The exclusions grouped by kind (`{ ids: [...] }`, `{ domains: [...] }`), if any. */
	exclude?: IDataObject;
	limit: number;
	/** A session of an earlier run to continue (`dedupeSessionId`). */
	sessionId?: string;
}

/** The session is unknown or expired (the service forgets it after 30 days of disuse). */
function expiredSession(ctx: IExecuteFunctions, body: unknown, itemIndex: number, got: number) {
	return new NodeApiError(ctx.getNode(), (body ?? {}) as JsonObject, {
		message: `The service no longer knows the lookalike session of item ${itemIndex} (unknown or expired) after ${got} results`,
		description:
			'A session expires after 30 days of disuse. Run the node again: a new session starts from the first page (results already received may come again).',
		httpCode: '400',
		itemIndex,
	});
}

/**
 * What each record of a page cost: the page's `billing.creditsCharged` spread over its records when
 * it divides evenly (one credit per result), else the whole bill as `callBilling` on the first
 * record (never split into fractions, as Find and Enrich do).
 */
function withCredits(records: IDataObject[], billing: unknown): IDataObject[] {
	const charged = (billing as IDataObject | undefined)?.creditsCharged;
	if (typeof charged !== 'number' || records.length === 0) return records;
	const each = charged / records.length;
	if (Number.isInteger(each)) return records.map((record) => ({ ...record, creditsCharged: each }));
	return records.map((record, n) =>
		n === 0 ? { ...record, callBilling: billing as IDataObject } : record,
	);
}

/**
 * Find Lookalikes of `kind`: 5 to 100 seeds, the exclusions and the limit, then pages through the
 * service's session until the limit or `meta.hasMore` is false, each call asking exactly the
 * results still wanted (at most 100), so no call is made for nothing.
 */
export function lookalikesOperation(kind: EntityKind) {
	return {
		fields: lookalikeFields(kind),
		async check(this: IExecuteFunctions, itemIndex: number): Promise<LookalikeRequest> {
			await requireServiceApi(this, 'Find Lookalikes', itemIndex);
			const refuse = (field: string, reason: string, fix: string, parameter: string) =>
				invalidInput(this, itemIndex, field, reason, fix, parameter);
			const type = itemParameter<string>(this, 'seedType', itemIndex, '');
			const kinds = SEED_TYPES[kind].map((option) => option.value);
			if (type !== MIXED && !kinds.includes(type as SeedType)) {
				refuse(
					'"Seed Type"',
					`"${echo(String(type))}" is not a seed type of ${kind} lookalikes`,
					`Use ${[...kinds, MIXED].join(', ')}.`,
					'seedType',
				);
			}
			/** One field's seeds, checked and each once (case aside), as its list in `seeds` holds them. */
			const read = (seedType: SeedType, parameter: string, field: string) => {
				const texts = seedTexts(
					itemParameter<unknown>(this, parameter, itemIndex, ''),
					seedType === 'name',
				);
				const seeds: Array<string | IDataObject> = [];
				const seen = new Set<string>();
				for (const [n, raw] of texts.entries()) {
					const seed = seedOf(kind, seedType, raw);
					if (typeof seed === 'object' && 'refused' in seed) {
						refuse(
							`"${field}"`,
							`seed ${n + 1}: ${String(seed.refused)}`,
							'Correct or remove that seed.',
							parameter,
						);
					}
					const key = JSON.stringify(seed).toLowerCase();
					if (!seen.has(key)) seeds.push(seed);
					seen.add(key);
				}
				return seeds;
			};
			// Several Kinds: each kind from its own field, all in one request.
			const lists: Array<[SeedType, Array<string | IDataObject>]> =
				type === MIXED
					? kinds.map((seedType) => {
							const { name, displayName } = MIXED_SEED_FIELDS[seedType];
							return [seedType, read(seedType, name, displayName)];
						})
					: [[type as SeedType, read(type as SeedType, 'seeds', 'Seeds')]];
			const given = lists.reduce((sum, [, list]) => sum + list.length, 0);
			if (given < MIN_SEEDS || given > MAX_SEEDS) {
				const field =
					type === MIXED
						? kinds.map((seedType) => MIXED_SEED_FIELDS[seedType].displayName).join('", "')
						: 'Seeds';
				refuse(
					`"${field}"`,
					`${given} different seeds given${type === MIXED ? ' in all' : ''}; the service takes ${MIN_SEEDS} to ${MAX_SEEDS}`,
					`Give ${MIN_SEEDS} to ${MAX_SEEDS} seeds${type === MIXED ? ', counting every kind' : ''}.`,
					type === MIXED ? MIXED_SEED_FIELDS[kinds[0]].name : 'seeds',
				);
			}
			const seeds = Object.fromEntries(
				lists
					.filter(([, list]) => list.length)
					.map(([seedType, list]) => [SEED_LISTS[seedType], list]),
			) as IDataObject;
			const exclude = [...new Set(listOf(itemParameter<unknown>(this, 'exclude', itemIndex, '')))];
			if (kind === 'company') {
				for (const [n, domain] of exclude.entries()) {
					const checked = checkDomain(domain);
					if ('refused' in checked) {
						refuse(
							'"Exclude Domains"',
							`domain ${n + 1}: ${checked.refused}`,
							'Correct or remove that domain.',
							'exclude',
						);
					} else {
						exclude[n] = checked.value;
					}
				}
			}
			const emails =
				kind === 'contact'
					? [
							...new Set(
								listOf(itemParameter<unknown>(this, 'excludeEmails', itemIndex, '')).map((e) =>
									e.toLowerCase(),
								),
							),
						]
					: [];
			for (const [n, email] of emails.entries()) {
				if (!EMAIL.test(email)) {
					refuse(
						'"Exclude Emails"',
						`address ${n + 1}: "${echo(email)}" is not an email address`,
						'Correct or remove that address.',
						'excludeEmails',
					);
				}
			}
			const sessionRaw = itemParameter<unknown>(this, 'options.dedupeSessionId', itemIndex, '');
			const sessionId = typeof sessionRaw === 'string' ? sessionRaw.trim() : '';
			if (sessionId && !UUID.test(sessionId)) {
				refuse(
					'"Continue Session"',
					`"${echo(sessionId)}" is not a session ID (a UUID)`,
					'Map the dedupeSessionId of an earlier result, or leave it empty for a new session.',
					'options.dedupeSessionId',
				);
			}
			const limit = limitOf(this, itemIndex);
			if (limit !== Infinity && (!Number.isInteger(limit) || limit < 1)) {
				refuse(
					'"Limit"',
					`${echo(String(limit))} is not a whole number of at least 1`,
					'Give a Limit of 1 or more, or turn on Return All.',
					'limit',
				);
			}
			return {
				seeds,
				// Exclusions go grouped by kind like the seeds: contacts by ID, companies by domain.
				exclude:
					exclude.length || emails.length
						? {
								...(exclude.length ? { [kind === 'contact' ? 'ids' : 'domains']: exclude } : {}),
								...(emails.length ? { emails } : {}),
							}
						: undefined,
				limit,
				...(sessionId ? { sessionId: sessionId.toLowerCase() } : {}),
			};
		},
		async run(
			this: IExecuteFunctions,
			itemIndex: number,
			{ seeds, exclude, limit, sessionId: continued }: LookalikeRequest,
		) {
			const results: IDataObject[] = [];
			let sessionId: string | undefined = continued;
			for (;;) {
				const wanted = Math.min(LOOKALIKES_PER_CALL, limit - results.length);
				const body: IDataObject = {
					seeds,
					limit: wanted,
					...(exclude ? { exclude } : {}),
					...(sessionId ? { dedupeSessionId: sessionId } : {}),
				};
				const answer = await postLookalike(this, kind, body, itemIndex);
				// 410 DEDUPE_SESSION_INVALID: the session is unknown or has expired.
				if (answer.statusCode === 410) {
					throw expiredSession(this, answer.body, itemIndex, results.length);
				}
				const page = (answer.body ?? {}) as IDataObject;
				const records = (Array.isArray(page.results) ? page.results : []) as IDataObject[];
				const meta = (page.meta ?? {}) as IDataObject;
				sessionId = typeof page.dedupeSessionId === 'string' ? page.dedupeSessionId : undefined;
				// Each result says its session, so a later run can continue it (Continue Session).
				results.push(
					...withCredits(records, page.billing)
						.slice(0, limit - results.length)
						.map((record) => (sessionId ? { ...record, dedupeSessionId: sessionId } : record)),
				);
				if (
					meta.hasMore !== true ||
					records.length === 0 ||
					results.length >= limit ||
					!sessionId
				) {
					return results;
				}
			}
		},
	};
}
