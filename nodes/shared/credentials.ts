import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
} from 'n8n-workflow';

/**
 * Reads a credential once per execution: the same context object serves every item, call and
 * retry of one execution, so it keys the cache and the cache goes with the execution.
 */
export function credentialReader(credentialType: string) {
	const cache = new WeakMap<
		IExecuteFunctions | ILoadOptionsFunctions,
		Promise<ICredentialDataDecryptedObject>
	>();
	return async (ctx: IExecuteFunctions | ILoadOptionsFunctions, itemIndex = 0) => {
		let credentials = cache.get(ctx);
		if (!credentials) {
			credentials = ctx.getCredentials(credentialType, itemIndex);
			cache.set(ctx, credentials);
		}
		return await credentials;
	};
}
