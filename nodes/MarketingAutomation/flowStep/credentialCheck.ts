import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	INodeCredentialTestResult,
} from 'n8n-workflow';

/** The shortest key or password the check accepts: a guessable one would open the flow step. */
export const MIN_SECRET_LENGTH = 16;

/**
 * The Flow Step credential's test. It holds what the marketing service presents to n8n, so there
 * is no service to call: the test checks that the key (or the user and password) is there and
 * long enough, and says that nothing was called.
 */
export async function flowStepCredentialCheck(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const basic = data.authentication === 'basic';
	const secret = String((basic ? data.password : data.apiKey) ?? '');
	const what = basic ? 'password' : 'API key';
	if (basic && String(data.user ?? '').trim() === '') {
		return { status: 'Error', message: 'Enter a user: the service sends it with the password' };
	}
	if (secret.length < MIN_SECRET_LENGTH) {
		return {
			status: 'Error',
			message: `The ${what} has ${secret.length} characters: use at least ${MIN_SECRET_LENGTH} (a random one), and the same in the marketing service`,
		};
	}
	return {
		status: 'OK',
		message: `The ${what} can be used: enter the same in the marketing service when you install the flow step (nothing was called)`,
	};
}
