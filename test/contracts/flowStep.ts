/**
 * The marketing service's self-service flow-step provider interface, version 1.0.0: the endpoints
 * a provider (the Flow Step Trigger) serves to the service, and the callback the provider calls on
 * the service with the results. Written from the interface's published OpenAPI document and its
 * validation schema; the simulator module `flowStep` plays the service's side (it receives the
 * callbacks), and the trigger's tests check what the node serves against the same entries.
 */
import type { Schema, ServiceContract } from './types';

const text: Schema = { type: 'string' };
const flag: Schema = { type: 'boolean' };
const anyObject: Schema = { type: 'object', additionalProperties: true };

/** fieldType: the interface's data types of attributes and field mappings. */
export const DATA_TYPES = [
	'boolean',
	'integer',
	'date',
	'datetime',
	'email',
	'float',
	'score',
	'string',
	'url',
	'text',
] as const;
const dataType: Schema = { type: 'string', enum: DATA_TYPES };

/** i18nString: translations keyed by locale, en_US required. */
const i18nString: Schema = {
	type: 'object',
	required: ['en_US'],
	properties: { en_US: text },
	additionalProperties: text,
};

/** attributeI18nObject. */
const attributeI18n: Schema = {
	type: 'object',
	properties: { name: text, description: text, uiTooltip: text },
};

/** attributeObject (callback attributes). */
const attribute: Schema = {
	type: 'object',
	required: ['apiName', 'i18n', 'dataType'],
	properties: {
		apiName: text,
		i18n: {
			type: 'object',
			required: ['en_US'],
			properties: { en_US: attributeI18n },
			additionalProperties: attributeI18n,
		},
		dataType,
	},
};

/** invocationAttributeObject: attributeObject with picklistAttribute's two switches. */
const invocationAttribute: Schema = {
	...attribute,
	properties: { ...attribute.properties, hasPicklist: flag, enforcePicklistSelect: flag },
};

/** fieldMapping (callback fields). */
const fieldMapping: Schema = {
	type: 'object',
	required: ['serviceAttribute', 'description', 'dataType'],
	properties: {
		serviceAttribute: { type: 'string', pattern: '^(?!id$).+' },
		suggestedMarketoAttribute: text,
		description: i18nString,
		dataType,
	},
};

/** invocationFieldMapping: fieldMapping with `required`. */
const invocationFieldMapping: Schema = {
	...fieldMapping,
	properties: { ...fieldMapping.properties, required: flag },
};

/** headerAttributeObject. */
const headerAttribute: Schema = {
	type: 'object',
	required: ['name'],
	properties: {
		name: text,
		description: i18nString,
		hasPicklist: flag,
		enforcePicklistSelect: flag,
	},
};

/** serviceDefinition. */
export const serviceDefinition: Schema = {
	type: 'object',
	required: ['apiName', 'i18n', 'primaryAttribute', 'invocationPayloadDef', 'callbackPayloadDef'],
	properties: {
		apiName: text,
		i18n: {
			type: 'object',
			properties: {
				en_US: {
					type: 'object',
					properties: { name: text, filterName: text, triggerName: text, description: text },
				},
			},
		},
		caBundle: text,
		primaryAttribute: text,
		invocationPayloadDef: {
			type: 'object',
			properties: {
				globalAttributes: { type: 'array', items: invocationAttribute },
				flowAttributes: { type: 'array', items: invocationAttribute },
				fields: { type: 'array', items: invocationFieldMapping },
				headers: { type: 'array', items: headerAttribute },
				userDrivenMapping: flag,
				programContext: flag,
				campaignContext: flag,
				triggerContext: flag,
				programMemberContext: flag,
				subscriptionContext: flag,
				myTokenContext: { type: 'array', items: text },
			},
		},
		callbackPayloadDef: {
			type: 'object',
			properties: {
				attributes: { type: 'array', items: attribute },
				fields: { type: 'array', items: fieldMapping },
				userDrivenMapping: flag,
			},
		},
	},
};

