/** Field builders, input checks and role mapping shared by the admin node's operations. */
export * from './fields';
export * from './roles';
export * from './validation';
