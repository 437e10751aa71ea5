/** The simplified output for the demo seed's first person, the same on both APIs. */
export const JANE_SIMPLE = {
	id: 'fp0001',
	name: 'Jane Citizen',
	firstName: 'Jane',
	lastName: 'Citizen',
	position: 'Head of Marketing',
	seniority: 'VP / Director / Head Of',
	department: 'Marketing',
	companyName: 'Southern Cross Analytics Pty Ltd',
	companyWebsite: 'https://southerncross.example.com.au',
	workEmail: 'jane.citizen@southerncross.example.com.au',
	phone: '+61 400 000 001',
	networkUrl: 'https://www.linkedin.com/in/jane-citizen',
	location: 'Sydney, NSW, Australia',
};

/** The simplified output for the demo seed's first company, the same on both APIs. */
export const SOUTHERN_CROSS_SIMPLE = {
	id: 'f000000117274',
	name: 'Southern Cross Analytics Pty Ltd',
	domain: 'southerncross.example.com.au',
	website: 'https://www.southerncross.example.com.au',
	abn: '51824753556',
	industries: ['Software'],
	companySize: '51-200',
	employeeCount: 140,
	headquarters: 'AU-NSW',
	country: 'Australia',
	states: ['NSW'],
	networkUrl: 'https://www.linkedin.com/company/southern-cross-analytics',
	technologies: ['HubSpot', 'AWS'],
};
