import { takeViolations } from '../contracts/violations';

// Every answer the simulator sends is checked against its service's contract, and every request
// is matched to a contract entry: a test whose run broke either fails, naming what broke.
afterEach(() => {
	const violations = takeViolations();
	if (violations.length > 0) {
		throw new Error(`The simulator left its services' contracts:\n- ${violations.join('\n- ')}`);
	}
});
