import { describeSignalScore } from '../../signalScoreCases';

// Retry pauses take no time (the retry policy itself is unchanged).
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => await Promise.resolve()),
}));

describeSignalScore('contact', ['p-2001', 'p-2002', 'p-2003']);
