import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { industryOptions } from '../transport';
import { signalTypeOptions } from '../transport/signals';
import { filterOptions, searchTechnologies } from './filters';

export const listSearch = { searchTechnologies };

export const loadOptions = {
	...filterOptions,
	/** The service's industries, for the search filter "Industry Names or IDs". */
	async getIndustries(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return await industryOptions(this);
	},
	/** The service's contact signal types, for Contact → Get Signals. */
	async getContactSignalTypes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return await signalTypeOptions(this, 'contact');
	},
	/** The service's company signal types, for Company → Get Signals. */
	async getCompanySignalTypes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return await signalTypeOptions(this, 'company');
	},
};
