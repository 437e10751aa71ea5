/**
 * The one failure model: the same fault matrix in both shapes n8n's request helper reports it,
 * a thrown error (the marketing transport sends without `ignoreHttpStatusErrors`) and a full
 * answer (the admin and enrichment transports), gives the same class and the same retry decision.
 * Every node's fault suite (test/faults/) runs the same faults through the real transports.
 */
import {
	classifyAnswer,
	classifyThrown,
	shouldRetry,
	type FailureClass,
	type HttpAnswer,
} from '../../nodes/shared/failure';

const networkError = (code: string, message = code) =>
	Object.assign(new Error(message), { code, cause: { code } });
const statusError = (status: number, message = `HTTP ${status}`) =>
	Object.assign(new Error(message), { httpCode: String(status) });

interface Fault {
	name: string;
	/** What n8n throws when it does not hand back the answer. */
	thrown: unknown;
	/** The answer when n8n hands it back (`returnFullResponse`, `ignoreHttpStatusErrors`). */
	answer?: HttpAnswer;
	class: FailureClass;
}

const FAULTS: Fault[] = [
	{
		name: 'reset before sending (refused)',
		thrown: networkError('ECONNREFUSED'),
		class: 'neverSent',
	},
	{ name: 'unknown host', thrown: networkError('ENOTFOUND'), class: 'neverSent' },
	{ name: 'reset after sending', thrown: networkError('ECONNRESET'), class: 'ambiguous' },
	{
		name: 'timeout after sending',
		thrown: networkError('ECONNABORTED', 'timeout of 300ms exceeded'),
		class: 'ambiguous',
	},
	...[500, 502, 504].map((status) => ({
		name: `HTTP ${status}`,
		thrown: statusError(status),
		answer: { statusCode: status, body: { message: 'failed' } },
		class: 'ambiguous' as const,
	})),
	...[429, 503].map((status) => ({
		name: `HTTP ${status}`,
		thrown: statusError(status),
		answer: { statusCode: status, body: { message: 'busy' } },
		class: 'notExecuted' as const,
	})),
	{
		name: 'a 200 cut off mid-body',
		thrown: statusError(200, 'stream has been aborted'),
		class: 'ambiguous',
	},
	{
		name: 'a 200 that is an HTML page',
		thrown: statusError(200, 'Unexpected token <'),
		answer: { statusCode: 200, body: '<html><body>Gateway</body></html>' },
		class: 'ambiguous',
	},
	{
		name: 'a 200 with malformed JSON',
		thrown: statusError(200, 'Unexpected end of JSON input'),
		answer: { statusCode: 200, body: '{"result":[{"id":1' },
		class: 'ambiguous',
	},
	{
		name: 'a refusal (HTTP 400)',
		thrown: statusError(400),
		answer: { statusCode: 400, body: { message: 'bad' } },
		class: 'answered',
	},
];

const SAFE = { safeToRepeat: true };
const UNSAFE = { safeToRepeat: false };

describe('the failure model', () => {
	it.each(FAULTS.map((fault) => [fault.name, fault] as const))(
		'%s: the same class thrown or answered, and the same retry decision',
		(_name, fault) => {
			const thrown = classifyThrown(fault.thrown);
			expect(thrown.class).toBe(fault.class);
			if (fault.answer) expect(classifyAnswer(fault.answer).class).toBe(fault.class);
			const retried = fault.class !== 'answered';
			expect(shouldRetry(thrown, SAFE)).toBe(retried);
			// A call not safe to repeat is sent again only when the service cannot have run it.
			expect(shouldRetry(thrown, UNSAFE)).toBe(
				fault.class === 'neverSent' || fault.class === 'notExecuted',
			);
		},
	);

	it('a 200 the transport can read is answered, an empty 200 too (calls that answer {})', () => {
		expect(classifyAnswer({ statusCode: 200, body: { success: true } }).class).toBe('answered');
		expect(classifyAnswer({ statusCode: 200, body: '' }).class).toBe('answered');
		// A transport that needs an object (a call that creates) says so.
		const needsObject = (body: unknown) => typeof body === 'object' && body !== null;
		expect(classifyAnswer({ statusCode: 200, body: '' }, needsObject)).toEqual({
			class: 'ambiguous',
			reason: 'notJson',
			status: 200,
		});
	});

	it('tells an HTML page from cut-off JSON, for the message', () => {
		expect(classifyAnswer({ statusCode: 200, body: '<html></html>' }).reason).toBe('webPage');
		expect(classifyAnswer({ statusCode: 200, body: '{"a":' }).reason).toBe('notJson');
		expect(classifyThrown(statusError(200, 'stream has been aborted')).reason).toBe('cutOff');
	});
});
