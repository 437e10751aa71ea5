import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiCallOperation, type ApiCallRequest } from '../../../shared/apiCall';
import { apiRequest, CREDENTIAL_TYPE } from '../../transport';
import { instanceUrls } from '../../transport/instance';
import { collectByOffset, collectFollowing } from '../../transport/paging';

async function send(
	ctx: IExecuteFunctions,
	call: ApiCallRequest,
): Promise<IDataObject | IDataObject[]> {
	// POST may create or trigger: never replayed after an ambiguous failure; GET and DELETE are.
	const request = {
		method: call.method,
		path: call.path,
		qs: call.qs,
		body: call.body as IDataObject | undefined,
		form: call.form,
		idempotent: call.method !== 'POST',
		itemIndex: call.itemIndex,
	};
	if (call.paginate) {
		return call.path.startsWith('/rest/asset/')
			? await collectByOffset(ctx, request)
			: await collectFollowing(ctx, request);
	}
	return (await apiRequest.call(ctx, request)) as IDataObject;
}

export const { option, description, validate, execute } = apiCallOperation({
	operation: 'send',
	methods: ['DELETE', 'GET', 'POST'],
	secret: 'the token',
	where: 'on the instance',
	placeholder: 'e.g. /rest/v1/campaigns.json',
	example: '/rest/v1/lists.json',
	// The identity path (token endpoint) is outside these, so it never receives a token.
	rules: { allowedPrefixes: ['/rest/', '/bulk/'] },
	formBody: {
		jsonHint: 'Lead Database endpoints (/rest/v1/...)',
		formHint: 'Asset endpoints (/rest/asset/v1/...)',
	},
	paging:
		'Whether to read every page (nextPageToken, or offset for /rest/asset/ paths) and output each record as an item',
	baseUrl: async (ctx) =>
		instanceUrls((await ctx.getCredentials(CREDENTIAL_TYPE)).restEndpoint).base,
	send,
});
