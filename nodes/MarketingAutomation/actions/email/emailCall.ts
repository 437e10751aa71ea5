import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { apiRequest, type ApiRequest, type Envelope } from '../../transport';
import { assetForm } from '../../transport/assets';
import type { Refusal } from '../../transport/types';
import { emailLocator } from '../fields';
import { checkId } from '../parameters';

/** What a write on one email is, for its errors: `unapproved`, `discarded`, … and its fix on 709. */
interface EmailWrite {
	/** The path after `/rest/asset/v1/email/{id}/`, e.g. `unapprove.json`. */
	action: string;
	/** What the write does, as in "Email 4001 could not be <done>". */
	done: string;
	/** How to get past the service's business rule (709) for this write. */
	fixFor709: string;
	/** The part of the email the write names besides the email (702 may be either). */
	section?: string;
	body?: IDataObject;
	safeToRepeat: boolean;
	ambiguity?: ApiRequest['ambiguity'];
}

/**
 * A form-encoded write on one email of the asset API (`POST /rest/asset/v1/email/{id}/<action>`):
 * 702 names the email, 709 says why the service refused, from its own words.
 */
export async function postToEmail(
	ctx: IExecuteFunctions,
	itemIndex: number,
	id: number,
	write: EmailWrite,
): Promise<Envelope> {
	// 702 may mean the email or, for a section write, its section.
	const notFound: Refusal = write.section
		? {
				message: (why) =>
					`Email ${id} or its section "${write.section}" was not found (702): ${why}`,
				fix: 'Pick the email from the list and the section from its list (Email → Get Content shows the HTML IDs).',
			}
		: {
				message: `No email with ID ${id} (702)`,
				fix: 'Pick the email from the list; emails inside A/B tests are not reachable through the API.',
			};
	return await apiRequest.call(ctx, {
		...assetForm(write.body ?? {}),
		path: `/rest/asset/v1/email/${id}/${write.action}`,
		safeToRepeat: write.safeToRepeat,
		ambiguity: write.ambiguity,
		itemIndex,
		refusals: {
			'702': notFound,
			'709': {
				message: (why) => `Email ${id} could not be ${write.done} (709): ${why}`,
				fix: write.fixFor709,
			},
		},
	});
}

/**
 * An operation that moves an email between its versions with no fields (Unapprove, Discard
 * Draft): its Email picker, its check and its run. Not repeated after an unclear answer: a second
 * call would be refused (709) and hide that the first one worked.
 */
export function versionChange(
	write: Pick<EmailWrite, 'action' | 'done' | 'fixFor709'>,
	output: IDataObject,
) {
	return {
		fields: [emailLocator] as INodeProperties[],
		check: checkId('email'),
		async run(this: IExecuteFunctions, itemIndex: number, id: number): Promise<IDataObject> {
			await postToEmail(this, itemIndex, id, { ...write, safeToRepeat: false });
			return { id, ...output };
		},
	};
}
