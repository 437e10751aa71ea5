/** Resource value → its operation values. Each operation file checks its value against this map. */
export type AgentPlatformAdminMap = {
	invite: 'changeRole' | 'create' | 'delete';
	project: 'create';
	user: 'removeFromProject' | 'updateRole';
};
