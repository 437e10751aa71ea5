import type { INode, INodeParameters, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MarketingAutomation } from '../../../nodes/MarketingAutomation/MarketingAutomation.node';
import { fromAiKeys } from '../../../nodes/shared/tool';

/**
 * What a model is offered: n8n builds a tool's arguments from the `$fromAI` calls in the node's
 * parameters as it resolves them (`getNodeParameters` with defaults, only the parameters shown
 * for the saved values, the node type's name ending in `Tool`). A model must be offered only the
 * arguments the operation then uses: with "Define Below" the mapped columns, with "Map
 * Automatically" the one record argument.
 */
const base = new MarketingAutomation().description;
const description = { ...base, name: `${base.name}Tool` };
const VERSION = 2.1;

function resolved(parameters: INodeParameters): INodeParameters {
	const node = { typeVersion: VERSION, parameters } as unknown as INode;
	return (
		NodeHelpers.getNodeParameters(
			description.properties,
			parameters,
			true,
			false,
			node,
			description,
		) ?? {}
	);
}

/** Every operation of version 2.1 with a column mapper, and the mapper's parameter name. */
function upserts(): Array<[string, string, string]> {
	const resources = (resolved({}) && description.properties.find((p) => p.name === 'resource'))
		?.options as INodePropertyOptions[];
	return resources.flatMap((resource) => {
		const withResource = resolved({ resource: String(resource.value) });
		const operations = description.properties
			.filter((p) => p.name === 'operation')
			.filter((p) =>
				NodeHelpers.displayParameter(
					withResource,
					p,
					{ typeVersion: VERSION } as INode,
					description,
				),
			)
			.flatMap((p) => (p.options as INodePropertyOptions[]).map((o) => String(o.value)));
		return operations.flatMap((operation) => {
			const parameters = resolved({ resource: String(resource.value), operation });
			const mapper = description.properties.find(
				(p) =>
					p.type === 'resourceMapper' &&
					p.name in parameters &&
					NodeHelpers.displayParameter(
						parameters,
						p,
						{ typeVersion: VERSION } as INode,
						description,
					),
			);
			return mapper
				? [[String(resource.value), operation, mapper.name] as [string, string, string]]
				: [];
		});
	});
}

const cases = upserts();

/** The record argument of each mapper; a program member's fields come from the item (none). */
const RECORD_ARGUMENT: Record<string, string[]> = {
	lead: ['lead'],
	form: ['fields'],
	programMember: [],
};

describe('Marketing Automation 2.1 as a tool: only the arguments an operation uses are offered', () => {
	it('offers the defaults: Lead → Create or Update the lead, Form → Submit its columns', () => {
		const lead = resolved({ resource: 'lead', operation: 'createOrUpdate' });
		expect(fromAiKeys(lead)).toEqual(['lead']);
		const form = resolved({ resource: 'form', operation: 'submit' });
		expect(fromAiKeys(form)).toEqual([]);
	});

	it('finds the upserts and the form submit', () => {
		expect(cases.map(([resource, operation]) => `${resource}:${operation}`)).toEqual(
			expect.arrayContaining(['lead:createOrUpdate', 'form:submit', 'company:createOrUpdate']),
		);
	});

	it.each(cases)(
		'%s → %s with Define Below: the mapped columns only',
		(resource, operation, mapper) => {
			const parameters = resolved({
				resource,
				operation,
				[mapper]: {
					mappingMode: 'defineBelow',
					value: {
						email: "={{ $fromAI('email', 'The e-mail address', 'string') }}",
						firstName: "={{ $fromAI('firstName', 'The first name', 'string') }}",
					},
				},
			});
			expect(fromAiKeys(parameters)).toEqual(['email', 'firstName']);
		},
	);

	it.each(cases)(
		'%s → %s with Map Automatically: one record argument',
		(resource, operation, mapper) => {
			const parameters = resolved({
				resource,
				operation,
				[mapper]: { mappingMode: 'autoMapInputData', value: null },
			});
			expect(fromAiKeys(parameters)).toEqual(RECORD_ARGUMENT[resource] ?? ['record']);
		},
	);
});
