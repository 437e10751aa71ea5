import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { optionsCollection } from '../../shared/descriptions';

/** The filters an event offers, each matched against the activity's primary attribute. */
type EventFilter = 'fields' | 'forms' | 'lists' | 'programs' | 'types';

interface TriggerEvent {
	/** The event's option in the editor (its name is also the one messages use). */
	name: string;
	description: string;
	/** Standard activity type ids this event reads (the "Any Activity Type" event picks its own). */
	activityTypeIds: number[];
	filter?: EventFilter;
}

const event = (
	name: string,
	description: string,
	activityTypeIds: number[],
	filter?: EventFilter,
): TriggerEvent => ({ name, description, activityTypeIds, filter });

/**
 * The events, by the activity types of the service's activity log, in the editor's order. Type ids
 * are the service's standard ones; the instance's own names come from `activities/types.json`.
 */
export const EVENTS: Record<string, TriggerEvent> = {
	addedToList: event('Added to List', 'A lead was added to a static list', [24], 'lists'),
	anyActivity: event(
		'Any Activity Type',
		'Activities of the types you pick from the instance (custom types included)',
		[],
		'types',
	),
	emailBounced: event('Email Bounced', 'An email hard-bounced (soft bounces as an option)', [8]),
	emailClicked: event('Email Clicked', 'A link in an email was clicked', [11]),
	emailDelivered: event('Email Delivered', 'An email was delivered', [7]),
	emailOpened: event('Email Opened', 'An email was opened', [10]),
	emailSent: event('Email Sent', 'An email was sent to a lead', [6]),
	emailUnsubscribed: event('Email Unsubscribed', 'A lead unsubscribed from email', [9]),
	formFilledOut: event('Form Filled Out', 'A lead filled out a form', [2], 'forms'),
	leadDeleted: event('Lead Deleted', 'A lead was deleted', [37]),
	leadFieldChanged: event('Lead Field Changed', 'A field of a lead changed value', [13], 'fields'),
	newLead: event('New Lead', 'A lead was created', [12]),
	programStatusChanged: event(
		'Program Status Changed',
		"A lead's status in a program changed",
		[104],
		'programs',
	),
	removedFromList: event(
		'Removed From List',
		'A lead was removed from a static list',
		[25],
		'lists',
	),
	webPageVisited: event('Web Page Visited', 'A lead visited a web page', [1]),
};

/** Soft bounces are their own type; "Email Bounced" adds it on request. */
export const SOFT_BOUNCE_TYPE = 27;

/** Names of the standard types, used when the instance's own list is not at hand. */
export const STANDARD_TYPE_NAMES: Record<number, string> = {
	1: 'Visit Webpage',
	2: 'Fill Out Form',
	6: 'Send Email',
	7: 'Email Delivered',
	8: 'Email Bounced',
	9: 'Unsubscribe Email',
	10: 'Open Email',
	11: 'Click Email',
	12: 'New Lead',
	13: 'Change Data Value',
	24: 'Add to List',
	25: 'Remove from List',
	27: 'Email Bounced Soft',
	37: 'Delete Lead',
	104: 'Change Status in Progression',
};

const eventOptions: INodePropertyOptions[] = Object.entries(EVENTS).map(([value, definition]) => ({
	name: definition.name,
	value,
	description: definition.description,
}));

const showFor = (filter: EventFilter) => ({
	show: {
		event: Object.keys(EVENTS).filter((event) => EVENTS[event].filter === filter),
	},
});

/** The event's name as the editor shows it, for messages. */
export const eventName = (event: string): string =>
	Object.prototype.hasOwnProperty.call(EVENTS, event) ? EVENTS[event].name : event;

export const properties: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		required: true,
		default: 'newLead',
		options: eventOptions,
		description:
			'What happened in the service; each poll reads the activity log from where the last one stopped',
	},
	{
		displayName: 'Activity Type Names or IDs',
		name: 'activityTypeIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getActivityTypes' },
		default: [],
		required: true,
		displayOptions: showFor('types'),
		description:
			'At most 10 types. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Only These Field Names or IDs',
		name: 'fields',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getFieldNames' },
		default: [],
		displayOptions: showFor('fields'),
		description:
			'Trigger only when one of these fields changes; leave empty for any field. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Only These Form IDs',
		name: 'formIds',
		type: 'string',
		default: '',
		placeholder: 'e.g. 6001, 6002',
		displayOptions: showFor('forms'),
		description: 'Comma-separated form IDs; leave empty for any form',
	},
	{
		displayName: 'Only These List Names or IDs',
		name: 'listIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getLists' },
		default: [],
		displayOptions: showFor('lists'),
		description:
			'Leave empty for any list. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Only These Program Names or IDs',
		name: 'programIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getPrograms' },
		default: [],
		displayOptions: showFor('programs'),
		description:
			'Leave empty for any program. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	optionsCollection([
		{
			displayName: 'Include Lead Fields',
			name: 'includeLead',
			type: 'boolean',
			default: false,
			description:
				"Whether to add the lead's fields to each event (one look-up call per 300 leads of a poll)",
		},
		{
			displayName: 'Include Soft Bounces',
			name: 'includeSoftBounces',
			type: 'boolean',
			default: false,
			displayOptions: { show: { '/event': ['emailBounced'] } },
			description: 'Whether to trigger on soft bounces (mailbox full, and the like) too',
		},
		{
			displayName: 'Lead Fields',
			name: 'leadFields',
			type: 'string',
			default: '',
			placeholder: 'e.g. email, firstName, company',
			displayOptions: { show: { includeLead: [true] } },
			description:
				"Comma-separated API names of the lead fields to add; leave empty for the service's default fields",
		},
		{
			displayName: 'Max Events per Poll',
			name: 'maxEvents',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 10000 },
			default: 1000,
			description:
				'Most activities one poll reads; the rest are picked up by the next poll, so a busy instance never makes one poll too long',
		},
	]),
];
