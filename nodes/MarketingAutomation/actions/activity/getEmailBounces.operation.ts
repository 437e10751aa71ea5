import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	emailActivityProperties,
	emailActivityRun,
	type EmailActivityQuery,
} from './emailActivity';
import { ACTIVITY } from './types';
import { defineOperation } from '../../../shared/operation';

/** Hard bounces, and soft ones when asked. */
function bounceTypes(ctx: IExecuteFunctions, itemIndex: number): number[] {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const types: number[] = [ACTIVITY.emailBounced];
	if (options.includeSoftBounces === true) types.push(ACTIVITY.emailBouncedSoft);
	return types;
}

export const operation = defineOperation<EmailActivityQuery>({
	option: {
		name: 'Get Email Bounces',
		value: 'getEmailBounces',
		description: 'Get email bounce activities since a date',
		action: 'Get email bounces',
	},
	fields: emailActivityProperties([
		{
			displayName: 'Include Soft Bounces',
			name: 'includeSoftBounces',
			type: 'boolean',
			default: false,
			description: 'Whether to include soft bounces (activity type 27) besides hard bounces (8)',
		},
	]),
	...emailActivityRun(bounceTypes),
});
