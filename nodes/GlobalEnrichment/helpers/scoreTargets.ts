import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput } from '../../enrichment/lookupErrors';
import { echo } from '../../shared/echo';
import { itemParameter } from '../../shared/itemParameters';
import type { EntityKind } from '../transport/signals';

/**
 * How Get Signal Score names its record: by the service's ID (the default, as before), or by one
 * of the identifiers the service resolves itself (`getContactSignalScores`: `linkedinUrl`, `email`,
 * or `firstName` + `lastName` + `companyName | companyDomain`; `getCompanySignalScores`: `domain`,
 * `name`, `email`).
 */

/** Longest identifier sent: it doubles as the record's `clientReferenceId` (at most 256). */
const MAX_LENGTH = 200;

const text = (name: string, displayName: string, placeholder: string, show: string) =>
	({
		displayName,
		name,
		type: 'string',
		required: true,
		default: '',
		placeholder,
		displayOptions: { show: { identifyBy: [show] } },
	}) as INodeProperties;

/** The "Identify By" selector and the identifier fields of `kind`. */
export function identifyByFields(kind: EntityKind): INodeProperties[] {
	if (kind === 'contact') {
		return [
			{
				displayName: 'Identify By',
				name: 'identifyBy',
				type: 'options',
				default: 'id',
				options: [
					{ name: 'Email', value: 'email', description: "The contact's email address" },
					{ name: 'ID', value: 'id', description: "The service's ID of the contact" },
					{ name: 'LinkedIn URL', value: 'linkedinUrl', description: "The contact's profile URL" },
					{
						name: 'Name and Company',
						value: 'name',
						description: "First and last name with the company's name or domain",
					},
				],
				description: 'How the service finds the contact to score',
			},
			text('email', 'Email', 'e.g. ana.silva@example.com', 'email'),
			text(
				'linkedinUrl',
				'LinkedIn URL',
				'e.g. https://www.linkedin.com/in/ana-silva',
				'linkedinUrl',
			),
			text('firstName', 'First Name', 'e.g. Ana', 'name'),
			text('lastName', 'Last Name', 'e.g. Silva', 'name'),
			{
				...text('companyName', 'Company Name', 'e.g. Northwind Traders', 'name'),
				required: false,
				description: 'The company name, or give the Company Domain',
			},
			{
				...text('companyDomain', 'Company Domain', 'e.g. fabrikam.com', 'name'),
				required: false,
				description: 'The company domain, or give the Company Name',
			},
		];
	}
	return [
		{
			displayName: 'Identify By',
			name: 'identifyBy',
			type: 'options',
			default: 'id',
			options: [
				{ name: 'Domain', value: 'domain', description: "The company's website domain" },
				{ name: 'Email', value: 'email', description: 'An email address at the company' },
				{ name: 'ID', value: 'id', description: "The service's ID of the company" },
				{ name: 'Name', value: 'name', description: "The company's name" },
			],
			description: 'How the service finds the company to score',
		},
		text('domain', 'Domain', 'e.g. northwind.com', 'domain'),
		text('email', 'Email', 'e.g. ana.silva@northwind.com', 'email'),
		text('companyName', 'Company Name', 'e.g. Northwind Traders', 'name'),
	];
}

/** The identifier fields each choice sends (parameter name → the service's field). */
const SENT: Record<EntityKind, Record<string, Array<[string, string]>>> = {
	contact: {
		email: [['email', 'email']],
		linkedinUrl: [['linkedinUrl', 'linkedinUrl']],
		name: [
			['firstName', 'firstName'],
			['lastName', 'lastName'],
			['companyName', 'companyName'],
			['companyDomain', 'companyDomain'],
		],
	},
	company: {
		domain: [['domain', 'domain']],
		email: [['email', 'email']],
		name: [['companyName', 'name']],
	},
};

const LABELS: Record<string, string> = {
	email: 'Email',
	linkedinUrl: 'LinkedIn URL',
	firstName: 'First Name',
	lastName: 'Last Name',
	companyName: 'Company Name',
	companyDomain: 'Company Domain',
	domain: 'Domain',
};

/**
 * The record an item names by an identifier other than its ID, checked before any call: each
 * value present, of a sensible form; undefined when the item names its record by ID.
 */
export function readScoreTarget(
	ctx: IExecuteFunctions,
	kind: EntityKind,
	itemIndex: number,
): { key: string; record: IDataObject } | undefined {
	const by = itemParameter<string>(ctx, 'identifyBy', itemIndex, 'id');
	if (by === 'id') return undefined;
	const fields = SENT[kind][by];
	const refuse = (parameter: string, reason: string, fix: string): never =>
		invalidInput(ctx, itemIndex, `"${LABELS[parameter]}"`, reason, fix, parameter);
	if (!fields) {
		return invalidInput(
			ctx,
			itemIndex,
			'"Identify By"',
			`"${echo(String(by))}" is not a choice`,
			'Choose one from the list.',
			'identifyBy',
		);
	}
	const record: IDataObject = {};
	for (const [parameter, sent] of fields) {
		const raw = itemParameter<unknown>(ctx, parameter, itemIndex, '');
		const value = typeof raw === 'string' ? raw.trim() : raw === null ? '' : String(raw);
		if (value.length > MAX_LENGTH) {
			refuse(parameter, `it is ${value.length} characters long`, `Give at most ${MAX_LENGTH}.`);
		}
		if (value) record[sent] = value;
	}
	const optional = kind === 'contact' && by === 'name' ? ['companyName', 'companyDomain'] : [];
	for (const [parameter, sent] of fields) {
		if (!optional.includes(parameter) && record[sent] === undefined) {
			refuse(
				parameter,
				'it is empty',
				`Give the ${LABELS[parameter].toLowerCase()}, or change "Identify By".`,
			);
		}
	}
	if (optional.length && record.companyName === undefined && record.companyDomain === undefined) {
		refuse(
			'companyName',
			'neither a company name nor a company domain is given',
			'Give one of them with the name, or change "Identify By".',
		);
	}
	if (record.email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(record.email))) {
		refuse(
			'email',
			`"${echo(String(record.email))}" is not an email address`,
			'Give an address such as ana@example.com.',
		);
	}
	if (
		record.linkedinUrl !== undefined &&
		!/^https?:\/\/[^\s]+$/i.test(String(record.linkedinUrl))
	) {
		refuse(
			'linkedinUrl',
			`"${echo(String(record.linkedinUrl))}" is not a URL`,
			'Give the full profile URL, starting with https://.',
		);
	}
	for (const name of ['domain', 'companyDomain']) {
		const domain = record[name];
		if (domain !== undefined && !/^[^\s/@]+\.[^\s/@]+$/.test(String(domain))) {
			refuse(
				name,
				`"${echo(String(domain))}" is not a domain`,
				'Give a domain such as northwind.com, without https:// or a path.',
			);
		}
	}
	const key = `${by}:${Object.values(record)
		.map((v) => String(v).toLowerCase())
		.join('|')}`;
	return { key, record };
}
