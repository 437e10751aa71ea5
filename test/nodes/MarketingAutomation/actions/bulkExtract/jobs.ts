/** Parameters of the Bulk Extract operations that read one job. */
export const jobParameters = (operation: string, exportId: string, extra = {}) => ({
	resource: 'bulkExtract',
	operation,
	object: 'leads',
	exportId,
	...extra,
});
