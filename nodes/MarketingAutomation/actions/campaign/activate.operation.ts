import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { campaignLocator, readId } from '../common';
import type { MarketingAutomationMap } from '../node.type';
import { switchCampaign } from './activation';

export const operation = 'activate' satisfies MarketingAutomationMap['campaign'];

export const description = updateDisplayOptions(
	{ show: { resource: ['campaign'], operation: [operation] } },
	[
		{ ...campaignLocator, hint: 'Only trigger campaigns can be switched on and off' },
	] as INodeProperties[],
);

export function validate(this: IExecuteFunctions, itemIndex: number): void {
	readId(this, 'campaign', itemIndex, 'campaign');
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await switchCampaign(this, itemIndex, 'activate');
}
