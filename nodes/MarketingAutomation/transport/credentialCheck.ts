import {
	credentialTestMethod,
	CredentialTestFailure,
	isNotApiAnswer,
	probe,
	statusFailure,
	type AddressField,
} from '../../shared/credentialCheck';
import { instanceUrls, type InstanceUrls } from './instance';
import { tokenRequest } from './token';

const ADDRESS: AddressField = {
	field: 'REST Endpoint URL',
	example: 'https://123-ABC-456.example.com/rest',
};

const ADDRESS_FIX = `REST Endpoint URL must be the "REST API" endpoint of the admin page "Web Services", e.g. ${ADDRESS.example}.`;
const CLIENT_FIX =
	'Copy the Client ID and Client Secret again from the custom service of the API-only user (admin pages), and check that the user is active.';

/** The instance's addresses, or a failure that says how to write the REST endpoint. */
function instanceUrlsOrFailure(restEndpoint: unknown): InstanceUrls {
	let problem = '';
	try {
		return instanceUrls(restEndpoint);
	} catch (error) {
		problem = (error as Error).message;
	}
	throw new CredentialTestFailure(`${problem}. ${ADDRESS_FIX}`);
}

/**
 * The credential test of both marketing nodes (`methods.credentialTest`): the identity endpoint
 * issues a token for the client ID and secret, then one read-only call proves the token and the
 * API user's permission. Each failure says which field to change.
 */
export const credentialTest = credentialTestMethod(
	'Connection successful: the identity endpoint issued a token and the API user can read leads.',
	async (ctx, credentials) => {
		const urls = instanceUrlsOrFailure(credentials.restEndpoint);
		if (!String(credentials.clientId ?? '').trim() || !String(credentials.clientSecret ?? '')) {
			throw new CredentialTestFailure(`Enter both Client ID and Client Secret. ${CLIENT_FIX}`);
		}
		const request = tokenRequest(credentials);
		const identity = await probe(
			ctx,
			{
				method: 'POST',
				url: urls.tokenUrl,
				headers: request.headers as Record<string, string>,
				body: request.body as string,
			},
			ADDRESS,
		);
		if (identity.statusCode === 400 || identity.statusCode === 401) {
			throw new CredentialTestFailure(
				`The identity endpoint refused the Client ID or Client Secret (HTTP ${identity.statusCode}). ${CLIENT_FIX}`,
			);
		}
		if (identity.statusCode < 200 || identity.statusCode >= 300) {
			throw new CredentialTestFailure(
				statusFailure(identity, urls.tokenUrl, { key: CLIENT_FIX, address: ADDRESS_FIX }),
			);
		}
		const token = (identity.body as { access_token?: unknown } | undefined)?.access_token;
		if (isNotApiAnswer(identity) || typeof token !== 'string' || !token) {
			throw new CredentialTestFailure(
				`${urls.tokenUrl} answered without an access token, so it is not the instance's identity endpoint. ${ADDRESS_FIX}`,
			);
		}

		const describeUrl = `${urls.rest}/v1/leads/describe2.json`;
		const describe = await probe(
			ctx,
			{
				method: 'GET',
				url: describeUrl,
				headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
			},
			ADDRESS,
		);
		const envelope = describe.body as
			| { success?: unknown; errors?: Array<{ code?: unknown; message?: unknown }> }
			| undefined;
		if (describe.statusCode !== 200 || isNotApiAnswer(describe) || !envelope) {
			throw new CredentialTestFailure(
				describe.statusCode === 200
					? `The token was issued, but ${describeUrl} did not answer with the API's JSON. ${ADDRESS_FIX}`
					: statusFailure(describe, describeUrl, { key: CLIENT_FIX, address: ADDRESS_FIX }),
			);
		}
		if (envelope.success !== true) {
			const code = String(envelope.errors?.[0]?.code ?? 'unknown');
			if (code === '603') {
				throw new CredentialTestFailure(
					'The token was issued, but the API user may not read the lead database (603, access denied): give its role the "Read-Only Lead" or "Read-Write Lead" permission.',
				);
			}
			if (code === '601' || code === '602') {
				throw new CredentialTestFailure(
					`The token was issued, but the API refused it (${code}): the identity endpoint and the REST endpoint belong to different instances. ${ADDRESS_FIX}`,
				);
			}
			throw new CredentialTestFailure(
				`The token was issued, but the test call was refused (${code}). ${CLIENT_FIX}`,
			);
		}
	},
);
