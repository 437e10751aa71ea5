import type {
	INode,
	INodeParameters,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { AnzSalesIntelligence } from '../../nodes/AnzSalesIntelligence/AnzSalesIntelligence.node';
import { GlobalEnrichment } from '../../nodes/GlobalEnrichment/GlobalEnrichment.node';
import { MarketingAutomation } from '../../nodes/MarketingAutomation/MarketingAutomation.node';
import { MarketingAutomationTrigger } from '../../nodes/MarketingAutomation/MarketingAutomationTrigger.node';

/** n8n's wording and order in the editor, node by node (the admin node has its own checks). */
const NODES: INodeTypeDescription[] = [
	new AnzSalesIntelligence().description,
	new GlobalEnrichment().description,
	new MarketingAutomation().description,
	new MarketingAutomationTrigger().description,
];

type Entry = INodeProperties | INodePropertyOptions | INodePropertyCollection;

/** Every parameter, option and collection entry of a node, nested ones included. */
function entriesOf(entries: readonly Entry[]): Entry[] {
	return entries.flatMap((entry) => {
		const nested = [
			...('options' in entry && Array.isArray(entry.options) ? entry.options : []),
			...('values' in entry && Array.isArray(entry.values) ? entry.values : []),
		] as Entry[];
		return [entry, ...entriesOf(nested)];
	});
}

/** The texts the editor shows for an entry. */
function textsOf(entry: Entry): string[] {
	const texts: unknown[] = [
		'displayName' in entry ? entry.displayName : undefined,
		'type' in entry ? undefined : (entry as INodePropertyOptions).name,
		'description' in entry ? entry.description : undefined,
		'action' in entry ? entry.action : undefined,
		'placeholder' in entry ? entry.placeholder : undefined,
		'hint' in entry ? entry.hint : undefined,
	];
	return texts.filter((text): text is string => typeof text === 'string');
}

/** The top-level parameters the editor shows for a version and resource / operation. */
function visibleNames(
	description: INodeTypeDescription,
	typeVersion: number,
	parameters: INodeParameters,
): string[] {
	const node = { typeVersion, parameters } as unknown as INode;
	return description.properties
		.filter((property) => NodeHelpers.displayParameter(parameters, property, node, description))
		.map((property) => property.name);
}

/** Every version × resource × operation of a node, with the parameters the editor shows. */
function screensOf(description: INodeTypeDescription) {
	const versions = Array.isArray(description.version) ? description.version : [description.version];
	return versions.flatMap((typeVersion) => {
		// A node may offer other resources per version (one Resource parameter per version).
		const resourceParameter = description.properties.find(
			(p) =>
				p.name === 'resource' &&
				NodeHelpers.displayParameter(
					{},
					p,
					{ typeVersion, parameters: {} } as unknown as INode,
					description,
				),
		);
		const resources = resourceParameter
			? (resourceParameter.options as INodePropertyOptions[]).map((o) => String(o.value))
			: [undefined];
		return resources.flatMap((resource) => {
			const base: INodeParameters = resource ? { resource } : {};
			const node = { typeVersion, parameters: base } as unknown as INode;
			const operations = description.properties
				.filter(
					(p) => p.name === 'operation' && NodeHelpers.displayParameter(base, p, node, description),
				)
				.flatMap((p) => (p.options as INodePropertyOptions[]).map((o) => String(o.value)));
			return (operations.length ? operations : [undefined]).map((operation) => {
				const parameters: INodeParameters = { ...base, returnAll: false };
				if (operation) parameters.operation = operation;
				return {
					screen: `${description.name} v${typeVersion} ${resource ?? ''}/${operation ?? ''}`,
					names: visibleNames(description, typeVersion, parameters),
				};
			});
		});
	});
}

describe.each(NODES.map((description) => [description.displayName, description] as const))(
	'%s: wording and order in the editor',
	(_name, description) => {
		const entries = entriesOf(description.properties);

		it('says Email, never E-Mail or e-mail', () => {
			const texts = [description.displayName, description.description, ...entries.flatMap(textsOf)];
			expect(texts.filter((text) => /e-mail/i.test(text))).toEqual([]);
		});

		it('labels every "add" placeholder in Title Case (Add Option, Add Field, …)', () => {
			const placeholders = entries
				.filter(
					(entry) =>
						'type' in entry && (entry.type === 'collection' || entry.type === 'fixedCollection'),
				)
				.map((entry) => (entry as INodeProperties).placeholder);
			expect(placeholders.length).toBeGreaterThan(0);
			for (const placeholder of placeholders) expect(placeholder).toMatch(/^Add( [A-Z][a-z]+)+$/);
		});

		it('shows Simplify before the Options, Filters and Additional Fields collections', () => {
			const misplaced = screensOf(description).filter(({ names }) => {
				const simplify = names.indexOf('simplify');
				if (simplify < 0) return false;
				return ['options', 'filters', 'additionalFields'].some((name) => {
					const index = names.indexOf(name);
					return index >= 0 && index < simplify;
				});
			});
			expect(misplaced).toEqual([]);
		});
	},
);

it('the enrichment nodes and the marketing describes have Simplify, so the order check above checks something', () => {
	const withSimplify = NODES.flatMap(screensOf).filter(({ names }) => names.includes('simplify'));
	expect(withSimplify.map(({ screen }) => screen)).toEqual([
		'anzSalesIntelligence v1 company/enrich',
		'anzSalesIntelligence v1 person/enrich',
		'globalEnrichment v1 company/enrich',
		'globalEnrichment v1 company/find',
		'globalEnrichment v1 company/search',
		'globalEnrichment v1 contact/enrich',
		'globalEnrichment v1 contact/find',
		'globalEnrichment v1 contact/search',
		'marketingAutomation v2 company/describe',
		'marketingAutomation v2 customObject/describe',
		'marketingAutomation v2 lead/describe',
		'marketingAutomation v2 namedAccount/describe',
		'marketingAutomation v2 opportunity/describe',
		'marketingAutomation v2 opportunityRole/describe',
		'marketingAutomation v2 programMember/describe',
		'marketingAutomation v2.1 company/describe',
		'marketingAutomation v2.1 customObject/describe',
		'marketingAutomation v2.1 lead/describe',
		'marketingAutomation v2.1 namedAccount/describe',
		'marketingAutomation v2.1 opportunity/describe',
		'marketingAutomation v2.1 opportunityRole/describe',
		'marketingAutomation v2.1 programMember/describe',
	]);
});
