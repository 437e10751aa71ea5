import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import * as activity from './activity';
import * as apiCall from './apiCall';
import * as campaign from './campaign';
import type { BatchOutcome } from './common';
import * as customField from './customField';
import * as email from './email';
import * as landingPage from './landingPage';
import * as lead from './lead';
import * as list from './list';
import * as program from './program';

/** An operation that runs once per input item. */
export interface ItemOperation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
}

/**
 * An operation that takes every input item at once and batches them into as few calls as the
 * service allows; it returns each item's own outcome(s), in input order.
 */
export interface BatchOperation {
	description: INodeProperties[];
	executeBatch(this: IExecuteFunctions, itemIndexes: number[]): Promise<BatchOutcome[][]>;
}

type Operation = ItemOperation | BatchOperation;

const resources: Record<string, Record<string, Operation>> = {
	activity: activity.operations,
	apiCall: apiCall.operations,
	campaign: campaign.operations,
	customField: customField.operations,
	email: email.operations,
	landingPage: landingPage.operations,
	lead: lead.operations,
	list: list.operations,
	program: program.operations,
};

function wrap(ctx: IExecuteFunctions, error: Error, itemIndex: number): Error {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex ??= itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error, { itemIndex });
}

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = resources[resource]?.[operationName];
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of "${resource}" is not supported`,
		);
	}
	const returnData: INodeExecutionData[] = [];
	const emitError = (error: Error, itemIndex: number) => {
		if (!this.continueOnFail()) throw wrap(this, error, itemIndex);
		returnData.push({ json: { error: error.message }, pairedItem: { item: itemIndex } });
	};

	if ('executeBatch' in operation) {
		const indexes = items.map((_item, index) => index);
		const outcomes = await operation.executeBatch.call(this, indexes);
		outcomes.forEach((itemOutcomes, itemIndex) => {
			for (const outcome of itemOutcomes) {
				if ('error' in outcome) emitError(outcome.error, itemIndex);
				else returnData.push({ json: outcome.json, pairedItem: { item: itemIndex } });
			}
		});
		return [returnData];
	}

	for (let i = 0; i < items.length; i++) {
		try {
			const data = await operation.execute.call(this, i);
			returnData.push(
				...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(data), {
					itemData: { item: i },
				}),
			);
		} catch (error) {
			emitError(error as Error, i);
		}
	}
	return [returnData];
}
