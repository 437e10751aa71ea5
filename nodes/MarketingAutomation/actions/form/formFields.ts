import type { IDataObject } from 'n8n-workflow';

import { apiRequest, readRequest, type MarketingContext } from '../../transport';

/**
 * The fields of one form (`GET /rest/asset/v1/form/{id}/fields.json`), by REST name: what Get
 * Fields answers, the resource mapper offers, and Submit checks its record against.
 */
export async function readFormFields(
	ctx: MarketingContext,
	formId: number,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const answer = await apiRequest.call(ctx, {
		...readRequest(`/rest/asset/v1/form/${formId}/fields.json`, { itemIndex }),
		refusals: {
			'702': {
				message: `No form with ID ${formId} (702)`,
				fix: 'Pick the form from the list.',
			},
		},
	});
	return answer.result ?? [];
}
