import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { industryOptions } from '../transport';

export const loadOptions = {
	/** The service's industries, for the search filter "Industry Names or IDs". */
	async getIndustries(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return await industryOptions(this);
	},
};
