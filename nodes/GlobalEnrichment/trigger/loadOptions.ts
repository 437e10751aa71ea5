import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { signalTypeOptions } from '../transport/signals';

/**
 * The signal pickers of the trigger and of Get Signals: the service's catalogue
 * (`GET /v3/<kind>/signals/types`, free), never a fixed list.
 */
export async function getContactSignalTypes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await signalTypeOptions(this, 'contact');
}

export async function getCompanySignalTypes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await signalTypeOptions(this, 'company');
}
