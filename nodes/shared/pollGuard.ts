import type { IPollFunctions } from 'n8n-workflow';

/**
 * Triggers (workflow and node) whose poll is running in this process.
 *
 * n8n starts a trigger's next poll on its schedule even while the previous poll is still running,
 * and both read the same saved position (the workflow's static data), so a poll slower than the
 * interval would emit its activities twice. Polls run only in the main process that leads (queue
 * mode's workers never poll: n8n adds triggers and pollers on the leader only), so one guard per
 * process covers every poll of a trigger.
 */
const running = new Set<string>();

/**
 * Runs `poll` unless the previous poll of the same trigger is still running. A skipped poll emits
 * nothing, makes no call and leaves the saved position as it is: the running poll reads on from
 * there and saves where it ended.
 */
export async function oneAtATime<T>(
	ctx: IPollFunctions,
	poll: () => Promise<T[] | null>,
): Promise<T[] | null> {
	// Static data is kept per workflow and node name, so the same two name the position.
	const key = JSON.stringify([ctx.getWorkflow().id ?? '', ctx.getNode().name]);
	if (running.has(key)) {
		ctx.logger.debug('Poll skipped: the previous poll of this trigger is still running', {
			node: ctx.getNode().name,
		});
		return null;
	}
	running.add(key);
	try {
		return await poll();
	} finally {
		running.delete(key);
	}
}
