import { defineOperation } from '../../../shared/operation';
import { inviteCodeField } from '../../helpers/fields';
import { projectLocator, readProject } from '../../helpers/project';
import { INVITE_CODE, readIdParameter } from '../../helpers/validation';
import { resendInvite } from '../../transport/directory';

export const operation = defineOperation({
	option: {
		name: 'Resend',
		value: 'resend',
		action: 'Send a pending invite again',
		description:
			'Send the invite e-mail of a pending invite of a project (by default the credential’s) again. Needs an Admin key.',
	},
	fields: [
		projectLocator,
		...inviteCodeField(
			'Code of the pending invite to send again (invite_code from Invite → Get Many)',
		),
	],
	check(itemIndex) {
		return {
			project: readProject(this, itemIndex),
			code: readIdParameter(this, 'inviteCode', itemIndex, INVITE_CODE),
		};
	},
	// Not replayed after an unclear failure: a second call would send a second e-mail.
	async run(itemIndex, { project, code }) {
		const answer = await resendInvite(this, code, itemIndex, project);
		return { resent: true, ...answer, invite_code: answer.invite_code ?? code };
	},
});
