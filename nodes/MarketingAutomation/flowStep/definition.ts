import type { IDataObject } from 'n8n-workflow';

import { DATA_TYPES, RESERVED_NAMES, type DataType } from './dataTypes';

/**
 * The flow step as the node's fields describe it, and what the provider interface (1.0.0) wants
 * served from it: the service definition, the picklists, the status and the install document.
 * One concern: each served document is derived from the same reading of the fields, so they stay
 * together and cannot disagree.
 */

/** The interface version the node serves. */
export const SCHEMA_VERSION = '1.0.0';

interface Choice {
	value: string;
	label: string;
}

interface FlowInput {
	apiName: string;
	displayName: string;
	dataType: DataType;
	choices: Choice[];
	enforceChoices: boolean;
}

interface LeadField {
	apiName: string;
	suggestedField: string;
	dataType: DataType;
	required?: boolean;
}

interface Attribute {
	apiName: string;
	displayName: string;
	dataType: DataType;
}

export interface FlowStepConfig {
	name: string;
	apiName: string;
	description: string;
	providerName: string;
	supportContact: string;
	inputs: FlowInput[];
	incomingFields: LeadField[];
	returnedFields: LeadField[];
	attributes: Attribute[];
	contexts: string[];
	myTokens: string[];
	invocationsPerMinute: number;
	authentication: 'apiKey' | 'basic';
}

/** The input added when the node's fields declare none: the interface needs a primary one. */
export const STEP_LABEL_INPUT: FlowInput = {
	apiName: 'stepLabel',
	displayName: 'Step Label',
	dataType: 'string',
	choices: [],
	enforceChoices: false,
};

const rows = (value: unknown, key: string): IDataObject[] =>
	((value as IDataObject | undefined)?.[key] as IDataObject[] | undefined) ?? [];

const dataTypeOf = (value: unknown): DataType =>
	DATA_TYPES.includes(value as DataType) ? (value as DataType) : 'string';

function choicesOf(text: unknown): Choice[] {
	return String(text ?? '')
		.split('\n')
		.map((line) => line.trim())
		.filter(Boolean)
		.map((line) => {
			const at = line.indexOf('=');
			if (at < 0) return { value: line, label: line };
			const value = line.slice(0, at).trim();
			return { value, label: line.slice(at + 1).trim() || value };
		});
}

/** The node's parameters read into a config (unchecked: see `problemsOf`). */
export function readConfig(
	parameter: (name: string, fallback: unknown) => unknown,
	authentication: 'apiKey' | 'basic',
): FlowStepConfig {
	const options = parameter('options', {}) as IDataObject;
	const field = (row: IDataObject): LeadField => ({
		apiName: String(row.apiName ?? '').trim(),
		suggestedField: String(row.suggestedField ?? '').trim(),
		dataType: dataTypeOf(row.dataType),
		...(row.required === undefined ? {} : { required: row.required === true }),
	});
	const inputs = rows(parameter('flowInputs', {}), 'input').map((row) => ({
		apiName: String(row.apiName ?? '').trim(),
		displayName: String(row.displayName ?? '').trim(),
		dataType: dataTypeOf(row.dataType),
		choices: choicesOf(row.choices),
		enforceChoices: row.enforceChoices !== false,
	}));
	return {
		name: String(parameter('flowStepName', '')).trim(),
		apiName: String(parameter('flowStepApiName', '')).trim(),
		description: String(parameter('flowStepDescription', '')).trim(),
		providerName: String(parameter('providerName', '')).trim(),
		supportContact: String(parameter('supportContact', '')).trim(),
		inputs: inputs.length > 0 ? inputs : [STEP_LABEL_INPUT],
		incomingFields: rows(parameter('incomingFields', {}), 'field').map(field),
		returnedFields: rows(parameter('returnedFields', {}), 'field').map((row) =>
			field({ ...row, required: undefined }),
		),
		attributes: rows(parameter('activityAttributes', {}), 'attribute').map((row) => ({
			apiName: String(row.apiName ?? '').trim(),
			displayName: String(row.displayName ?? '').trim(),
			dataType: dataTypeOf(row.dataType),
		})),
		contexts: (parameter('contexts', []) as string[]) ?? [],
		myTokens: String(options.myContext ?? '')
			.split(',')
			.map((token) => token.trim())
			.filter(Boolean),
		invocationsPerMinute: Math.max(0, Number(options.invocationsPerMinute ?? 0) || 0),
		authentication,
	};
}

