import { DEMO_GLOBAL_SEED, generateGlobalContacts } from '../../simulator/globalEnrichment';

/** The simplified output for the demo seed's first contact, the same on both APIs. */
export const ANA = {
	id: 'p-2001',
	fullName: 'Ana Silva',
	firstName: 'Ana',
	lastName: 'Silva',
	email: 'ana.silva@northwind.example.com',
	phone: '+1 206 555 0101',
	jobTitle: 'VP Marketing',
	seniority: 'VP',
	companyName: 'Northwind Traders',
	companyDomain: 'northwind.example.com',
	country: 'United States',
	city: 'Seattle',
	networkUrl: 'https://www.linkedin.com/in/ana-silva',
};

/** Contact parameters identifying by the item's e-mail. */
export const contact = (operation: string, parameters: Record<string, unknown> = {}) => ({
	resource: 'contact',
	operation,
	identifyBy: 'email',
	email: '={{ $json.email }}',
	...parameters,
});

/** The simplified output for the demo seed's first company, the same on both APIs. */
export const NORTHWIND = {
	found: true,
	creditsCharged: 1,
	id: 'c-1001',
	name: 'Northwind Traders',
	domain: 'northwind.example.com',
	website: 'https://www.northwind.example.com',
	industry: 'Software',
	employeeCount: 420,
	revenue: '$50M-$100M',
	country: 'United States',
	city: 'Seattle',
	technologies: ['Salesforce', 'Segment'],
	networkUrl: 'https://www.linkedin.com/company/northwind',
};

/** Contact → Search with Return All for the generated sales representatives. */
export const ALL_SALES_REPRESENTATIVES = {
	resource: 'contact',
	operation: 'search',
	returnAll: true,
	filters: { jobTitle: 'Sales Representative' },
};

/** The `pagination` of each search request the service received, in order. */
export const pagesAsked = (calls: Array<{ body: unknown }>) =>
	calls.map((call) => (call.body as { pagination: unknown }).pagination);

/** Simulator options: the demo seed plus `count` generated contacts. */
export const demoSeedPlusContacts = (count: number) => () => ({
	global: {
		...DEMO_GLOBAL_SEED,
		contacts: [...DEMO_GLOBAL_SEED.contacts, ...generateGlobalContacts(count)],
	},
});
