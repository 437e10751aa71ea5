import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { jsonParse } from 'n8n-workflow';

import { verifyWithAccountSecret } from '../transport/accountSecret';
import { isFresh, signatureMatches, signedParts } from './signature';
import { firstDelivery, type TriggerState } from './triggerState';

/**
 * One request to the trigger's webhook URL: the service's URL check (GET with `challenge`), or a
 * delivery (POST). A delivery runs the workflow only when it is signed by the account's secret over
 * its raw body, fresh, and not seen before; it is answered at once (the service waits 10 s at most).
 */

/** The longest challenge echoed back: the check sends a short token. */
const MAX_CHALLENGE_LENGTH = 256;

type Response = ReturnType<IWebhookFunctions['getResponseObject']>;

function answer(res: Response, status: number, body: IDataObject): IWebhookResponseData {
	res.status(status).json(body);
	return { noWebhookResponse: true };
}

/** The URL check: `GET <url>?challenge=v` is answered `{ "challenge": v }`. */
function answerChallenge(ctx: IWebhookFunctions): IWebhookResponseData {
	const challenge = (ctx.getQueryData() as IDataObject).challenge;
	const res = ctx.getResponseObject();
	if (typeof challenge !== 'string' || !challenge || challenge.length > MAX_CHALLENGE_LENGTH) {
		return answer(res, 400, { message: 'Expected one challenge query parameter' });
	}
	return answer(res, 200, { challenge });
}

/** The item a genuine delivery starts the workflow with. */
function itemOf(body: IDataObject, state: TriggerState, receivedAt: string): IDataObject {
	const entityId = String(body.entityId ?? '');
	const watchedAs = state.watchedAs?.[entityId];
	const billing = body.billing as IDataObject | undefined;
	return {
		signalType: body.type,
		signal: (body.data as IDataObject | undefined) ?? {},
		entity: {
			type: body.entityType,
			id: entityId,
			...(watchedAs === undefined ? {} : { watchedAs }),
		},
		subscriptionId: body.subscriptionId,
		webhookId: body.id,
		signalledAt: body.timestamp,
		receivedAt,
		cost: {
			// The service charges each delivery once (its retries are free); it may not say how much.
			deliveryCreditsCharged:
				typeof billing?.creditsCharged === 'number' ? billing.creditsCharged : null,
			setupCreditsCharged: state.setupCreditsCharged ?? 0,
		},
	};
}

function parse(raw: Buffer): IDataObject | undefined {
	const body = jsonParse<unknown>(raw.toString('utf8'), { fallbackValue: null });
	return body && typeof body === 'object' && !Array.isArray(body)
		? (body as IDataObject)
		: undefined;
}

export async function receive(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	if (this.getWebhookName() === 'setup') return answerChallenge(this);
	const req = this.getRequestObject();
	const res = this.getResponseObject();
	const now = Date.now();
	const parts = signedParts(req.headers);
	const raw = req.rawBody;
	// Nothing unsigned, stale or forged starts a run, and the answer says no more than that.
	if (!parts || !Buffer.isBuffer(raw) || !isFresh(parts.timestamp, now)) {
		return answer(res, 401, { received: false, message: 'Missing, stale or invalid signature' });
	}
	let genuine: boolean;
	try {
		genuine = await verifyWithAccountSecret(this, (secret) => signatureMatches(secret, parts, raw));
	} catch (error) {
		// The service retries a failed delivery: 503 makes it come again instead of being lost.
		this.logger.warn(
			`A delivery could not be verified: the account secret could not be read (${(error as Error).message})`,
		);
		return answer(res, 503, { received: false, message: 'Try again later' });
	}
	if (!genuine) {
		return answer(res, 401, { received: false, message: 'Missing, stale or invalid signature' });
	}
	// `{ id, type, entityType, entityId, subscriptionId, data, timestamp, billing }`.
	const body = parse(raw);
	const webhookId = body?.id;
	if (!body || typeof webhookId !== 'string' || !webhookId) {
		return answer(res, 400, {
			received: false,
			message: 'Expected a JSON delivery with an id',
		});
	}
	const state = this.getWorkflowStaticData('node') as TriggerState;
	const timestamp = new Date(now).toISOString();
	// The documented acknowledgement: `{ received: true, timestamp, webhookId: <the payload's id> }`.
	if (!firstDelivery(state, webhookId)) {
		// Already run: acknowledged again so the service stops retrying, but not run twice.
		return answer(res, 201, { received: true, timestamp, webhookId });
	}
	res.status(201).json({ received: true, timestamp, webhookId });
	return {
		noWebhookResponse: true,
		workflowData: [this.helpers.returnJsonArray([itemOf(body, state, timestamp)])],
	};
}
