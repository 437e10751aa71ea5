import {
	checkAddress,
	CredentialTestFailure,
	credentialTestMethod,
	isNotApiAnswer,
	probe,
	statusFailure,
} from '../../shared/credentialCheck';
import { authorization } from './authorization';
import { adminBaseUrl, REGION_BASE_URLS } from './baseUrl';

/**
 * The credential test (the node's `methods.credentialTest`): Base URL checked before any call,
 * then `GET /auth/info`, which any valid key may call; every failure says which field to change.
 */
export const credentialTest = credentialTestMethod(
	'Connection successful: the service accepted the API key for this project.',
	async (ctx, credentials) => {
		const custom = !(String(credentials.region ?? '') in REGION_BASE_URLS);
		const address = custom
			? { field: 'Base URL', example: 'https://api-xxxxxx.stack.example.com' }
			: { field: 'Region', example: 'the region your organization is hosted in' };
		if (custom && !String(credentials.baseUrl ?? '').trim()) {
			throw new CredentialTestFailure(
				"Base URL is required when Region is Custom: enter the API's address (e.g. https://api-xxxxxx.stack.example.com), or choose your organization's region.",
			);
		}
		const url = `${adminBaseUrl(credentials)}/auth/info`;
		if (custom) checkAddress(url, address, String(credentials.baseUrl));
		const answer = await probe(
			ctx,
			{
				method: 'GET',
				url,
				headers: { Accept: 'application/json', Authorization: authorization(credentials, url) },
			},
			address,
		);
		const status = answer.statusCode;
		if (status === 401) {
			throw new CredentialTestFailure(
				'The service refused the API key for this project (HTTP 401). Check that the API Key is complete, that the Project ID is a project of the key’s organization, and that Region is the region your organization lives in (a key works only in its own region).',
			);
		}
		if (status === 403) {
			throw new CredentialTestFailure(
				'The API key is valid but may not use this project (HTTP 403). Check the Project ID, or create the key in the project’s organization under Integrations & API Keys.',
			);
		}
		const addressFix = custom
			? 'With Region Custom, Base URL must be the API’s address (e.g. https://api-xxxxxx.stack.example.com), not the app’s web address.'
			: 'Check Region; if your organization has its own address, choose Custom and enter it as Base URL.';
		if (status < 200 || status >= 300) {
			throw new CredentialTestFailure(
				statusFailure(answer, url, {
					key: 'Check the API Key, the Project ID and Region.',
					address: addressFix,
				}),
			);
		}
		if (isNotApiAnswer(answer)) {
			throw new CredentialTestFailure(
				`The address answered, but not with the API's JSON (a web page?). ${addressFix}`,
			);
		}
	},
);
