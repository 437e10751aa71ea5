import type { INodePropertyOptions } from 'n8n-workflow';

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

/** A whole country ("AU", "NZ") as its states or regions, for the connection contract's filter. */
export function expandLocations(codes: string[]): string[] {
	const expanded = codes.flatMap((code) =>
		code.includes('-')
			? [code]
			: LOCATION_OPTIONS.map((option) => String(option.value)).filter((value) =>
					value.startsWith(`${code}-`),
				),
	);
	return [...new Set(expanded)];
}

/** Australian states and territories, and the 16 New Zealand regions (ISO 3166-2 codes). */
export const LOCATION_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Australia (All States and Territories)', value: 'AU' },
	{ name: 'New Zealand (All Regions)', value: 'NZ' },
	{ name: 'Australian Capital Territory (AU)', value: 'AU-ACT' },
	{ name: 'New South Wales (AU)', value: 'AU-NSW' },
	{ name: 'Northern Territory (AU)', value: 'AU-NT' },
	{ name: 'Queensland (AU)', value: 'AU-QLD' },
	{ name: 'South Australia (AU)', value: 'AU-SA' },
	{ name: 'Tasmania (AU)', value: 'AU-TAS' },
	{ name: 'Victoria (AU)', value: 'AU-VIC' },
	{ name: 'Western Australia (AU)', value: 'AU-WA' },
	{ name: 'Auckland (NZ)', value: 'NZ-AUK' },
	{ name: 'Bay of Plenty (NZ)', value: 'NZ-BOP' },
	{ name: 'Canterbury (NZ)', value: 'NZ-CAN' },
	{ name: 'Gisborne (NZ)', value: 'NZ-GIS' },
	{ name: "Hawke's Bay (NZ)", value: 'NZ-HKB' },
	{ name: 'Manawatū-Whanganui (NZ)', value: 'NZ-MWT' },
	{ name: 'Marlborough (NZ)', value: 'NZ-MBH' },
	{ name: 'Nelson (NZ)', value: 'NZ-NSN' },
	{ name: 'Northland (NZ)', value: 'NZ-NTL' },
	{ name: 'Otago (NZ)', value: 'NZ-OTA' },
	{ name: 'Southland (NZ)', value: 'NZ-STL' },
	{ name: 'Taranaki (NZ)', value: 'NZ-TKI' },
	{ name: 'Tasman (NZ)', value: 'NZ-TAS' },
	{ name: 'Waikato (NZ)', value: 'NZ-WKO' },
	{ name: 'Wellington (NZ)', value: 'NZ-WGN' },
	{ name: 'West Coast (NZ)', value: 'NZ-WTC' },
].sort(byName);

/** The service's seniority ids. */
export const SENIORITY_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Board Member / Company Director', value: 1 },
	{ name: 'Owner / Founder', value: 2 },
	{ name: 'C-Suite / Partner', value: 3 },
	{ name: 'VP / Director / Head Of', value: 4 },
	{ name: 'Manager', value: 5 },
	{ name: 'Other', value: 6 },
	{ name: 'No Data Available', value: 7 },
].sort(byName);

/** The service's department ids. */
export const DEPARTMENT_OPTIONS: INodePropertyOptions[] = [
	{ name: 'General Management', value: 1 },
	{ name: 'Sales', value: 2 },
	{ name: 'Trades', value: 3 },
	{ name: 'Operations', value: 4 },
	{ name: 'Engineering & Technical', value: 5 },
	{ name: 'Human Resources', value: 6 },
	{ name: 'Customer Service', value: 7 },
	{ name: 'Medicine & Healthcare', value: 8 },
	{ name: 'Research & Analysis', value: 9 },
	{ name: 'Legal', value: 10 },
	{ name: 'Marketing', value: 11 },
	{ name: 'Education & Training', value: 12 },
	{ name: 'Consulting', value: 13 },
	{ name: 'Finance', value: 14 },
	{ name: 'Product', value: 15 },
	{ name: 'Other', value: 16 },
	{ name: 'No Data Available', value: 17 },
].sort(byName);