/** serviceStatus. */
export const serviceStatus: Schema = {
	type: 'object',
	properties: {
		info: { type: 'array', items: text },
		warnings: { type: 'array', items: text },
		errors: { type: 'array', items: text },
		deprecationMessage: text,
		deprecationDate: text,
	},
};

const fieldMappingRow: Schema = {
	type: 'object',
	required: ['marketoAttribute'],
	properties: { marketoAttribute: text, serviceAttribute: text },
};

/** getPicklistRequest. */
export const picklistRequest: Schema = {
	type: 'object',
	required: ['name', 'type'],
	properties: {
		name: text,
		type: { type: 'string', enum: ['flow', 'global', 'header'] },
		fieldMappingContext: {
			type: 'object',
			properties: {
				invocation: { type: 'array', items: fieldMappingRow },
				callback: { type: 'array', items: fieldMappingRow },
			},
		},
	},
};

/** picklistObject; at most 1,000 choices (ReadMe "/getPicklist"). */
export const picklist: Schema = {
	type: 'object',
	required: ['choices'],
	properties: {
		choices: {
			type: 'array',
			maxItems: 1000,
			items: {
				type: 'object',
				required: ['displayValue', 'submittedValue'],
				properties: {
					displayValue: i18nString,
					submittedValue: { type: ['boolean', 'integer', 'number', 'string'] },
				},
			},
		},
	},
};

/** leadData: the lead's id and its mapped fields. */
const leadData: Schema = {
	type: 'object',
	required: ['id'],
	properties: { id: { type: 'integer' } },
	additionalProperties: true,
};

/** async: the invocation body. */
export const invocation: Schema = {
	type: 'object',
	required: ['campaignId', 'callbackUrl'],
	properties: {
		token: text,
		batchid: text,
		apiCallBackKey: text,
		campaignId: { type: 'integer' },
		callbackUrl: text,
		context: {
			type: 'object',
			required: ['subscription'],
			properties: {
				subscription: {
					type: 'object',
					required: ['munchkinId'],
					properties: { munchkinId: text, prefix: text, crmSyncStatus: text },
				},
				admin: anyObject,
				campaign: {
					type: 'object',
					properties: {
						commLimitEnabled: flag,
						description: text,
						flowId: { type: 'number' },
						folderId: { type: 'number' },
						folderName: text,
						id: { type: 'number' },
						name: text,
						parentProgramId: { type: 'number' },
						smartListId: { type: 'number' },
						status: text,
						type: text,
						workspaceId: { type: 'number' },
						workspaceName: text,
					},
				},
				program: {
					type: 'object',
					properties: {
						channelName: text,
						description: text,
						id: { type: 'number' },
						name: text,
						status: text,
						type: text,
						createdAt: text,
						updatedAt: text,
					},
				},
			},
		},
		objectData: {
			type: 'array',
			items: {
				type: 'object',
				required: ['objectType', 'objectContext'],
				properties: {
					objectType: { type: 'string', enum: ['lead'] },
					objectContext: leadData,
					flowStepContext: anyObject,
					programMemberContext: {
						type: 'object',
						properties: {
							status: text,
							id: { type: 'integer' },
							membershipDate: text,
							reachedSuccess: flag,
							reachedSuccessDate: text,
							pmcf: anyObject,
						},
					},
					triggeringContext: { type: 'object', properties: { name: text, triggerName: text } },
				},
			},
		},
	},
};

/** flowCallBack: what the provider sends back. */
export const callbackBody: Schema = {
	type: 'object',
	required: ['munchkinId'],
	properties: {
		munchkinId: text,
		defaultValues: {
			type: 'object',
			properties: { leadDefaults: anyObject, activityDefaults: anyObject },
		},
		errorCode: text,
		errorMessage: text,
		objectData: {
			type: 'array',
			items: {
				type: 'object',
				required: ['leadData'],
				properties: {
					leadData,
					activityData: {
						type: 'object',
						properties: { success: flag, reason: text, errorCode: text },
						additionalProperties: true,
					},
				},
			},
		},
	},
};

