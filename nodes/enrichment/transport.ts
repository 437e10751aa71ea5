import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	answerError,
	creditsOf,
	isNoMatch,
	sendServiceCall,
	type ServiceAnswer,
	type ServiceCall,
} from './http';
import type { LookupChunk, LookupOutcome } from './lookups';

export interface ServiceTransport {
	/** One call; every HTTP status comes back as an answer (429/5xx already retried). */
	apiRequest(ctx: IExecuteFunctions, call: ServiceCall): Promise<ServiceAnswer>;
	/** Like `apiRequest`, but an error status becomes the node's NodeApiError. */
	apiRequestOk(ctx: IExecuteFunctions, call: ServiceCall): Promise<ServiceAnswer>;
	/**
	 * One single-record lookup (`POST <path>` with the lookup's body). A 404 or 200 carrying
	 * `NOT_FOUND` is a no match; any other error status throws; a 200 goes to `outcomeOf`.
	 */
	lookupOne(
		ctx: IExecuteFunctions,
		path: string,
		chunk: LookupChunk,
	): Promise<Map<string, LookupOutcome>>;
}

/** The calls a node makes to one enrichment service, named for its messages. */
export function serviceTransport(
	credentialType: string,
	serviceName: string,
	outcomeOf: (body: IDataObject | undefined, creditsCharged: number) => LookupOutcome,
): ServiceTransport {
	const apiRequest = async (ctx: IExecuteFunctions, call: ServiceCall) =>
		await sendServiceCall(ctx, credentialType, call);
	const apiRequestOk = async (ctx: IExecuteFunctions, call: ServiceCall) => {
		const answer = await apiRequest(ctx, call);
		if (answer.statusCode >= 400) throw answerError(ctx.getNode(), answer, serviceName, call);
		return answer;
	};
	const lookupOne = async (ctx: IExecuteFunctions, path: string, chunk: LookupChunk) => {
		const [lookup] = chunk.lookups;
		const call: ServiceCall = {
			method: 'POST',
			path,
			body: lookup.request,
			itemIndex: chunk.itemIndexes[0],
		};
		const answer = await apiRequest(ctx, call);
		const creditsCharged = creditsOf(answer) ?? 0;
		if (isNoMatch(answer)) {
			return new Map<string, LookupOutcome>([[lookup.key, { status: 'noMatch', creditsCharged }]]);
		}
		if (answer.statusCode >= 400) throw answerError(ctx.getNode(), answer, serviceName, call);
		const body =
			answer.body && typeof answer.body === 'object' ? (answer.body as IDataObject) : undefined;
		return new Map<string, LookupOutcome>([[lookup.key, outcomeOf(body, creditsCharged)]]);
	};
	return { apiRequest, apiRequestOk, lookupOne };
}
