import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { industryOptions } from '../transport';
import { getCompanySignalTypes, getContactSignalTypes } from '../trigger/loadOptions';
import { filterOptions, searchTechnologies } from './filters';

export const listSearch = { searchTechnologies };

export const loadOptions = {
	...filterOptions,
	/** The service's industries, for the search filter "Industry Names or IDs". */
	async getIndustries(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return await industryOptions(this);
	},
	/** The service's signal types, for Get Signals (the trigger offers the same lists). */
	getContactSignalTypes,
	getCompanySignalTypes,
};
