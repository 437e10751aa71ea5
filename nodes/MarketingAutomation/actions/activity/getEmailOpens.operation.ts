import {
	emailActivityProperties,
	emailActivityRun,
	type EmailActivityQuery,
} from './emailActivity';
import { ACTIVITY } from './types';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation<EmailActivityQuery>({
	option: {
		name: 'Get Email Opens',
		value: 'getEmailOpens',
		description: 'Get email open activities since a date',
		action: 'Get email opens',
	},
	fields: emailActivityProperties([]),
	...emailActivityRun(() => [ACTIVITY.openEmail]),
});
