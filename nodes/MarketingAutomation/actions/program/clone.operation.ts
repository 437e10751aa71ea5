import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { assetForm } from '../../transport/assets';
import { FOLDER_REFUSALS, LOCK_WAIT_CODE } from '../../transport/refusals';
import { cloneFields, readCloneInput, type CloneInput } from '../../helpers/cloneFields';
import { programLocator } from '../fields';
import { shorten } from '../parameters';
import { defineOperation } from '../../../shared/operation';

const properties: INodeProperties[] = [
	{ ...programLocator, description: 'The program to clone, e.g. a template' },
	...cloneFields({
		namePlaceholder: 'e.g. 2026-12 Product Webinar',
		nameDescription: 'The clone’s name, unique in the whole instance (at most 255 characters)',
		folderDescription: 'The folder the clone is put in, in the program’s workspace',
	}),
];

/**
 * `POST /rest/asset/v1/program/{id}/clone.json`, form-encoded (`name`, `folder` as JSON,
 * `description`). Never repeated after an ambiguous failure or a lock wait (719): the clone may
 * exist, and what to check is the program of the new name.
 */
async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ sourceId: programId, ...fields }: CloneInput,
): Promise<IDataObject> {
	const lookUp = `Look the program up by its new name with Program → Get (By Name ${shorten(fields.name)}): if it is there, the clone was made; if not, run the node again.`;
	const answer = await apiRequest.call(this, {
		path: `/rest/asset/v1/program/${programId}/clone.json`,
		...assetForm({ ...fields }),
		safeToRepeat: false,
		itemIndex,
		refusals: {
			...FOLDER_REFUSALS,
			'709': {
				message: (reason) => `Program ${programId} was not cloned (709): ${reason}`,
				fix: 'Programs holding push, in-app, social or report assets cannot be cloned, the new name must be unused in the whole instance, and the folder must be in the program’s workspace: change what the message names.',
			},
			[LOCK_WAIT_CODE]: {
				message: `Cloning program ${programId} waited too long for a lock (719); it was not sent again`,
				fix: `Another change held the program. ${lookUp}`,
			},
		},
		ambiguity: {
			message: `Cloning program ${programId} as ${shorten(fields.name)} may have run; it was not sent again`,
			fix: lookUp,
		},
	});
	return answer.result?.[0] ?? {};
}

export const operation = defineOperation({
	option: {
		name: 'Clone',
		value: 'clone',
		description: 'Clone a program (e.g. a template) under a new name into a folder',
		action: 'Clone a program',
	},
	since: 2,
	fields: properties,
	check(itemIndex) {
		return readCloneInput(this, itemIndex, 'program');
	},
	run: execute,
});
