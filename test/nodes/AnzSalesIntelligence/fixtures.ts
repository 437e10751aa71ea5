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
