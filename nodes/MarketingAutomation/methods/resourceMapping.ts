export { getObjectColumns, getProgramMemberColumns } from './leadDatabase';
export { getFormFields } from './formFields';