const API_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** What the interface does not allow in the config, each naming the field to fix. */
export function problemsOf(config: FlowStepConfig): string[] {
	const problems: string[] = [];
	if (!config.name) problems.push('Flow Step Name is empty');
	if (!API_NAME.test(config.apiName))
		problems.push(
			'Flow Step API Name must start with a letter and hold only letters, digits and _',
		);
	if (!config.providerName) problems.push('Provider Name is empty');
	if (!config.supportContact) problems.push('Support Contact is empty (an e-mail address or URL)');
	const named = (what: string, list: Array<{ apiName: string }>) => {
		const seen = new Set<string>();
		for (const { apiName } of list) {
			if (!API_NAME.test(apiName))
				problems.push(
					`${what}: "${apiName}" is not an API name (a letter, then letters, digits, _)`,
				);
			if (seen.has(apiName)) problems.push(`${what}: "${apiName}" is listed twice`);
			seen.add(apiName);
		}
	};
	named('Flow Step Inputs', config.inputs);
	named('Lead Fields Sent', config.incomingFields);
	named('Lead Fields Returned', config.returnedFields);
	named('Activity Attributes', config.attributes);
	for (const list of [config.incomingFields, config.returnedFields]) {
		if (list.some((f) => f.apiName === 'id'))
			problems.push('A lead field cannot be named "id": the lead ID is always sent and returned');
	}
	const inputs = new Set(config.inputs.map((i) => i.apiName));
	for (const { apiName } of [...config.inputs, ...config.attributes]) {
		if (RESERVED_NAMES.includes(apiName))
			problems.push(`"${apiName}" is reserved for the per-lead outcome; choose another name`);
	}
	for (const { apiName } of config.attributes) {
		if (inputs.has(apiName))
			problems.push(`"${apiName}" is both a flow step input and an activity attribute; rename one`);
	}
	for (const input of config.inputs) {
		if (input.choices.length > 1000)
			problems.push(`Flow Step Inputs: "${input.apiName}" has more than 1,000 choices`);
	}
	return problems;
}

const i18n = (name: string, description?: string) => ({
	en_US: { name, ...(description ? { description } : {}) },
});

/** `GET /getServiceDefinition`. */
export function serviceDefinition(config: FlowStepConfig): IDataObject {
	const has = (context: string) => config.contexts.includes(context);
	return {
		apiName: config.apiName,
		i18n: {
			en_US: {
				name: config.name,
				description: config.description || config.name,
				triggerName: `${config.name} was used`,
				filterName: `Used ${config.name}`,
			},
		},
		primaryAttribute: config.inputs[0].apiName,
		invocationPayloadDef: {
			flowAttributes: config.inputs.map((input) => ({
				apiName: input.apiName,
				i18n: i18n(input.displayName || input.apiName),
				dataType: input.dataType,
				hasPicklist: input.choices.length > 0,
				enforcePicklistSelect: input.choices.length > 0 && input.enforceChoices,
			})),
			fields: config.incomingFields.map((field) => ({
				serviceAttribute: field.apiName,
				...(field.suggestedField ? { suggestedMarketoAttribute: field.suggestedField } : {}),
				description: { en_US: field.apiName },
				dataType: field.dataType,
				required: field.required === true,
			})),
			userDrivenMapping: false,
			programContext: has('program'),
			campaignContext: has('campaign'),
			triggerContext: has('trigger'),
			programMemberContext: has('programMember'),
			subscriptionContext: has('subscription'),
			...(config.myTokens.length > 0 ? { myTokenContext: config.myTokens } : {}),
		},
		callbackPayloadDef: {
			attributes: config.attributes.map((attribute) => ({
				apiName: attribute.apiName,
				i18n: i18n(attribute.displayName || attribute.apiName),
				dataType: attribute.dataType,
			})),
			fields: config.returnedFields.map((field) => ({
				serviceAttribute: field.apiName,
				...(field.suggestedField ? { suggestedMarketoAttribute: field.suggestedField } : {}),
				description: { en_US: field.apiName },
				dataType: field.dataType,
			})),
			userDrivenMapping: false,
		},
	};
}

