/**
 * The marketing service's identity endpoint and Lead Database REST API as the nodes call them:
 * leads, lead fields, forms, activities, static lists, smart campaigns, usage. Sources: the docs
 * pages of `AdobeDocs/marketo-developer.en` `help/rest-api/` (cited by page) and the Lead Database
 * swagger (operationIds as `../shared/reference/marketing-service.md` cites them).
 */
import {
	FORM_BODY,
	JSON_BODY,
	entry,
	envelope,
	flag,
	int,
	nullableText,
	object,
	paged,
	recordOfFields,
	scalar,
	syncOutcome,
	text,
	texts,
} from './marketingCommon';
import type { Endpoint, Schema } from './types';

const ids = { type: ['integer', 'string'] } as Schema;
const batchSize: Schema = { type: 'integer', minimum: 1, maximum: 300 };
const leadsQuery = {
	filterType: text,
	filterValues: { type: 'array', items: text } as Schema,
	fields: { type: 'array', items: text } as Schema,
	batchSize,
	nextPageToken: text,
	_method: { type: 'string', enum: ['GET'] } as Schema,
};
/** `POST …?_method=GET` carries the query as a form body (leads.md "Query" on long URLs). */
const leadsQueryBody: Schema = object({
	filterType: text,
	filterValues: text,
	fields: text,
	batchSize: text,
	nextPageToken: text,
});

const token: Schema = object(
	{ access_token: text, token_type: text, expires_in: int, scope: text },
	['access_token', 'expires_in'],
);
/** The identity endpoint's OAuth error (bad client credentials), HTTP 401. */
const oauthError: Schema = object({ error: text, error_description: text }, ['error']);
const identity = (endpoint: Endpoint): Endpoint => ({
	...endpoint,
	answers: { ...endpoint.answers, '401': oauthError },
	assumed: [
		...(endpoint.assumed ?? []),
		'Bad client credentials: HTTP 401 with the OAuth error body (authentication.md shows only the success).',
	],
});
const credentials: Schema = object(
	{
		grant_type: { type: 'string', enum: ['client_credentials'] },
		client_id: text,
		client_secret: text,
	},
	['grant_type', 'client_id', 'client_secret'],
);

const activity: Schema = object({
	id: int,
	marketoGUID: text,
	leadId: int,
	activityDate: text,
	activityTypeId: int,
	campaignId: {
		type: ['integer', 'null'],
		assumed: 'An activity logged outside a campaign (by the API) has no campaign: null.',
	},
	primaryAttributeValueId: int,
	primaryAttributeValue: text,
	attributes: { type: 'array', items: object({ name: text, value: {} }) },
	fields: {
		type: 'array',
		items: object({ id: int, name: text, newValue: {}, oldValue: {} }),
	},
});
const campaign: Schema = object({
	id: int,
	name: text,
	description: text,
	type: text,
	programName: text,
	programId: int,
	workspaceName: text,
	createdAt: text,
	updatedAt: text,
	active: flag,
});
const staticList: Schema = object({
	id: int,
	name: text,
	description: text,
	programName: text,
	workspaceName: text,
	createdAt: text,
	updatedAt: text,
});
const leadField: Schema = object({
	id: int,
	displayName: text,
	dataType: text,
	length: int,
	rest: object({ name: text, readOnly: flag }),
	soap: object({ name: text, readOnly: flag }),
});
const fieldSchema: Schema = object({
	name: text,
	displayName: text,
	description: nullableText,
	dataType: text,
	length: int,
	isHidden: flag,
	isHtmlEncodingInEmail: flag,
	isSensitive: flag,
	isCustom: flag,
	isApiCreated: flag,
});
const usageDay: Schema = object({
	date: text,
	total: int,
	users: { type: 'array', items: object({ userId: text, count: int }) },
});
const tokens: Schema = {
	type: 'array',
	items: object({ name: text, value: text }, ['name']),
};

