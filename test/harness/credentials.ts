import { Credentials } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeProperties,
	IRequestOptionsSimplified,
	Workflow,
} from 'n8n-workflow';
import { ICredentialsHelper } from 'n8n-workflow';

import type { LoadedPackage } from './loader';

export type CredentialValues = Record<string, ICredentialDataDecryptedObject>;

/**
 * Applies each credential type's own `authenticate` and `preAuthentication` the way the n8n CLI
 * does, over plain test values. Values that preAuthentication persists (tokens) are written back,
 * so tests can see them survive across executions.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	readonly updates: Array<{ type: string; data: ICredentialDataDecryptedObject }> = [];

	constructor(
		private readonly pkg: LoadedPackage,
		readonly store: CredentialValues,
	) {
		super();
	}

	getParentTypes(name: string): string[] {
		return this.pkg.getCredentialType(name).extends ?? [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		incoming: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const requestOptions = incoming as IHttpRequestOptions;
		const type = this.pkg.getCredentialType(typeName);
		if (typeof type.authenticate === 'function') {
			return await type.authenticate(credentials, requestOptions);
		}
		if (type.authenticate?.type === 'generic') {
			if (!workflow || !node) throw new Error('Generic authentication needs the workflow and node');
			const resolve = (value: string) =>
				workflow.expression.getSimpleParameterValue(
					node,
					value,
					'internal',
					{ $credentials: credentials },
					undefined,
					'',
				) as string;
			const target = requestOptions as unknown as Record<string, Record<string, unknown>>;
			for (const [outerKey, entries] of Object.entries(type.authenticate.properties)) {
				target[outerKey] ??= {};
				for (const [key, value] of Object.entries(entries as Record<string, string>)) {
					target[outerKey][resolve(key)] = resolve(value);
				}
			}
		}
		return requestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		_node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.pkg.getCredentialType(typeName);
		const expirable = type.properties.find(
			(p) => p.type === 'hidden' && p.typeOptions?.expirable === true,
		);
		if (!expirable || typeof type.preAuthentication !== 'function') return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;
		const output = await type.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined) return undefined;
		await this.updateCredentials({ id: typeName, name: typeName }, typeName, {
			...this.store[typeName],
			...output,
		} as ICredentialDataDecryptedObject);
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.pkg.getCredentialType(typeName);
		if (typeof type.preAuthentication !== 'function') return undefined;
		const output = await type.preAuthentication.call(helpers, credentials);
		return (output as ICredentialDataDecryptedObject | undefined) ?? undefined;
	}

	async getCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentials> {
		return new Credentials(nodeCredentials, type, '');
	}

	async getDecrypted(
		_additionalData: unknown,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const values = this.store[type];
		if (!values) throw new Error(`The test gave no values for credential type ${type}`);
		return { ...values };
	}

	async updateCredentials(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store[type] = { ...data };
		this.updates.push({ type, data: { ...data } });
	}

	async updateCredentialsOauthTokenData(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		await this.updateCredentials(nodeCredentials, type, data);
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.pkg.getCredentialType(type).properties;
	}
}
