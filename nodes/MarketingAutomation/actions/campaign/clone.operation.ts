import { cloneOperation } from '../../helpers/assetClone';
import { campaignLocator } from '../fields';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: {
		name: 'Clone',
		value: 'clone',
		description: 'Clone a smart campaign under a new name into a program or folder',
		action: 'Clone a campaign',
	},
	since: 2,
	...cloneOperation({
		source: 'campaign',
		locator: { ...campaignLocator, description: 'The smart campaign to clone' },
		path: 'smartCampaign',
		namePlaceholder: 'e.g. Webinar invitation (December)',
		nameDescription: 'The clone’s name (at most 255 characters)',
		folderDescription: 'The program or folder the clone is put in',
		fixFor709:
			'Change what the message names (the name, or a folder of the campaign’s workspace), then run the node again.',
		lookUp: (name) =>
			`Look the campaign up with Campaign → Get by Name (${name}): if it is there, the clone was made; if not, run the node again.`,
	}),
});