/** `POST /getPicklist`: the choices of one input (none for another name or type). */
export function picklistOf(config: FlowStepConfig, name: unknown, type: unknown): IDataObject {
	const input = type === 'flow' ? config.inputs.find((i) => i.apiName === name) : undefined;
	return {
		choices: (input?.choices ?? []).map((choice) => ({
			displayValue: { en_US: choice.label },
			submittedValue: choice.value,
		})),
	};
}

/** `GET /status`: the config's problems are the service log's errors. */
export function statusOf(config: FlowStepConfig): IDataObject {
	const problems = problemsOf(config);
	return {
		info: [`${config.name || 'Flow step'} is served by an n8n workflow`],
		warnings: [],
		errors: problems,
	};
}

const jsonAnswer = (ref: string, description: string) => ({
	description,
	content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
});
const image = (description: string) => ({
	get: {
		responses: {
			'200': {
				description,
				content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
			},
		},
	},
});
const status = (description: string) => ({ description });

/** The install document (`GET /openapi.json`): OpenAPI 3 with the interface's info and paths. */
export function installDocument(config: FlowStepConfig): IDataObject {
	const scheme =
		config.authentication === 'basic'
			? { basic: { type: 'http', scheme: 'basic', 'x-realm-required': false } }
			: { apiKey: { type: 'apiKey', name: 'x-api-key', in: 'header' } };
	return {
		openapi: '3.0.1',
		info: {
			title: config.name,
			description: config.description || config.name,
			version: '1.0.0',
			'x-providerName': config.providerName,
			'x-schemaVersion': SCHEMA_VERSION,
			'x-supportContact': config.supportContact,
		},
		security: [{ [Object.keys(scheme)[0]]: [] }],
		paths: {
			'/submitAsyncAction': {
				post: {
					requestBody: {
						required: true,
						content: { 'application/json': { schema: { $ref: '#/components/schemas/async' } } },
					},
					callbacks: {
						selfServiceFlowComplete: {
							'{$request.body#/flowComplete}': {
								post: {
									parameters: [
										{ in: 'header', name: 'x-api-key', required: true, schema: { type: 'string' } },
										{
											in: 'header',
											name: 'x-callback-token',
											required: true,
											schema: { type: 'string' },
										},
									],
									requestBody: {
										content: {
											'application/json': { schema: { $ref: '#/components/schemas/flowCallBack' } },
										},
									},
									responses: { '404': status('Not found'), '405': status('Invalid input') },
								},
							},
						},
					},
					responses: {
						'201': status('Accepted: the workflow runs and calls back'),
						'400': status('Bad request'),
						'401': status('No credentials'),
						'403': status('Wrong credentials'),
						'429': status('Too many invocations: retry later'),
						'500': status('The invocation could not be started'),
					},
				},
			},
			'/getServiceDefinition': {
				get: { responses: { '200': jsonAnswer('serviceDefinition', 'Service definition') } },
			},
			'/status': { get: { responses: { '200': jsonAnswer('serviceStatus', 'Status') } } },
			'/getPicklist': {
				post: {
					requestBody: {
						required: true,
						content: {
							'application/json': { schema: { $ref: '#/components/schemas/getPicklistRequest' } },
						},
					},
					responses: { '200': jsonAnswer('picklistObject', 'Choices') },
				},
			},
			'/brandIcon': image('Brand icon'),
			'/serviceIcon': image('Flow step icon'),
		},
		components: {
			// The shapes are the interface's own (its CFA-Swagger.yaml); named here for the references.
			schemas: Object.fromEntries(
				[
					'async',
					'flowCallBack',
					'serviceDefinition',
					'serviceStatus',
					'getPicklistRequest',
					'picklistObject',
				].map((name) => [name, { type: 'object' }]),
			),
			securitySchemes: scheme,
		},
	};
}
