export {
	searchAgents,
	searchApiKeys,
	searchInvites,
	searchProjects,
	searchTools,
	searchUsers,
} from './listSearch';
export { getToolInputs } from './resourceMapping';
