import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * One value per execution, shared by the checks of all its items (e.g. parameter readers that
 * read a fixed value once, see `parameterOf`): `make` runs once per execution context.
 */
export function perExecution<T>(
	make: (ctx: IExecuteFunctions) => T,
): (ctx: IExecuteFunctions) => T {
	const made = new WeakMap<IExecuteFunctions, T>();
	return (ctx) => {
		if (!made.has(ctx)) made.set(ctx, make(ctx));
		return made.get(ctx) as T;
	};
}
