import { getCompanySignalTypes, getContactSignalTypes } from '../trigger/loadOptions';
import {
	filterOptions,
	searchCompanyLocations,
	searchCompanyNames,
	searchContactLocations,
	searchTechnologies,
} from './filters';

export const listSearch = {
	searchTechnologies,
	searchCompanyNames,
	searchContactLocations,
	searchCompanyLocations,
};

export const loadOptions = {
	...filterOptions,
	/** The service's signal types, for Get Signals (the trigger offers the same lists). */
	getContactSignalTypes,
	getCompanySignalTypes,
};
