export { searchAgents, searchTools } from './listSearch';
export { getToolInputs } from './resourceMapping';
