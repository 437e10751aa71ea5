import { describeSignalScore } from '../../signalScoreCases';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

describeSignalScore(
	'company',
	['c-1001', 'c-1002', 'c-1003'],
	{
		'c-1001': { name: 'Northwind Traders', domain: 'northwind.example.com' },
		'c-1003': { name: 'Fabrikam Pty Ltd', domain: 'fabrikam.example.com.au' },
	},
	{
		parameters: { identifyBy: 'domain', domain: 'northwind.example.com' },
		sent: { domain: 'northwind.example.com' },
		refused: [
			{ identifyBy: 'domain', domain: 'https://northwind.example.com/about' },
			'Invalid "Domain" in item 0: "https://northwind.example.com/about" is not a domain',
		],
	},
);
