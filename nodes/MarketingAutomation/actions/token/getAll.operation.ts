import type { IDataObject } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { FOLDER_REFUSALS } from '../../transport/refusals';
import type { FolderRef } from '../../helpers/folders';
import { concurrentReads } from '../batches';
import { defineOperation } from '../../../shared/operation';
import { ownerFields, readOwner } from './owner';

/**
 * `GET /rest/asset/v1/folder/{id}/tokens.json?folderType=Program|Folder`: one item per token, with
 * the reference an email or a campaign uses (`{{my.Name}}`).
 */
export const operation = defineOperation({
	option: {
		name: 'Get Many',
		value: 'getAll',
		description: 'Get the My Tokens of a program or a folder',
		action: 'Get many tokens',
	},
	fields: ownerFields,
	check(itemIndex) {
		return readOwner(this, itemIndex);
	},
	runBatch: concurrentReads(async function (itemIndex, owner: FolderRef) {
		const answer = await apiRequest.call(this, {
			method: 'GET',
			safeToRepeat: true,
			path: `/rest/asset/v1/folder/${owner.id}/tokens.json`,
			qs: { folderType: owner.type },
			itemIndex,
			refusals: FOLDER_REFUSALS,
		});
		const tokens = (answer.result?.[0]?.tokens ?? []) as IDataObject[];
		return tokens.map((token) => ({
			name: token.name,
			type: token.type,
			value: token.value,
			reference: `{{my.${String(token.name)}}}`,
			folderId: owner.id,
			folderType: owner.type,
		}));
	}),
});
