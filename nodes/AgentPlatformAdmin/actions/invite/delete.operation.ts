import { inviteCodeField } from '../../helpers/fields';
import { projectLocator, readProject } from '../../helpers/project';
import { INVITE_CODE, readIdParameter } from '../../helpers/validation';
import { deleteInvite } from '../../transport';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a pending invite by its invite code',
		description:
			'Delete a pending invite of a project (by default the credential’s) by its code. Needs an Admin key.',
	},
	fields: [
		projectLocator,
		...inviteCodeField(
			'Code of the invite to delete, exactly as returned by Invite → Create (invite_code): one token without spaces or / ? # %',
		),
	],
	check(itemIndex) {
		return {
			project: readProject(this, itemIndex),
			code: readIdParameter(this, 'inviteCode', itemIndex, INVITE_CODE),
		};
	},
	async run(itemIndex, { project, code }) {
		const { removedByEarlierAttempt } = await deleteInvite.call(
			this,
			code,
			'delete the invite',
			itemIndex,
			project,
		);
		if (!removedByEarlierAttempt) return { deleted: true };
		return {
			deleted: true,
			deleted_by_earlier_attempt: true,
			note: `An earlier attempt got no clear answer; asked again, the service no longer knew invite ${code}: it is deleted, most likely by that attempt.`,
		};
	},
});
