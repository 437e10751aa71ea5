import type { IDataObject } from 'n8n-workflow';

import { apiCallOperation } from '../../../shared/apiCall';
import { apiRequest, instanceBase, type ApiRequest } from '../../transport';
import { collectAll } from '../../transport/paging';

export const operation = apiCallOperation({
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
	baseUrl: instanceBase,
	async send(ctx, call) {
		// POST may create or trigger: never replayed after an ambiguous failure; GET and DELETE are.
		const request: ApiRequest = {
			method: call.method,
			path: call.path,
			qs: call.qs,
			body: call.body as IDataObject | undefined,
			form: call.form,
			safeToRepeat: call.method !== 'POST',
			itemIndex: call.itemIndex,
		};
		if (call.paginate) return await collectAll(ctx, request);
		return (await apiRequest.call(ctx, request)) as IDataObject;
	},
});
