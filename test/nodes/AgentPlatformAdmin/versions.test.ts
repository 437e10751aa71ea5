import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { AgentPlatformAdmin } from '../../../nodes/AgentPlatformAdmin/AgentPlatformAdmin.node';
import { runWorkflow } from '../../harness';
import { directorySuite } from './directory';
import { adminNode } from './helpers';
import { simCredentials } from './runs';

/**
 * Version 2 saves Get Many as `getAll` (n8n's convention); version 1, released with `getMany`,
 * keeps that value so saved workflows open and run unchanged.
 */
describe('Agent Platform › versions', () => {
	const { description } = new AgentPlatformAdmin();
	const listing = ['agent', 'apiKey', 'invite', 'project', 'tool', 'user'];

	/** The Operation values the editor offers for `resource` in `version`. */
	const offered = (resource: string, version: number) =>
		description.properties
			.filter(
				(property) =>
					property.name === 'operation' &&
					NodeHelpers.displayParameter(
						{ resource },
						property,
						{ typeVersion: version },
						description,
					),
			)
			.flatMap((property) => property.options as INodePropertyOptions[])
			.filter((option) =>
				NodeHelpers.displayParameter(
					{ resource },
					option as unknown as INodeProperties,
					{ typeVersion: version },
					description,
				),
			)
			.map((option) => `${option.value}:${option.name}`);

	it('offers Get Many as getAll from version 2 and as getMany in version 1', () => {
		expect(description.defaultVersion).toBe(2.1);
		for (const resource of listing) {
			expect([resource, offered(resource, 2)]).toEqual([
				resource,
				expect.arrayContaining(['getAll:Get Many']),
			]);
			expect(offered(resource, 2)).not.toContain('getMany:Get Many');
			expect(offered(resource, 1)).toContain('getMany:Get Many');
			expect(offered(resource, 1)).not.toContain('getAll:Get Many');
		}
	});

	it('shows the fields of Get Many for either value', () => {
		const shown = (operation: string, version: number) =>
			description.properties
				.filter((property) =>
					NodeHelpers.displayParameter(
						{ resource: 'invite', operation },
						property,
						{ typeVersion: version },
						description,
					),
				)
				.map((property) => property.name);
		expect(shown('getMany', 1)).toEqual(shown('getAll', 2));
		expect(shown('getAll', 2)).toEqual(['resource', 'operation', 'project', 'returnAll']);
	});

	it('Tool → Run: from 2.1 a picked tool’s own inputs are the default; no tool yet shows JSON', () => {
		/** What n8n makes of a node's parameters: the Inputs mode and the parameters shown. */
		const resolved = (typeVersion: number, toolValue: string) => {
			const node = { typeVersion, parameters: {} } as never;
			const parameters = NodeHelpers.getNodeParameters(
				description.properties,
				{
					resource: 'tool',
					operation: 'run',
					toolId: { __rl: true, mode: 'list', value: toolValue },
				},
				true,
				false,
				node,
				description,
			)!;
			return {
				inputMode: parameters.inputMode,
				mapper: 'inputFields' in parameters,
				json: 'inputsJson' in parameters,
			};
		};
		expect(resolved(2.1, '')).toEqual({ inputMode: 'json', mapper: false, json: true });
		expect(resolved(2.1, 'tool-enrich')).toEqual({
			inputMode: 'fields',
			mapper: true,
			json: false,
		});
		// Version 2 saved JSON as its default: its workflows keep it.
		expect(resolved(2, 'tool-enrich')).toEqual({ inputMode: 'json', mapper: false, json: true });
		expect(resolved(1, 'tool-enrich')).toEqual({ inputMode: 'json', mapper: false, json: true });
	});

	describe('runs', () => {
		const suite = directorySuite();
		const list = async (typeVersion: number, parameters: Record<string, unknown>) =>
			await runWorkflow({
				nodes: {
					...adminNode({ resource: 'apiKey', userId: 'usr-ana', ...parameters }),
					typeVersion,
				},
				credentials: simCredentials(suite.sim),
			});

		it("runs a version-1 workflow's getMany, a version-2 getAll and a saved default alike", async () => {
			await suite.run({ resource: 'apiKey', operation: 'create', userId: 'usr-ana' });
			const outputs = [];
			for (const [version, parameters] of [
				[1, { operation: 'getMany' }],
				[2, { operation: 'getAll' }],
				// Saved without Operation: the default, Get Many, in either version.
				[1, {}],
				[2, {}],
			] as const) {
				suite.mark();
				const result = await list(version, parameters);
				expect(result.error).toBeUndefined();
				expect(suite.calls().map((c) => [c.method, c.path])).toEqual([
					['POST', '/latest/auth/users/usr-ana/keys/list'],
				]);
				outputs.push(result.json());
			}
			expect(outputs[0]).toHaveLength(1);
			expect(new Set(outputs.map((output) => JSON.stringify(output))).size).toBe(1);
		});

		it('version 2.1 takes the user from its picker; version 2 from its text field', async () => {
			await suite.run({ resource: 'apiKey', operation: 'create', userId: 'usr-ana' });
			for (const [version, userId] of [
				[2.1, { __rl: true, mode: 'list', value: 'usr-ana', cachedResultName: 'ana@example.com' }],
				[2.1, { __rl: true, mode: 'id', value: 'usr-ana' }],
				[2, 'usr-ana'],
			] as const) {
				suite.mark();
				const result = await list(version, { operation: 'getAll', userId });
				expect(result.error).toBeUndefined();
				expect(suite.calls().map((c) => [c.method, c.path])).toEqual([
					['POST', '/latest/auth/users/usr-ana/keys/list'],
				]);
			}
		});

		it('shows a text field to versions 1 and 2 and a picker from 2.1', () => {
			const typeOf = (typeVersion: number, resource: string, operation: string, name: string) =>
				description.properties
					.filter(
						(property) =>
							property.name === name &&
							NodeHelpers.displayParameter(
								{ resource, operation },
								property,
								{ typeVersion },
								description,
							),
					)
					.map((property) => property.type);
			for (const [resource, operation, name] of [
				['apiKey', 'revoke', 'userId'],
				['apiKey', 'revoke', 'keyId'],
				['user', 'updateRole', 'userId'],
				['user', 'removeFromProject', 'userId'],
				['invite', 'resend', 'inviteCode'],
				['invite', 'delete', 'inviteCode'],
			]) {
				expect([name, typeOf(2, resource, operation, name)]).toEqual([name, ['string']]);
				expect([name, typeOf(2.1, resource, operation, name)]).toEqual([name, ['resourceLocator']]);
			}
		});
	});
});