/** The paths the install document must have, each pointing at the interface's schema names. */
const answerRef = (name: string): Schema => ({
	type: 'object',
	required: ['responses'],
	properties: {
		responses: {
			type: 'object',
			required: ['200'],
			additionalProperties: true,
			properties: {
				'200': {
					type: 'object',
					required: ['content'],
					additionalProperties: true,
					properties: {
						content: {
							type: 'object',
							required: ['application/json'],
							properties: {
								'application/json': {
									type: 'object',
									required: ['schema'],
									properties: {
										schema: {
											type: 'object',
											required: ['$ref'],
											properties: { $ref: { type: 'string', enum: [name] } },
										},
									},
								},
							},
						},
					},
				},
			},
		},
	},
	additionalProperties: true,
});

const imagePath: Schema = {
	type: 'object',
	required: ['get'],
	properties: {
		get: {
			type: 'object',
			required: ['responses'],
			additionalProperties: true,
			properties: {
				responses: {
					type: 'object',
					required: ['200'],
					properties: {
						'200': {
							type: 'object',
							required: ['content'],
							additionalProperties: true,
							properties: {
								content: { type: 'object', required: ['image/*'], additionalProperties: true },
							},
						},
					},
				},
			},
		},
	},
};

/** The install document: OpenAPI 3 with the interface's own requirements (schema.yaml). */
export const installDocument: Schema = {
	type: 'object',
	required: ['openapi', 'info', 'security', 'paths', 'components'],
	properties: {
		openapi: { type: 'string', pattern: '^3\\.' },
		info: {
			type: 'object',
			required: ['title', 'version', 'x-providerName', 'x-schemaVersion', 'x-supportContact'],
			additionalProperties: true,
			properties: {
				title: text,
				version: text,
				description: text,
				'x-providerName': { type: 'string', minLength: 1 },
				'x-schemaVersion': { type: 'string', enum: ['1.0.0'] },
				'x-supportContact': { type: 'string', minLength: 1 },
			},
		},
		security: {
			type: 'array',
			minItems: 1,
			items: {
				type: 'object',
				properties: {
					apiKey: { type: 'array', maxItems: 0 },
					basic: { type: 'array', maxItems: 0 },
				},
			},
		},
		paths: {
			type: 'object',
			required: ['/submitAsyncAction', '/getServiceDefinition', '/status'],
			properties: {
				'/submitAsyncAction': {
					type: 'object',
					required: ['post'],
					additionalProperties: true,
					properties: {
						post: {
							type: 'object',
							required: ['requestBody', 'callbacks', 'responses'],
							additionalProperties: true,
							properties: {
								callbacks: {
									type: 'object',
									required: ['selfServiceFlowComplete'],
									additionalProperties: true,
								},
								responses: {
									type: 'object',
									required: ['201', '400', '401', '403', '429', '500'],
									additionalProperties: true,
								},
							},
						},
					},
				},
				'/getServiceDefinition': {
					type: 'object',
					required: ['get'],
					properties: { get: answerRef('#/components/schemas/serviceDefinition') },
				},
				'/status': {
					type: 'object',
					required: ['get'],
					properties: { get: answerRef('#/components/schemas/serviceStatus') },
				},
				'/getPicklist': {
					type: 'object',
					required: ['post'],
					properties: { post: answerRef('#/components/schemas/picklistObject') },
				},
				'/brandIcon': imagePath,
				'/serviceIcon': imagePath,
			},
		},
		components: {
			type: 'object',
			required: ['schemas', 'securitySchemes'],
			properties: {
				schemas: { type: 'object', additionalProperties: true },
				securitySchemes: {
					type: 'object',
					properties: {
						apiKey: {
							type: 'object',
							required: ['type', 'name', 'in'],
							properties: {
								type: { type: 'string', enum: ['apiKey'] },
								name: text,
								in: { type: 'string', enum: ['query', 'header', 'cookie'] },
							},
						},
						basic: {
							type: 'object',
							required: ['type', 'scheme'],
							properties: {
								type: { type: 'string', enum: ['http'] },
								scheme: { type: 'string', enum: ['basic'] },
								'x-realm-required': flag,
							},
						},
					},
				},
			},
		},
	},
};

