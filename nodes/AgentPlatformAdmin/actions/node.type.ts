/** Resource value → its operation values. Each operation file checks its value against this map. */
export type AgentPlatformAdminMap = {
	agent: 'getMany' | 'getReply' | 'run';
	apiKey: 'create' | 'getMany' | 'revoke';
	invite: 'changeRole' | 'create' | 'delete' | 'getMany' | 'resend';
	organization: 'getInfo';
	project: 'create' | 'getMany';
	tool: 'getMany' | 'run';
	user: 'getMany' | 'removeFromProject' | 'updateRole';
};
