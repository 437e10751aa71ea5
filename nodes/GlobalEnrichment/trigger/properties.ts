import type { INodeProperties } from 'n8n-workflow';

/** The trigger's parameters: what to watch, which signals, and its options. */

const forKinds = (entityType: string[]) => ({ show: { entityType } });

/** "Watch by" and the two lists it chooses between, for contacts or companies. */
function watchedEntities(
	kind: 'contact' | 'company',
	by: { value: string; name: string; field: string; placeholder: string },
): INodeProperties[] {
	const plural = kind === 'contact' ? 'Contacts' : 'Companies';
	const singular = kind === 'contact' ? 'Contact' : 'Company';
	const shownFor = [kind, 'both'];
	const byField = kind === 'contact' ? 'contactsBy' : 'companiesBy';
	return [
		{
			displayName: `${plural} By`,
			name: byField,
			type: 'options',
			noDataExpression: true,
			default: 'ids',
			options: [
				{
					name: 'IDs',
					value: 'ids',
					description: `The service's ${kind} IDs`,
				},
				{
					name: by.name,
					value: by.value,
					description: 'Looked up once, at activation (this costs credits, as a lookup does)',
				},
			],
			displayOptions: forKinds(shownFor),
		},
		{
			displayName: `${singular} IDs`,
			name: `${kind}Ids`,
			type: 'string',
			default: '',
			required: true,
			placeholder: kind === 'contact' ? 'e.g. 1234567, 2345678' : 'e.g. 98765',
			description: `The service's ${kind} IDs to watch, comma-separated (at most 1,000)`,
			displayOptions: { show: { entityType: shownFor, [byField]: ['ids'] } },
		},
		{
			displayName: by.name,
			name: by.field,
			type: 'string',
			default: '',
			required: true,
			placeholder: by.placeholder,
			description:
				'Comma-separated (at most 1,000); each is looked up once at activation, and one that matches nothing stops the activation',
			displayOptions: { show: { entityType: shownFor, [byField]: [by.value] } },
		},
		{
			displayName: `${singular} Signal Names or IDs`,
			name: `${kind}SignalTypes`,
			type: 'multiOptions',
			typeOptions: {
				loadOptionsMethod: kind === 'contact' ? 'getContactSignalTypes' : 'getCompanySignalTypes',
			},
			default: [],
			required: true,
			description:
				'The signals that start the workflow, from the service\'s catalogue. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			displayOptions: forKinds(shownFor),
		},
	];
}

export const properties: INodeProperties[] = [
	{
		displayName: 'Watch',
		name: 'entityType',
		type: 'options',
		noDataExpression: true,
		default: 'contact',
		options: [
			{ name: 'Contacts', value: 'contact', description: 'People, e.g. when one changes job' },
			{
				name: 'Companies',
				value: 'company',
				description: 'Companies, e.g. when one is hiring or growing',
			},
			{ name: 'Contacts and Companies', value: 'both' },
		],
		description:
			'What the trigger watches. Each watched record gets one subscription at the service; a record can have only one per account.',
	},
	...watchedEntities('contact', {
		value: 'emails',
		name: 'Emails',
		field: 'contactEmails',
		placeholder: 'e.g. ana@example.com, li@example.com',
	}),
	...watchedEntities('company', {
		value: 'domains',
		name: 'Domains',
		field: 'companyDomains',
		placeholder: 'e.g. example.com, example.org',
	}),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Send Test Event When Listening',
				name: 'sendTestEvent',
				type: 'boolean',
				default: true,
				description:
					'Whether Listen for Test Event asks the service to send a sample delivery at once (its test call), instead of waiting for a real signal',
			},
		],
	},
];