/** A refusal of the provider: the interface gives the status only; the node adds a short message. */
const refusal: Schema = {
	type: 'object',
	required: ['message'],
	properties: { message: text },
	assumed: 'the document gives these statuses without a body; a one-line message helps the admin',
};

export const flowStepContract: ServiceContract = {
	service: 'flowStep',
	prefix: '/flowstep',
	documents: {
		swagger:
			'CFA-Swagger.yaml, version 1.0.0, in the public repository adobe/Marketo-SSFS-Service-Provider-Interface (the provider interface as OpenAPI 3)',
		schema: 'schema.yaml in the same repository: what an install document must have beyond OpenAPI',
		readme:
			'ReadMe.md in the same repository: authoring rules, data types, limits and the changelog',
	},
	endpoints: [
		// What the provider (the node) serves; the service calls these.
		{
			method: 'GET',
			path: '/openapi.json',
			operation: 'install document',
			source: 'readme "Authoring › info", "Security"; schema (root, info, paths, components)',
			answers: { '200': installDocument },
			assumed: [
				'the path is the provider`s choice: the admin pastes the whole URL; the base path is what precedes it (readme "info")',
			],
		},
		{
			method: 'GET',
			path: '/getServiceDefinition',
			operation: 'getServiceDefinition',
			source: 'swagger paths./getServiceDefinition, components.schemas.serviceDefinition',
			answers: { '200': serviceDefinition, '401': refusal, '403': refusal },
		},
		{
			method: 'GET',
			path: '/status',
			operation: 'status',
			source: 'swagger paths./status, components.schemas.serviceStatus',
			answers: { '200': serviceStatus, '401': refusal, '403': refusal },
		},
		{
			method: 'POST',
			path: '/getPicklist',
			operation: 'getPicklist',
			source: 'swagger paths./getPicklist, schemas getPicklistRequest and picklistObject',
			request: { body: picklistRequest },
			answers: { '200': picklist, '401': refusal, '403': refusal },
		},
		{
			method: 'POST',
			path: '/submitAsyncAction',
			operation: 'submitAsyncAction',
			source: 'swagger paths./submitAsyncAction, components.schemas.async; readme "/async"',
			request: { body: invocation },
			answers: {
				'201': {
					assumed: 'the document gives 201 without a body: the service reads the status only',
				},
				'400': refusal,
				'401': refusal,
				'403': refusal,
				'429': refusal,
				'500': refusal,
			},
		},
		{
			method: 'GET',
			path: '/brandIcon',
			operation: 'brandIcon',
			source: 'swagger paths./brandIcon (image/*)',
			answers: { '200': { type: 'string' }, '401': refusal, '403': refusal },
		},
		{
			method: 'GET',
			path: '/serviceIcon',
			operation: 'serviceIcon',
			source: 'swagger paths./serviceIcon (image/*)',
			answers: { '200': { type: 'string' }, '401': refusal, '403': refusal },
		},
		// What the provider calls on the service: the simulator serves this one.
		{
			method: 'POST',
			path: '/callback/{run}',
			operation: 'selfServiceFlowComplete',
			source:
				'swagger paths./submitAsyncAction.post.callbacks.selfServiceFlowComplete, components.schemas.flowCallBack; readme "callbackData", "Data Types"',
			request: { params: { run: text }, body: callbackBody },
			answers: {
				'200': {
					assumed:
						'the document lists only the failures (404, 405); a delivered callback is taken as any 2xx',
				},
				'404': {},
				'405': {},
			},
			assumed: [
				'the URL is whatever callbackUrl the invocation carried ({$request.body#/flowComplete}); the simulator hands out /flowstep/callback/<run>',
				'headers x-api-key (the invocation`s apiCallBackKey) and x-callback-token (its token) are required; a wrong or used one is answered 404 (the document has no 401)',
				'a body that breaks flowCallBack is answered 405 (Invalid input)',
			],
		},
	],
};
