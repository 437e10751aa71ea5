import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { echo } from '../shared/echo';
import { invalidInput } from './lookupErrors';
import type { Lookup } from './types';
import {
	checkAbn,
	checkDomain,
	checkEmail,
	checkProfileSlug,
	checkProfileUrl,
	checkWebsite,
	normalizeName,
	type Checked,
} from './validation';
import { itemParameter } from '../shared/itemParameters';

/**
 * One way to identify a record ("Identify By" option): the parameter that holds it, the body key
 * the service expects, and the check that validates and normalises it before any call.
 */
interface IdentifierSpec {
	/** Option value of "Identify By" and name of the parameter holding the identifier. */
	value: string;
	/** Option name and the parameter's display name. */
	label: string;
	optionDescription?: string;
	placeholder: string;
	description?: string;
	/** Body key on the connection contract. */
	wire: string;
	/** Key on the service's own API (query parameter or record key); `wire` when absent. */
	serviceWire?: string;
	check(value: string): Checked;
	/** How to fix a refused value (shown as the error description). */
	fix: string;
}

/** An identifier, placed on the wire by the node: its contract key, and its service key if other. */
const identifier =
	(spec: Omit<IdentifierSpec, 'wire' | 'serviceWire'>) =>
	(wire: string, serviceWire?: string): IdentifierSpec => ({ ...spec, wire, serviceWire });

export const emailIdentifier = identifier({
	value: 'email',
	label: 'Email',
	placeholder: 'e.g. name@example.com',
	description: 'One email address, e.g. name@example.com',
	check: checkEmail,
	fix: 'Enter an email address such as name@example.com, or change "Identify By".',
});

export const personUrlIdentifier = identifier({
	value: 'networkUrl',
	label: 'Network Profile URL',
	optionDescription: 'The person profile URL',
	placeholder: 'e.g. https://www.network.example/in/jane-doe',
	description: "The person's profile URL on the professional network (…/in/name)",
	check: (value) => checkProfileUrl(value, 'person'),
	fix: 'Enter a person profile URL (…/in/name), or change "Identify By".',
});

export const profileSlugIdentifier = identifier({
	value: 'networkSlug',
	label: 'Network Profile Slug',
	optionDescription: 'The last part of the profile URL, e.g. jane-doe',
	placeholder: 'e.g. jane-doe',
	description: 'The last part of the person profile URL',
	check: checkProfileSlug,
	fix: 'Enter only the last part of the profile URL (e.g. jane-doe), or change "Identify By".',
});

export const companyUrlIdentifier = identifier({
	value: 'networkUrl',
	label: 'Network Company URL',
	optionDescription: 'The company profile URL',
	placeholder: 'e.g. https://www.network.example/company/example',
	description: "The company's profile URL on the professional network (…/company/name)",
	check: (value) => checkProfileUrl(value, 'company'),
	fix: 'Enter a company profile URL (…/company/name), or change "Identify By".',
});

export const domainIdentifier = identifier({
	value: 'domain',
	label: 'Domain',
	optionDescription: 'The company domain, e.g. example.com',
	placeholder: 'e.g. example.com',
	description: 'The company web domain without scheme or path, e.g. example.com',
	check: checkDomain,
	fix: 'Enter a domain such as example.com, or change "Identify By".',
});

export const websiteIdentifier = identifier({
	value: 'website',
	label: 'Website',
	optionDescription: 'The company website URL',
	placeholder: 'e.g. https://www.example.com',
	description: 'The company website address, e.g. https://www.example.com',
	check: checkWebsite,
	fix: 'Enter the website address such as https://www.example.com, or change "Identify By".',
});

export const abnIdentifier = identifier({
	value: 'abn',
	label: 'ABN',
	optionDescription: 'Australian Business Number (11 digits)',
	placeholder: 'e.g. 51 824 753 556',
	description:
		'Australian Business Number: 11 digits, with or without spaces (e.g. 51 824 753 556)',
	check: checkAbn,
	fix: 'Enter the 11-digit ABN exactly as registered (check it on the Australian Business Register).',
});

export const companyNameIdentifier = identifier({
	value: 'name',
	label: 'Name',
	optionDescription: 'The company name',
	placeholder: 'e.g. Example Inc',
	description: 'Company name',
	check: (value) =>
		normalizeName(value) ? { value: normalizeName(value) } : { refused: 'it is empty' },
	fix: 'Enter the company name, or change "Identify By".',
});

/**
 * "Identify By" plus one required field per identifier (shown for its choice). `extraOptions` adds
 * choices whose fields the caller defines itself (e.g. name + company).
 */
export function identifierProperties(
	specs: IdentifierSpec[],
	defaultValue: string,
	noun: string,
	extraOptions: Array<{ name: string; value: string; description?: string }> = [],
): INodeProperties[] {
	const options = [
		...specs.map((spec) => ({
			name: spec.label,
			value: spec.value,
			...(spec.optionDescription ? { description: spec.optionDescription } : {}),
		})),
		...extraOptions,
	].sort((a, b) => a.name.localeCompare(b.name));
	return [
		{
			displayName: 'Identify By',
			name: 'identifyBy',
			type: 'options',
			// A fixed choice: n8n would otherwise treat every identifier field as required.
			noDataExpression: true,
			options,
			default: defaultValue,
			description: `Which identifier finds the ${noun}`,
		},
		...specs.map(
			(spec): INodeProperties => ({
				displayName: spec.label,
				name: spec.value,
				type: 'string',
				default: '',
				required: true,
				placeholder: spec.placeholder,
				...(spec.description ? { description: spec.description } : {}),
				displayOptions: { show: { identifyBy: [spec.value] } },
			}),
		),
	];
}

/**
 * Validates item `itemIndex`'s identifier of the chosen kind and builds its lookup: the body
 * `{ <wire>: <normalised value> }`, the dedupe key (case-insensitive) and the input echo.
 */
export function prepareIdentifier(
	ctx: IExecuteFunctions,
	itemIndex: number,
	specs: IdentifierSpec[],
	identifyBy: string,
): Lookup {
	const spec = specs.find((candidate) => candidate.value === identifyBy);
	if (!spec) {
		invalidInput(
			ctx,
			itemIndex,
			'"Identify By"',
			`"${echo(identifyBy)}" is not an option`,
			'Choose one of the listed options.',
		);
	}
	const raw = String(itemParameter<unknown>(ctx, spec.value, itemIndex, '') ?? '');
	const checked = spec.check(raw);
	if ('refused' in checked)
		invalidInput(ctx, itemIndex, `"${spec.label}"`, checked.refused, spec.fix, spec.value);
	return {
		key: `${spec.wire}:${checked.value.toLowerCase()}`,
		request: { [spec.wire]: checked.value },
		service: { [spec.serviceWire ?? spec.wire]: checked.value },
		input: { [spec.value]: raw },
	};
}

/** A lookup plan's `prepare` for nodes whose identifiers are all single fields. */
export function identifierPreparer(specs: IdentifierSpec[]) {
	return function (this: IExecuteFunctions, itemIndex: number): Lookup {
		const identifyBy = itemParameter<string>(this, 'identifyBy', itemIndex, '');
		return prepareIdentifier(this, itemIndex, specs, identifyBy);
	};
}
