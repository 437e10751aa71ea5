import { LOCK_WAIT_CODE } from '../../transport/refusals';
import { cloneOperation } from '../../helpers/assetClone';
import { programLocator } from '../fields';
import { defineOperation } from '../../../shared/operation';

export const operation = defineOperation({
	option: {
		name: 'Clone',
		value: 'clone',
		description: 'Clone a program (e.g. a template) under a new name into a folder',
		action: 'Clone a program',
	},
	since: 2,
	...cloneOperation({
		source: 'program',
		locator: { ...programLocator, description: 'The program to clone, e.g. a template' },
		path: 'program',
		namePlaceholder: 'e.g. 2026-12 Product Webinar',
		nameDescription: 'The clone’s name, unique in the whole instance (at most 255 characters)',
		folderDescription: 'The folder the clone is put in, in the program’s workspace',
		fixFor709:
			'Programs holding push, in-app, social or report assets cannot be cloned, the new name must be unused in the whole instance, and the folder must be in the program’s workspace: change what the message names.',
		lookUp: (name) =>
			`Look the program up by its new name with Program → Get (By Name ${name}): if it is there, the clone was made; if not, run the node again.`,
		// A lock wait (719) is not repeated either: the clone may exist.
		refusals: (programId, lookUp) => ({
			[LOCK_WAIT_CODE]: {
				message: `Cloning program ${programId} waited too long for a lock (719); it was not sent again`,
				fix: `Another change held the program. ${lookUp}`,
			},
		}),
	}),
});
