/**
 * Hostile and unlucky input for the marketing node: item 0 is good, item 1 is bad, in every case,
 * under Continue On Fail. The bad item costs no call (the service sees only the good item's), its
 * message names the field and the item, and the good item goes on.
 */
import type { IDataObject } from 'n8n-workflow';

import { LEAD_UPSERT_BY_EMAIL } from '../../harness/marketing';
import { useMarketing } from './helpers';

interface Operation {
	parameters: IDataObject;
	good: IDataObject;
	/** The calls the good item makes, as `METHOD path`. */
	calls: string[];
	/** The node version the operation needs (1 when omitted). */
	typeVersion?: number;
}

const OPERATIONS: Record<string, Operation> = {
	upsert: {
		parameters: LEAD_UPSERT_BY_EMAIL,
		good: { email: 'good.lead@example.com' },
		calls: ['POST /rest/v1/leads.json'],
	},
	upsertMapped: {
		parameters: { resource: 'lead', operation: 'createOrUpdate' },
		good: { email: 'good.mapped@example.com' },
		calls: ['GET /rest/v1/leads/describe2.json', 'POST /rest/v1/leads.json'],
		typeVersion: 2.1,
	},
	addLeads: {
		parameters: {
			resource: 'list',
			operation: 'addLeads',
			list: { mode: 'id', value: '={{ $json.list ?? 1001 }}' },
			leadIds: '={{ $json.v }}',
		},
		good: { v: '1' },
		calls: ['POST /rest/v1/lists/1001/leads.json'],
	},
	trigger: {
		parameters: {
			resource: 'campaign',
			operation: 'trigger',
			campaign: { mode: 'id', value: '={{ $json.c ?? 2001 }}' },
			leadIds: '={{ $json.v }}',
			tokens: {},
		},
		good: { v: '1' },
		calls: ['POST /rest/v1/campaigns/2001/trigger.json'],
	},
	getCampaign: {
		parameters: {
			resource: 'campaign',
			operation: 'get',
			campaign: { mode: 'id', value: '={{ $json.v }}' },
		},
		good: { v: '2001' },
		calls: ['GET /rest/v1/campaigns/2001.json'],
	},
	setTokens: {
		parameters: {
			resource: 'token',
			operation: 'createOrUpdate',
			owner: 'program',
			program: { mode: 'id', value: '3003' },
			tokens: {
				token: [{ name: '={{ $json.name }}', type: '={{ $json.type }}', value: '={{ $json.v }}' }],
			},
		},
		good: { name: 'Room', type: 'text', v: 'B' },
		calls: ['POST /rest/asset/v1/folder/3003/tokens.json'],
		typeVersion: 2,
	},
	apiCall: {
		parameters: {
			resource: 'apiCall',
			operation: 'send',
			method: 'GET',
			endpoint: '={{ $json.v }}',
		},
		good: { v: '/rest/v1/lists.json' },
		calls: ['GET /rest/v1/lists.json'],
	},
	sendSample: {
		parameters: {
			resource: 'email',
			operation: 'sendSample',
			email: { mode: 'id', value: '4002' },
			emailAddress: '={{ $json.v }}',
			options: {},
		},
		good: { v: 'qa@example.com' },
		calls: ['POST /rest/asset/v1/email/4002/sendSample.json'],
		typeVersion: 2,
	},
	updateSection: {
		parameters: {
			resource: 'email',
			operation: 'updateContentSection',
			email: { mode: 'id', value: '4002' },
			section: { mode: 'id', value: '={{ $json.v }}' },
			type: 'Text',
			value: '<p>Hi</p>',
			options: {},
		},
		good: { v: 'headline' },
		calls: ['POST /rest/asset/v1/email/4002/content/headline.json'],
		typeVersion: 2,
	},
	submitForm: {
		parameters: {
			resource: 'form',
			operation: 'submit',
			form: { mode: 'id', value: '501' },
			formFields: { mappingMode: 'autoMapInputData', value: null },
			options: {},
		},
		good: { email: 'good.fill@example.com' },
		calls: [
			'GET /rest/asset/v1/form/501/fields.json',
			'GET /rest/v1/leads/describe.json',
			'POST /rest/v1/leads/submitForm.json',
		],
		typeVersion: 2,
	},
};

const HUGE = 'x'.repeat(100_000);
const SHORTENED = `"${'x'.repeat(100)}…" (100000 characters)`;

const notEmail = (echoed: string) => `The email ${echoed} of item 1 is not a valid email address`;
const notLeadId = (echoed: string) =>
	`${echoed} in Lead IDs of item 1 is not a positive whole number`;
const STRAY = 'Item 1 has';
const NO_LEAD_FIELD = "the service's leads do not have";
const refused = (reason: string) => `Endpoint refused in item 1: ${reason}`;
const DOT_SEGMENT =
	'The endpoint contains a dot segment ("." or "..", in any encoding), an empty segment or an encoded slash, which could leave the service path';
