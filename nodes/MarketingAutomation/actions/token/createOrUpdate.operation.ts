import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { assetForm } from '../../transport/assets';
import { FOLDER_REFUSALS } from '../../transport/refusals';
import { isCalendarDate } from '../../helpers/assetFields';
import { shorten } from '../parameters';
import { inputError } from '../../../shared/inputError';
import { defineOperation } from '../../../shared/operation';
import {
	bareTokenName,
	hasControlCharacters,
	ownerFields,
	ownerName,
	readOwner,
	TOKEN_TYPES,
	tokenTypeOptions,
} from './owner';

const MAX_NAME = 50;
/** The service takes at most 1 MB per request; a rich text value must fit in it, form-encoded. */
const MAX_REQUEST_BYTES = 1_000_000;

const properties: INodeProperties[] = [
	...ownerFields,
	{
		displayName: 'Tokens',
		name: 'tokens',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Token',
		default: {},
		required: true,
		description: 'Tokens to create, or to update when one of the name exists',
		options: [
			{
				displayName: 'Token',
				name: 'token',
				values: [
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						placeholder: 'e.g. Webinar Date',
						description: 'At most 50 characters, with or without the surrounding "{{my." and "}}"',
					},
					{
						displayName: 'Type',
						name: 'type',
						type: 'options',
						default: 'text',
						options: tokenTypeOptions,
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						description:
							'Date: YYYY-MM-DD; number: a number; score: a whole number such as +10; rich text: HTML',
					},
				],
			},
		],
	},
];

/** Why a value does not fit its type, or undefined when it does. */
function valueProblem(type: string, value: string): string | undefined {
	if (type === 'date' && !isCalendarDate(value)) return 'is not a date written YYYY-MM-DD';
	if (type === 'number' && !/^[+-]?\d+(\.\d+)?$/.test(value.trim())) return 'is not a number';
	if (type === 'score' && !/^[+-]?\d+$/.test(value.trim())) {
		return 'is not a whole number (e.g. 10, +10 or -5)';
	}
	if (type === 'rich text' && encodeURIComponent(value).length > MAX_REQUEST_BYTES) {
		return 'is larger than the 1 MB the service takes in one request';
	}
	return undefined;
}

/** Every token of the item, checked before any call: name, type, and value by type. */
function check(this: IExecuteFunctions, itemIndex: number) {
	const owner = readOwner(this, itemIndex);
	const rows = ((this.getNodeParameter('tokens', itemIndex, {}) as IDataObject).token ??
		[]) as IDataObject[];
	// `parameter`: the token's field, so an AI agent's tool answer names the argument filling it.
	const refuse = (message: string, fix: string, parameter = 'tokens'): never => {
		throw inputError(this.getNode(), itemIndex, { parameter }, message, fix);
	};
	if (rows.length === 0) {
		refuse(`Item ${itemIndex} has no token to set`, 'Add at least one token: name, type, value.');
	}
	const tokens = rows.map((row, at) => {
		const raw = String(row.name ?? '').trim();
		const name = bareTokenName(raw);
		const which = `Token ${at + 1} of item ${itemIndex}`;
		if (!name || name.length > MAX_NAME || hasControlCharacters(name)) {
			const problem = !name
				? 'empty'
				: name.length > MAX_NAME
					? `longer than ${MAX_NAME} characters`
					: 'with control characters or line breaks';
			refuse(
				`${which} has the name ${shorten(raw)}, ${problem}`,
				`Give each token a name of 1 to ${MAX_NAME} characters on one line (without "{{my." and "}}").`,
				`tokens.token.${at}.name`,
			);
		}
		const type = String(row.type ?? '');
		if (!TOKEN_TYPES.includes(type)) {
			refuse(
				`${which} (${shorten(name)}) has the type ${shorten(type)}, which the service does not have`,
				`Use one of ${TOKEN_TYPES.join(', ')}.`,
				`tokens.token.${at}.type`,
			);
		}
		const value = String(row.value ?? '');
		const problem = valueProblem(type, value);
		if (problem) {
			refuse(
				`${which} (${shorten(name)}): the ${type} value ${shorten(value)} ${problem}`,
				'Date tokens take YYYY-MM-DD, number tokens a number, score tokens a whole number (+10), and rich text at most 1 MB.',
				`tokens.token.${at}.value`,
			);
		}
		return { name, type, value };
	});
	return { owner, tokens };
}

/**
 * One form-encoded `POST /rest/asset/v1/folder/{id}/tokens.json` per token (`name`, `type`,
 * `value`, `folderType`): the service creates the token or updates the one of that name. Safe to
 * repeat, so an ambiguous failure is retried. The output holds the owner's tokens after the last.
 */
export const operation = defineOperation({
	option: {
		name: 'Create or Update',
		value: 'createOrUpdate',
		description: 'Set My Tokens of a program or a folder (created, or updated by name)',
		action: 'Create or update tokens',
	},
	fields: properties,
	check,
	async run(itemIndex, { owner, tokens }) {
		let answer: IDataObject[] = [];
		const done: string[] = [];
		for (const token of tokens) {
			const setBefore =
				done.length > 0
					? ` The tokens before it are set on ${ownerName(owner)}: ${done.map((name) => shorten(name)).join(', ')}.`
					: '';
			const envelope = await apiRequest.call(this, {
				path: `/rest/asset/v1/folder/${owner.id}/tokens.json`,
				...assetForm({ ...token, folderType: owner.type }),
				safeToRepeat: true,
				itemIndex,
				refusals: {
					...FOLDER_REFUSALS,
					'1001': {
						message: (reason) => `The token ${shorten(token.name)} was refused (1001): ${reason}`,
						fix: `Check the token’s type and value: date tokens take YYYY-MM-DD, number and score tokens a number.${setBefore}`,
					},
				},
			});
			answer = (envelope.result?.[0]?.tokens ?? []) as IDataObject[];
			done.push(token.name);
		}
		return { folderId: owner.id, folderType: owner.type, updated: done, tokens: answer };
	},
});
