import { describeSignalScore } from '../../signalScoreCases';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

const company = (id: string, name: string, domain: string) => ({ company: { id, name, domain } });

describeSignalScore(
	'contact',
	['p-2001', 'p-2002', 'p-2003'],
	{
		'p-2001': {
			fullName: 'Ana Silva',
			...company('c-1001', 'Northwind Traders', 'northwind.example.com'),
		},
		'p-2003': {
			fullName: 'Mia Taylor',
			...company('c-1003', 'Fabrikam Pty Ltd', 'fabrikam.example.com.au'),
		},
	},
	{
		parameters: {
			identifyBy: 'name',
			firstName: 'Ana',
			lastName: 'Silva',
			companyDomain: 'northwind.example.com',
		},
		sent: { firstName: 'Ana', lastName: 'Silva', companyDomain: 'northwind.example.com' },
		refused: [
			{ identifyBy: 'name', firstName: 'Ana', lastName: 'Silva' },
			'Invalid "Company Name" in item 0: neither a company name nor a company domain is given',
		],
	},
);
