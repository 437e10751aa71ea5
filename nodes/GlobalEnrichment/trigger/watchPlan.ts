import type { IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { echo } from '../../shared/echo';
import { checkDomain, checkEmail, type Checked } from '../../enrichment/validation';
import type { EntityKind } from '../transport/signals';

/** What the trigger watches, read from its parameters and checked before any call. */

/** Records one trigger watches at most (40 create calls of 25). */
export const MAX_WATCHED = 1000;

export interface WatchGroup {
	entityType: EntityKind;
	/** The service's ids, or e-mails / domains to look up once. */
	by: 'ids' | 'emails' | 'domains';
	values: string[];
	signalTypes: string[];
}

/** A service id: letters, digits, `-` and `_` (it goes into a request body, never a path). */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const splitList = (raw: unknown): string[] =>
	String(raw ?? '')
		.split(/[,\n;]/)
		.map((value) => value.trim())
		.filter(Boolean);

function refuse(ctx: IHookFunctions, message: string, description: string): never {
	throw new NodeOperationError(ctx.getNode(), message, { description });
}

function readGroup(ctx: IHookFunctions, kind: EntityKind): WatchGroup {
	const by = ctx.getNodeParameter(
		kind === 'contact' ? 'contactsBy' : 'companiesBy',
		'ids',
	) as WatchGroup['by'];
	const field =
		by === 'ids' ? `${kind}Ids` : kind === 'contact' ? 'contactEmails' : 'companyDomains';
	const label =
		by === 'ids'
			? `${kind === 'contact' ? 'Contact' : 'Company'} IDs`
			: by === 'emails'
				? 'Emails'
				: 'Domains';
	const raw = splitList(ctx.getNodeParameter(field, ''));
	if (raw.length === 0) {
		refuse(
			ctx,
			`${label} is empty: the trigger has no ${kind} to watch`,
			`Enter at least one value in ${label}, comma-separated. Nothing was created at the service.`,
		);
	}
	const check = (value: string): Checked => {
		if (by === 'emails') return checkEmail(value);
		if (by === 'domains') return checkDomain(value);
		return ID_PATTERN.test(value)
			? { value }
			: { refused: `"${echo(value)}" is not a ${kind} ID (letters, digits, - and _)` };
	};
	const values: string[] = [];
	for (const value of raw) {
		const checked = check(value);
		if ('refused' in checked) {
			refuse(
				ctx,
				`${label}: ${checked.refused}`,
				`Correct or remove it in ${label}. Nothing was created at the service.`,
			);
		}
		if (!values.includes(checked.value)) values.push(checked.value);
	}
	const signalTypes = ctx.getNodeParameter(`${kind}SignalTypes`, []) as string[];
	if (!Array.isArray(signalTypes) || signalTypes.length === 0) {
		refuse(
			ctx,
			`No ${kind} signal chosen: the trigger would never fire`,
			`Choose at least one in ${kind === 'contact' ? 'Contact' : 'Company'} Signal Names or IDs. Nothing was created at the service.`,
		);
	}
	return { entityType: kind, by, values, signalTypes: signalTypes.map(String) };
}

/** The groups to watch (contacts, companies or both), every value checked. */
export function readWatchPlan(ctx: IHookFunctions): WatchGroup[] {
	const entityType = ctx.getNodeParameter('entityType', 'contact') as EntityKind | 'both';
	const kinds: EntityKind[] = entityType === 'both' ? ['contact', 'company'] : [entityType];
	const groups = kinds.map((kind) => readGroup(ctx, kind));
	const total = groups.reduce((sum, group) => sum + group.values.length, 0);
	if (total > MAX_WATCHED) {
		refuse(
			ctx,
			`The trigger watches ${total} records, more than ${MAX_WATCHED}`,
			`Split them across several triggers of at most ${MAX_WATCHED} each. Nothing was created at the service.`,
		);
	}
	return groups;
}

/** What the trigger watches, as one string: a changed parameter makes a new set of subscriptions. */
export const watchKeyOf = (groups: WatchGroup[], url: string): string =>
	JSON.stringify({ url, groups });
