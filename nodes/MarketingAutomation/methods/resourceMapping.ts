export { getObjectColumns, getProgramMemberColumns } from './leadDatabase';
export { getLeadColumns } from './leadColumns';
export { getFormFields } from './formFields';
