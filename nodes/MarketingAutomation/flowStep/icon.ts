/**
 * The icons the service shows for the provider (`/brandIcon`) and in the flow palette
 * (`/serviceIcon`): one small SVG, served from memory (nodes read no files at run time).
 */
export const FLOW_STEP_ICON_SVG = [
	'<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">',
	'<rect width="64" height="64" rx="12" fill="#5B4FE9"/>',
	'<circle cx="16" cy="32" r="6" fill="#fff"/><circle cx="48" cy="18" r="6" fill="#fff"/>',
	'<circle cx="48" cy="46" r="6" fill="#fff"/>',
	'<path d="M22 32h8l12-12M30 32l12 12" stroke="#fff" stroke-width="4" fill="none"/>',
	'</svg>',
].join('');
