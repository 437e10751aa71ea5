import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/**
 * The flow step's callback (provider interface 1.0.0, `selfServiceFlowComplete`): one POST to the
 * callback URL of an invocation, with only that invocation's key (`x-api-key`) and one-time token
 * (`x-callback-token`). The URL is the marketing service's callback host, not the credential's:
 * the node's credential is never sent there, and nothing is retried, since the token works once.
 */
export interface Callback {
	url: string;
	apiKey: string;
	token: string;
}

/** How long the node waits for the service to take a callback. */
export const CALLBACK_TIMEOUT_MS = 60_000;

/** Answers in which the service surely did not take the results (nothing reached it). */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ERR_INVALID_URL']);

export async function sendCallback(
	ctx: IExecuteFunctions,
	callback: Callback,
	body: IDataObject,
	leads: string,
	itemIndex: number,
): Promise<number> {
	const host = new URL(callback.url).host;
	let answer: { statusCode?: number; body?: unknown };
	try {
		answer = (await ctx.helpers.httpRequest({
			method: 'POST',
			url: callback.url,
			headers: { 'x-api-key': callback.apiKey, 'x-callback-token': callback.token },
			body,
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			timeout: CALLBACK_TIMEOUT_MS,
		})) as { statusCode?: number; body?: unknown };
	} catch (error) {
		const code = String((error as { code?: unknown }).code ?? (error as Error).message);
		const sent = !NOT_SENT.has(code);
		const message = sent
			? `The callback to ${host} got no answer: the marketing service may have recorded the results`
			: `The callback to ${host} could not be sent: the marketing service received nothing`;
		throw new NodeApiError(ctx.getNode(), { message } as JsonObject, {
			message,
			// The code goes in the description: n8n would replace a message naming it with its own.
			description: sent
				? `(${code}) The one-time callback token cannot be used twice, so the node did not send it again. Check the flow step's activity of ${leads} in the marketing service (the lead's activity log, or the campaign's Results): if it is missing, run the Smart Campaign again for those leads.`
				: `(${code}) Check that n8n can reach ${host}. Nothing was recorded, but the invocation's token may expire: run the Smart Campaign again for ${leads} if the results do not arrive.`,
			itemIndex,
		});
	}
	const status = Number(answer.statusCode);
	if (status >= 200 && status < 300) return status;
	const why =
		status === 404
			? 'the callback token was already used or has expired, or the key does not match'
			: status === 405
				? 'the service found the results invalid'
				: 'the service refused them';
	const message = `The marketing service refused the results (HTTP ${status}): ${why}`;
	throw new NodeApiError(ctx.getNode(), { message, httpCode: String(status) } as JsonObject, {
		message,
		description:
			status === 404
				? `Results go back once per invocation, to the callback of the invocation the items came from. Check that the items carry their trigger's callback (${leads}) and that no earlier run already returned them.`
				: `Check the values returned for ${leads} against the flow step's declared fields and attributes.`,
		httpCode: String(status),
		itemIndex,
	});
}
