/**
 * The marketing service's lead-database objects as the nodes call them: companies, opportunities
 * and their roles, named accounts and named account lists, custom objects, program members.
 * Sources: the docs pages `companies.md`, `opportunities.md`, `opportunity-roles.md`,
 * `named-accounts.md`, `named-account-lists.md`, `custom-objects.md`, `program-members.md` of
 * `AdobeDocs/marketo-developer.en` `help/rest-api/`, summed up in
 * `../shared/reference/marketing-bulk-and-objects.md` §5 (describe, query, sync, delete).
 */
import {
	JSON_BODY,
	FORM_BODY,
	entry,
	envelope,
	int,
	object,
	objectDescribe,
	paged,
	recordOfFields,
	syncOutcome,
	text,
} from './marketingCommon';
import type { Endpoint, Schema } from './types';

const batchSize: Schema = { type: 'integer', minimum: 1, maximum: 300 };
const list: Schema = { type: 'array', items: text };
const input: Schema = { type: 'array', minItems: 1, maxItems: 300, items: recordOfFields };
const method = { _method: { type: 'string', enum: ['GET'] } as Schema };

/** The four calls every lead-database object shares (query, sync, delete, describe). */
function objectEndpoints(base: string, name: string, describe = true): Endpoint[] {
	return [
		entry(
			'GET',
			`${base}.json`,
			`Query ${name}`,
			'objects',
			{
				query: {
					filterType: text,
					filterValues: list,
					fields: list,
					batchSize,
					nextPageToken: text,
				},
				requiredQuery: ['filterType'],
			},
			envelope(recordOfFields, paged),
		),
		entry(
			'POST',
			`${base}.json`,
			`Sync ${name} (and the compound-key query with _method=GET)`,
			'objects',
			{
				query: method,
				contentType: [...JSON_BODY, ...FORM_BODY],
				body: {
					anyOf: [
						object(
							{
								action: {
									type: 'string',
									enum: ['createOnly', 'updateOnly', 'createOrUpdate'],
								},
								dedupeBy: { type: 'string', enum: ['dedupeFields', 'idField'] },
								input,
							},
							['input'],
						),
						object(
							{
								filterType: text,
								filterValues: text,
								fields: { anyOf: [text, list] },
								batchSize: { type: ['integer', 'string'] },
								nextPageToken: text,
								input,
							},
							['filterType'],
						),
					],
				},
			},
			envelope({ anyOf: [syncOutcome, recordOfFields] }, paged),
		),
		entry(
			'POST',
			`${base}/delete.json`,
			`Delete ${name}`,
			'objects',
			{
				body: object({ deleteBy: { type: 'string', enum: ['dedupeFields', 'idField'] }, input }, [
					'input',
				]),
			},
			envelope(syncOutcome),
		),
		...(describe
			? [
					entry(
						'GET',
						`${base}/describe.json`,
						`Describe ${name}`,
						'objects',
						{},
						envelope(objectDescribe),
					),
				]
			: []),
	];
}

export const objectEndpointsAll: Endpoint[] = [
	...objectEndpoints('/rest/v1/companies', 'companies'),
	...objectEndpoints('/rest/v1/opportunities', 'opportunities'),
	...objectEndpoints('/rest/v1/opportunities/roles', 'opportunity roles'),
	...objectEndpoints('/rest/v1/namedaccounts', 'named accounts'),
	...objectEndpoints('/rest/v1/namedAccountLists', 'named account lists', false),
	...objectEndpoints('/rest/v1/customobjects/{name}', 'custom objects'),
	entry(
		'GET',
		'/rest/v1/customobjects.json',
		'List custom objects',
		'objects',
		{ query: { names: list } },
		envelope(objectDescribe),
	),
	entry(
		'GET',
		'/rest/v1/namedAccountList/{id}/namedAccounts.json',
		'Get named account list members',
		'objects',
		{ query: { fields: list, batchSize, nextPageToken: text } },
		envelope(recordOfFields, paged),
	),
	...[
		'/rest/v1/namedAccountList/{id}/namedAccounts.json',
		'/rest/v1/namedAccountList/{id}/namedAccounts/remove.json',
	].map((path) =>
		entry(
			'POST',
			path,
			path.endsWith('remove.json')
				? 'Remove named account list members'
				: 'Add named account list members',
			'objects',
			{
				body: object(
					{
						input: {
							type: 'array',
							minItems: 1,
							maxItems: 300,
							items: object({ marketoGUID: text }, ['marketoGUID']),
						},
					},
					['input'],
				),
			},
			envelope(syncOutcome),
		),
	),
	entry(
		'GET',
		'/rest/v1/programs/members/describe.json',
		'Describe program member',
		'members',
		{},
		envelope(objectDescribe),
	),
	entry(
		'GET',
		'/rest/v1/programs/{programId}/members.json',
		'Query program members',
		'members',
		{
			query: {
				filterType: text,
				filterValues: list,
				fields: list,
				startAt: text,
				endAt: text,
				batchSize,
				nextPageToken: text,
			},
			requiredQuery: ['filterType'],
		},
		envelope(recordOfFields, paged),
	),
	entry(
		'POST',
		'/rest/v1/programs/{programId}/members.json',
		'Sync program member data',
		'members',
		{ body: object({ input }, ['input']) },
		envelope(syncOutcome),
	),
	entry(
		'POST',
		'/rest/v1/programs/{programId}/members/status.json',
		'Sync program member status',
		'members',
		{
			body: object(
				{
					statusName: text,
					input: {
						type: 'array',
						minItems: 1,
						maxItems: 300,
						items: object({ leadId: int }, ['leadId']),
					},
				},
				['statusName', 'input'],
			),
		},
		envelope(syncOutcome),
	),
	entry(
		'POST',
		'/rest/v1/programs/{programId}/members/delete.json',
		'Delete program members',
		'members',
		{
			body: object(
				{
					input: {
						type: 'array',
						minItems: 1,
						maxItems: 300,
						items: object({ leadId: int }, ['leadId']),
					},
				},
				['input'],
			),
		},
		envelope(syncOutcome),
	),
];
