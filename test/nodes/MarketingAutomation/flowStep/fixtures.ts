import type { IDataObject } from 'n8n-workflow';

/** A flow step as the demo describes it, and invocations as the marketing service sends them. */
export const FLOW_STEP_PARAMETERS: IDataObject = {
	flowStepName: 'Enrich Lead',
	flowStepApiName: 'enrichLead',
	flowStepDescription: 'Adds job title and company size',
	providerName: 'n8n',
	supportContact: 'ops@example.com',
	flowInputs: {
		input: [
			{
				apiName: 'depth',
				displayName: 'Depth',
				dataType: 'string',
				choices: 'quick=Quick look-up\nfull',
				enforceChoices: true,
			},
		],
	},
	incomingFields: {
		field: [{ apiName: 'email', suggestedField: 'email', dataType: 'email', required: true }],
	},
	returnedFields: {
		field: [
			{ apiName: 'jobTitle', suggestedField: 'title', dataType: 'string' },
			{ apiName: 'companySize', suggestedField: 'numberOfEmployees', dataType: 'integer' },
		],
	},
	activityAttributes: {
		attribute: [{ apiName: 'source', displayName: 'Source', dataType: 'string' }],
	},
	contexts: ['programMember', 'trigger'],
	options: {},
};

export const KEY = 'flow-step-demo-key';

export function invocationBody(token: string, leadIds: number[] = [101, 102]): IDataObject {
	return {
		token,
		apiCallBackKey: 'cb-key-1',
		batchid: 'batch-1',
		campaignId: 1042,
		callbackUrl: 'https://callback.example.com/flowstep/callback/run-1',
		context: {
			subscription: { munchkinId: '123-ABC-456' },
			campaign: { id: 1042, name: 'Enrich new leads' },
		},
		objectData: leadIds.map((id) => ({
			objectType: 'lead',
			objectContext: { id, email: `lead${id}@example.com` },
			flowStepContext: { depth: 'quick' },
			programMemberContext: { status: 'Registered' },
			triggeringContext: { name: 'Webinar form', triggerName: 'Filled Out Form' },
		})),
	};
}
