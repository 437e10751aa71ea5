import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { client } from '../transport';

/** The service's signal catalogue (`GET /v3/<kind>/signals/types`, free), never a fixed list. */
async function signalTypes(
	ctx: ILoadOptionsFunctions,
	kind: 'contacts' | 'companies',
): Promise<INodePropertyOptions[]> {
	const { body } = await client.apiRequestOk(ctx, {
		method: 'GET',
		path: `/v3/${kind}/signals/types`,
		itemIndex: 0,
		safeToRepeat: true,
	});
	const list = Array.isArray(body) ? body : [];
	return list.map((type) => {
		const value = String(type);
		// `companyChange` → "Company Change"
		const name = value.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
		return { name, value };
	});
}

export async function getContactSignalTypes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await signalTypes(this, 'contacts');
}

export async function getCompanySignalTypes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await signalTypes(this, 'companies');
}