const NOT_A_PATH = 'The endpoint is an absolute URL or names another host; only a path is allowed';

/** [name, operation, bad item, message] */
const CASES: Array<[string, keyof typeof OPERATIONS, IDataObject, string]> = [
	['e-mail without a domain', 'upsert', { email: 'ana@' }, notEmail('"ana@"')],
	[
		'e-mail with CRLF and a header',
		'upsert',
		{ email: 'ana@example.com\r\nBcc: x@evil.example' },
		// The line break is echoed visibly, so it cannot forge a line in a log.
		notEmail('"ana@example.com\\r\\nBcc: x@evil.example"'),
	],
	['e-mail from an object', 'upsert', { email: { a: 1 } }, notEmail('"{"a":1}"')],
	['e-mail from a number', 'upsert', { email: 42 }, notEmail('"42"')],
	[
		'e-mail resolving to null (the lookup field)',
		'upsert',
		{ email: null, firstName: 'No Mail' },
		'Item 1 has no value for the lookup field "email"',
	],
	[
		'e-mail with a space and unicode',
		'upsert',
		{ email: 'an a@exämple.com' },
		notEmail('"an a@exämple.com"'),
	],
	['e-mail of 100,000 characters', 'upsert', { email: HUGE }, notEmail(SHORTENED)],
	[
		'a mapped lead field with CRLF in its name',
		'upsertMapped',
		{ email: 'bad.mapped@example.com', 'X-Evil\r\nY': 1 },
		// The line break is echoed visibly, so it cannot forge a line in a log.
		`${STRAY} a field ${NO_LEAD_FIELD}: "X-Evil\\r\\nY"; it was not written`,
	],
	[
		'a mapped lead field name of 100,000 characters',
		'upsertMapped',
		{ email: 'bad.mapped@example.com', [HUGE]: 1 },
		`${STRAY} a field ${NO_LEAD_FIELD}: ${SHORTENED}; it was not written`,
	],
	[
		'a mapped lead with 60 fields the service lacks',
		'upsertMapped',
		{
			email: 'bad.mapped@example.com',
			...Object.fromEntries(Array.from({ length: 60 }, (_v, i) => [`extra${i}`, i])),
		},
		`${STRAY} fields ${NO_LEAD_FIELD}: ${Array.from({ length: 19 }, (_v, i) => `"extra${i}"`).join(', ')} and 41 more; it was not written`,
	],
	['lead IDs of 100,000 characters', 'addLeads', { v: HUGE }, notLeadId(SHORTENED)],
	['lead IDs as text', 'addLeads', { v: 'abc' }, notLeadId('"abc"')],
	['a negative lead ID', 'addLeads', { v: '-5' }, notLeadId('"-5"')],
	['lead IDs with a statement', 'addLeads', { v: '1;DROP TABLE' }, notLeadId('"DROP TABLE"')],
	['a decimal lead ID', 'addLeads', { v: '1.5' }, notLeadId('"1.5"')],
	['lead IDs resolving to null', 'addLeads', { v: null }, 'No Lead IDs given in item 1'],
	['lead IDs from an object', 'addLeads', { v: { id: 1 } }, notLeadId('"[object Object]"')],
	[
		'a list ID with a dot segment',
		'addLeads',
		{ v: '1', list: '1001/../1002' },
		'The list ID "1001/../1002" in item 1 is not a positive whole number',
	],
	['lead IDs with CRLF', 'trigger', { v: '1\r\n2x' }, notLeadId('"2x"')],
	['lead IDs in Arabic-Indic digits', 'trigger', { v: '١٢' }, notLeadId('"١٢"')],
	[
		'campaign ID 0',
		'trigger',
		{ v: '1', c: 0 },
		'The campaign ID "0" in item 1 is not a positive whole number',
	],
	[
		'a campaign ID with a query',
		'trigger',
		{ v: '1', c: '2001?x=1' },
		'The campaign ID "2001?x=1" in item 1 is not a positive whole number',
	],
	[
		'campaign ID ".."',
		'getCampaign',
		{ v: '..' },
		'The campaign ID ".." in item 1 is not a positive whole number',
	],
	[
		'a campaign ID from an object',
		'getCampaign',
		{ v: { id: 2001 } },
		'The campaign ID "[object Object]" in item 1 is not a positive whole number',
	],
	[
		'a campaign ID resolving to null',
		'getCampaign',
		{ v: null },
		'The campaign ID "" in item 1 is not a positive whole number',
	],
	[
		'a token name of 100,000 characters',
		'setTokens',
		{ name: HUGE, type: 'text', v: 'x' },
		`Token 1 of item 1 has the name ${SHORTENED}, longer than 50 characters`,
	],
	[
		'a token name with CRLF',
		'setTokens',
		{ name: 'Room\r\nX-Evil: 1', type: 'text', v: 'x' },
		// Echoed visibly, so it cannot forge a line in a log.
		'Token 1 of item 1 has the name "Room\\r\\nX-Evil: 1", with control characters or line breaks',
	],
	[
		'a token type from an object',
		'setTokens',
		{ name: 'Room', type: { t: 'text' }, v: 'x' },
		'Token 1 of item 1 ("Room") has the type "[object Object]", which the service does not have',
	],
	[
		'a date token of another format',
		'setTokens',
		{ name: 'Day', type: 'date', v: '17/12/2026' },
		'Token 1 of item 1 ("Day"): the date value "17/12/2026" is not a date written YYYY-MM-DD',
	],
	[
		'the identity endpoint',
		'apiCall',
		{ v: '/identity/oauth/token' },
		refused('The endpoint must start with /rest/ or /bulk/'),
	],
	[
		'an absolute URL to another host',
		'apiCall',
		{ v: 'https://evil.example.com/rest/v1/lists.json' },
		refused(NOT_A_PATH),
	],
	[
		'a protocol-relative URL',
		'apiCall',
		{ v: '//evil.example.com/rest/v1/lists.json' },
		refused(NOT_A_PATH),
	],
	[
		'a URL with user info',
		'apiCall',
		{ v: 'http://user:pw@evil.example.com/rest/' },
		refused(NOT_A_PATH),
	],
	[
		'upper-case encoded dot segments',
		'apiCall',
		{ v: '/rest/%2E%2E/identity/oauth/token' },
		refused(DOT_SEGMENT),
	],
	[
		'a half-encoded dot segment',
		'apiCall',
		{ v: '/rest/.%2e/identity/oauth/token' },
		refused(DOT_SEGMENT),
	],
	[
		'"..;" (a dot segment to some servers)',
		'apiCall',
		{ v: '/rest/..;/identity/oauth/token' },
		refused(DOT_SEGMENT),
	],
	[
		'backslashes',
		'apiCall',
		{ v: '/rest\\..\\identity\\oauth\\token' },
		refused('The endpoint contains a backslash'),
	],
	[
		'an endpoint with CRLF and a header',
		'apiCall',
		{ v: '/rest/v1/lists.json\r\nX-Evil: 1' },
		refused('The endpoint contains control characters or line breaks'),
	],
	[
		'an endpoint resolving to null',
		'apiCall',
		{ v: null },
		refused('The endpoint must be text such as /v1/path, not null'),
	],
	[
		'an endpoint from a number',
		'apiCall',
		{ v: 42 },
		refused('The endpoint must be text such as /v1/path, not number'),
	],
	[
		'an endpoint from an object',
		'apiCall',
		{ v: { path: '/rest' } },
		refused('The endpoint must be text such as /v1/path, not object'),
	],
	[
		'a sample address with CRLF and a header',
		'sendSample',
		{ v: 'qa@example.com\r\nBcc: x@evil.example' },
		'The address "qa@example.com\\r\\nBcc: x@evil.example" in the \'Send To\' field of item 1 is not an e-mail address',
	],
	[
		'a sample address of 100,000 characters',
		'sendSample',
		{ v: HUGE },
		`The address ${SHORTENED} in the 'Send To' field of item 1 is not an e-mail address`,
	],
	[
		'a section ID with a dot segment',
		'updateSection',
		{ v: '../approveDraft' },
		'The section "../approveDraft" of item 1 is not an HTML ID',
	],
	[
		'a section ID with CRLF',
		'updateSection',
		{ v: 'headline\r\nX-Evil: 1' },
		'The section "headline\\r\\nX-Evil: 1" of item 1 is not an HTML ID',
	],
	[
		'a form fill with CRLF in its e-mail',
		'submitForm',
		{ email: 'ana@example.com\r\nBcc: x@evil.example' },
		'The email "ana@example.com\\r\\nBcc: x@evil.example" of item 1 is not an e-mail address',
	],
	[
		'a form fill with a field the form lacks',
		'submitForm',
		{ email: 'ana@example.com', password: 'x' },
		'Item 1 sends a field form 501 does not have: "password" (its fields: Email, FirstName, LastName, Company); nothing was submitted',
	],
];

describe('Marketing Automation: hostile input', () => {
	const env = useMarketing();

	it.each(CASES)(
		'%s: no call, a message naming field and item',
		async (_name, key, bad, message) => {
			const operation = OPERATIONS[key];
			const result = await env.run(operation.parameters, {
				items: [operation.good, bad],
				continueOnFail: true,
				typeVersion: operation.typeVersion,
			});
			expect(result.error).toBeUndefined();
			// The service saw only the good item's call.
			expect(env.sim.services.marketing.calls.map((call) => `${call.method} ${call.path}`)).toEqual(
				operation.calls,
			);
			const output = result.output();
			expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
			expect(output[0].json.error).toBeUndefined();
			expect(output[1].json.error).toBe(message);
			expect(String(output[1].json.error).length).toBeLessThan(400);
		},
	);
});
