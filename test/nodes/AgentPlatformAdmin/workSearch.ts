import { AgentPlatformAdmin } from '../../../nodes/AgentPlatformAdmin/AgentPlatformAdmin.node';
import { nodeLoadOptionsContext } from '../../harness';
import type { Simulator } from '../../simulator';
import { simCredentials } from './runs';

/** A picker's "From list" of the node, loaded as the editor loads it, against `sim`. */
export async function loadOptionsSearch(
	sim: Simulator,
	method: 'searchWorkforces' | 'searchKnowledgeSets',
	filter?: string,
) {
	const ctx = await nodeLoadOptionsContext(
		{
			type: 'agentPlatformAdmin',
			name: 'Agent Platform',
			parameters: {} as never,
			credentialType: 'agentPlatformApi',
			path: 'parameters.workforceId',
		},
		simCredentials(sim, 'sk-demo-member'),
	);
	return await new AgentPlatformAdmin().methods.listSearch[method].call(ctx, filter);
}
