import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { CLONE_QUOTA_REFUSAL, NESTED_TOKENS_REFUSAL } from '../../transport/refusals';
import { additionalFieldsCollection, campaignLocator, tokensCollection } from '../fields';
import { readDateTime, readId, readTokens } from '../parameters';
import { defineOperation } from '../../../shared/operation';

const properties: INodeProperties[] = [
	campaignLocator,
	additionalFieldsCollection([
		{
			displayName: 'Clone To Program Name',
			name: 'cloneToProgramName',
			type: 'string',
			default: '',
			description:
				'Clone the parent program under this name and run the clone (at most 20 calls a day)',
		},
		{
			displayName: 'Run At',
			name: 'runAt',
			type: 'dateTime',
			default: '',
			description:
				'When to run; empty runs it in 5 minutes (the earliest the service allows), at most 2 years ahead',
		},
	]),
	tokensCollection,
];

/** What one item schedules, read and checked before any item's call. */
function readSchedule(this: IExecuteFunctions, itemIndex: number) {
	const campaignId = readId(this, 'campaign', itemIndex, 'campaign');
	const tokens = readTokens(this, 'tokens', itemIndex);
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const input: IDataObject = {};
	if (additional.runAt)
		input.runAt = readDateTime(this, 'additionalFields.runAt', itemIndex, 'Run At');
	const clone = String(additional.cloneToProgramName ?? '').trim();
	if (clone) input.cloneToProgramName = clone;
	if (tokens.length > 0) input.tokens = tokens;
	return { campaignId, input };
}

/** Schedule a batch campaign. Not safeToRepeat: replayed only after a 6xx answer. */
async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ campaignId, input }: ReturnType<typeof readSchedule>,
): Promise<IDataObject> {
	const answer = await apiRequest.call(this, {
		method: 'POST',
		path: `/rest/v1/campaigns/${campaignId}/schedule.json`,
		body: { input },
		safeToRepeat: false,
		itemIndex,
		refusals: {
			'1042': {
				message: (reason) => `The run time of campaign ${campaignId} was refused (1042): ${reason}`,
				fix: 'Run At must be at least 5 minutes and at most 2 years ahead; leave it empty to run in 5 minutes.',
			},
			...(input.cloneToProgramName ? { '1020': CLONE_QUOTA_REFUSAL } : {}),
			...(input.tokens ? { '611': NESTED_TOKENS_REFUSAL } : {}),
		},
	});
	return { campaignId, scheduled: true, ...input, result: answer.result?.[0] ?? null };
}

export const operation = defineOperation({
	option: {
		name: 'Schedule',
		value: 'schedule',
		description: 'Schedule a batch campaign',
		action: 'Schedule a campaign',
	},
	fields: properties,
	check: readSchedule,
	run: execute,
});
