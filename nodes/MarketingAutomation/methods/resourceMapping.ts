export { getObjectColumns } from './leadDatabase';
export { getFormFields } from './formFields';
