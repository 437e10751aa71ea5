import type {
	IBinaryKeyData,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
} from 'n8n-workflow';

/** A record a batch operation answered for an item. */
export interface Answered {
	json: IDataObject;
	binary?: IBinaryKeyData;
}

/**
 * How the router's results become output items and its errors leave the node: the plain layer
 * here, or the AI-agent tool layer (`toolRun.ts`). The router itself does not know which runs.
 */
export interface RunLayer {
	/** The context the operation runs with. */
	context: IExecuteFunctions;
	/** Items refused before their check (a tool's choice argument it cannot read). */
	refusals: Map<number, Error>;
	/** Whether an item's records are answered together (after its error items), not one by one. */
	answersWhole: boolean;
	/** An item's records (a batch operation's outcomes) as output items paired with it. */
	answer(itemIndex: number, records: Answered[]): INodeExecutionData[];
	/** What a per-item run returned, as output items paired with the item. */
	answerRun(itemIndex: number, data: IDataObject | IDataObject[]): INodeExecutionData[];
	/** The error as it leaves the node (or its item). */
	failure(error: Error): Error;
}

/** The node run from a workflow: records as they are, binary data kept, errors unchanged. */
export function plainRun(ctx: IExecuteFunctions): RunLayer {
	return {
		context: ctx,
		refusals: new Map(),
		answersWhole: false,
		answer: (itemIndex, records) =>
			records.map(({ json, binary }) => ({
				json,
				...(binary ? { binary } : {}),
				pairedItem: { item: itemIndex },
			})),
		answerRun: (itemIndex, data) =>
			ctx.helpers.constructExecutionMetaData(ctx.helpers.returnJsonArray(data), {
				itemData: { item: itemIndex },
			}),
		failure: (error) => error,
	};
}
