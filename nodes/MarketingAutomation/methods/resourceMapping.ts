export { getObjectColumns, getProgramMemberColumns } from './leadDatabase';
