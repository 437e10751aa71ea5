import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { signalTypeOptions, type EntityKind } from '../transport/signals';

/**
 * The signal pickers of the trigger and of Get Signals: the service's catalogue
 * (`GET /v3/<kind>/signals/types`, free), never a fixed list.
 */
const signalTypePicker = (kind: EntityKind) =>
	async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return await signalTypeOptions(this, kind);
	};

export const getContactSignalTypes = signalTypePicker('contact');
export const getCompanySignalTypes = signalTypePicker('company');
