import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import type { BatchOutcome, Operation, ResourceOperations } from '../../shared/operation';
import { routeOperation } from '../../shared/router';
import * as activity from './activity';
import { checksOwnItems } from './batches';
import * as apiCall from './apiCall';
import * as bulkExtract from './bulkExtract';
import * as bulkImport from './bulkImport';
import * as campaign from './campaign';
import * as company from './company';
import * as customField from './customField';
import * as customObject from './customObject';
import * as email from './email';
import * as landingPage from './landingPage';
import * as lead from './lead';
import * as list from './list';
import type { MarketingAutomationMap } from './node.type';
import * as opportunity from './opportunity';
import * as opportunityRole from './opportunityRole';
import * as program from './program';
import * as programMember from './programMember';
import * as usage from './usage';

const resources = {
	activity: activity.operations,
	apiCall: apiCall.operations,
	bulkExtract: bulkExtract.operations,
	bulkImport: bulkImport.operations,
	campaign: campaign.operations,
	company: company.operations,
	customField: customField.operations,
	customObject: customObject.operations,
	email: email.operations,
	landingPage: landingPage.operations,
	lead: lead.operations,
	list: list.operations,
	opportunity: opportunity.operations,
	opportunityRole: opportunityRole.operations,
	program: program.operations,
	programMember: programMember.operations,
	usage: usage.operations,
} satisfies NodeResources<MarketingAutomationMap>;

/** An operation module of this node: checked item by item, or run as a batch. */
type OperationModule =
	| Operation
	| {
			description: INodeProperties[];
			validate?(this: IExecuteFunctions, itemIndex: number): void;
			execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject | IDataObject[]>;
	  }
	| {
			description: INodeProperties[];
			executeBatch(this: IExecuteFunctions, itemIndexes: number[]): Promise<BatchOutcome[][]>;
	  };

type NodeResources<M extends Record<string, string>> = {
	[R in keyof M]: { [O in M[R]]: OperationModule };
};

/**
 * This node's operation modules in the shared operation shape. A batch module checks its own items
 * inside `executeBatch` (every item, before any call), so it gets every item.
 */
function asOperation(value: string, module: OperationModule): Operation {
	if ('option' in module) return module;
	const option = { value, name: value, action: value, description: value };
	if ('executeBatch' in module) {
		return {
			option,
			fields: module.description,
			runBatch: checksOwnItems(module.executeBatch),
		};
	}
	return {
		option,
		fields: module.description,
		check: module.validate,
		async run(itemIndex) {
			return await module.execute.call(this, itemIndex);
		},
	};
}

const operations: ResourceOperations = Object.fromEntries(
	Object.entries(resources).map(([resource, modules]) => [
		resource,
		Object.fromEntries(
			Object.entries(modules as Record<string, OperationModule>).map(([value, module]) => [
				value,
				asOperation(value, module),
			]),
		),
	]),
);

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await routeOperation.call(this, operations);
}
