import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * The id that lets the platform recognise a run started again for the same input item: the same
 * when n8n's Retry On Fail runs the node again (same execution, node, run and item), different
 * for another item, node run or execution. Undefined when n8n gives no execution id: then nothing
 * could recognise a repeat, and the node sends no id.
 */
export function runKey(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	const executionId = ctx.getExecutionId();
	if (!executionId) return undefined;
	const runIndex = ctx.getWorkflowDataProxy(itemIndex).$runIndex as number;
	return ['n8n', executionId, ctx.getNode().id, runIndex, itemIndex].join('-');
}