export const leadEndpoints: Endpoint[] = [
	identity(
		entry(
			'POST',
			'/identity/oauth/token',
			'Identity: Get access token',
			'auth',
			{ body: credentials, contentType: FORM_BODY },
			token,
			[
				'The page shows GET with the credentials in the query; a form-encoded POST is what public clients send (marketing-service.md §2, segment and airbyte).',
			],
		),
	),
	identity({
		...entry(
			'GET',
			'/identity/oauth/token',
			'Identity: Get access token',
			'auth',
			{
				query: {
					grant_type: { type: 'string', enum: ['client_credentials'] },
					client_id: text,
					client_secret: text,
				},
				requiredQuery: ['grant_type', 'client_id', 'client_secret'],
			},
			token,
		),
	}),
	entry(
		'GET',
		'/rest/v1/leads.json',
		'getLeadsByFilterUsingGET',
		'leads',
		{ query: leadsQuery, requiredQuery: ['filterType', 'filterValues'] },
		envelope(recordOfFields, paged),
	),
	entry(
		'POST',
		'/rest/v1/leads.json',
		'syncLeadUsingPOST (and getLeadsByFilter with _method=GET)',
		'leads',
		{
			query: { _method: { type: 'string', enum: ['GET'] } },
			contentType: [...JSON_BODY, ...FORM_BODY],
			body: {
				anyOf: [
					object(
						{
							action: {
								type: 'string',
								enum: ['createOnly', 'updateOnly', 'createOrUpdate', 'createDuplicate'],
							},
							lookupField: text,
							partitionName: text,
							asyncProcessing: flag,
							input: { type: 'array', minItems: 1, maxItems: 300, items: recordOfFields },
						},
						['input'],
					),
					leadsQueryBody,
				],
			},
		},
		envelope({ anyOf: [syncOutcome, recordOfFields] }, paged),
	),
	entry(
		'POST',
		'/rest/v1/leads/delete.json',
		'deleteLeadsUsingPOST',
		'leads',
		{
			body: object(
				{
					input: { type: 'array', minItems: 1, maxItems: 300, items: object({ id: int }, ['id']) },
				},
				['input'],
			),
		},
		envelope(syncOutcome),
	),
	entry(
		'POST',
		'/rest/v1/leads/{id}/merge.json',
		'mergeLeadsUsingPOST',
		'leads',
		{ query: { leadId: int, leadIds: { type: 'array', items: text }, mergeInCRM: flag } },
		envelope(),
	),
	entry(
		'GET',
		'/rest/v1/leads/describe.json',
		'describeUsingGET_2',
		'leads',
		{},
		envelope(leadField),
	),
	entry(
		'GET',
		'/rest/v1/leads/describe2.json',
		'describeUsingGET_6 (Describe Lead2)',
		'leads',
		{},
		envelope(
			object({
				name: text,
				description: text,
				createdAt: text,
				updatedAt: text,
				dedupeFields: texts,
				searchableFields: { type: 'array', items: texts },
				fields: {
					type: 'array',
					items: object({
						name: text,
						displayName: text,
						dataType: text,
						length: int,
						updateable: flag,
						crmManaged: flag,
					}),
				},
			}),
		),
	),
	entry(
		'GET',
		'/rest/v1/leads/schema/fields.json',
		'getLeadFieldsUsingGET',
		'fields',
		{ query: { batchSize, nextPageToken: text } },
		envelope(fieldSchema, paged),
	),
	entry(
		'POST',
		'/rest/v1/leads/schema/fields.json',
		'createLeadFieldUsingPOST',
		'fields',
		{
			body: object(
				{
					input: {
						type: 'array',
						minItems: 1,
						items: object(
							{
								name: text,
								displayName: text,
								dataType: text,
								description: text,
								length: int,
								isHidden: flag,
								isHtmlEncodingInEmail: flag,
								isSensitive: flag,
							},
							['name', 'displayName', 'dataType'],
						),
					},
				},
				['input'],
			),
		},
		envelope(object({ name: text, status: text, reasons: { type: 'array' } })),
	),
	entry(
		'GET',
		'/rest/v1/leads/programs/{programId}.json',
		'getLeadsByProgramIdUsingGET',
		'leads',
		{ query: { fields: { type: 'array', items: text }, batchSize, nextPageToken: text } },
		envelope(recordOfFields, paged),
	),
	entry(
		'POST',
		'/rest/v1/leads/submitForm.json',
		'submitFormUsingPOST',
		'leads',
		{
			body: object(
				{
					formId: int,
					programId: int,
					input: {
						type: 'array',
						minItems: 1,
						maxItems: 1,
						items: object(
							{
								leadFormFields: {
									type: 'object',
									required: ['email'],
									additionalProperties: scalar,
									assumed: 'Any field on the form, by its REST name.',
								},
								visitorData: object({
									pageURL: text,
									queryString: text,
									leadClientIpAddress: text,
									userAgentString: text,
								}),
								cookie: text,
							},
							['leadFormFields'],
						),
					},
				},
				['formId', 'input'],
			),
		},
		envelope(syncOutcome),
	),
	entry(
		'GET',
		'/rest/v1/activities/pagingtoken.json',
		'getActivitiesPagingTokenUsingGET',
		'activities',
		{ query: { sinceDatetime: text }, requiredQuery: ['sinceDatetime'] },
		envelope(undefined, { nextPageToken: text }),
	),
	entry(
		'GET',
		'/rest/v1/activities.json',
		'getLeadActivitiesUsingGET',
		'activities',
		{
			query: {
				nextPageToken: text,
				activityTypeIds: { type: 'array', items: text },
				assetIds: { type: 'array', items: text },
				leadIds: { type: 'array', items: text },
				listId: int,
				batchSize,
			},
			requiredQuery: ['nextPageToken', 'activityTypeIds'],
		},
		envelope(activity, paged),
	),
	entry(
		'GET',
		'/rest/v1/activities/leadchanges.json',
		'getLeadChangesUsingGET',
		'activities',
		{
			query: {
				nextPageToken: text,
				fields: { type: 'array', items: text },
				leadIds: { type: 'array', items: text },
				listId: int,
				batchSize,
			},
			requiredQuery: ['nextPageToken', 'fields'],
		},
		envelope(activity, paged),
	),
	entry(
		'GET',
		'/rest/v1/activities/types.json',
		'getAllActivityTypesUsingGET',
		'activities',
		{},
		envelope(
			object({
				id: int,
				name: text,
				description: text,
				primaryAttribute: object({ name: text, dataType: text }),
				attributes: { type: 'array', items: object({ name: text, dataType: text }) },
			}),
		),
	),
	entry(
		'GET',
		'/rest/v1/campaigns.json',
		'getCampaignsUsingGET',
		'campaigns',
		{
			query: {
				id: { type: 'array', items: text },
				name: { type: 'array', items: text },
				programName: { type: 'array', items: text },
				workspaceName: { type: 'array', items: text },
				isTriggerable: flag,
				batchSize,
				nextPageToken: text,
			},
		},
		envelope(campaign, paged),
	),
	entry(
		'GET',
		'/rest/v1/campaigns/{id}.json',
		'getCampaignByIdUsingGET',
		'campaigns',
		{},
		envelope(campaign),
	),
	entry(
		'POST',
		'/rest/v1/campaigns/{id}/trigger.json',
		'triggerCampaignUsingPOST',
		'campaigns',
		{
			body: object(
				{
					input: object(
						{
							leads: {
								type: 'array',
								minItems: 1,
								maxItems: 100,
								items: object({ id: int }, ['id']),
							},
							tokens,
						},
						['leads'],
					),
				},
				['input'],
			),
		},
		envelope(object({ id: int })),
	),
	entry(
		'POST',
		'/rest/v1/campaigns/{id}/schedule.json',
		'scheduleCampaignUsingPOST',
		'campaigns',
		{
			body: object({
				input: object({ runAt: text, cloneToProgramName: text, tokens }),
			}),
		},
		envelope(object({ id: int })),
	),
	entry(
		'GET',
		'/rest/v1/lists.json',
		'getListsUsingGET',
		'lists',
		{
			query: {
				id: { type: 'array', items: text },
				name: { type: 'array', items: text },
				programName: { type: 'array', items: text },
				workspaceName: { type: 'array', items: text },
				batchSize,
				nextPageToken: text,
			},
		},
		envelope(staticList, paged),
	),
	entry(
		'GET',
		'/rest/v1/lists/{listId}/leads.json',
		'getLeadsByListIdUsingGET',
		'lists',
		{ query: { fields: { type: 'array', items: text }, batchSize, nextPageToken: text } },
		envelope(recordOfFields, paged),
	),
	...(['POST', 'DELETE'] as const).map((method) =>
		entry(
			method,
			'/rest/v1/lists/{listId}/leads.json',
			method === 'POST' ? 'addLeadsToListUsingPOST' : 'removeLeadsFromListUsingDELETE',
			'lists',
			{
				// The lead IDs as `input` or as repeated `id` query keys (list-membership.md).
				query: { id: { type: 'array', items: text } },
				body: object({
					input: { type: 'array', minItems: 1, maxItems: 300, items: object({ id: ids }, ['id']) },
				}),
			},
			envelope(syncOutcome),
		),
	),
	entry(
		'GET',
		'/rest/v1/stats/usage.json',
		'getDailyUsageUsingGET',
		'usage',
		{},
		envelope(usageDay),
	),
	entry(
		'GET',
		'/rest/v1/stats/usage/last7days.json',
		'getLast7DaysUsageUsingGET',
		'usage',
		{},
		envelope(usageDay),
	),
];
