import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

/** The contexts a credential is read in: an execution, an editor's list, a webhook trigger. */
type ReadingContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions;

/**
 * Reads a credential once per execution: the same context object serves every item, call and
 * retry of one execution, so it keys the cache and the cache goes with the execution.
 */
export function credentialReader(credentialType: string) {
	const cache = new WeakMap<ReadingContext, Promise<ICredentialDataDecryptedObject>>();
	return async (ctx: ReadingContext, itemIndex = 0) => {
		let credentials = cache.get(ctx);
		if (!credentials) {
			credentials = ctx.getCredentials(credentialType, itemIndex);
			cache.set(ctx, credentials);
		}
		return await credentials;
	};
}
