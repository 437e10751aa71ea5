import { getCompanySignalTypes, getContactSignalTypes } from '../trigger/loadOptions';
import { filterOptions, searchTechnologies } from './filters';

export const listSearch = { searchTechnologies };

export const loadOptions = {
	...filterOptions,
	/** The service's signal types, for Get Signals (the trigger offers the same lists). */
	getContactSignalTypes,
	getCompanySignalTypes,
};
