import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { assetForm } from '../../transport/assets';
import { programLocator } from '../fields';
import { checkId } from '../parameters';

/**
 * The operation that approves or unapproves an Email program: its picker, check and run,
 * `POST /rest/asset/v1/program/{id}/approve.json` or `/unapprove.json` (no fields). Not repeated
 * after an ambiguous failure: a second call would be refused (709) if the first one worked, so the
 * error says to check the program's status instead.
 */
export function approvalOperation(approve: boolean) {
	const action = approve ? 'approve' : 'unapprove';
	return {
		fields: [programLocator] as INodeProperties[],
		check: checkId('program'),
		async run(this: IExecuteFunctions, itemIndex: number, programId: number): Promise<IDataObject> {
			await apiRequest.call(this, {
				path: `/rest/asset/v1/program/${programId}/${action}.json`,
				...assetForm({}),
				safeToRepeat: false,
				itemIndex,
				refusals: {
					'709': {
						message: (reason) => `Program ${programId} was not ${action}d (709): ${reason}`,
						fix: approve
							? 'Only Email programs are approved, and only with a start and end date, an approved email and a smart list: set what the message names in the program, then run the node again.'
							: 'Only an approved (locked) Email program can be unapproved: check its status with Program → Get.',
					},
				},
				ambiguity: {
					message: `The ${action} call of program ${programId} may have run; it was not sent again`,
					fix: `Check the program’s status with Program → Get ("${approve ? 'locked' : 'unlocked'}" when it worked); if not, run the node again.`,
				},
			});
			return { id: programId, approved: approve };
		},
	};
}
