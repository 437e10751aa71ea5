export { getObjectColumns } from './leadDatabase';
