export { searchAgents, searchProjects, searchTools } from './listSearch';
export { getToolInputs } from './resourceMapping';
