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
